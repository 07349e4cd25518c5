package tpb.data;

import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.DtypePairView;
import tpb.isa.TensorTensorArithFlyweight;
import tpb.isa.Tensor3dView;

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
        Operands3 o = Operands3.of(core, "TENSOR_TENSOR", r.opRaw(), r.in0In1Dtype(), r.outDtypeRaw(), r.numActiveChannels(),
                r.src0MemPattern(), r.src1MemPattern(), r.dstMemPattern());
        VectorOps.tensorTensor(o.op(), o.src0(), o.src1(), o.dst());
        return o.ranges();
    }

    /**
     * The decoded operands of the S3S3D3_TT records (TENSOR_TENSOR arith and bitvec): the ALU op,
     * src0 and src1 in the DTYPE_PAIR's low and high halves, dst in out_dtype, on the active channels.
     */
    record Operands3(AluOpType op, AccessPattern src0, AccessPattern src1, AccessPattern dst) {
        static Operands3 of(CoreState core, String what, int opRaw, DtypePairView in, int outRaw, int ch, Tensor3dView s0, Tensor3dView s1,
                Tensor3dView d) {
            AluOpType op = AluOpWire.decode(opRaw);
            if (op == null) {
                throw new DataFault(what + " ALU wire byte 0x" + Integer.toHexString(opRaw) + " is no ALU op");
            }
            return new Operands3(op, Operands.pattern(core, s0, Operands.dtype(in.lo(), what + " src0 dtype"), ch),
                    Operands.pattern(core, s1, Operands.dtype(in.hi(), what + " src1 dtype"), ch),
                    Operands.pattern(core, d, Operands.dtype(outRaw, what + " out_dtype"), ch));
        }

        String ranges() {
            return "read " + src0.range() + ", " + src1.range() + "; wrote " + dst.range();
        }
    }
}
