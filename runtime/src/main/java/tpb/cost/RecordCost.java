package tpb.cost;

import java.util.List;
import tpb.codec.FieldInfo;
import tpb.codec.Flyweight;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Layouts;
import tpb.neff.DmaDescriptor;
import tpb.sim.DmaQueues;

/**
 * How long one record takes, by the {@link CostModel}: how long it keeps its engine from starting
 * the next record ({@code busyNs}), how long the engine counts as active from its start
 * ({@code activeNs}: the profiler's instruction interval, longer than {@code busyNs} where the
 * engine pipelines), when after its start its semaphore updates land ({@code updateNs}; a DMA's
 * land at its transfer's end, {@link TimedRun}), the transfer a DMA starts ({@link Transfer}), the
 * multiply-accumulates a matmul does (for MFU) and the moving columns it streams (for the PE's
 * rate, {@link TimedRun}).
 *
 * <p>The classes, and why:
 * <ul>
 * <li>MATMUL: {@code passes x N} moving columns, N the moving tensor's elements a partition, and
 * never less than {@code pe_min_moving} Tensor cycles at the full clock (the Qwen3 kernels'
 * one-column matmuls are spaced 27 ns, 64 cycles at 2.4 GHz, where their 128-column ones are
 * spaced 107 ns at the throttled rate); one pass for bf16, fp16 and fp8 (the architecture pages: the Tensor
 * Engine streams one moving column a cycle at its clock), two for fp32 ({@code fp32_mode} not
 * NONE) past {@code pe_fp32_one_pass_columns} columns, as the profiles measure. The columns'
 * time depends on the PE's rate at that point of the run ({@link TimedRun}); the result lands
 * {@code pe_matmul_latency_ns} later. Its MACs are {@code num_active_rows x num_active_cols x N},
 * the products the array does (the data level counts the same), none for a PE transpose
 * ({@code transpose_mode} set), which moves data through the array and is no model FLOP.
 * <li>LDWEIGHTS loads in the background of the previous matmul ({@code pe_ldweights_ns}).
 * <li>Every other datapath record: its class's fixed cost plus a cost an element, over its
 * largest access pattern (the product of a pattern's {@code num}s, read through the generation's
 * layout): the class's own coefficients ({@code <engine>.<Arm>.fixed_ns}, {@code .element_ns})
 * where the measured rows fit them, else the engine's ({@code <engine>_fixed_ns}, one element a
 * partition a cycle of its clock). That cost is the profiler's interval; on the ACT, a record
 * working on more than one partition ({@code num_active_channels}) lets the next one issue
 * {@code act_pipeline_ns} before it ends (the profiles' consecutive rows overlap by that much; a
 * one-partition record's rarely do), so the engine is busy that much less than it is active.
 * <li>DMA: each issuing instruction keeps its engine busy by its own coefficient
 * (DMA_DIRECT2D writes its descriptor: {@code dma_direct2d_issue_ns}, on Pool
 * {@code dma_direct2d_issue_pool_ns} active and {@code dma_direct2d_pool_dge_ns} more busy, the
 * Pool generating the descriptors after the interval the profiler measures, the transfer
 * starting after it; DMATrigger rings a queue whose descriptors the NEFF holds:
 * {@code dma_trigger_issue_ns}; the descriptor-generator DMAs {@code dma_dge_issue_ns}), and
 * longer while its queue is full; the transfer, and the hold, are {@link TimedRun}'s.
 * <li>ActivationTableLoad: {@code act_table_load_ns}.
 * <li>Records with no access pattern (sync, control): their class's fixed cost where the
 * measured rows fit one ({@code <engine>.<Arm>.fixed_ns}: Pool's TensorLoadPhysical reads a
 * register from memory, 285 ns, where a RegisterAlu takes 40), else {@code sync_record_ns}, an
 * EventSemaphore's busy and not active (the profiler's active time leaves semaphore instructions
 * out); a branch label nothing (the runtime drops it).
 * </ul>
 */
public record RecordCost(double busyNs, double activeNs, double updateNs, Transfer transfer, long macs, long peColumns) {
    private static final RecordCost NONE = new RecordCost(0, 0, 0, Transfer.NONE, 0, 0);

    /**
     * What a DMA moves: its bytes, its packets (contiguous runs, on the side with the shorter ones:
     * the DMA guide's per-packet overhead is paid per run) and how far the runs it reads reach into
     * the guide's overhead-bound regime: each run read shorter than {@code smallRunBytes} counts
     * {@code (smallRunBytes - run) / smallRunBytes} ({@code smallRuns}: a read of 2 bytes counts
     * almost one, of {@code smallRunBytes} or more nothing), the weight {@code dma_small_run_ns}
     * multiplies.
     */
    public record Transfer(long bytes, long packets, double smallRuns) {
        public static final Transfer NONE = new Transfer(0, 0, 0);

        /** A transfer none of whose runs is small. */
        public Transfer(long bytes, long packets) {
            this(bytes, packets, 0);
        }
    }

    /** The descriptor-generator DMAs: the engine builds the descriptors itself. */
    private static final List<Arm> DGE = List.of(Arm.DMA_MEMCPY, Arm.DMA_MEMCPY2, Arm.DMA_IMMEDIATE, Arm.DMA_INDIRECT, Arm.DMA_TRANSPOSE,
            Arm.DMA_GATHER_TRANSPOSE);

    /** The cost of {@code arm} at {@code b[at]} on engine {@code engine} ({@code pe}, {@code act}, {@code dve}, {@code pool}, {@code sp}). */
    public static RecordCost of(CostModel m, Arch arch, String engine, Arm arm, byte[] b, int at, DmaQueues queues) {
        if (arm == Arm.DMA_DIRECT2D || arm == Arm.DMA_TRIGGER) {
            double issue = arm == Arm.DMA_TRIGGER ? m.get("dma_trigger_issue_ns")
                    : engine.equals("pool") ? m.get("dma_direct2d_issue_pool_ns") : m.get("dma_direct2d_issue_ns");
            // on Pool the descriptors are generated after the measured interval: the engine is busy, not active, that long more
            double busy = issue + (arm == Arm.DMA_DIRECT2D && engine.equals("pool") ? m.get("dma_direct2d_pool_dge_ns") : 0);
            return new RecordCost(busy, issue, busy, transfer(arm, b, at, queues, arch, (long) m.get("dma_small_run_bytes")), 0, 0);
        }
        if (DGE.contains(arm)) {
            double issue = m.get("dma_dge_issue_ns");
            return new RecordCost(issue, issue, issue, Transfer.NONE, 0, 0);
        }
        if (arm == Arm.MATMUL) {
            Flyweight fw = Layouts.flyweight(arm, arch).wrap(b, at);
            long n = largestPattern(fw);
            boolean fp32 = field(fw, "fp32_mode") != 0;
            long passes = fp32 && n > m.get("pe_fp32_one_pass_columns") ? (long) m.get("pe_fp32_passes") : 1;
            // the columns stream at the PE's rate (TimedRun); the minimum spacing is Tensor cycles at the full clock
            long columns = passes * n;
            double busy = Math.max(columns, m.get("pe_min_moving")) / m.get("pe_clock_ghz");
            double done = busy + m.get("pe_matmul_latency_ns");
            // a PE transpose (transpose_mode set: a matmul against the identity) moves data; it does none of the model's MACs
            long macs = field(fw, "transpose_mode") != 0 ? 0 : field(fw, "num_active_rows") * field(fw, "num_active_cols") * n;
            return new RecordCost(busy, done, done, Transfer.NONE, macs, columns);
        }
        if (arm == Arm.LDWEIGHTS) {
            return new RecordCost(m.get("pe_ldweights_ns"), m.get("pe_ldweights_latency_ns"), m.get("pe_ldweights_latency_ns"), Transfer.NONE, 0, 0);
        }
        if (arm == Arm.ACTIVATION_TABLE_LOAD) {
            double t = m.get("act_table_load_ns");
            return new RecordCost(t, t, t, Transfer.NONE, 0, 0);
        }
        if (arm == Arm.PSEUDO_BRANCH_LABEL) {
            return NONE; // the runtime drops it: the profiles' pcs skip it (Profile)
        }
        long elements = elements(arch, arm, b, at);
        if (!datapath(engine, elements)) {
            String c = engine + "." + arm.specName() + ".fixed_ns";
            double t = ownClass(arm) && m.has(c) ? m.get(c) : m.get("sync_record_ns");
            // the profiler's active time leaves semaphore instructions out (profile-schema-reference: "excluding semaphore
            // waits"; tpb.profile.Summary, exact on the six exports): an EventSemaphore keeps its engine busy, not active
            return new RecordCost(t, arm == Arm.EVENT_SEMAPHORE ? 0 : t, t, Transfer.NONE, 0, 0);
        }
        double active = fixedNs(m, engine, arm) + elements * elementNs(m, engine, arm);
        // the ACT pipelines a record of more than one partition: its next record issues act_pipeline_ns before this one's
        // interval ends (the profiler's active time, the intervals' union, counts the overlap once); the semaphore update
        // lands at the end
        double pipeline = engine.equals("act") && active > m.get("act_pipeline_ns")
                && field(Layouts.flyweight(arm, arch).wrap(b, at), "num_active_channels") > 1 ? m.get("act_pipeline_ns") : 0;
        return new RecordCost(active - pipeline, active, active, Transfer.NONE, 0, 0);
    }

    /** The elements a partition of the record's largest access pattern; 0 for an opcode no arm holds (a hostile or newer NEFF has no layout to read). */
    static long elements(Arch arch, Arm arm, byte[] b, int at) {
        return arm == Arm.UNKNOWN ? 0 : largestPattern(Layouts.flyweight(arm, arch).wrap(b, at));
    }

    /** Whether a record that is no DMA, PE or table load costs as a datapath record (fixed + elements), not as a sync record. */
    static boolean datapath(String engine, long elements) {
        return elements > 0 && (engine.equals("act") || engine.equals("dve") || engine.equals("pool"));
    }

    /** Whether a record with no access pattern may have a class cost of its own: not a semaphore record, whose rows hold their waits ({@code sync_record_ns}). */
    static boolean ownClass(Arm arm) {
        return arm != Arm.EVENT_SEMAPHORE && arm != Arm.DMA_TRIGGER && arm != Arm.DMA_DIRECT2D && arm != Arm.MATMUL && arm != Arm.LDWEIGHTS
                && arm != Arm.ACTIVATION_TABLE_LOAD && arm != Arm.PSEUDO_BRANCH_LABEL && arm != Arm.UNKNOWN && !DGE.contains(arm);
    }

    /** A datapath record's fixed cost: its class's where fitted, else its engine's. */
    static double fixedNs(CostModel m, String engine, Arm arm) {
        String c = engine + "." + arm.specName() + ".fixed_ns";
        return m.has(c) ? m.get(c) : m.get(engine + "_fixed_ns");
    }

    /** A datapath record's cost an element of a partition: its class's where fitted, else one cycle of its engine's clock. */
    static double elementNs(CostModel m, String engine, Arm arm) {
        String c = engine + "." + arm.specName() + ".element_ns";
        return m.has(c) ? m.get(c) : 1 / m.get(engine + "_clock_ghz");
    }

    /**
     * What a DMA moves, from its descriptors: the one place the cost model reads a descriptor's
     * geometry. DMA_DIRECT2D is its own descriptor ({@code src_num_elem[0] x [1]} runs of
     * {@code src_elem_size} bytes), read through {@link DmaQueues#direct2d}, which checks its walk
     * against its vars as the other levels do (a walk past them is a fault, never a time); a
     * DMATrigger fires the NEFF's block of descriptors, each a run of its innermost contiguous bytes,
     * counted on the side with the shorter runs.
     */
    static Transfer transfer(Arm arm, byte[] b, int at, DmaQueues queues, Arch arch, long smallRunBytes) {
        if (arm == Arm.DMA_DIRECT2D) {
            DmaDescriptor d = queues.direct2d(b, at, arch);
            long packets = d.from().size(1) * d.from().size(2);
            return new Transfer(d.bytes(), packets, packets == 0 ? 0 : packets * small(d.bytes() / packets, smallRunBytes));
        }
        DmaQueues.Fire f = queues.fired(b, at);
        if (f == null) {
            return Transfer.NONE;
        }
        long packets = 0;
        double smallRuns = 0;
        for (DmaDescriptor d : f.block().descriptors()) {
            long bytes = d.bytes();
            packets += runs(bytes, Math.min(run(d.from()), run(d.to())));
            long read = run(d.from()); // the side the DMA reads: short reads are what the regime costs
            smallRuns += runs(bytes, read) * small(read, smallRunBytes);
        }
        return new Transfer(f.bytes(), packets, smallRuns);
    }

    /** How many runs of {@code run} bytes {@code bytes} make: the ceiling, without overflow; none when either is 0. */
    static long runs(long bytes, long run) {
        return bytes == 0 || run == 0 ? 0 : bytes / run + (bytes % run == 0 ? 0 : 1);
    }

    /** How far a run of {@code run} bytes reaches into the overhead-bound regime: 1 at no bytes, 0 at {@code smallRunBytes} and past it. */
    static double small(long run, long smallRunBytes) {
        return run >= smallRunBytes || smallRunBytes <= 0 ? 0 : (double) (smallRunBytes - run) / smallRunBytes;
    }

    /** An endpoint's contiguous run in bytes: its innermost dimensions while each steps by the bytes of those inside it. */
    static long run(DmaDescriptor.Endpoint e) {
        long run = 1;
        for (int d = 0; d < e.dimensions(); d++) {
            if (e.step(d) != run && e.size(d) > 1) {
                break;
            }
            if (e.size(d) <= 0 || run > Long.MAX_VALUE / e.size(d)) {
                return run; // an empty or impossibly large dimension: the run so far
            }
            run *= e.size(d);
        }
        return run;
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
