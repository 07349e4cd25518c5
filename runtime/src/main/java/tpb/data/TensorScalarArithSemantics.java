package tpb.data;

import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.DtypeWire;
import tpb.isa.ImmSrc;
import tpb.isa.TensorScalarArithFlyweight;

/**
 * TENSOR_SCALAR (arithmetic): {@code dst = (src op0 s0) op1 s1} element by element, in fp32 (NKI
 * {@code tensor_scalar}: "(data <op0> operand0) <op1> operand1", an operand broadcast along the free
 * dimension). A scalar is the record's immediate read as fp32 (IMM_SRC INSTRUCTION_IMMEDIATE) or,
 * by pointer (POINTER_IMMEDIATE), one value a partition ({@link Operands#pointer}); a bypass op
 * skips its step. Every real record (the attention NEFFs, 72) is op0 mult by a pointer, op1 bypass.
 * reverse_operands, the accumulator and register operands are faults: no record or source shows
 * their encoding's meaning.
 */
final class TensorScalarArithSemantics implements ArmSemantics {
    private final TensorScalarArithFlyweight r = new TensorScalarArithFlyweight();
    private final CoreState core;

    TensorScalarArithSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        if (r.reverseOperands() != 0 || r.accumulatorCmdRaw() != 0) {
            throw new DataFault("TENSOR_SCALAR with reverse_operands or accumulator_cmd set has no data-level semantics");
        }
        int ch = r.numActiveChannels();
        AccessPattern src = Operands.pattern(core, r.srcMemPattern(), Operands.dtype(r.inDtypeRaw(), "TENSOR_SCALAR in_dtype"), ch);
        AccessPattern dst = Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.outDtypeRaw(), "TENSOR_SCALAR out_dtype"), ch);
        AluOpType op0 = op(r.op0Raw(), "op0");
        AluOpType op1 = op(r.op1Raw(), "op1");
        double[] s0 = scalar(r.imm0SrcRaw(), r.imm0(), op0, ch, "imm0");
        double[] s1 = scalar(r.imm1SrcRaw(), r.imm1(), op1, ch, "imm1");
        VectorOps.tensorScalar(op0, s0, op1, s1, src, dst);
        return "read " + src.range() + "; wrote " + dst.range();
    }

    private static AluOpType op(int raw, String what) {
        AluOpType op = AluOpWire.decode(raw);
        if (op == null) {
            throw new DataFault("TENSOR_SCALAR " + what + " ALU wire byte 0x" + Integer.toHexString(raw) + " is no ALU op");
        }
        return op;
    }

    /** Lane p's scalar; null for a bypassed step, whose operand is not read. */
    private double[] scalar(int srcRaw, long imm, AluOpType op, int ch, String what) {
        if (op == AluOpType.BYPASS) {
            return null;
        }
        ImmSrc src = ImmSrc.fromValue(srcRaw);
        if (src == ImmSrc.INSTRUCTION_IMMEDIATE) {
            double[] v = new double[ch];
            java.util.Arrays.fill(v, Float.intBitsToFloat((int) imm));
            return v;
        }
        if (src == ImmSrc.POINTER_IMMEDIATE) {
            return Operands.lanes(Operands.pointer(core, imm, DtypeWire.FP32, ch));
        }
        throw new DataFault("TENSOR_SCALAR " + what + " from " + (src == null ? "source " + srcRaw : src.specName())
                + " has no data-level semantics");
    }
}
