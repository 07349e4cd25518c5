package tpb.cost;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.sim.DmaQueues;
import tpb.sim.SyncRun;
import tpb.stream.RecordStream;
import tpb.timeline.Timeline;

/**
 * One subgraph's synchronisation-level run with time: the {@link Timeline}'s dependences (each
 * record after its engine's previous one and after the update that released each of its waits)
 * with every record's duration from the {@link CostModel} instead of one tick. A record starts at
 * the later of its engine's free time and, for each wait, the time that wait's releasing update
 * landed plus {@code semaphore_latency_ns}; it keeps its engine busy {@link RecordCost#busyNs()}
 * and its updates land {@link RecordCost#updateNs()} after its start (a DMA's at its completion).
 * So the times are the as-soon-as-possible schedule the semaphores allow, whatever order the
 * scheduler gave engines their turns. Pass {@link #hook()} to {@link SyncRun#run(SyncRun.Hook)}.
 *
 * <p>Two resources are shared across records, as the hardware shares them:
 * <ul>
 * <li>The PE streams moving columns at its clock times a rate that ramps: the first
 * {@code pe_ramp_ns} of streaming at {@code pe_throttled_rate}, the rest at the full clock (the
 * profiles' matmuls of one size are spaced twice as far in short kernels as in long ones:
 * docs/estimate.md).
 * <li>A subgraph's DMA queues run concurrently over the core's {@code dma_engines} DMA engines
 * (DMA guide: 16 a NeuronCore, {@code dma_engine_gbps} each): a transfer starts
 * {@code dma_latency_ns} after its issue at the earliest, and the engines move one transfer's
 * packets after another's, each packet paying {@code dma_packet_ns} on the engine that moves it
 * (a DMATrigger's, whose descriptors the NEFF holds ready, {@code dma_trigger_packet_ns}) and
 * each short read its share of {@code dma_small_run_ns} (the guide's overhead-bound regime,
 * {@link RecordCost.Transfer}), the bytes at the engines' aggregate rate.
 * <li>A DMA queue holds so many transfers under way ({@code dma_queue_depth} for a
 * DMA_DIRECT2D's, its engine's own; {@code dma_trigger_queue_depth} for a DMATrigger's, 0 for no
 * limit): an issue that finds its queue full holds its engine, busy and active, until the oldest
 * transfer completes (the Qwen3 attention NTFF's Pool issues are paced by their transfers).
 * </ul>
 */
public final class TimedRun implements Timeline.Listener {
    /** One record as placed in time, for the critical path and the trace. */
    public record Placed(int engine, int record, Arm arm, double start, double end, double update, int fromEngine, int fromRecord, double active) {}

    private final SyncRun run;
    private final CostModel model;
    private final Arch arch;
    private final DmaQueues queues;
    private final Timeline timeline;
    private final double[] free;
    private final double[] busy;
    /** Per engine: where its active intervals' union ends so far (records start in order on an engine). */
    private final double[] activeEnd;
    /** When the core's DMA is free for the next transfer. */
    private double dmaFree;
    private final long[] records;
    /** Per engine, per record: when its updates land, and where it is in {@link #placed}. */
    private final List<List<Placed>> byEngine = new ArrayList<>();
    private final List<Placed> placed = new ArrayList<>();
    /** The DMA transfers' intervals, start and end in turn. */
    private double[] dma = new double[16];
    private int dmaCount;
    private long dmaBytes;
    /**
     * Per engine: whether its last LDWEIGHTS loaded one part of an fp32 stationary tile
     * ({@code fp32_mode} LOW or HIGH): the MATMUL after it does that part's half of an fp32
     * product, its pair the other half, so each counts half the MACs (neuronx-cc loads an fp32
     * K tile LOW then HIGH, a MATMUL after each: SyntheticMatmulNeff, the attention NEFFs).
     */
    private final boolean[] fp32Part;
    /** Per DMA queue: when its outstanding transfers complete, earliest first (the DMA completes them in issue order). */
    private final Map<String, ArrayDeque<Double>> outstanding = new HashMap<>();
    /** How long the PE has streamed moving columns so far (its rate ramps with it). */
    private double peStreamedNs;
    private long macs;
    private final PlacedListener listener;

    /** Told of each record once it is placed in time (the trace writer). */
    @FunctionalInterface
    public interface PlacedListener {
        void placed(Placed p);
    }

    public TimedRun(SyncRun run, CostModel model, Arch arch, DmaQueues queues, PlacedListener listener) {
        this.run = run;
        this.model = model;
        this.arch = arch;
        this.queues = queues;
        this.listener = listener;
        int n = run.engines().size();
        this.free = new double[n];
        this.busy = new double[n];
        this.activeEnd = new double[n];
        this.records = new long[n];
        this.fp32Part = new boolean[n];
        for (int e = 0; e < n; e++) {
            byEngine.add(new ArrayList<>());
        }
        this.timeline = new Timeline(run, this);
    }

    /** What to pass to {@link SyncRun#run(SyncRun.Hook)}. */
    public SyncRun.Hook hook() {
        return timeline;
    }

    @Override
    public void placed(int engine, int record, int tick, List<Timeline.Release> releases) {
        byte[] b = run.engines().get(engine).stream().bytes();
        int at = RecordStream.offsetOf(record);
        Arm arm = Decoder.identify(b, at);
        RecordCost c = RecordCost.of(model, arch, run.engines().get(engine).name(), arm, b, at, queues);
        double start = free[engine];
        int fromEngine = -1;
        int fromRecord = -1;
        for (Timeline.Release r : releases) {
            double t = byEngine.get(r.fromEngine()).get(r.fromRecord()).update() + model.get("semaphore_latency_ns");
            if (t > start) {
                start = t;
                fromEngine = r.fromEngine();
                fromRecord = r.fromRecord();
            }
        }
        double busyNs = c.busyNs();
        double activeNs = c.activeNs();
        double updateNs = c.updateNs();
        if (c.peColumns() > 0) {
            double stream = streamNs(model, c.peColumns() / model.get("pe_clock_ghz"), peStreamedNs);
            peStreamedNs += stream;
            stream = Math.max(stream, busyNs); // the minimum spacing, in Tensor cycles at the full clock (RecordCost)
            activeNs += stream - busyNs;
            updateNs += stream - busyNs;
            busyNs = stream;
        }
        RecordCost.Transfer x = c.transfer();
        ArrayDeque<Double> outstanding = null;
        if (x.bytes() > 0) {
            // the issue holds its engine while its queue is full: it ends once the queue has room for it
            outstanding = this.outstanding.computeIfAbsent(queue(engine, arm, b, at), q -> new ArrayDeque<>());
            double room = roomAt(outstanding, start + busyNs, (int) model.get(arm == Arm.DMA_TRIGGER ? "dma_trigger_queue_depth" : "dma_queue_depth"));
            if (room > start + busyNs) {
                double held = room - (start + busyNs);
                busyNs += held;
                activeNs += held;
                updateNs += held;
            }
        }
        double update = start + updateNs;
        if (x.bytes() > 0) {
            double engines = model.get("dma_engines");
            double from = Math.max(start + busyNs + model.get("dma_latency_ns"), dmaFree);
            update = from + x.bytes() / (engines * model.get("dma_engine_gbps"))
                    + (x.packets() * model.get(arm == Arm.DMA_TRIGGER ? "dma_trigger_packet_ns" : "dma_packet_ns") + x.smallRuns() * model.get("dma_small_run_ns")) / engines;
            dmaFree = update;
            outstanding.addLast(update);
            if (dmaCount * 2 + 2 > dma.length) {
                dma = Arrays.copyOf(dma, dma.length * 2);
            }
            dma[dmaCount * 2] = from;
            dma[dmaCount * 2 + 1] = update;
            dmaCount++;
            dmaBytes += x.bytes();
        }
        double activeTo = start + activeNs;
        Placed p = new Placed(engine, record, arm, start, start + busyNs, update, fromEngine, fromRecord, activeTo);
        free[engine] = p.end();
        busy[engine] += Math.max(0, activeTo - Math.max(start, activeEnd[engine]));
        activeEnd[engine] = Math.max(activeEnd[engine], activeTo);
        if (busyNs > 0) {
            records[engine]++;
        }
        if (arm == Arm.LDWEIGHTS) {
            long mode = RecordCost.field(tpb.isa.Layouts.flyweight(arm, arch).wrap(b, at), "fp32_mode");
            fp32Part[engine] = mode == tpb.isa.PeFp32Mode.LOW.value() || mode == tpb.isa.PeFp32Mode.HIGH.value();
        }
        macs += arm == Arm.MATMUL && fp32Part[engine] ? c.macs() / 2 : c.macs();
        byEngine.get(engine).add(p);
        placed.add(p);
        if (listener != null) {
            listener.placed(p);
        }
    }

    /**
     * The queue a DMA-issuing record writes to: a DMATrigger's names it; a DMA_DIRECT2D writes
     * its descriptor to its engine's own queue (the record names none).
     */
    private String queue(int engine, Arm arm, byte[] b, int at) {
        DmaQueues.Fire f = arm == Arm.DMA_TRIGGER ? queues.fired(b, at) : null;
        return f != null ? "queue " + f.queue() : "engine " + run.engines().get(engine).name();
    }

    /**
     * When a queue with {@code outstanding} transfers (their completion times, earliest first)
     * has room for one more at time {@code at}: at once while fewer than {@code depth} are still
     * under way, else when enough of them have completed. Drops those completed by {@code at}.
     */
    static double roomAt(ArrayDeque<Double> outstanding, double at, int depth) {
        while (!outstanding.isEmpty() && outstanding.peekFirst() <= at) {
            outstanding.removeFirst();
        }
        if (depth <= 0 || outstanding.size() < depth) {
            return at;
        }
        int i = 0;
        for (double t : outstanding) {
            if (++i == outstanding.size() - depth + 1) {
                return t;
            }
        }
        return at;
    }

    /**
     * How long moving columns worth {@code fullClockNs} at the full Tensor clock take when the PE
     * has streamed {@code streamedNs} already: at {@code pe_throttled_rate} until the PE has
     * streamed {@code pe_ramp_ns}, at the full clock after.
     */
    static double streamNs(CostModel m, double fullClockNs, double streamedNs) {
        double rate = m.get("pe_throttled_rate");
        double slow = (m.get("pe_ramp_ns") - streamedNs) * rate; // what is still throttled, in full-clock ns
        return slow <= 0 ? fullClockNs : fullClockNs <= slow ? fullClockNs / rate : slow / rate + (fullClockNs - slow);
    }

    /** Nanoseconds from the first record's start (0) to the last update or end. */
    public double spanNs() {
        double s = 0;
        for (Placed p : placed) {
            s = Math.max(s, Math.max(p.end(), p.update()));
        }
        return s;
    }

    /** Engine {@code e}'s active time: the union of its records' active intervals ({@link RecordCost#activeNs()} from each start). */
    public double busyNs(int e) {
        return busy[e];
    }

    /** How many of engine {@code e}'s records take time (a branch label takes none). */
    public long records(int e) {
        return records[e];
    }

    /** The time some DMA transfer was under way: the union of the transfers' intervals. */
    public double dmaActiveNs() {
        double[][] iv = new double[dmaCount][];
        for (int i = 0; i < dmaCount; i++) {
            iv[i] = new double[] {dma[2 * i], dma[2 * i + 1]};
        }
        Arrays.sort(iv, (x, y) -> Double.compare(x[0], y[0]));
        double total = 0;
        double from = Double.NEGATIVE_INFINITY;
        double to = Double.NEGATIVE_INFINITY;
        for (double[] i : iv) {
            if (i[0] > to) {
                total += to - from > 0 ? to - from : 0;
                from = i[0];
                to = i[1];
            } else {
                to = Math.max(to, i[1]);
            }
        }
        return total + (to - from > 0 ? to - from : 0);
    }

    public long dmaBytes() {
        return dmaBytes;
    }

    public long macs() {
        return macs;
    }

    /** Record {@code record} of engine {@code engine} as placed (records are placed in order on each engine). */
    public Placed at(int engine, int record) {
        return byEngine.get(engine).get(record);
    }

    /** Every record in the order it was placed. */
    public List<Placed> placed() {
        return placed;
    }

    /**
     * The critical path, last record first: from the record that ends last, back through the
     * releasing update that decided each start (or the engine's previous record).
     */
    public List<Placed> criticalPath() {
        Placed last = null;
        for (Placed p : placed) {
            if (last == null || Math.max(p.end(), p.update()) > Math.max(last.end(), last.update())) {
                last = p;
            }
        }
        List<Placed> path = new ArrayList<>();
        for (Placed p = last; p != null; ) {
            path.add(p);
            if (p.fromEngine() >= 0) {
                p = byEngine.get(p.fromEngine()).get(p.fromRecord());
            } else {
                p = p.record() == 0 ? null : byEngine.get(p.engine()).get(p.record() - 1);
            }
        }
        return path;
    }
}
