package tpb.data;

import java.util.Map;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.sim.DmaQueues;

/**
 * The data-level meaning of one record on one core: identifies the record's arm and runs that
 * arm's {@link ArmSemantics}, found through {@link ArmSemanticsTable} (one small class per arm).
 * Records whose whole effect is on semaphores, ordering or control flow have none here (the sync
 * level runs them). Any other arm, and any mode of a known arm the data level has no semantics
 * for, is a fault naming it.
 */
public final class DataSemantics {
    private final CoreState core;
    private final Map<Arm, ArmSemantics> arms;
    private ArmSemantics last;

    /** {@code activationNames}: ACTIVATE's function ids in the loaded table set, as the NEFF's profile names them. */
    public DataSemantics(CoreState core, Dram dram, Map<Integer, String> activationNames) {
        this(core, dram, activationNames, DmaQueues.NONE);
    }

    /** As above, with the program's DMA queues: what a DMATrigger fires. */
    public DataSemantics(CoreState core, Dram dram, Map<Integer, String> activationNames, DmaQueues queues) {
        this.core = core;
        this.arms = ArmSemanticsTable.of(core, dram, activationNames, queues);
    }

    private static volatile java.util.Set<Arm> modelled;

    /**
     * Whether the data level has semantics for {@code arm} at all (a mode of it may still be
     * unmodelled, a fault when the record runs): the pre-flight of {@code tpb neff info}. The
     * table's entries only hold the references they are given, so it is built here without a core.
     */
    public static boolean hasSemantics(Arm arm) {
        java.util.Set<Arm> m = modelled;
        if (m == null) {
            m = java.util.Set.copyOf(ArmSemanticsTable.of(null, null, Map.of(), DmaQueues.NONE).keySet());
            modelled = m;
        }
        return m.contains(arm);
    }

    /** What of DMA descriptor {@code d} the data level cannot run, or null (the pre-flight's check of a NEFF's DMA lists). */
    public static String unmodelled(tpb.neff.DmaDescriptor d) {
        return DmaDescriptorMove.unmodelled(d);
    }

    public CoreState core() {
        return core;
    }

    /** The bytes the last executed record moved (a DMA's source bytes), else 0. */
    public long bytesMoved() {
        return last == null ? 0 : last.bytesMoved();
    }

    /** The multiply-accumulates the last executed record did (a MATMUL's rows x cols x moving elements), else 0. */
    public long macs() {
        return last == null ? 0 : last.macs();
    }

    /** Executes the record at {@code b[at]} on engine {@code engine} (whose registers it reads and writes), as {@link #execute(byte[], int)}. */
    public String execute(String engine, byte[] b, int at) {
        core.engine(engine);
        return execute(b, at);
    }

    /** Executes the record at {@code b[at]}; returns the memory ranges it read and wrote, compact, or "" for none. */
    public String execute(byte[] b, int at) {
        last = null;
        Arm arm = Decoder.identify(b, at);
        if (arm == null || arm == Arm.UNKNOWN) {   // the decoder names an opcode byte no arm has UNKNOWN
            throw new DataFault("opcode 0x" + Integer.toHexString(Decoder.opcode(b, at)) + " has no arm");
        }
        ArmSemantics s = arms.get(arm);
        if (s == null) {
            throw new DataFault(arm.specName() + " (opcode 0x" + Integer.toHexString(arm.opcode()) + ") has no data-level semantics");
        }
        last = s;
        return s.execute(b, at);
    }
}
