package tpb.profile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import tpb.neff.SafeName;

/**
 * A profile file, whichever of neuron-profile's two it is, told apart by its content, never by
 * its name: an NTFF ({@link NtffReader#starts}), a gzip'd JSON export, or a plain one. The file is
 * read whole within {@link #MAX_FILE_BYTES} (and a JSON export within {@link #MAX_JSON_BYTES} once
 * inflated); every problem is one {@link ProfileException} naming the file.
 *
 * @param trace what was measured
 * @param exported the export's own summary, or null for an NTFF (whose summary is derived: {@link Summary})
 */
public record ProfileFile(Trace trace, ExportReader.Exported exported) {
    /** The largest profile file read (ASSUMED bound: the public profiles are 85 KB to 954 KB). */
    public static final long MAX_FILE_BYTES = 256L << 20;
    /** The largest JSON text read once inflated (ASSUMED bound; the shared exports inflate to 1.8-4.6 MB). */
    public static final int MAX_JSON_BYTES = 512 << 20;

    /** Reads {@code path}. */
    public static ProfileFile read(Path path) {
        String file = path.toString();
        byte[] b;
        try {
            if (!Files.isRegularFile(path)) {
                throw new ProfileException(file + ": " + (Files.exists(path) ? "not a regular file" : "no such file"));
            }
            long size = Files.size(path);
            if (size > MAX_FILE_BYTES) {
                throw new ProfileException(file + ": " + size + " bytes, more than a profile may have (" + MAX_FILE_BYTES + ", the bound ProfileFile.MAX_FILE_BYTES)");
            }
            try (InputStream in = Files.newInputStream(path)) {
                b = in.readNBytes((int) MAX_FILE_BYTES + 1);
            }
        } catch (IOException e) {
            String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new ProfileException(file + ": cannot read: " + SafeName.printable(m.length() > 200 ? m.substring(0, 200) + "…" : m));
        }
        return of(file, b);
    }

    /** The profile in {@code b}, read from {@code file}. */
    public static ProfileFile of(String file, byte[] b) {
        if (b.length > MAX_FILE_BYTES) {
            throw new ProfileException(file + ": more than " + MAX_FILE_BYTES + " bytes, more than a profile may have (the bound ProfileFile.MAX_FILE_BYTES)");
        }
        if (tpb.neff.NeffHeader.starts(b)) {
            throw new ProfileException(file + ": a NEFF, not a profile (an NTFF or a neuron-profile JSON export)");
        }
        if (NtffReader.starts(b)) {
            if (b.length > NtffReader.MAX_FILE_BYTES) {
                throw new ProfileException(file + ": an NTFF of " + b.length + " bytes, more than " + NtffReader.MAX_FILE_BYTES
                        + " (the bound NtffReader.MAX_FILE_BYTES)");
            }
            return new ProfileFile(NtffReader.read(file, b), null);
        }
        byte[] json = Gzip.starts(b) ? Gzip.inflate(file, b, MAX_JSON_BYTES) : b;
        if (json.length > MAX_JSON_BYTES) {
            throw new ProfileException(file + ": " + json.length + " bytes of JSON, more than " + MAX_JSON_BYTES + " (the bound ProfileFile.MAX_JSON_BYTES)");
        }
        ExportReader.Read r = ExportReader.read(file, json);
        return new ProfileFile(r.trace(), r.summary());
    }
}
