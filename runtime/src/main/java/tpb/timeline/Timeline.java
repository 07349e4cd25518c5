package tpb.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.sim.IntList;
import tpb.sim.SemaphoreBank;
import tpb.sim.SyncRun;
import tpb.stream.RecordStream;

/**
 * What a synchronisation-level run did, on a logical time axis: a {@link SyncRun.Hook} that gives
 * every record that runs a tick and, when a wait held it back, the update that released it.
 *
 * <p><b>Logical time.</b> Each record takes one tick. It starts at the later of (a) the tick after
 * its engine's previous record and (b) for each of its waits, the tick after the update that
 * released it — the update since which the wait has held without a break (the record that last
 * brought the semaphore from failing the wait to meeting it). So the axis is the ASAP schedule
 * of the run's dependences with unit latency: it does not depend on the order in which the
 * scheduler gave engines their turns, and two records on one tick ran in parallel as far as the
 * semaphores can tell. A record is <i>blocked</i> when (b) is later than (a): the wait, not its
 * engine, decided when it ran; that wait's edge (from the releasing update's record to it) is
 * kept. A group reset's changes are not followed (the run faults or completes as it would).
 */
public final class Timeline implements SyncRun.Hook {
    /** The opcode classes: the spec's engine class of each arm ({@code Arm.engine()}), in catalogue order, then records of no class. */
    public static final List<String> CLASSES = classes();
    /** The class of records whose arm names no engine class (opaque arms, UNKNOWN bytes). */
    public static final String NO_CLASS = "other";

    private static final int[] CLASS_OF_ARM = classOfArm();

    /** One engine's lane: per record run, in order, its tick, class and arm ordinal. */
    public static final class Lane {
        final String engine;
        final IntList tick = new IntList();
        final IntList cls = new IntList();
        final IntList arm = new IntList();

        Lane(String engine) {
            this.engine = engine;
        }

        public String engine() {
            return engine;
        }

        public int size() {
            return tick.size();
        }

        public int tick(int record) {
            return tick.at(record);
        }

        public int classIndex(int record) {
            return cls.at(record);
        }

        public Arm arm(int record) {
            return Arm.values()[arm.at(record)];
        }
    }

    /** The update that released a blocked record: engine and record of each end, and the semaphore. */
    public record Edge(int fromEngine, int fromRecord, int toEngine, int toRecord, int semaphore) {}

    /**
     * A wait of a placed record and the update that released it (the record, engine and tick of
     * that update, as {@link Log#releaser} finds it); {@code blocked}: this wait, not the
     * record's engine, decided its tick (the release is the record's {@link Edge}).
     */
    public record Release(int fromEngine, int fromRecord, int fromTick, int semaphore, boolean blocked) {}

    /** Told of every record as it is placed on the axis, with the releases of its waits (those that held from the start have none). */
    @FunctionalInterface
    public interface Listener {
        void placed(int engine, int record, int tick, List<Release> releases);
    }

    private final SyncRun run;
    private final Listener listener;
    private final List<Lane> lanes = new ArrayList<>();
    private final List<Edge> edges = new ArrayList<>();
    /** Per semaphore: the ticks-and-records log of its updates, and the value after each. */
    private final Log[] logs;
    private int span;

    /** A recorder for {@code run}: pass it to {@link SyncRun#run(SyncRun.Hook)}. */
    public Timeline(SyncRun run) {
        this(run, null);
    }

    /** As {@link #Timeline(SyncRun)}, telling {@code listener} (when not null) of each record as it is placed. */
    public Timeline(SyncRun run, Listener listener) {
        this.run = run;
        this.listener = listener;
        for (SyncRun.Engine e : run.engines()) {
            lanes.add(new Lane(e.name()));
        }
        logs = new Log[run.semaphores()];
    }

    @Override
    public void ran(int engine, int index) {
        Lane lane = lanes.get(engine);
        SyncRun.Sync sync = run.sync(engine, index);
        int own = index == 0 ? 0 : lane.tick.at(index - 1) + 1;
        int start = own;
        Edge edge = null;
        List<Release> releases = listener == null ? null : new ArrayList<>(sync.waits().size());
        int binding = -1;
        for (SyncRun.Wait w : sync.waits()) {
            Log log = logs[w.semaphore()];
            int at = log == null ? -1 : log.releaser(w);
            if (at >= 0) {
                int fromEngine = log.engine.at(at);
                int fromRecord = log.record.at(at);
                int t = lanes.get(fromEngine).tick.at(fromRecord) + 1;
                if (t > start) {
                    start = t;
                    edge = new Edge(fromEngine, fromRecord, engine, index, w.semaphore());
                    binding = releases == null ? -1 : releases.size();
                }
                if (releases != null) {
                    releases.add(new Release(fromEngine, fromRecord, t - 1, w.semaphore(), false));
                }
            }
        }
        if (edge != null) {
            edges.add(edge);
        }
        lane.tick.add(start);
        byte[] b = run.engines().get(engine).stream().bytes();
        Arm arm = Decoder.identify(b, RecordStream.offsetOf(index));
        lane.arm.add(arm.ordinal());
        lane.cls.add(CLASS_OF_ARM[arm.ordinal()]);
        span = Math.max(span, start + 1);
        for (int s : sync.updated()) {
            if (logs[s] == null) {
                logs[s] = new Log();
            }
            logs[s].add(engine, index, (int) run.semaphore(s));
        }
        if (listener != null) {
            if (binding >= 0) {
                Release r = releases.get(binding);
                releases.set(binding, new Release(r.fromEngine, r.fromRecord, r.fromTick, r.semaphore, true));
            }
            listener.placed(engine, index, start, releases);
        }
    }

    public List<Lane> lanes() {
        return lanes;
    }

    public List<Edge> edges() {
        return edges;
    }

    /** Ticks from the first record's start to the last one's end. */
    public int span() {
        return span;
    }

    /** One semaphore's updates in run order; {@code rising} is where its last run of non-decreasing values starts. */
    private static final class Log {
        final IntList engine = new IntList();
        final IntList record = new IntList();
        final IntList value = new IntList();
        int rising;

        void add(int e, int r, int v) {
            if (value.size() > 0 && Integer.compareUnsigned(v, value.at(value.size() - 1)) < 0) {
                rising = value.size();
            }
            engine.add(e);
            record.add(r);
            value.add(v);
        }

        /**
         * The update since which {@code w} has held (the wait holds now: it just ran), or -1 when it
         * held from the start (the zeroed bank). Within the last non-decreasing run a >= or > wait
         * holds on a suffix, so a binary search finds its start; before that, a walk back.
         */
        int releaser(SyncRun.Wait w) {
            // a >= or > wait holds on a suffix of a non-decreasing run; ==, < and <= need the walk back from the last update
            boolean monotone = SemaphoreBank.upward(w.test());
            int lo = monotone ? rising : value.size() - 1;
            int hi = value.size() - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (w.holds(Integer.toUnsignedLong(value.at(mid)))) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            int first = lo;
            while (first > 0 && w.holds(Integer.toUnsignedLong(value.at(first - 1)))) {
                first--;
            }
            return first == 0 && w.holds(0) ? -1 : first;
        }
    }

    private static List<String> classes() {
        List<String> out = new ArrayList<>();
        for (Arm a : Arm.values()) {
            if (a.engine() != null && !out.contains(a.engine())) {
                out.add(a.engine());
            }
        }
        out.add(NO_CLASS);
        return List.copyOf(out);
    }

    private static int[] classOfArm() {
        int[] c = new int[Arm.values().length];
        for (Arm a : Arm.values()) {
            c[a.ordinal()] = a.engine() == null ? CLASSES.size() - 1 : CLASSES.indexOf(a.engine());
        }
        return c;
    }
}
