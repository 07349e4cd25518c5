package tpb.data;

import java.util.EnumMap;
import java.util.Map;
import tpb.isa.Arm;
import tpb.sim.DmaQueues;

/**
 * The one table from an arm to its data-level semantics: adding an opcode's semantics is its class,
 * its line here and its test. Arms absent from the table have none; {@link DataSemantics} faults on
 * them, naming the arm.
 */
final class ArmSemanticsTable {
    private ArmSemanticsTable() {}

    /** A fresh table for one core (each entry holds its own flyweight). */
    static Map<Arm, ArmSemantics> of(CoreState core, Dram dram, Map<Integer, String> activationNames) {
        return of(core, dram, activationNames, DmaQueues.NONE);
    }

    /** As above, a DMATrigger firing the blocks of {@code queues}. */
    static Map<Arm, ArmSemantics> of(CoreState core, Dram dram, Map<Integer, String> activationNames, DmaQueues queues) {
        EnumMap<Arm, ArmSemantics> t = new EnumMap<>(Arm.class);
        t.put(Arm.DMA_TRIGGER, new DmaTriggerSemantics(core, dram, queues));
        t.put(Arm.DMA_DIRECT2D, new DmaDirect2dSemantics(core, dram));
        t.put(Arm.LDWEIGHTS, new LdweightsSemantics(core));
        t.put(Arm.MATMUL, new MatmulSemantics(core));
        t.put(Arm.COPY, new CopySemantics(core));
        t.put(Arm.CAST, new CastSemantics(core));
        t.put(Arm.TENSOR_TENSOR_ARITH, new TensorTensorArithSemantics(core));
        t.put(Arm.TENSOR_SCALAR_ARITH, new TensorScalarArithSemantics(core));
        t.put(Arm.TENSOR_REDUCE_ARITH, new TensorReduceArithSemantics(core));
        t.put(Arm.RECIPROCAL, new ReciprocalSemantics(core));
        t.put(Arm.TENSOR_TENSOR_BITVEC, new TensorTensorBitvecSemantics(core));
        t.put(Arm.COPY_PREDICATED, PredicatedCopySemantics.copy(core));
        t.put(Arm.CAST_PREDICATED, PredicatedCopySemantics.cast(core));
        t.put(Arm.COPY_PREDICATED_SCALAR, new CopyPredicatedScalarSemantics(core));
        t.put(Arm.MEMSET, new MemsetSemantics(core));
        t.put(Arm.IOTA, new IotaSemantics(core));
        t.put(Arm.TENSOR_SCALAR_AFFINE_SELECT, new TensorScalarAffineSelectSemantics(core));
        RegisterSemantics registers = new RegisterSemantics(core);
        t.put(Arm.REGISTER_MOVE, registers);
        t.put(Arm.REGISTER_ALU, registers);
        t.put(Arm.TENSOR_LOAD_PHYSICAL, new TensorLoadPhysicalSemantics(core, dram));
        t.put(Arm.ACTIVATE, new ActivateSemantics(core, activationNames));
        t.put(Arm.ACTIVATION_READ_ACCUMULATOR, new ActivationReadAccumulatorSemantics(core));
        // No data effect: ordering, labels, waits and semaphore updates; the table-set loads (an
        // ACTIVATE's id names one function in every set, NeffImage); what the synchronisation level
        // runs whole (a group reset, an Exit, a queue switch or re-arm: a DMATrigger names its block
        // itself); and a drain, an instruction flush or a branch hint, which wait for or steer
        // nothing here, where every record completes as it runs; a PseudoExtension, the second half of the
        // pseudo DMA before it, whose payload no source lays out (ASSUMED: nothing of its own; the MoE runs
        // equal their kernel with it so)
        ArmSemantics none = (b, at) -> "";
        for (Arm a : new Arm[] {Arm.SET_ORDERING_MODE, Arm.PSEUDO_BRANCH_LABEL, Arm.NO_OP, Arm.EVENT_SEMAPHORE,
                Arm.ACTIVATION_TABLE_LOAD, Arm.PSEUDO_LOAD_ACT_FUNC_SET, Arm.GROUP_RESET_SEMAPHORES, Arm.EXIT,
                Arm.SWITCH_QUEUE_INSTANCE, Arm.RESET_QUEUE_INSTANCE, Arm.DRAIN, Arm.INSTRUCTION_FLUSH, Arm.BRANCH_HINT,
                Arm.PSEUDO_EXTENSION}) {
            t.put(a, none);
        }
        return t;
    }
}
