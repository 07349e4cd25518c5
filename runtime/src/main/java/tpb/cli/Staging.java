package tpb.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hidden files and directories a command stages its outputs in ({@link Output}'s temporary
 * sibling, {@link StagedOutputs}' staging directory), so that none outlives the command:
 * <ul>
 * <li>each carries this process's id in its name ({@link #tag()}), and is registered while it
 * exists; a shutdown hook removes what is still registered when the JVM ends, which it does on
 * SIGINT and SIGTERM too (a SIGKILL or a power cut runs no hook);
 * <li>what a killed process left is swept the next time a command stages beside it: an entry
 * whose name carries the id of a process that no longer runs ({@link #sweep}). An entry of a
 * live process, or of a name without an id, is left alone.
 * </ul>
 */
final class Staging {
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
    /** What follows the prefix in a staging name: the owner's process id, then '-'. */
    private static final Pattern OWNER = Pattern.compile("(\\d{1,10})-");

    /** Guards {@link #closing}: a staging path is made and registered, or the hook has begun, never both half-way. */
    private static final Object LOCK = new Object();
    private static boolean closing;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(Staging::shutdown, "tpb-staging"));
    }

    /** The shutdown hook: no staging path is made from here on, and every one there is goes. */
    private static void shutdown() {
        synchronized (LOCK) {
            closing = true;
        }
        removeAll();
    }

    private Staging() {}

    /** This process's part of a staging name: its id and a '-'. */
    static String tag() {
        return ProcessHandle.current().pid() + "-";
    }

    /** Makes a staging path: a directory or an empty file. */
    @FunctionalInterface
    interface Maker {
        void make() throws IOException;
    }

    /**
     * Makes staging path {@code p} ({@code maker}) and registers it in one step the shutdown hook
     * cannot cut in two: a SIGTERM between them would leave the path for the next run's sweep (a
     * full run once found a staging directory after StagingTest's SIGTERM; this and the repeated
     * delete below close the two races that could leave one). Once the hook has begun, no new one
     * is made.
     */
    static void create(Path p, Maker maker) throws IOException {
        synchronized (LOCK) {
            if (closing) {
                throw new IOException(p + ": not created, the process is shutting down");
            }
            maker.make();
            LIVE.add(p);
        }
    }

    /** {@code p} was committed or removed: nothing for the hook to do. */
    static void done(Path p) {
        LIVE.remove(p);
    }

    /**
     * Removes every registered path (the shutdown hook's work; tests). The run's own threads go on while
     * the hook runs, and may still write into a staging directory: a tree that gained an entry
     * while it was deleted is deleted again, a few times, until it is gone.
     */
    static void removeAll() {
        for (Path p : LIVE) {
            for (int attempt = 0; attempt < 20 && Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS); attempt++) {
                StagedOutputs.delete(p);
                if (Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    Thread.onSpinWait();
                }
            }
            LIVE.remove(p);
        }
    }

    /**
     * Removes the entries of {@code dir} whose name starts with {@code prefix} and then carries the
     * id of a process that is not running: what a killed run left there.
     */
    static void sweep(Path dir, String prefix) {
        if (dir == null || !Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, p -> p.getFileName().toString().startsWith(prefix))) {
            for (Path p : s) {
                Matcher m = OWNER.matcher(p.getFileName().toString().substring(prefix.length()));
                if (m.lookingAt() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                    StagedOutputs.delete(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // best effort: a stale hidden entry stays as it was
        }
    }
}
