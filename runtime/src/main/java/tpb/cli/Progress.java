package tpb.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import tpb.data.RecordListener;

/**
 * The progress of a data-level run on a terminal: one line per core on stderr, redrawn in place
 * (ANSI cursor-up and erase-line) a few times a second — records done of total, G MAC/s so far,
 * elapsed, an estimate of the time left from the records' rate. Only made when stderr is a
 * terminal and the run is not {@code --json} or {@code --quiet} (see {@link #wanted}).
 */
final class Progress implements RecordListener, AutoCloseable {
    private static final long PERIOD_MS = 250;

    private final List<String> cores;
    private final List<Long> totals;
    private final AtomicLongArray done;
    private final AtomicLongArray macs;
    private final PrintStream err;
    private final long start = System.nanoTime();
    private final Thread painter;
    private boolean drawn;

    Progress(List<String> cores, List<Long> totals, PrintStream err) {
        this.cores = cores;
        this.totals = totals;
        this.done = new AtomicLongArray(cores.size());
        this.macs = new AtomicLongArray(cores.size());
        this.err = err;
        this.painter = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(PERIOD_MS);
                    paint();
                }
            } catch (InterruptedException e) {
                // closing
            }
        }, "tpb-progress");
        painter.setDaemon(true);
        painter.start();
    }

    /**
     * Whether to show progress: stderr should be a terminal. Java 17 cannot ask that of stderr
     * alone; {@link System#console()} is non-null when stdin and stdout are a terminal, which is
     * the interactive case (a pipe or a redirect of stdout turns it off too), and TERM must not be dumb.
     */
    static boolean wanted(boolean json, boolean quiet) {
        return !json && !quiet && System.console() != null && !"dumb".equals(System.getenv("TERM"));
    }

    @Override
    public void record(String core, String engine, int index, long startNanos, long endNanos, long bytesMoved, long macDone) {
        int i = cores.indexOf(core);
        done.incrementAndGet(i);
        if (macDone != 0) {
            macs.addAndGet(i, macDone);
        }
    }

    private synchronized void paint() {
        double elapsed = (System.nanoTime() - start) / 1e9;
        StringBuilder s = new StringBuilder();
        if (drawn) {
            s.append("\033[").append(cores.size()).append('F');
        }
        for (int i = 0; i < cores.size(); i++) {
            long d = done.get(i);
            long t = totals.get(i);
            String left = d == 0 ? "?" : String.format("%.0f s", elapsed * (t - d) / d);
            s.append(String.format("\033[K%s  %,d/%,d records  %.2f G MAC/s  %.1f s elapsed  %s left%n", cores.get(i), d, t,
                    macs.get(i) / elapsed / 1e9, elapsed, left));
        }
        err.print(s);
        err.flush();
        drawn = true;
    }

    @Override
    public void close() {
        painter.interrupt();
        try {
            painter.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        paint();
    }
}
