package tpb.neff;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * One pass over a NEFF's payload: gzip, then tar, every entry's name checked ({@link ArchivePath}),
 * each regular file handed over as a stream, every other entry (link, directory, device) by kind.
 * Within the pass: the inflated bytes are counted against {@link NeffLimits#inflatedBound}, a
 * name given to two entries is refused (which one is meant cannot be told), and a tar that stops
 * without its end-of-archive block is called truncated. Returns the digest of every payload byte.
 */
final class ArchivePass {
    /** Receives the entries in archive order. */
    interface Visitor {
        void file(String path, long size, InputStream data) throws IOException;

        /** A non-file entry: {@code kind} says what it is ({@code a symbolic link to x}, {@code a directory}). */
        default void other(String path, String kind) {}
    }

    /** The tar format's block: an end-of-archive marker is one (or two) of zeros (POSIX ustar). */
    static final int TAR_BLOCK = 512;

    private ArchivePass() {}

    static byte[] run(Neff.Source source, NeffHeader header, NeffLimits limits, Visitor visitor) {
        MessageDigest md = header.newDigest();
        long bound = limits.inflatedBound(header.dataSize());
        try (InputStream file = source.open()) {
            file.skipNBytes(NeffHeader.SIZE);
            // mark/reset must not pass through to the source: gzip would rewind it and bytes would be digested twice;
            // closing the gzip layer leaves it open, so a failed pass can still digest the rest
            DigestInputStream payload = new DigestInputStream(file, md) {
                @Override
                public boolean markSupported() {
                    return false;
                }

                @Override
                public void close() {
                    // the file is closed by the pass
                }
            };
            try {
                entries(payload, bound, limits.maxInflatedSize() == NeffLimits.AUTO, header.dataSize(), visitor);
            } catch (NeffException | IOException e) {
                NeffException first = e instanceof NeffException n ? n : translate((IOException) e);
                // a damaged payload makes damaged entries; when the hash does not match either, the damage is the cause
                payload.transferTo(OutputStream.nullOutputStream());
                header.check(md.digest());
                throw first;
            }
            return md.digest();
        } catch (IOException e) {
            throw new NeffException("cannot read: " + SafeName.printable(String.valueOf(e.getMessage())));
        }
    }

    private static NeffException translate(IOException e) {
        if (e instanceof EOFException) {
            return new NeffException("payload: truncated gzip or tar stream");
        }
        return new NeffException("payload: bad gzip or tar stream: " + SafeName.printable(String.valueOf(e.getMessage())));
    }

    /** The gzip and tar layers over the payload, each entry to {@code visitor}; then the rest of the payload, so all of it is digested. */
    private static void entries(InputStream payload, long bound, boolean automatic, long compressed, Visitor visitor) throws IOException {
        try (GzipCompressorInputStream gz = new GzipCompressorInputStream(payload, false)) {
            Inflated inflated = new Inflated(gz, bound, automatic, compressed);
            TarArchiveInputStream tar = new TarArchiveInputStream(inflated);
            Map<String, Integer> seen = new HashMap<>();
            int index = 0;
            TarArchiveEntry e;
            while ((e = next(tar)) != null) {
                String path = e.isDirectory() ? ArchivePath.normalise("archive", e.getName()) : ArchivePath.check("archive", e.getName());
                if (!e.isDirectory()) {
                    Integer before = seen.putIfAbsent(path, index);
                    if (before != null) {
                        throw new NeffException("archive: " + path + " is entry " + before + " and entry " + index
                                + "; which one is meant cannot be told");
                    }
                }
                index++;
                if (isRegularFile(e)) {
                    if (e.getSize() < 0) {
                        throw new NeffException("archive: " + path + " has a negative size");
                    }
                    visitor.file(path, e.getSize(), new EntryData(tar));
                } else {
                    visitor.other(path, kind(e));
                }
            }
            if (!inflated.endedWithZeroBlock()) {
                throw new NeffException("payload: the tar archive is truncated: it stops after " + index
                        + " entries without its end-of-archive block");
            }
            inflated.transferTo(OutputStream.nullOutputStream()); // the rest of the tar's padding, so the gzip trailer's CRC is checked
            payload.transferTo(OutputStream.nullOutputStream()); // bytes after the gzip stream count towards the hash
        }
    }

    /** The next entry; the tar library's own unchecked complaints about a damaged header are the archive's fault too. */
    private static TarArchiveEntry next(TarArchiveInputStream tar) throws IOException {
        try {
            return tar.getNextEntry();
        } catch (NeffException e) {
            throw e;
        } catch (IllegalArgumentException | IllegalStateException | ArithmeticException | IndexOutOfBoundsException e) {
            throw new IOException("bad tar header: " + e.getMessage(), e);
        }
    }

    /**
     * A regular file by its tar type flag alone ({@code '0'}, the old {@code NUL}, contiguous {@code '7'}): commons-compress's
     * {@code isFile()} also says yes to a symbolic link, whose data would then read as an empty file.
     */
    private static boolean isRegularFile(TarArchiveEntry e) {
        byte t = e.getLinkFlag();
        return !e.isDirectory() && (t == TarConstants.LF_NORMAL || t == TarConstants.LF_OLDNORM || t == TarConstants.LF_CONTIG);
    }

    private static String kind(TarArchiveEntry e) {
        if (e.isSymbolicLink()) {
            return "a symbolic link to " + SafeName.quoted(e.getLinkName());
        }
        if (e.isLink()) {
            return "a hard link to " + SafeName.quoted(e.getLinkName());
        }
        if (e.isDirectory()) {
            return "a directory";
        }
        return "a special file (tar type " + SafeName.printable(String.valueOf((char) e.getLinkFlag())) + ")";
    }

    /** An entry's data for a visitor: closing it leaves the archive open. */
    private static final class EntryData extends FilterInputStream {
        EntryData(InputStream tar) {
            super(tar);
        }

        @Override
        public void close() {
            // the archive stream stays open for the next entry
        }
    }

    /**
     * The inflated bytes, counted against the bound, and the length of the run of zero bytes they
     * end with (a tar's end-of-archive marker is a block of zeros; a tar cut between entries ends
     * in an entry's last block instead).
     */
    private static final class Inflated extends FilterInputStream {
        private final long bound;
        private final boolean automatic;
        private final long compressed;
        private long count;
        private long trailingZeros;

        Inflated(InputStream in, long bound, boolean automatic, long compressed) {
            super(in);
            this.bound = bound;
            this.automatic = automatic;
            this.compressed = compressed;
        }

        boolean endedWithZeroBlock() {
            return trailingZeros >= TAR_BLOCK;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                counted(1);
                trailingZeros = b == 0 ? trailingZeros + 1 : 0;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                counted(n);
                int i = off + n;
                while (i > off && b[i - 1] == 0) {
                    i--;
                }
                trailingZeros = i == off ? trailingZeros + n : off + n - i;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            // read, not skipped: the bound and the zero run count every byte
            byte[] buf = new byte[(int) Math.min(n, 8192)];
            int k = read(buf, 0, buf.length);
            return Math.max(k, 0);
        }

        private void counted(int n) {
            count += n;
            if (count > bound) {
                throw new NeffException("payload: inflates past " + bound + " bytes" + (automatic ? " (the automatic bound: " + (NeffLimits.AUTO_BASE >> 30) + " GiB + "
                        + NeffLimits.AUTO_RATIO + " times the " + compressed + " compressed bytes)" : "") + "; if the NEFF is genuine, raise the bound with --max-inflated-size");
            }
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }
}
