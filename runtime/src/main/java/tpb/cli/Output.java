package tpb.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where a command's result goes: stdout for {@code -} or no file; otherwise the path the user gave,
 * symlinks followed to their target. A regular file (or a missing one) is written to a temporary
 * sibling and moved into place on {@link #commit()}, so a failure never leaves it half-written; the
 * new file gets the mode an ordinary {@code open(O_CREAT, 0666)} gets (the umask applies), a
 * replaced file keeps its mode. Anything else (a device such as {@code /dev/null}, a FIFO, a
 * socket) is written through, as {@code cat > x} would: replacing it would destroy it.
 */
final class Output implements AutoCloseable {
    /** How many symlinks to follow before calling it a loop (Linux's MAXSYMLINKS). */
    private static final int MAX_LINKS = 40;

    private final String name;
    private final OutputStream stream;
    private final Path temp;
    private final Path target;
    private boolean committed;

    private Output(String name, OutputStream stream, Path temp, Path target) {
        this.name = name;
        this.stream = stream;
        this.temp = temp;
        this.target = target;
    }

    /** Opens {@code target} ({@code null} or {@code -} = {@code stdout}, which is never closed). */
    static Output open(String target, OutputStream stdout) {
        if (target == null || target.equals("-")) {
            return new Output("stdout", new FilterOutputStream(stdout) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    flush();
                }
            }, null, null);
        }
        try {
            Path path = followLinks(Path.of(target), target);
            if (Files.isDirectory(path)) {
                throw new CliException(target + ": cannot write: Is a directory");
            }
            if (Files.exists(path, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                return new Output(target, writing(target, Files.newOutputStream(path, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)), null, null);
            }
            Path dir = path.toAbsolutePath().getParent();
            Path temp = createSibling(dir, path.getFileName().toString());
            try {
                if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
                    if (view != null) {
                        view.setPermissions(Files.getPosixFilePermissions(path));
                    }
                }
                return new Output(target, writing(target, Files.newOutputStream(temp, StandardOpenOption.WRITE)), temp, path);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(temp);
                throw e;
            }
        } catch (IOException e) {
            throw new CliException(target + ": cannot write: " + reason(e));
        }
    }

    /**
     * {@code out}, whose failures say what failed: a write, to the path the user gave ({@code /dev/full:
     * cannot write: No space left on device}). A command catches its input's IOExceptions as "cannot
     * read" its input; a failed write must never be reported so, so it leaves here as that one line.
     */
    private static OutputStream writing(String target, OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) {
                try {
                    out.write(b);
                } catch (IOException e) {
                    throw failed(e);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                try {
                    out.write(b, off, len);
                } catch (IOException e) {
                    throw failed(e);
                }
            }

            @Override
            public void flush() {
                try {
                    out.flush();
                } catch (IOException e) {
                    throw failed(e);
                }
            }

            @Override
            public void close() {
                try {
                    out.close();
                } catch (IOException e) {
                    throw failed(e);
                }
            }

            private CliException failed(IOException e) {
                return new CliException(target + ": cannot write: " + reason(e));
            }
        };
    }

    /** Writes {@code data} to {@code target} as text ({@code -} or null: {@code stdout}). */
    static void write(String target, byte[] data, PrintWriter stdout) {
        if (target == null || target.equals("-")) {
            stdout.print(new String(data, StandardCharsets.UTF_8));
            stdout.flush();
            return;
        }
        writeBinary(target, data, OutputStream.nullOutputStream());
    }

    /** Writes {@code data} to {@code target} ({@code -} or null: {@code stdout}). */
    static void writeBinary(String target, byte[] data, OutputStream stdout) {
        try (Output out = open(target, stdout)) {
            out.stream().write(data);
            out.commit();
        } catch (IOException e) {
            throw new CliException(target + ": cannot write: " + reason(e));
        }
    }

    /** Where to write; buffer it if the writes are small. */
    OutputStream stream() {
        return stream;
    }

    /** Makes what was written visible at the target; before this, {@link #close()} discards it. */
    void commit() {
        try {
            stream.close();
            if (temp != null) {
                try {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
                }
                Staging.done(temp);
            }
            committed = true;
        } catch (IOException e) {
            throw new CliException(name + ": cannot write: " + reason(e));
        }
    }

    @Override
    public void close() {
        if (committed) {
            return;
        }
        try {
            stream.close();
        } catch (IOException | CliException ignored) {
            // discarding anyway (a failed write has already said so)
        }
        if (temp != null) {
            try {
                Files.deleteIfExists(temp);
                Staging.done(temp);
            } catch (IOException ignored) {
                // a stray hidden temp file at worst; the target is untouched (the shutdown hook or a later run sweeps it)
            }
        }
    }

    /** What the system said, without the path (the caller names the path the user gave). */
    static String reason(IOException e) {
        if (e instanceof FileSystemException f) {
            if (f.getReason() != null) {
                return f.getReason();
            }
            if (f instanceof NoSuchFileException) {
                return "No such file or directory";
            }
            if (f instanceof AccessDeniedException) {
                return "Permission denied";
            }
            if (f instanceof FileAlreadyExistsException) {
                return "File exists";
            }
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The file a chain of symlinks ends at (which may not exist yet: a dangling link creates it). */
    private static Path followLinks(Path path, String given) throws IOException {
        for (int i = 0; i < MAX_LINKS; i++) {
            if (!Files.isSymbolicLink(path)) {
                return path;
            }
            Path link = Files.readSymbolicLink(path);
            Path parent = path.toAbsolutePath().getParent();
            path = parent == null ? link : parent.resolve(link);
        }
        throw new FileSystemException(given, null, "Too many levels of symbolic links");
    }

    /**
     * A new hidden file beside the target. Not {@code Files.createTempFile}: that creates mode 0600
     * whatever the umask; a plain create-new gets 0666 less the umask, as any tool's output does.
     */
    static Path createSibling(Path dir, String base) throws IOException {
        Staging.sweep(dir, "." + base + "."); // what a killed run left beside this target (Staging)
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve("." + base + "." + Staging.tag() + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
            try {
                Staging.create(p, () -> Files.newByteChannel(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close());
                return p;
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }
}
