package tpb.cost;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.isa.Arch;
import tpb.neff.EngineStream;
import tpb.neff.Subgraph;
import tpb.sim.DmaQueues;
import tpb.sim.SyncRun;

/**
 * A NEFF's estimated time: each subgraph run at the synchronisation level with time
 * ({@link TimedRun}), on a core of its own (the NEFFs of {@code neff_feature_vnc} put each
 * subgraph on one physical core, as the profiles' {@code nc_idx} show), inside the runtime's
 * prologue and epilogue. The totals are Neuron Profiler's: {@code total} the longest subgraph's
 * time; an engine's active time summed over the subgraphs (the profiles' summary adds both cores),
 * each with the runtime's own instructions on that engine ({@link #runtimePrefix()}).
 */
public final class Estimate {
    /** The engines, as the NEFF names them, in the order reports list them. */
    public static final List<String> ENGINES = List.of("pe", "act", "dve", "pool", "sp");

    /** One subgraph's run: how it ended, its timed records, and the waits that held it longest. */
    public record SubgraphRun(String name, SyncRun.Result result, TimedRun timed, List<String> engines) {}

    private final CostModel model;
    private final boolean programLoads;
    private final List<SubgraphRun> runs = new ArrayList<>();

    /** An estimate for the runtime that loads each engine's program ({@link #programLoads(CostModel, String)}). */
    public Estimate(CostModel model) {
        this(model, true);
    }

    /** An estimate of a NEFF its compiler's {@code toolVersion} made (null when the NEFF does not say). */
    public Estimate(CostModel model, String toolVersion) {
        this(model, programLoads(model, toolVersion));
    }

    private Estimate(CostModel model, boolean programLoads) {
        this.model = model;
        this.programLoads = programLoads;
        // the runtime that does not load the programs (2.27) runs a DMATrigger as one WRITE, the other as two
        CostModel.Coefficient one = model.coefficients().get("dma_trigger_one_write_issue_ns");
        this.recordModel = programLoads ? model : model.with("dma_trigger_issue_ns", one.value(), one.confidence(), one.source(), one.fit());
    }

    /** The model the records are timed by: {@link #model}, a DMATrigger's issue the runtime's ({@code dma_trigger_one_write_issue_ns} where it runs one WRITE). */
    private final CostModel recordModel;

    /**
     * Whether the runtime that runs a NEFF of compiler {@code toolVersion} ("2.21.18209.0+043b1bf7")
     * loads each engine's program in its prologue (TENSOR_LOADs on every engine and the DMA's
     * queue 14): the measured runs of NEFFs from compiler releases from {@code
     * runtime_loads_from_tool} on do, the earlier ones' do not (docs/estimate.md, "The runtime's
     * own instructions"). A NEFF that names no release is taken as a current one's.
     */
    public static boolean programLoads(CostModel model, String toolVersion) {
        java.util.regex.Matcher m = toolVersion == null ? null : java.util.regex.Pattern.compile("^(\\d{1,4})\\.(\\d{1,4})\\b").matcher(toolVersion);
        if (m == null || !m.find()) {
            return true;
        }
        double from = model.get("runtime_loads_from_tool");
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        // the coefficient is major.minor with a two-digit minor (2.23): compare as integers, not as decimals (2.3 is before 2.23)
        long fromMajor = (long) Math.floor(from);
        long fromMinor = Math.round((from - fromMajor) * 100);
        return major != fromMajor ? major > fromMajor : minor >= fromMinor;
    }

    /** Whether this estimate's runtime loads each engine's program ({@link #programLoads(CostModel, String)}). */
    public boolean programLoads() {
        return programLoads;
    }

    /**
     * The prefix of the runtime's own coefficients this estimate reads: {@code runtime_} (its
     * {@code runtime_<engine>_active_ns}, {@code runtime_dma_active_ns}) for a runtime that loads
     * each engine's program, {@code runtime_preloaded_} for one that does not.
     */
    public String runtimePrefix() {
        return programLoads ? "runtime_" : "runtime_preloaded_";
    }

    /** Runs {@code sg}'s {@code streams} with time; {@code listener} (may be null) sees each record placed. */
    public SubgraphRun add(Subgraph sg, List<EngineStream> streams, Arch arch, SyncRun.RecordText text, TimedRun.PlacedListener listener) {
        List<SyncRun.Engine> engines = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (EngineStream s : streams) {
            engines.add(new SyncRun.Engine(s.engine(), s.stream()));
            names.add(s.engine());
        }
        DmaQueues queues = DmaQueues.of(sg);
        SyncRun sync = new SyncRun(engines, text, arch, queues);
        TimedRun timed = new TimedRun(sync, recordModel, arch, queues, listener);
        SyncRun.Result r = sync.run(timed.hook());
        SubgraphRun run = new SubgraphRun(sg.name(), r, timed, names);
        runs.add(run);
        return run;
    }

    public List<SubgraphRun> runs() {
        return runs;
    }

    public CostModel model() {
        return model;
    }

    /** The estimated total: the longest subgraph, each inside the runtime's prologue and epilogue. */
    public double totalNs() {
        double t = 0;
        for (SubgraphRun r : runs) {
            t = Math.max(t, subgraphNs(r));
        }
        return t;
    }

    /**
     * One subgraph's time on its core: prologue, its records' span, epilogue; the span never below
     * the roofline floor ({@link #floorNs(SubgraphRun)}).
     */
    public double subgraphNs(SubgraphRun r) {
        return model.get("runtime_prologue_ns") + Math.max(r.timed.spanNs(), floorNs(r)) + model.get("runtime_epilogue_ns");
    }

    /**
     * The least time the subgraph's work can take on its core whatever the schedule: its MACs at
     * the PE array's peak (rows x columns a Tensor cycle) or its DMA bytes at the HBM's
     * bandwidth ({@code hbm_gbps}), whichever is longer.
     */
    public double floorNs(SubgraphRun r) {
        double pe = r.timed.macs() / (model.get("pe_rows") * model.get("pe_cols") * model.get("pe_clock_ghz"));
        return Math.max(pe, r.timed.dmaBytes() / model.get("hbm_gbps"));
    }

    /** The range the total is expected in: the total less and plus the model's cross-validated error ({@code cv_total_error}). */
    public double[] rangeNs() {
        double e = model.get("cv_total_error");
        return new double[] {totalNs() * (1 - e), totalNs() * (1 + e)};
    }

    /** Engine {@code engine}'s active time over every subgraph, with the runtime's own instructions on it. */
    public double activeNs(String engine) {
        double t = 0;
        for (SubgraphRun r : runs) {
            int e = r.engines.indexOf(engine);
            t += model.get(runtimePrefix() + engine + "_active_ns") + (e < 0 ? 0 : r.timed.busyNs(e));
        }
        return t;
    }

    /** The time some DMA transfer was under way, over every subgraph, with the runtime's own loads ({@code runtime_dma_active_ns}). */
    public double dmaActiveNs() {
        return model.get(runtimePrefix() + "dma_active_ns") + runs.stream().mapToDouble(r -> r.timed.dmaActiveNs()).sum();
    }

    public long dmaBytes() {
        return runs.stream().mapToLong(r -> r.timed.dmaBytes()).sum();
    }

    public long macs() {
        return runs.stream().mapToLong(r -> r.timed.macs()).sum();
    }

    /**
     * Model FLOPs utilisation as Neuron Profiler defines it (profile-schema-reference: achieved
     * FLOPs over the Tensor Engines' peak for the run's time): 2 x MACs over total time x cores x
     * rows x columns x 2 x the PE clock, the peak of each core's array at one MAC a cell a cycle;
     * a subgraph is a core.
     */
    public double mfu() {
        double total = totalNs();
        return total == 0 || runs.isEmpty() ? 0 : macs() / (total * runs.size() * model.get("pe_rows") * model.get("pe_cols") * model.get("pe_clock_ghz"));
    }

    /** The resources {@link #boundingEngine()} chooses among: the engines and the DMA. */
    public static final List<String> RESOURCES = List.of("pe", "act", "dve", "pool", "sp", "dma");

    /** The resource with the most active time, the DMA's counted as an engine's: the one that bounds the run when it is busy most of it. */
    public String boundingEngine() {
        return RESOURCES.stream().max(Comparator.comparingDouble(e -> e.equals("dma") ? dmaActiveNs() : activeNs(e))).orElseThrow();
    }

    /** Every engine's active time, in {@link #ENGINES} order. */
    public Map<String, Double> active() {
        Map<String, Double> m = new LinkedHashMap<>();
        ENGINES.forEach(e -> m.put(e, activeNs(e)));
        return m;
    }
}
