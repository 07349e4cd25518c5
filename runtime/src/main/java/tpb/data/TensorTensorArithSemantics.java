package tpb.data;

import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.DtypePairView;
import tpb.isa.TensorTensorArithFlyweight;

/** TENSOR_TENSOR: dst = src0 op src1 element by element, the two source dtypes in one DTYPE_PAIR byte. */
final class TensorTensorArithSemantics implements ArmSemantics {
    private final TensorTensorArithFlyweight r = new TensorTensorArithFlyweight();
    private final CoreState core;

    TensorTensorArithSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        AluOpType op = AluOpWire.decode(r.opRaw());
        if (op == null) {
            throw new DataFault("TENSOR_TENSOR ALU wire byte 0x" + Integer.toHexString(r.opRaw()) + " is no ALU op");
        }
        int ch = r.numActiveChannels();
        DtypePairView in = r.in0In1Dtype();
        AccessPattern a = Operands.pattern(core, r.src0MemPattern(), Operands.dtype(in.lo(), "TENSOR_TENSOR src0 dtype"), ch);
        AccessPattern s1 = Operands.pattern(core, r.src1MemPattern(), Operands.dtype(in.hi(), "TENSOR_TENSOR src1 dtype"), ch);
        AccessPattern d = Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.outDtypeRaw(), "TENSOR_TENSOR out_dtype"), ch);
        VectorOps.tensorTensor(op, a, s1, d);
        return "read " + a.range() + ", " + s1.range() + "; wrote " + d.range();
    }
}
