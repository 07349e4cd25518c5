package tpb.data;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import tpb.isa.Arch;
import tpb.isa.PeLwOrder;
import tpb.sim.SyncRun.RecordText;

/**
 * Runs a NEFF on real numbers: DRAM vars laid out from the def.json tables, every subgraph a core
 * with its own SBUF, PSUM, PE array and semaphore bank, each core's records in {@link EventOrder}.
 *
 * <p>Vars. Inputs, outputs and file vars are shared by every core by name (one {@link Region}
 * each: an input's is the caller's, typically its .npy mapped where it lies; an output's comes
 * from {@link Outputs}, typically a staged file; a file var's is the NEFF's own .npy). Virtual vars
 * ({@code RematSpillSave*}) are slices {@code [backing_variable_off, +size)} of a backing space
 * <em>per core</em>: the evidence is matmul_large.neff, whose sg00 names its spill vars
 * {@code i0…i15} and sg01 {@code i256…i271} with the same offsets; the cores share no
 * semaphores, so one shared backing space would make the compiler's own output a cross-core race
 * (INFERRED, DataAssumptions). Internal vars are per core for the same reason (ASSUMED); any
 * other var type is a fault naming it.
 *
 * <p>Cores run in parallel, one thread each up to the machine's processors. Cores share no
 * semaphores, so a DRAM byte one core writes and another reads or writes is a race whatever the
 * timing: each core logs the byte ranges its DMAs read and wrote ({@link AccessLog}) and
 * {@link #crossCoreRaces()} compares them after the run.
 */
public final class DataRun {
    /** An input var's values: numpy dtype, shape and bytes. */
    public record Input(NpyType type, int[] shape, Region data) {
        public static Input of(Npy.Array a) {
            return new Input(a.type(), a.shape(), Region.of(a.data().clone()));
        }
    }

    /** Room for an output var's bytes, given the dtype and shape it will be written with. */
    @FunctionalInterface
    public interface Outputs {
        Region allocate(String name, NpyType type, int[] shape);
    }

    /** An output var as the run leaves it. */
    public record Output(String name, NpyType type, int[] shape, Region data) {}

    private final NeffImage image;
    private final Arch arch;
    private final Map<String, DramVar> shared = new LinkedHashMap<>();
    private final Map<String, Output> outputs = new LinkedHashMap<>();
    private final List<DataSemantics> cores = new ArrayList<>();
    private final List<Dram> drams = new ArrayList<>();
    private PeLwOrder loadOrder; // null: each LDWEIGHTS's own, from the spec (LoadOrder)
    private RecordText recordText = EventOrder.ARM_NAME;
    private final List<String> notes = new java.util.ArrayList<>();
    private int threads = Runtime.getRuntime().availableProcessors();

    /** A run on in-memory inputs (copied) with in-memory outputs: tests and small programs. */
    public DataRun(NeffImage image, Arch arch, Map<String, Npy.Array> inputs) {
        this(image, arch, copyIn(inputs), (name, type, shape) -> Region.zeroed(Npy.bytes(shape, type)));
    }

    public DataRun(NeffImage image, Arch arch, Map<String, Input> given, Outputs room) {
        this.image = image;
        this.arch = arch;
        Map<String, Input> inputs = asDeclared(given);
        checkInputs(inputs);
        for (NeffImage.Core c : image.cores()) {
            Dram dram = new Dram();
            Region backing = backing(c);
            for (NeffImage.Var v : c.vars()) {
                switch (v.type()) {
                    case "state-buffer" -> dram.stateBuffer(v.id(), v.name());
                    case "dge-table" -> dram.dgeTable(v.list() == null ? new int[0] : v.list());
                    case "virtual" -> dram.add(new DramVar(v.name(), v.id(), v.type(), backing.slice(v.backingOffset(), v.size())));
                    case "internal" -> dram.add(new DramVar(v.name(), v.id(), v.type(), Region.zeroed(v.size())));
                    // inputs and outputs are the NEFF's, one var by name for every subgraph; a file var is its own
                    // subgraph's constant (sgNN/value_sgNNNN_...npy): shared only where two subgraphs name one file
                    case "input", "output" -> dram.add(shared.computeIfAbsent(v.name(), n -> newVar(c, v, inputs, room)), v.id());
                    case "file" -> dram.add(shared.computeIfAbsent("file " + v.fileName(), n -> newVar(c, v, inputs, room)), v.id());
                    default -> throw new DataFault(c.name() + " var " + v.name() + ": type " + v.type() + " has no data-level layout");
                }
            }
            drams.add(dram);
            cores.add(new DataSemantics(new CoreState(arch), dram, c.activationNames(), c.queues()));
        }
    }

    private static Map<String, Input> copyIn(Map<String, Npy.Array> inputs) {
        Map<String, Input> m = new LinkedHashMap<>();
        inputs.forEach((k, v) -> m.put(k, Input.of(v)));
        return m;
    }

    /** A core's backing space for its virtual vars: up to the farthest {@code backing_variable_off + size}. */
    private static Region backing(NeffImage.Core c) {
        long end = 0;
        for (NeffImage.Var v : c.vars()) {
            if (v.type().equals("virtual")) {
                if (v.backingOffset() < 0 || v.size() < 0 || v.backingOffset() > Long.MAX_VALUE / 2 - v.size()) {
                    throw new DataFault(c.name() + " virtual var " + v.name() + ": backing_variable_off " + v.backingOffset()
                            + " and size " + v.size() + " lay out no bytes");
                }
                end = Math.max(end, v.backingOffset() + v.size());
            }
        }
        return Region.zeroed(end);
    }

    /**
     * How a trace line and a deadlock report write a record: the caller hands in the disassembler
     * ({@code tpb.asm.Disassembler::text}); without one, the record's arm name.
     */
    public DataRun recordText(RecordText text) {
        this.recordText = text;
        return this;
    }

    /**
     * One PE load order for every LDWEIGHTS, overriding the spec's (the record's load_order bit on a
     * generation whose layout has one, else the arch profile's {@code pe_lw_load_order}): the
     * alternative reading of the cayman fixture is kept testable, see {@link PeArray}.
     */
    public DataRun loadOrder(PeLwOrder order) {
        this.loadOrder = order;
        return this;
    }

    /**
     * The processors the run may take (default: the machine's, {@code availableProcessors}): at most
     * this many core threads at once, and a {@link SpareProcessor} for each core's PE when there are
     * at least twice as many as core threads.
     */
    public DataRun threads(int n) {
        this.threads = Math.max(1, n);
        return this;
    }

    public Map<String, DramVar> vars() {
        return shared;
    }

    /** Core {@code i}'s DRAM view: its vars by id, shared and its own. */
    public Dram dram(int i) {
        return drams.get(i);
    }

    /** Records per core in the order of {@link NeffImage#cores()}: the progress denominator. */
    public List<Long> recordCounts() {
        List<Long> n = new ArrayList<>();
        for (NeffImage.Core c : image.cores()) {
            n.add(c.streams().values().stream().mapToLong(b -> b.length / 64).sum());
        }
        return n;
    }

    /** Runs every core; {@code trace}, when not null, gets a line per executed record. Returns the outputs as arrays. */
    public Map<String, Npy.Array> run(Consumer<String> trace) {
        return run(trace, EventOrder.Schedule.DEFAULT);
    }

    /**
     * The schedules under which the outputs differ from the default schedule's (each described),
     * or an empty list: a race check. Each schedule runs on a fresh machine with the same inputs.
     */
    public static List<String> races(NeffImage image, Arch arch, Map<String, Npy.Array> inputs) {
        Map<String, Npy.Array> base = new DataRun(image, arch, inputs).run(null);
        int engines = image.cores().stream().mapToInt(c -> c.streams().size()).max().orElse(0);
        List<String> differ = new ArrayList<>();
        for (EventOrder.Schedule s : EventOrder.Schedule.all(engines)) {
            Map<String, Npy.Array> other;
            try {
                other = new DataRun(image, arch, inputs).run(null, s);
            } catch (DataFault f) {
                differ.add(s.describe(List.copyOf(image.cores().get(0).streams().keySet())) + ": " + f.getMessage());
                continue;
            }
            for (String name : base.keySet()) {
                if (!base.get(name).equals(other.get(name))) {
                    differ.add(s.describe(List.copyOf(image.cores().get(0).streams().keySet())) + ": " + name + " differs");
                }
            }
        }
        return differ;
    }

    /** As {@link #run(Consumer)}, every core under {@code schedule}; a cross-core race is a fault. */
    public Map<String, Npy.Array> run(Consumer<String> trace, EventOrder.Schedule schedule) {
        execute(trace, null, schedule);
        List<String> races = crossCoreRaces();
        if (!races.isEmpty()) {
            throw new DataFault("race: " + races.get(0));
        }
        Map<String, Npy.Array> out = new LinkedHashMap<>();
        for (Output o : outputs.values()) {
            out.put(o.name(), new Npy.Array(o.type(), o.shape(), o.data().toBytes()));
        }
        return out;
    }

    /** The output vars, in def.json order, as the run left them. */
    public Map<String, Output> outputs() {
        return outputs;
    }

    /**
     * Runs every core, each on its own thread (at most {@link #threads}); {@code trace} (a line per
     * record, serialised) and {@code listener} may be null. The first fault stops the other cores;
     * the fault thrown is that of the lowest-numbered core that faulted before it was stopped.
     */
    public void execute(Consumer<String> trace, RecordListener listener, EventOrder.Schedule schedule) {
        int n = cores.size();
        int coreThreads = Math.min(n, threads);
        ExecutorService pool = Executors.newFixedThreadPool(coreThreads, r -> {
            Thread t = new Thread(r, "tpb-core");
            t.setDaemon(true);
            return t;
        });
        // A processor no core thread holds computes half of each large MATMUL of a core: a conv2d NEFF's
        // sg01 holds a few records only, so after its first milliseconds one core thread runs and the
        // second processor is idle. While every processor holds a running core thread (matmul_large's
        // two cores on two processors) there is none to lend and nothing is split.
        AtomicInteger remaining = new AtomicInteger(n);
        BooleanSupplier free = () -> 2 * Math.min(remaining.get(), coreThreads) <= threads;
        List<SpareProcessor> spares = new ArrayList<>();
        if (threads >= 2) {
            for (DataSemantics c : cores) {
                SpareProcessor s = new SpareProcessor("tpb-pe-spare", free);
                spares.add(s);
                c.core().pe().spare(s);
            }
        }
        Stop stop = new Stop();
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int core = i;
                done.add(pool.submit(() -> {
                    try {
                        runCore(core, trace, listener, schedule, stop);
                    } finally {
                        remaining.decrementAndGet();
                    }
                }));
            }
            // the lowest-numbered core that failed for its own reason is reported, whichever failed first in time
            for (Future<?> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    stop.stopped = true;
                    if (!(e.getCause() instanceof Stopped)) {
                        rethrow(e.getCause(), stop);
                    }
                }
            }
            if (stop.first != null) {
                rethrow(stop.first, stop);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DataFault("interrupted");
        } finally {
            pool.shutdownNow();
            for (DataSemantics c : cores) {
                c.core().pe().spare(null);
            }
            spares.forEach(SpareProcessor::close);
        }
    }

    /** Set by the first core that fails; the others stop at their next record. */
    private static final class Stop {
        volatile boolean stopped;
        volatile Throwable first;
    }

    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }

    private static void rethrow(Throwable t, Stop stop) {
        if (t instanceof Stopped && stop.first != null) {
            t = stop.first;
        }
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }

    private void runCore(int i, Consumer<String> trace, RecordListener listener, EventOrder.Schedule schedule, Stop stop) {
        DataSemantics core = cores.get(i);
        LoadOrder orders = new LoadOrder(arch);
        if (loadOrder != null) {
            core.core().pe().order(loadOrder);
        }
        String name = image.cores().get(i).name();
        // a record's fault is named here with its core, engine and index; the order's own (a deadlock, a
        // synchronisation record refused) comes from EventOrder with engine and record, and gets its core below
        boolean[] named = {false};
        try {
            try {
                EventOrder.run(image.cores().get(i).streams(), image.cores().get(i).queues(), arch, (engine, index, b, at) -> {
                    if (stop.stopped) {
                        throw new Stopped();
                    }
                    long t0 = listener == null ? 0 : System.nanoTime();
                    if (loadOrder == null && LoadOrder.isLoad(b, at)) {
                        core.core().pe().order(orders.of(b, at));
                    }
                    String ranges;
                    try {
                        ranges = core.execute(engine, b, at);
                    } catch (DataFault f) {
                        named[0] = true;
                        throw new DataFault(name + " " + engine + " record " + index + ": " + f.getMessage());
                    }
                    if (listener != null) {
                        listener.record(name, engine, index, t0, System.nanoTime(), core.bytesMoved(), core.macs());
                    }
                    if (trace != null) {
                        String line = String.format("%s %-4s %3d  %s%s", name, engine, index, recordText.text(b, at, 1).strip(),
                                ranges.isEmpty() ? "" : "  | " + ranges);
                        synchronized (trace) {
                            trace.accept(line);
                        }
                    }
                }, schedule, recordText);
            } catch (DataFault f) {
                throw named[0] ? f : new DataFault(name + " " + f.getMessage());
            }
        } catch (Stopped s) {
            throw s;
        } catch (RuntimeException | Error e) {
            synchronized (stop) {
                if (stop.first == null) {
                    stop.first = e;
                }
            }
            stop.stopped = true;
            throw e;
        }
    }

    /**
     * Each pair of cores that touched one DRAM var's byte where at least one of them wrote it:
     * {@code sg00 writes output0 [0x0,0x100) that sg01 also writes}. Empty when the cores' DRAM
     * accesses are independent. Reads and writes within one core are ordered by its semaphores.
     */
    public List<String> crossCoreRaces() {
        List<String> out = new ArrayList<>();
        for (int a = 0; a < drams.size(); a++) {
            for (DramVar v : drams.get(a).log().written()) {
                long[] w = drams.get(a).log().ranges(v, true);
                for (int b = 0; b < drams.size(); b++) {
                    if (b == a) {
                        continue;
                    }
                    long[] ww = b > a ? drams.get(b).log().ranges(v, true) : new long[0];
                    long[] hit = AccessLog.overlap(w, ww);
                    String how = "also writes";
                    if (hit == null) {
                        hit = AccessLog.overlap(w, drams.get(b).log().ranges(v, false));
                        how = "reads";
                    }
                    if (hit != null) {
                        out.add(image.cores().get(a).name() + " writes " + v.name() + " [0x" + Long.toHexString(hit[0]) + ",0x"
                                + Long.toHexString(hit[1]) + ") that " + image.cores().get(b).name() + " " + how
                                + " (cores share no semaphores)");
                    }
                }
            }
        }
        return out;
    }

    private DramVar newVar(NeffImage.Core c, NeffImage.Var v, Map<String, Input> inputs, Outputs room) {
        Region r;
        switch (v.type()) {
            case "input" -> r = inputs.get(v.name()).data();
            case "file" -> {
                byte[] npy = v.fileName() == null ? null : image.file(v.fileName());
                if (npy == null) {
                    throw new DataFault("file var " + v.name() + ": " + v.fileName() + " is not in the NEFF");
                }
                byte[] bytes = Npy.parse(npy).data();
                if (bytes.length != v.size()) {
                    throw new DataFault("file var " + v.name() + ": " + v.fileName() + " holds " + bytes.length
                            + " bytes, def.json says " + v.size());
                }
                r = Region.of(bytes);
            }
            default -> {
                NeffImage.Tensor t = c.tensors().get(v.name());
                NpyType type = null;
                int[] shape = null;
                if (t != null && t.dtype() != null) {
                    NpyType tt = NpyType.ofNumpyName(t.dtype());
                    if (Npy.takes(t.shape(), tt, v.size())) {
                        type = tt;
                        shape = t.shape();
                    }
                }
                if (shape == null) {
                    // no tensor_map.json shape takes the var's bytes: written as flat uint8, which one .npy dimension
                    // (an int) holds only up to 2^31 - 1 bytes
                    if (v.size() > Integer.MAX_VALUE) {
                        throw new DataFault("output var " + v.name() + " is " + v.size() + " bytes and no tensor_map.json shape takes them"
                                + (t == null || t.dtype() == null ? "" : " (it gives " + Npy.shapeText(t.shape()) + " " + t.dtype() + ")")
                                + "; as flat uint8 a .npy holds at most " + Integer.MAX_VALUE);
                    }
                    type = NpyType.UINT8;
                    shape = new int[] {(int) v.size()};
                }
                r = room.allocate(v.name(), type, shape);
                outputs.put(v.name(), new Output(v.name(), type, shape, r));
            }
        }
        return new DramVar(v.name(), v.id(), v.type(), r);
    }

    /**
     * A bfloat16 input as users hold it: where the NEFF's tensor_map.json declares
     * bfloat16, a .npy of bfloat16 ('<V2', ml_dtypes' np.save), of uint16 (the bit patterns, taken
     * as they are) or of float32 (each value rounded to the nearest bfloat16, ties to even:
     * {@link Bf16#fromFloat}; said once in {@link #notes()}) of the declared shape is taken.
     */
    private Map<String, Input> asDeclared(Map<String, Input> inputs) {
        Map<String, Input> out = new LinkedHashMap<>(inputs);
        for (NeffImage.Core c : image.cores()) {
            for (NeffImage.Var v : c.vars()) {
                NeffImage.Tensor t = c.tensors().get(v.name());
                Input a = inputs.get(v.name());
                if (!v.type().equals("input") || a == null || out.get(v.name()) != a || t == null || !NpyType.BFLOAT16.numpyName().equals(t.dtype())
                        || !java.util.Arrays.equals(a.shape(), t.shape())) {
                    continue;
                }
                if (a.type() == NpyType.UINT16) {
                    out.put(v.name(), new Input(NpyType.BFLOAT16, a.shape(), a.data()));
                } else if (a.type() == NpyType.FLOAT32) {
                    long n = a.data().size() / 4;
                    if (n > Integer.MAX_VALUE / 2) {
                        throw new DataFault("input " + v.name() + ": " + n + " float32 values are more than a conversion to bfloat16 holds in memory; "
                                + "give it as bfloat16 or uint16");
                    }
                    byte[] f = new byte[4 << 14]; // read a chunk of 16 Ki floats at a time, not one get per value
                    byte[] b = new byte[(int) n * 2];
                    for (long i0 = 0; i0 < n; i0 += f.length / 4) {
                        int k = (int) Math.min(f.length / 4, n - i0);
                        a.data().get(4 * i0, f, 0, 4 * k);
                        for (int j = 0; j < k; j++) {
                            short h = Bf16.fromFloat(Float.intBitsToFloat((f[4 * j] & 0xFF) | (f[4 * j + 1] & 0xFF) << 8
                                    | (f[4 * j + 2] & 0xFF) << 16 | (f[4 * j + 3] & 0xFF) << 24));
                            b[(int) (2 * (i0 + j))] = (byte) h;
                            b[(int) (2 * (i0 + j) + 1)] = (byte) (h >> 8);
                        }
                    }
                    out.put(v.name(), new Input(NpyType.BFLOAT16, a.shape(), Region.of(b)));
                    notes.add("input " + v.name() + ": float32 rounded to bfloat16 (nearest, ties to even), as the NEFF declares");
                }
            }
        }
        return out;
    }

    /** What the run said once about its inputs (a float32 input rounded to bfloat16), for the caller to show. */
    public List<String> notes() {
        return notes;
    }

    /** Every declared input given, nothing else given, each the declared size and (when the NEFF says) dtype and shape. */
    private void checkInputs(Map<String, Input> inputs) {
        Map<String, NeffImage.Var> declared = new LinkedHashMap<>();
        Map<String, NeffImage.Tensor> meta = new LinkedHashMap<>();
        for (NeffImage.Core c : image.cores()) {
            for (NeffImage.Var v : c.vars()) {
                if (v.type().equals("input")) {
                    declared.putIfAbsent(v.name(), v);
                    if (c.tensors().containsKey(v.name())) {
                        meta.putIfAbsent(v.name(), c.tensors().get(v.name()));
                    }
                }
            }
        }
        for (String given : inputs.keySet()) {
            if (!declared.containsKey(given)) {
                throw new DataFault("input " + given + ": the NEFF has no input of that name (inputs: "
                        + String.join(", ", new TreeSet<>(declared.keySet())) + ")");
            }
        }
        // every missing input named at once, in the NEFF's order, so one more try gives them all
        List<String> missing = declared.keySet().stream().filter(n -> !inputs.containsKey(n)).toList();
        if (!missing.isEmpty()) {
            String options = missing.stream().map(n -> "--input " + n + "=FILE.npy").collect(java.util.stream.Collectors.joining(" "));
            throw new DataFault(missing.size() == 1 ? "input " + missing.get(0) + " is not given (" + options + ")"
                    : "inputs " + String.join(", ", missing) + " are not given (" + options + ")");
        }
        for (NeffImage.Var v : declared.values()) {
            Input a = inputs.get(v.name());
            NeffImage.Tensor t = meta.get(v.name());
            if (t != null && t.dtype() != null) {
                String want = t.dtype() + " " + Npy.shapeText(t.shape());
                String got = a.type().numpyName() + " " + Npy.shapeText(a.shape());
                if (!want.equals(got)) {
                    throw new DataFault("input " + v.name() + " is " + got + "; the NEFF declares " + want);
                }
            }
            if (a.data().size() != v.size()) {
                throw new DataFault("input " + v.name() + " holds " + a.data().size() + " bytes; the NEFF's var is " + v.size());
            }
        }
    }
}
