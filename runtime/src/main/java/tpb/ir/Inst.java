package tpb.ir;

import java.util.List;
import tpb.isa.AluOpType;
import tpb.isa.BirUpdateMode;
import tpb.isa.BranchCompareOp;
import tpb.isa.BranchOutcomeHint;
import tpb.isa.DtypeWire;
import tpb.isa.EngineType;
import tpb.spec.Pos;

/**
 * The SP-family instructions of a kernel (seed000 §1, facts §5.5 InstructionType), plus the
 * structured loops the middle-end hands to lower_branch. Every instruction names the engine it
 * runs on; ALL (the default) runs on every engine of the module, each with its own registers.
 */
public sealed interface Inst {
    EngineType engine();

    Pos pos();

    record RegisterAlu(AluOpType op, boolean is64, Register dst, Register src0, Operand src1, DtypeWire dtype, EngineType engine,
            Pos pos) implements Inst {}

    record RegisterMove(Register dst, Operand src, DtypeWire dtype, EngineType engine, Pos pos) implements Inst {}

    /** Fused compare-and-branch: if lhs compOp rhs goto onTrue else onFalse (seed000 §3). */
    record CompareAndBranch(BranchCompareOp compOp, Register lhs, Operand rhs, DtypeWire dtype, String onTrue, String onFalse,
            EngineType engine, Pos pos) implements Inst {}

    record UnconditionalBranch(String target, EngineType engine, Pos pos) implements Inst {}

    record BranchHint(String target, BranchOutcomeHint hint, EngineType engine, Pos pos) implements Inst {}

    record Call(String callee, long argsTableVarId, EngineType engine, Pos pos) implements Inst {}

    record Return(EngineType engine, Pos pos) implements Inst {}

    record Exit(EngineType engine, Pos pos) implements Inst {}

    record NoOp(EngineType engine, Pos pos) implements Inst {}

    /** Leaves the innermost loop (seed000 §4.2: nulls the next-block slot; lowered to a jump). */
    record Break(EngineType engine, Pos pos) implements Inst {}

    /** Fires the next DMA block of {@code queue} (seed000 §4.3); {@code blockId} is the record's +0x30. */
    record DmaTrigger(String queue, long blockId, EngineType engine, Pos pos) implements Inst {}

    record SwitchQueueInstance(String queue, boolean noRearm, EngineType engine, Pos pos) implements Inst {}

    record ResetQueueInstance(String queue, EngineType engine, Pos pos) implements Inst {}

    /**
     * Wait until semaphore {@code waitSem} >= the threshold, then apply the update (either may be
     * absent). The threshold is {@code waitValue}, or the 32-bit register {@code waitReg} when it is
     * set (SEM_GE_REG, facts §1.4).
     */
    record EventSemaphore(String waitSem, long waitValue, Register waitReg, String updateSem, BirUpdateMode updateMode,
            long updateValue, EngineType engine, Pos pos) implements Inst {}

    record AllEngineBarrier(EngineType engine, Pos pos) implements Inst {}

    record GroupReset(List<String> semaphores, EngineType engine, Pos pos) implements Inst {}

    record Drain(EngineType engine, Pos pos) implements Inst {}

    record CoreBarrier(long barrierReg, long index, EngineType engine, Pos pos) implements Inst {}

    /** for (var = lb; var < ub; var += stride) body — static bounds, stride > 0 (facts §7.3). */
    record Loop(Register var, long lb, long ub, long stride, List<Inst> body, EngineType engine, Pos pos) implements Inst {}

    /** As Loop, with ub = ubConst + ubCoef × ubReg read when the loop starts (facts §7.3). */
    record DynamicLoop(Register var, long lb, long ubConst, long ubCoef, Register ubReg, long stride, List<Inst> body,
            EngineType engine, Pos pos) implements Inst {}

    /** body at least once, again while pred != 0 (facts §7.3). */
    record DoWhile(Register pred, List<Inst> body, EngineType engine, Pos pos) implements Inst {}
}
