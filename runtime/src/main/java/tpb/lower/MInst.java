package tpb.lower;

import tpb.isa.AluOpType;
import tpb.isa.BranchCompareOp;
import tpb.isa.DtypeWire;
import tpb.isa.Instruction;

/**
 * Machine instructions of one engine: one record each (a branch until canonicalized may become
 * two), with virtual registers until allocation and block labels until PC resolution.
 */
public sealed interface MInst {
    /** dst = src0 op (src1, or imm when src1 is null). */
    record Alu(AluOpType op, boolean is64, VReg dst, VReg src0, VReg src1, long imm, DtypeWire dtype) implements MInst {}

    /** dst = src, or imm when src is null. */
    record Move(VReg dst, VReg src, long imm, DtypeWire dtype) implements MInst {}

    /** Before canonicalization: both successors. */
    record CondBranch(BranchCompareOp op, VReg lhs, VReg rhs, long imm, DtypeWire dtype, String onTrue, String onFalse) implements MInst {}

    record Jump(String target) implements MInst {}

    /** After canonicalization: the taken edge only (op null = unconditional); the other edge falls through. */
    record Branch(BranchCompareOp op, VReg lhs, VReg rhs, long imm, DtypeWire dtype, String target) implements MInst {}

    /** A record with no registers and no block targets (Exit, Call, fences, DMA, semaphores, ...). */
    record Fixed(Instruction record) implements MInst {}

    /**
     * An EventSemaphore waiting against a register (SEM_GE_REG): {@code record} with its
     * semaphore_value left 0, which codegen fills with the threshold register's id (facts §1.4; that
     * the id travels in that field is INFERRED, the spec's WaitMode doc).
     */
    record Wait(tpb.isa.EventSemaphoreRecord record, VReg threshold) implements MInst {
        /** The record with {@code register} as its threshold. */
        public tpb.isa.EventSemaphoreRecord encode(int register) {
            tpb.isa.Events e = record.events();
            return new tpb.isa.EventSemaphoreRecord(record.header(),
                    new tpb.isa.Events(e.waitMode(), e.waitIdx(), e.updateMode(), e.updateIdx(), register), record.ext());
        }
    }

    /** Spill code: store {@code reg} to slot, or load it back (TensorStore/TensorLoad physical). */
    record Spill(VReg reg, int slot, boolean store) implements MInst {}
}
