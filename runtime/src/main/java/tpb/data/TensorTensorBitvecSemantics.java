package tpb.data;

import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.DtypePairView;
import tpb.isa.TensorTensorBitvecFlyweight;

/** TENSOR_TENSOR bitvec (0x51): {@code dst = src0 op src1} on bit patterns ({@link VectorOps#tensorTensorBits}), TENSOR_TENSOR's slots. */
final class TensorTensorBitvecSemantics implements ArmSemantics {
    private final TensorTensorBitvecFlyweight r = new TensorTensorBitvecFlyweight();
    private final CoreState core;

    TensorTensorBitvecSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        AluOpType op = AluOpWire.decode(r.opRaw());
        if (op == null) {
            throw new DataFault("TENSOR_TENSOR bitvec ALU wire byte 0x" + Integer.toHexString(r.opRaw()) + " is no ALU op");
        }
        int ch = r.numActiveChannels();
        DtypePairView in = r.in0In1Dtype();
        AccessPattern a = Operands.pattern(core, r.src0MemPattern(), Operands.dtype(in.lo(), "TENSOR_TENSOR bitvec src0 dtype"), ch);
        AccessPattern s1 = Operands.pattern(core, r.src1MemPattern(), Operands.dtype(in.hi(), "TENSOR_TENSOR bitvec src1 dtype"), ch);
        AccessPattern d = Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.outDtypeRaw(), "TENSOR_TENSOR bitvec out_dtype"), ch);
        VectorOps.tensorTensorBits(op, a, s1, d);
        return "read " + a.range() + ", " + s1.range() + "; wrote " + d.range();
    }
}
