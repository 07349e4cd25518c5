package tpb.data;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import tpb.isa.PeFp32Mode;

/**
 * A processor no core thread holds, lent to one core's PE: a persistent daemon thread that
 * computes part of each large MATMUL beside the core's thread
 * ({@link PeArray#matmul(AccessPattern, PeFp32Mode, AccessPattern, int, int, boolean)}). The core's
 * thread converts the moving tile to fp32 once; the MATMUL's output rows (the stationary tile's
 * columns) are then cut into pieces (one per 32 rows, two at least: a 128-column tile in four),
 * the core's thread computes the first, and the two threads claim the others one at a time, each
 * multiplying the whole moving tile into its own rows' sums and storing them into those rows' PSUM
 * elements. The kernel's inner loop runs over the moving elements, so each thread's runs at full
 * length: a conv2d's 222-element MATMULs cut by moving elements instead ran their halves at about
 * 0.7 of the kernel's rate (docs/data-level.md). An output row's sums depend on its own stationary
 * column alone, so the bits are those of one thread whoever computes which piece.
 *
 * <p>A conv2d NEFF's second subgraph holds a few records only, so its run has one core thread
 * and, on a two-processor machine, a processor with nothing to do; a NEFF with a core thread a
 * processor (matmul_large) has none to lend. {@link DataRun} says which ({@code free}).
 *
 * <p>Handing a MATMUL over allocates nothing: it is fields of this object, published with its
 * number in one atomic word whose low half is the next unclaimed piece. Claiming piece by piece
 * means a spare thread the OS has not scheduled (a loaded machine) holds a MATMUL up by one piece
 * at most: the core's thread takes the rest.
 */
public final class SpareProcessor implements AutoCloseable {
    /**
     * A MATMUL of fewer multiply-accumulates stays on the core's thread: a hand-over costs a
     * wake-up and cache lines crossing between processors, which a small tile does not pay back.
     * The value is chosen, not measured to be where a split starts to pay (ConvBench.tileMatmulSplit
     * on the shared machine did not say: docs/data-level.md).
     */
    static final long SPLIT_MACS = 1L << 20;

    /**
     * Output rows a piece: a MATMUL is cut into {@code cols / PIECE_ROWS} pieces, two at least, so
     * that a spare the OS schedules late leaves the core's thread a piece of a quarter tile to take,
     * not a half.
     */
    private static final int PIECE_ROWS = 32;

    /**
     * How long the spare thread polls for the next MATMUL, from its last piece or from the
     * LDWEIGHTS that announces one ({@link #expect}), before it parks: a parked thread's wake-up
     * costs tens of microseconds, a conv2d's MATMULs come an LDWEIGHTS and a few other engines'
     * records apart, and polling longer burns a processor that a loaded machine's other work could use.
     */
    private static final long POLL_NANOS = 100_000;

    /**
     * How long the core's thread polls for the spare's last piece before it parks (the spare unparks
     * it): on a free processor the spare's piece ends within microseconds of the core's; a longer
     * poll only burns the core's share of a loaded machine while the spare waits to be scheduled.
     */
    private static final long WAIT_NANOS = 20_000;

    private final PeKernel kernel = new PeKernel();   // the spare's own scratch rows
    private final Thread thread;
    private final BooleanSupplier free;
    private final long minMacs;
    private volatile boolean closed;
    private volatile long expected;   // when the last LDWEIGHTS announced a MATMUL

    /** The MATMUL's number (high 32 bits) and its next unclaimed piece (low 32): a piece is claimed by one CAS. */
    private final AtomicLong next = new AtomicLong();
    private final AtomicInteger finished = new AtomicInteger();
    private final AtomicReference<Throwable> failed = new AtomicReference<>();

    // the MATMUL: written by the core's thread before its number is published in next, read after it
    private float[] w;
    private int rows;
    private int cols;
    private float[][] moving;   // the core's scratch rows, converted: only read while the MATMUL runs
    private AccessPattern dst;
    private boolean begin;
    private int n;
    private int pieces;
    private Thread waiter;

    /**
     * Starts the spare thread, named {@code name} (a daemon: it never holds the JVM open);
     * {@code free} says, at each MATMUL, whether a processor is free for it now (false while every
     * processor holds a running core thread, where a split would only add a hand-over).
     */
    public SpareProcessor(String name, BooleanSupplier free) {
        this(name, free, SPLIT_MACS);
    }

    /** As {@link #SpareProcessor(String, BooleanSupplier)}, splitting MATMULs of at least {@code minMacs} (a benchmark's sweep). */
    public SpareProcessor(String name, BooleanSupplier free, long minMacs) {
        this.free = free;
        this.minMacs = minMacs;
        thread = new Thread(this::serve, name);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Whether a MATMUL of {@code rows x cols x n} is worth a hand-over, and a processor is free for it
     * now: none is while every processor holds a running core thread ({@code free}), nor for the next
     * {@link #holdOff} MATMULs after the spare made the core wait (it was not scheduled: a loaded machine).
     */
    boolean worthSplitting(int rows, int cols, int n) {
        lastMoving = n;
        if (cols < 2 || (long) rows * cols * n < minMacs || !free.getAsBoolean()) {
            return false;
        }
        if (holdOff > 0) {
            holdOff--;
            return false;
        }
        return true;
    }

    /**
     * MATMULs left to run on the core's thread alone, and how many the next miss sets. On a machine
     * whose processors are all busy the spare thread is not scheduled in time: the core computes
     * every piece itself (the hand-over and the spare's polling were for nothing), or the spare
     * claims a piece and is then held up, and the core waits a time slice (milliseconds, several
     * MATMULs). After such a miss the split pauses, the pause twice as long as the last (at most
     * {@link #MAX_HOLD_OFF}), and half as long after a split whose pieces were shared in time, so on
     * a machine where the spare is mostly held up the split is mostly paused. Only the core's
     * thread reads and writes them.
     */
    private int holdOff;
    private int lastMoving;   // the last MATMUL's moving elements a partition, for expect's guess
    private int nextHoldOff = MIN_HOLD_OFF;
    private static final int MIN_HOLD_OFF = 8;
    private static final int MAX_HOLD_OFF = 1024;

    /**
     * A MATMUL of the converted moving tile {@code moving} ({@code rows} rows of n), its output rows
     * cut into pieces that the core's thread (with {@code mine}, its own kernel) and the spare claim
     * one at a time, so a spare the OS has not scheduled (a loaded machine) holds the MATMUL up by
     * one piece at most. Returns when every piece is stored; a piece's fault is thrown here.
     */
    void matmul(PeKernel mine, float[] w, int rows, int cols, float[][] moving, AccessPattern dst, boolean begin, int n) {
        this.w = w;
        this.rows = rows;
        this.cols = cols;
        this.moving = moving;
        this.dst = dst;
        this.begin = begin;
        this.n = n;
        this.pieces = Math.max(2, cols / PIECE_ROWS);
        this.waiter = Thread.currentThread();
        finished.set(0);
        failed.set(null);
        long job = (next.get() >>> 32) + 1;
        // publishes the fields above to the spare, piece 0 claimed: the core computes the first piece of
        // every MATMUL and the spare, when it runs in time, the second, so each keeps its part of the
        // PSUM rows in its own cache from one MATMUL to the next
        next.set(job << 32 | 1);
        LockSupport.unpark(thread);
        long t0 = System.nanoTime();
        piece(mine, 0);
        int own = 1 + work(job, mine);
        long t1 = System.nanoTime();
        while (finished.get() < pieces && System.nanoTime() - t1 < WAIT_NANOS) {
            Thread.onSpinWait();
        }
        while (finished.get() < pieces) {
            LockSupport.park(this);
        }
        // the spare did not help: it was not scheduled before the core had done every piece, or it
        // was held up so long that the MATMUL took as long as the core's pieces' pace would have taken
        // for all of them (an earlier rule, a wait over half one of the core's pieces, counted the
        // spare's first touch of the converted rows as a miss and paused the split for most MATMULs
        // on an idle machine)
        long waited = System.nanoTime() - t1;
        if (own == pieces || (t1 - t0) + waited >= (t1 - t0) / own * pieces) {
            holdOff = nextHoldOff;
            nextHoldOff = Math.min(MAX_HOLD_OFF, 2 * nextHoldOff);
        } else {
            nextHoldOff = Math.max(MIN_HOLD_OFF, nextHoldOff / 2);
        }
        this.w = null;
        this.moving = null;
        this.dst = null;   // nothing of the caller's is kept past the MATMUL
        Throwable t = failed.getAndSet(null);
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Claims and computes MATMUL {@code job}'s pieces until none is left; returns how many it
     * computed. A claim succeeds only while its MATMUL has a piece unclaimed, so the MATMUL is not
     * finished and its fields (read after its number, before and after the claim) are the ones
     * published with it, not a later MATMUL's.
     */
    private int work(long job, PeKernel k) {
        int done = 0;
        for (;;) {
            long v = next.get();
            if (v >>> 32 != job) {
                return done;
            }
            int piece = (int) v;
            if (piece >= pieces) {
                return done;
            }
            if (!next.compareAndSet(v, v + 1)) {
                continue;
            }
            done++;
            piece(k, piece);
        }
    }

    private void piece(PeKernel k, int piece) {
        // even bounds: the kernel computes two output rows a pass
        int c0 = piece * cols / pieces & ~1;
        int c1 = piece + 1 == pieces ? cols : (piece + 1) * cols / pieces & ~1;
        try {
            k.matmulRows(w, rows, cols, moving, n, dst, 0, begin, c0, c1);
        } catch (Throwable t) {
            failed.compareAndSet(null, t);
        }
        finished.incrementAndGet();
    }

    private void serve() {
        long seen = 0;
        long idle = System.nanoTime();
        while (!closed) {
            idle = Math.max(idle, expected);
            long job = next.get() >>> 32;
            if (job != seen) {
                seen = job;
                Thread w = waiter;
                work(job, kernel);
                LockSupport.unpark(w);
                idle = System.nanoTime();
            } else if (System.nanoTime() - idle < POLL_NANOS) {
                Thread.onSpinWait();
            } else {
                LockSupport.park(this);
            }
        }
    }

    /**
     * An LDWEIGHTS of {@code rows x cols}: a MATMUL of its tile follows, so the spare is woken now, if
     * that MATMUL is likely split (the last one's moving elements a partition on this tile would be),
     * and polls by the time it is handed over rather than wakes then.
     */
    void expect(int rows, int cols) {
        if (holdOff == 0 && (long) rows * cols * lastMoving >= minMacs && free.getAsBoolean()) {
            expected = System.nanoTime();
            LockSupport.unpark(thread);
        }
    }

    /** Stops the spare thread (a MATMUL after this is computed by its caller alone). */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
