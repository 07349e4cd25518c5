package tpb.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one output rule: no file a command reads (the NEFF, an input, a profile) may be a
 * file it writes (an {@code -o}, a {@code --timeline}, a {@code --trace-events}, an output of
 * {@code --output-dir}), and no two writes may share a file. Checked up front, before anything is
 * read or written, by the file each path names: symlinks and {@code ..} resolved, a file that
 * does not exist yet by its directory's real path. A clash is a usage error (exit 2) naming both.
 * {@code -} (stdin, stdout) and a device such as {@code /dev/null} (written through, never
 * replaced) are no files here.
 */
final class OutputRule {
    /** A path and what the command does with it, as the message says it ("the NEFF", "--input x", "output output0"). */
    record Use(String what, String path) {}

    private OutputRule() {}

    /** Refuses a write that is a read or another write. */
    static void check(List<Use> reads, List<Use> writes) {
        Map<Path, Use> read = new LinkedHashMap<>();
        for (Use r : reads) {
            Path k = key(r.path());
            if (k != null) {
                read.putIfAbsent(k, r);
            }
        }
        Map<Path, Use> written = new LinkedHashMap<>();
        for (Use w : writes) {
            Path k = key(w.path());
            if (k == null) {
                continue;
            }
            Use r = read.get(k);
            if (r != null) {
                throw new CliException(w.path() + ": " + w.what() + " would write over " + r.what() + " (" + r.path()
                        + "), which this run reads; give another path", Tpb.USAGE);
            }
            Use before = written.putIfAbsent(k, w);
            if (before != null) {
                throw new CliException(w.path() + ": " + before.what() + " and " + w.what() + " would both write this file; give each its own",
                        Tpb.USAGE);
            }
        }
    }

    /** The file {@code path} names, or null for stdin/stdout and anything that is not (or would not be) a regular file. */
    static Path key(String path) {
        if (path == null || path.equals("-") || path.isEmpty()) {
            return null;
        }
        try {
            Path p = Path.of(path).toAbsolutePath().normalize();
            if (Files.exists(p)) {
                Path real = p.toRealPath();
                return Files.isRegularFile(real) ? real : null;
            }
            Path parent = p.getParent();
            // a file to be made: the real directory it goes in (as far as it exists), then its name
            Path existing = parent;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            return existing == null ? p : existing.toRealPath().resolve(existing.relativize(p));
        } catch (IOException | java.nio.file.InvalidPathException e) {
            return null; // not a usable path: the command's own open says why
        }
    }
}
