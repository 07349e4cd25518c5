package tpb.mir;

import java.util.List;
import java.util.function.UnaryOperator;
import tpb.isa.AluOpType;
import tpb.isa.BranchCompareOp;
import tpb.isa.DtypeWire;
import tpb.isa.EventSemaphoreRecord;
import tpb.isa.Events;
import tpb.isa.ExitRecord;
import tpb.isa.Instruction;
import tpb.isa.ReturnRecord;

/**
 * Machine instructions of one engine: one record each (a branch until canonicalized may become
 * two), with virtual registers until allocation and block labels until PC resolution.
 *
 * <p>Every kind declares its own operands — {@link #uses()}, {@link #def()}, {@link #mapRegs} —
 * and every pass that treats kinds differently does so through a {@link Visitor}, so a new kind
 * does not compile until liveness, renaming, codegen and the lowered simulator say what it means
 * (Java 17 has no exhaustive pattern switch; the visitor is that switch).
 */
public sealed interface MInst {
    /** The registers this instruction's record reads, in operand order (one read as both sources is listed twice). */
    List<VReg> uses();

    /** The register it writes, or null. */
    VReg def();

    /** This instruction with every register operand replaced by {@code f}'s image (the same instruction when it has none). */
    MInst mapRegs(UnaryOperator<VReg> f);

    <R> R accept(Visitor<R> v);

    /**
     * A kind that reads and writes no virtual register. Implementing it is the declaration: a new
     * kind still has to choose between this and spelling out its operands.
     */
    sealed interface NoRegisters extends MInst {
        @Override
        default List<VReg> uses() {
            return List.of();
        }

        @Override
        default VReg def() {
            return null;
        }

        @Override
        default MInst mapRegs(UnaryOperator<VReg> f) {
            return this;
        }
    }

    /** One method per kind: implementing it is the exhaustive switch over machine instructions. */
    interface Visitor<R> {
        R alu(Alu a);

        R move(Move m);

        R condBranch(CondBranch b);

        R jump(Jump j);

        R branch(Branch b);

        R fixed(Fixed f);

        R waitOnRegister(Wait w);

        R store(Store s);

        R reload(Reload r);
    }

    /** Whether control leaves the function here for good (Exit or Return): kernel registers are read there. */
    default boolean leavesFunction() {
        return this instanceof Fixed f && (f.record() instanceof ExitRecord || f.record() instanceof ReturnRecord);
    }

    private static List<VReg> present(VReg a, VReg b) {
        return a == null ? b == null ? List.of() : List.of(b) : b == null ? List.of(a) : List.of(a, b);
    }

    private static VReg map(VReg v, UnaryOperator<VReg> f) {
        return v == null ? null : f.apply(v);
    }

    /** dst = src0 op (src1, or imm when src1 is null). */
    record Alu(AluOpType op, boolean is64, VReg dst, VReg src0, VReg src1, long imm, DtypeWire dtype) implements MInst {
        @Override
        public List<VReg> uses() {
            return present(src0, src1);
        }

        @Override
        public VReg def() {
            return dst;
        }

        @Override
        public MInst mapRegs(UnaryOperator<VReg> f) {
            return new Alu(op, is64, map(dst, f), map(src0, f), map(src1, f), imm, dtype);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.alu(this);
        }
    }

    /** dst = src, or imm when src is null. */
    record Move(VReg dst, VReg src, long imm, DtypeWire dtype) implements MInst {
        @Override
        public List<VReg> uses() {
            return present(src, null);
        }

        @Override
        public VReg def() {
            return dst;
        }

        @Override
        public MInst mapRegs(UnaryOperator<VReg> f) {
            return new Move(map(dst, f), map(src, f), imm, dtype);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.move(this);
        }
    }

    /** Before canonicalization: both successors. */
    record CondBranch(BranchCompareOp op, VReg lhs, VReg rhs, long imm, DtypeWire dtype, String onTrue, String onFalse) implements MInst {
        @Override
        public List<VReg> uses() {
            return present(lhs, rhs);
        }

        @Override
        public VReg def() {
            return null;
        }

        @Override
        public MInst mapRegs(UnaryOperator<VReg> f) {
            return new CondBranch(op, map(lhs, f), map(rhs, f), imm, dtype, onTrue, onFalse);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.condBranch(this);
        }
    }

    record Jump(String target) implements NoRegisters {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.jump(this);
        }
    }

    /** After canonicalization: the taken edge only (op null = unconditional); the other edge falls through. */
    record Branch(BranchCompareOp op, VReg lhs, VReg rhs, long imm, DtypeWire dtype, String target) implements MInst {
        @Override
        public List<VReg> uses() {
            return present(lhs, rhs);
        }

        @Override
        public VReg def() {
            return null;
        }

        @Override
        public MInst mapRegs(UnaryOperator<VReg> f) {
            return new Branch(op, map(lhs, f), map(rhs, f), imm, dtype, target);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.branch(this);
        }
    }

    /** A record with no registers and no block targets (Exit, Call, fences, DMA, semaphores, ...). */
    record Fixed(Instruction record) implements NoRegisters {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.fixed(this);
        }
    }

    /**
     * An EventSemaphore waiting against a register (SEM_GE_REG): {@code record} with its
     * semaphore_value left 0, which codegen fills with the threshold register's id (facts §1.4; that
     * the id travels in that field is INFERRED, the spec's WaitMode doc).
     */
    record Wait(EventSemaphoreRecord record, VReg threshold) implements MInst {
        /** The record with {@code register} as its threshold. */
        public EventSemaphoreRecord encode(int register) {
            Events e = record.events();
            return new EventSemaphoreRecord(record.header(), new Events(e.waitMode(), e.waitIdx(), e.updateMode(), e.updateIdx(), register),
                    record.ext());
        }

        @Override
        public List<VReg> uses() {
            return List.of(threshold);
        }

        @Override
        public VReg def() {
            return null;
        }

        @Override
        public MInst mapRegs(UnaryOperator<VReg> f) {
            return new Wait(record, map(threshold, f));
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.waitOnRegister(this);
        }
    }

    /** Spill code: store {@code reg} to spill slot {@code slot} (a TensorStore physical record). */
    record Store(VReg reg, int slot) implements MInst {
        @Override
        public List<VReg> uses() {
            return List.of(reg);
        }

        @Override
        public VReg def() {
            return null;
        }

        @Override
        public MInst mapRegs(UnaryOperator<VReg> f) {
            return new Store(map(reg, f), slot);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.store(this);
        }
    }

    /** Spill code: load {@code reg} back from spill slot {@code slot} (a TensorLoad physical record). */
    record Reload(VReg reg, int slot) implements MInst {
        @Override
        public List<VReg> uses() {
            return List.of();
        }

        @Override
        public VReg def() {
            return reg;
        }

        @Override
        public MInst mapRegs(UnaryOperator<VReg> f) {
            return new Reload(map(reg, f), slot);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.reload(this);
        }
    }
}
