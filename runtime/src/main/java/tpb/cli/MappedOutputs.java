package tpb.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import tpb.data.Npy;
import tpb.data.NpyType;
import tpb.data.Region;
import tpb.neff.SafeName;

/**
 * A data-level run's output vars as files the run fills in place: each {@code DIR/NAME.npy} is a
 * {@link StagedOutputs} file (hidden until the commit, all or nothing, the one staging rule of every
 * command that writes several files), its .npy header written and its data bytes allocated on disk
 * up front (so a full disk is an error before the run, not a SIGBUS in the middle of it), then mapped
 * read-write. {@link #commit} forces the pages and makes every file visible; {@link #close} without
 * it leaves the directory as it was.
 */
final class MappedOutputs implements AutoCloseable {
    /** Zero-filling a staged file goes a MiB at a time. */
    private static final int FILL = 1 << 20;

    private final String dirName;
    private final StagedOutputs staged;
    private final List<Region> mapped = new ArrayList<>();
    /** The parents this run made, deepest first: removed again when the run writes nothing. */
    private final List<Path> made = new ArrayList<>();
    private boolean committed;

    /** Outputs into {@code dirName}; its missing parents are made first, as {@code mkdir -p} would (DIR itself appears at the commit). */
    MappedOutputs(String dirName) {
        this.dirName = dirName;
        Path parent = Path.of(dirName).toAbsolutePath().normalize().getParent();
        try {
            for (Path p = parent; p != null && !Files.exists(p); p = p.getParent()) {
                made.add(p);
            }
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new CliException(dirName + ": cannot create the output directory: " + Output.reason(e));
        }
        this.staged = StagedOutputs.open(dirName, false);
    }

    /**
     * A var name from the NEFF becomes a file name only when it is one plain path segment
     * ({@link SafeName}: no separator, not {@code .} or {@code ..}, no control character, not empty,
     * at most 255 bytes); a NEFF is untrusted input.
     */
    static String checkSegment(String name) {
        String why = SafeName.problem(name);
        if (why != null) {
            throw new CliException("output var " + SafeName.quoted(name) + " is not a plain file name (" + why + "); nothing written");
        }
        return name;
    }

    /** Room for output {@code name}: its staged file with the header, the data mapped read-write. */
    Region stage(String name, NpyType type, int[] shape) {
        String file = checkSegment(name) + ".npy";
        byte[] header = Npy.headerBytes(type, shape);
        long bytes = Npy.bytes(shape, type);
        Path temp = staged.file(file);
        try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(header), 0);
            ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(FILL, Math.max(bytes, 1)));
            for (long at = 0; at < bytes; at += zeros.capacity()) {
                zeros.clear().limit((int) Math.min(zeros.capacity(), bytes - at));
                while (zeros.hasRemaining()) {
                    ch.write(zeros, header.length + at + zeros.position());
                }
            }
            Region r = Region.map(ch, header.length, bytes, FileChannel.MapMode.READ_WRITE);
            mapped.add(r);
            return r;
        } catch (IOException e) {
            throw new CliException(Path.of(dirName, file) + ": cannot write " + (header.length + bytes) + " bytes: "
                    + Output.reason(e) + "; nothing written");
        } catch (OutOfMemoryError e) {
            throw new CliException(Path.of(dirName, file) + ": cannot map " + bytes + " bytes (" + e.getMessage() + "); nothing written");
        }
    }

    /** Every mapped page forced to disk, then every file moved into place. */
    void commit() {
        for (Region r : mapped) {
            r.force();
        }
        staged.commit();
        committed = true;
    }

    /** Discards the staged outputs unless committed, and the parents this run made (each only while empty: another run may have filled it). */
    @Override
    public void close() {
        staged.close();
        if (!committed) {
            for (Path p : made) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    break; // not empty: someone else's now, and so are its parents
                }
            }
        }
    }
}
