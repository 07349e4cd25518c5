package tpb.cli;

import tpb.neff.SafeName;

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

/**
 * A data-level run's output vars as files the run fills in place: each {@code DIR/NAME.npy} is
 * staged ({@link #stagedFile}), its .npy header written and its data bytes allocated on disk up
 * front (so a full disk is an error before the run, not a SIGBUS in the middle of it), then mapped
 * read-write. {@link #commit} forces the pages and makes every file visible only when the whole run
 * succeeded; {@link #close} otherwise leaves the directory as it was. The staging itself (where the
 * hidden files live, how they move into place) is {@link #stagedFile} and {@link #commitFiles}: a
 * hidden sibling per file here, until helper neff's all-or-nothing {@code StagedOutputs} lands.
 */
final class MappedOutputs implements AutoCloseable {
    /** Zero-filling a staged file goes a MiB at a time. */
    private static final int FILL = 1 << 20;

    private record Staged(Path temp, Path target, Region data) {}

    private final String dirName;
    private final Path dir;
    private final boolean madeDir;
    private final List<Staged> staged = new ArrayList<>();
    private boolean committed;

    MappedOutputs(String dirName) {
        this.dirName = dirName;
        this.dir = Path.of(dirName);
        try {
            boolean existed = Files.isDirectory(dir);
            Files.createDirectories(dir);
            this.madeDir = !existed;
        } catch (IOException e) {
            throw new CliException(dirName + ": cannot create the output directory: " + Output.reason(e));
        }
    }

    /**
     * A var name from the NEFF becomes a file name only when it is one plain path segment: no
     * separator, not {@code .} or {@code ..}, no NUL, not empty (a NEFF is untrusted input).
     */
    static String checkSegment(String name) {
        // the one rule for NEFF-provided names (SafeName): also no control character, no empty name, at most 255 bytes
        String why = SafeName.problem(name);
        if (why != null) {
            throw new CliException("output var " + SafeName.quoted(name) + " is not a plain file name (" + why + "); nothing written");
        }
        return name;
    }

    /** A new empty staged file for {@code target} (a hidden sibling, {@code DIR/.NAME.npy.*.tmp}). */
    private Path stagedFile(Path target) {
        try {
            Path temp = Output.createSibling(dir.toAbsolutePath(), target.getFileName().toString());
            staged.add(new Staged(temp, target, null));
            return temp;
        } catch (IOException e) {
            throw new CliException(dirName + ": cannot write: " + Output.reason(e));
        }
    }

    /** Room for output {@code name}: its staged file with the header, the data mapped read-write. */
    Region stage(String name, NpyType type, int[] shape) {
        Path target = dir.resolve(checkSegment(name) + ".npy");
        byte[] header = Npy.headerBytes(type, shape);
        long bytes = Npy.elements(shape) * type.bytes();
        Path temp = stagedFile(target);
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
            staged.set(staged.size() - 1, new Staged(temp, target, r));
            return r;
        } catch (IOException e) {
            throw new CliException(target + ": cannot write " + (header.length + bytes) + " bytes: " + Output.reason(e)
                    + "; nothing written");
        } catch (OutOfMemoryError e) {
            throw new CliException(target + ": cannot map " + bytes + " bytes (" + e.getMessage() + "); nothing written");
        }
    }

    /** Every staged file forced to disk and moved into place. */
    void commit() {
        for (Staged s : staged) {
            s.data().force();
        }
        commitFiles();
    }

    /**
     * Moves every staged file into place, all or nothing (issue 23, item 5): a target that is a directory is refused before
     * anything moves, a file replaced is set aside first, and a failed move puts back what the earlier ones changed.
     */
    private void commitFiles() {
        for (Staged s : staged) {
            if (Files.isDirectory(s.target(), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw new CliException(s.target() + ": cannot write: Is a directory");
            }
        }
        List<Path[]> journal = new java.util.ArrayList<>(); // {from, to} of every rename done, undone in reverse on failure
        try {
            for (Staged s : staged) {
                if (Files.exists(s.target(), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    Path aside = s.temp().resolveSibling(s.temp().getFileName() + ".old");
                    Files.move(s.target(), aside);
                    journal.add(new Path[] {s.target(), aside});
                }
                Files.move(s.temp(), s.target());
                journal.add(new Path[] {s.temp(), s.target()});
            }
            committed = true;
        } catch (IOException | java.io.UncheckedIOException e) {
            for (int i = journal.size() - 1; i >= 0; i--) {
                try {
                    Files.move(journal.get(i)[1], journal.get(i)[0]);
                } catch (IOException ignored) {
                    // best effort while undoing: the first failure is the one reported
                }
            }
            // the system's reason, never the hidden temporary's path (issue 23, low items)
            IOException io = e instanceof java.io.UncheckedIOException u ? u.getCause() : (IOException) e;
            throw new CliException(dirName + ": cannot write: " + Output.reason(io));
        }
        for (Path[] j : journal) {
            if (j[1].getFileName().toString().endsWith(".old")) {
                try {
                    Files.deleteIfExists(j[1]);
                } catch (IOException ignored) {
                    // a stray hidden file at worst
                }
            }
        }
    }

    List<Path> targets() {
        return staged.stream().map(Staged::target).toList();
    }

    @Override
    public void close() {
        if (committed) {
            return;
        }
        for (Staged s : staged) {
            try {
                Files.deleteIfExists(s.temp());
            } catch (IOException ignored) {
                // a stray hidden temp file at worst; no target was touched
            }
        }
        if (madeDir) {
            try {
                Files.deleteIfExists(dir);
            } catch (IOException ignored) {
                // not empty: someone else wrote there meanwhile
            }
        }
    }
}
