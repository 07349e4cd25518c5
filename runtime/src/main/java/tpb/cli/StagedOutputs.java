package tpb.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import tpb.neff.SafeName;

/**
 * All-or-nothing output of several files into one directory: every file is written into a hidden
 * staging directory first, and only {@link #commit()} makes them visible; a failure before it (or
 * {@link #close()} without it) leaves the directory as it was.
 *
 * <p>API: {@code try (StagedOutputs out = StagedOutputs.open("out", false)) { try (OutputStream s =
 * out.stream("x.npy")) {...} Path p = out.file("y.npy"); ... out.commit(); }}. {@link #stream} and
 * {@link #file} take a '/'-separated relative path whose every segment must be a plain name
 * ({@link SafeName}; check a NEFF's names with it first, to say which var or entry was refused);
 * {@link #file} returns the staged file, created empty, for writers that need a path (a mapped
 * channel); each path may be staged once. Errors are {@link CliException}s naming the path as the
 * user gave it and the system's reason.
 *
 * <p>Where: a directory that does not exist is staged in a hidden sibling ({@code .NAME.tpb-} and a random base-36 suffix, {@link #createHidden})
 * made as any new directory is (0777 less the umask) and renamed into place; one that exists
 * (followed through a symlink; the link, mode and owner stay) is written into: staged in a hidden
 * child ({@code .tpb-staging-} and a random suffix), then each top-level entry renamed into it, a file it already
 * had of that name replaced (set aside first, and put back if a later rename fails); a staged
 * directory whose name DIR has as a directory is merged into it, file by file. Renames within
 * one file system do not fail for want of space, so once the last byte is staged the commit is a
 * handful of directory operations. A process killed mid-run can leave the hidden staging
 * directory behind, never a half-written file under a real name.
 */
final class StagedOutputs implements AutoCloseable {
    private final String shown;
    private final Path dir;
    private boolean exists; // becomes true when DIR appears while the command runs (commit)
    private final Set<String> topLevel = new LinkedHashSet<>();
    private final Set<String> staged = new LinkedHashSet<>();
    private Path staging;
    private boolean done;

    private StagedOutputs(String shown, Path dir, boolean exists) {
        this.shown = shown;
        this.dir = dir;
        this.exists = exists;
    }

    /**
     * Outputs into {@code dir} as the user gave it; with {@code mustBeEmpty} an existing directory
     * that holds anything is refused ({@code neff extract}). Nothing is created yet.
     */
    static StagedOutputs open(String dir, boolean mustBeEmpty) {
        if (dir.isBlank()) {
            // '' would resolve to the current directory ('-o '' : exists and is not an empty directory')
            throw new CliException("'" + dir + "' is no directory name: give a path (. for the current directory)", Tpb.USAGE);
        }
        Path p = Path.of(dir).toAbsolutePath().normalize();
        if (Files.exists(p)) {
            if (!Files.isDirectory(p)) {
                throw new CliException(dir + ": exists and is not a directory");
            }
            if (mustBeEmpty && !empty(dir, p)) {
                throw new CliException(dir + ": exists and is not an empty directory");
            }
            return new StagedOutputs(dir, p, true);
        }
        if (Files.isSymbolicLink(p)) {
            throw new CliException(dir + ": a symlink to a directory that does not exist");
        }
        Path parent = p.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new CliException(dir + ": cannot create: the directory " + parent + " does not exist");
        }
        return new StagedOutputs(dir, p, false);
    }

    /** A new staged file at {@code relative}, open for writing; the caller closes it. */
    OutputStream stream(String relative) {
        Path f = stage(relative);
        try {
            return Files.newOutputStream(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw cannotWrite(relative, e);
        }
    }

    /** A new staged file at {@code relative}, created empty, for a writer that opens it itself. */
    Path file(String relative) {
        Path f = stage(relative);
        try {
            Files.createFile(f);
            return f;
        } catch (IOException e) {
            throw cannotWrite(relative, e);
        }
    }

    private Path stage(String relative) {
        if (done) {
            throw new IllegalStateException("staged outputs already committed or discarded");
        }
        String[] segments = relative.split("/", -1);
        for (String s : segments) {
            SafeName.segment("output", s, null);
        }
        if (!staged.add(relative)) {
            throw new CliException(shown + "/" + relative + ": written twice by one command; refusing to write it");
        }
        try {
            if (staging == null) {
                staging = exists ? createHidden(dir, ".tpb-staging-") : createHidden(dir.getParent(), "." + dir.getFileName() + ".tpb-");
            }
            Path f = staging;
            for (int i = 0; i < segments.length - 1; i++) {
                f = f.resolve(segments[i]);
                if (!Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectory(f);
                }
            }
            topLevel.add(segments[0]);
            return f.resolve(segments[segments.length - 1]);
        } catch (IOException e) {
            throw cannotWrite(relative, e);
        }
    }

    /** Makes every staged file visible under its name; after a failure here nothing new is visible either. */
    void commit() {
        if (done) {
            throw new IllegalStateException("staged outputs already committed or discarded");
        }
        try {
            if (!exists) {
                if (staging == null) {
                    Files.createDirectories(dir); // another run may have made it meanwhile: then it is there, as asked
                } else {
                    try {
                        Files.move(staging, dir); // a rename: fails (and changes nothing) if DIR appeared meanwhile
                    } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException e) {
                        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                            throw e;
                        }
                        // another command made DIR while this one ran (two runs into one new --output-dir): join it
                        exists = true;
                        moveIn();
                    }
                }
            } else if (staging != null) {
                moveIn();
            }
            done = true;
        } catch (IOException e) {
            throw new CliException(shown + ": cannot write: " + Output.reason(e));
        } finally {
            if (!done) {
                close();
            }
        }
        if (exists && staging != null) {
            delete(staging); // now only the files that were replaced
        }
        if (staging != null) {
            Staging.done(staging);
        }
    }

    /**
     * Each top-level staged entry renamed into DIR, merged into a directory DIR already has of that
     * name (a second {@code doc -o site} fills {@code site/arms}); a file replaced is set aside first.
     * Every rename is journalled and undone in reverse if a later one fails.
     */
    private void moveIn() throws IOException {
        check(staging, dir, "");
        Path aside = Files.createDirectory(staging.resolve(".replaced"));
        List<Path[]> journal = new ArrayList<>(); // {from, to} of every rename done
        try {
            merge(staging, dir, topLevel, aside, journal);
        } catch (IOException e) {
            for (int i = journal.size() - 1; i >= 0; i--) {
                tryMove(journal.get(i)[1], journal.get(i)[0]);
            }
            throw e;
        }
    }

    /** Refuses, before anything is renamed, a staged file whose name an existing directory has (it is the user's, never set aside). */
    private void check(Path from, Path to, String rel) throws IOException {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(from)) {
            for (Path p : s) {
                String name = p.getFileName().toString();
                if (rel.isEmpty() && !topLevel.contains(name)) {
                    continue;
                }
                Path t = to.resolve(name);
                boolean targetDir = Files.isDirectory(t, LinkOption.NOFOLLOW_LINKS);
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    if (targetDir) {
                        check(p, t, rel + name + "/");
                    } else if (Files.exists(t, LinkOption.NOFOLLOW_LINKS)) {
                        throw new CliException(shown + "/" + rel + name + ": cannot write: Not a directory");
                    }
                } else if (targetDir) {
                    throw new CliException(shown + "/" + rel + name + ": cannot write: Is a directory");
                }
            }
        }
    }

    private static void merge(Path from, Path to, Iterable<String> names, Path aside, List<Path[]> journal) throws IOException {
        for (String name : names) {
            Path f = from.resolve(name);
            Path t = to.resolve(name);
            if (Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS) && Files.isDirectory(t, LinkOption.NOFOLLOW_LINKS)) {
                List<String> children = new ArrayList<>();
                try (DirectoryStream<Path> s = Files.newDirectoryStream(f)) {
                    s.forEach(c -> children.add(c.getFileName().toString()));
                }
                merge(f, t, children, aside, journal);
                continue;
            }
            if (Files.exists(t, LinkOption.NOFOLLOW_LINKS)) {
                Path a = aside.resolve(Integer.toString(journal.size()));
                Files.move(t, a);
                journal.add(new Path[] {t, a});
            }
            Files.move(f, t);
            journal.add(new Path[] {f, t});
        }
    }

    private static void tryMove(Path from, Path to) {
        try {
            Files.move(from, to);
        } catch (IOException ignored) {
            // best effort while undoing: the first failure is the one reported
        }
    }

    /** Discards whatever was staged unless committed. */
    @Override
    public void close() {
        if (!done) {
            done = true;
            if (staging != null) {
                delete(staging);
                Staging.done(staging);
            }
        }
    }

    private CliException cannotWrite(String relative, IOException e) {
        return new CliException(shown + "/" + relative + ": cannot write: " + Output.reason(e));
    }

    private static boolean empty(String shown, Path dir) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            return !s.iterator().hasNext();
        } catch (IOException e) {
            throw new CliException(shown + ": cannot read: " + Output.reason(e));
        }
    }

    /** A new directory named {@code prefix} + a random suffix in {@code parent}, with the mode a plain mkdir gives. */
    private static Path createHidden(Path parent, String prefix) throws IOException {
        Staging.sweep(parent, prefix); // what a killed run left here (Staging)
        for (int attempt = 0; ; attempt++) {
            Path p = parent.resolve(prefix + Staging.tag() + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
            try {
                Staging.create(p, () -> Files.createDirectory(p));
                return p;
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }

    static void delete(Path tree) {
        try {
            Files.walkFileTree(tree, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
                    Files.delete(f);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // best effort: the staging directory is hidden and named for tpb
        }
    }
}
