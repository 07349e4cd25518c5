package tpb.cost;

import java.util.List;
import tpb.codec.FieldInfo;
import tpb.codec.Flyweight;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.Layouts;
import tpb.neff.DmaDescriptor;
import tpb.sim.DmaQueues;

/**
 * How long one record takes, by the {@link CostModel}: how long it keeps its engine from starting
 * the next record ({@code busyNs}), how long the engine counts as active from its start
 * ({@code activeNs}: the profiler's instruction interval, longer than {@code busyNs} where the
 * engine pipelines), when after its start its semaphore updates land ({@code updateNs}; a DMA's
 * land at its transfer's end, {@link TimedRun}), and the bytes a DMA moves and the
 * multiply-accumulates a matmul does (for DMA time and MFU).
 *
 * <p>The classes, and why:
 * <ul>
 * <li>MATMUL: {@code passes x max(N, pe_min_moving)} Tensor cycles, N the moving tensor's columns
 * (its pattern's elements), four passes for FP32 input ({@code fp32_mode} not NONE): the perf
 * guide's spacing of back-to-back matmuls; the result lands {@code pe_matmul_latency_ns} later.
 * LDWEIGHTS loads in the background ({@code pe_ldweights_ns}).
 * <li>Every other datapath record: a fixed issue overhead per engine plus one element per
 * partition per cycle of its engine's clock, over its largest access pattern (the product of a
 * pattern's {@code num}s, read through the generation's layout).
 * <li>DMA_DIRECT2D and DMATrigger: the issuing engine is busy {@code dma_issue_ns}; the transfer
 * starts {@code dma_fixed_ns} later (or when the core's DMA is free) and takes its bytes over
 * {@code dma_rate_gbps} ({@link TimedRun}).
 * <li>ActivationTableLoad: {@code act_table_load_ns} (the table's load, measured).
 * <li>Records with no access pattern (sync, control): {@code sync_record_ns}; a branch label
 * nothing (the runtime drops it).
 * </ul>
 */
public record RecordCost(double busyNs, double activeNs, double updateNs, long dmaBytes, long macs) {
    private static final RecordCost NONE = new RecordCost(0, 0, 0, 0, 0);

    /** The cost of {@code arm} at {@code b[at]} on engine {@code engine} ({@code pe}, {@code act}, {@code dve}, {@code pool}, {@code sp}). */
    public static RecordCost of(CostModel m, Arch arch, String engine, Arm arm, byte[] b, int at, DmaQueues queues) {
        if (arm == Arm.DMA_DIRECT2D) {
            long bytes = DmaDescriptor.direct2d(new DmaDirect2dFlyweight().wrap(b, at)).bytes();
            return dma(m, engine, bytes);
        }
        if (arm == Arm.DMA_TRIGGER) {
            DmaQueues.Fire f = queues.fired(b, at);
            return dma(m, engine, f == null ? 0 : f.bytes());
        }
        if (arm == Arm.MATMUL) {
            Flyweight fw = Layouts.flyweight(arm, arch).wrap(b, at);
            long n = largestPattern(fw);
            boolean fp32 = field(fw, "fp32_mode") != 0;
            long passes = fp32 && n > m.get("pe_fp32_one_pass_columns") ? (long) m.get("pe_fp32_passes") : 1;
            double busy = passes * Math.max(n, (long) m.get("pe_min_moving")) / m.get("pe_moving_ghz");
            double done = busy + m.get("pe_matmul_latency_ns");
            // the whole PE array against n moving columns, as the MFU counts it (its rows and columns: the profiles' metadata)
            return new RecordCost(busy, done, done, 0, (long) (m.get("pe_rows") * m.get("pe_cols")) * n);
        }
        if (arm == Arm.LDWEIGHTS) {
            return new RecordCost(m.get("pe_ldweights_ns"), m.get("pe_ldweights_latency_ns"), m.get("pe_ldweights_latency_ns"), 0, 0);
        }
        if (arm == Arm.ACTIVATION_TABLE_LOAD) {
            double t = m.get("act_table_load_ns");
            return new RecordCost(t, t, t, 0, 0);
        }
        if (arm == Arm.PSEUDO_BRANCH_LABEL) {
            return NONE; // the runtime drops it: the profiles' pcs skip it (Profile)
        }
        // an opcode no arm holds (a hostile or newer NEFF) has no layout to read: one sync record's time
        long elements = arm == Arm.UNKNOWN ? 0 : largestPattern(Layouts.flyweight(arm, arch).wrap(b, at));
        if (elements == 0) {
            return new RecordCost(m.get("sync_record_ns"), m.get("sync_record_ns"), m.get("sync_record_ns"), 0, 0);
        }
        double busy = switch (engine) {
            case "act" -> (arm == Arm.ACTIVATE ? m.get("activate_fixed_ns") : m.get("act_fixed_ns")) + elements / m.get("act_clock_ghz");
            case "dve" -> m.get("dve_fixed_ns") + elements / m.get("dve_clock_ghz");
            case "pool" -> m.get("pool_fixed_ns") + elements / m.get("pool_clock_ghz");
            default -> m.get("sync_record_ns");
        };
        return new RecordCost(busy, busy, busy, 0, 0);
    }

    /** A DMA's issue: the engine is busy writing descriptors; the transfer's time is the core's DMA's ({@link TimedRun}). */
    private static RecordCost dma(CostModel m, String engine, long bytes) {
        double issue = engine.equals("pool") ? m.get("dma_issue_pool_ns") : m.get("dma_issue_ns");
        return new RecordCost(issue, issue, issue, bytes, 0);
    }

    /** The most elements any access pattern of the record walks a partition: the product of a {@code *.num} field's elements. */
    static long largestPattern(Flyweight fw) {
        List<FieldInfo> fields = fw.fields();
        long most = 0;
        for (int f = 0; f < fields.size(); f++) {
            if (!fields.get(f).name().endsWith(".num")) {
                continue;
            }
            long p = 1;
            for (int i = 0; i < fields.get(f).count(); i++) {
                p *= fw.get(f, i); // unsigned as the spec types a num (Flyweight.get sign-extends only signed elements)
            }
            most = Math.max(most, p);
        }
        return most;
    }

    /** Field {@code name}'s value, 0 when the layout has no such field. */
    static long field(Flyweight fw, String name) {
        List<FieldInfo> fields = fw.fields();
        for (int f = 0; f < fields.size(); f++) {
            if (fields.get(f).name().equals(name)) {
                return fw.get(f, 0);
            }
        }
        return 0;
    }
}
