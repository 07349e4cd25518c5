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

    /** Spill code: store {@code reg} to slot, or load it back (TensorStore/TensorLoad physical). */
    record Spill(VReg reg, int slot, boolean store) implements MInst {}
}
