package tpb.data;

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
        TensorTensorArithSemantics.Operands3 o = TensorTensorArithSemantics.Operands3.of(core, "TENSOR_TENSOR bitvec", r.opRaw(),
                r.in0In1Dtype(), r.outDtypeRaw(), r.numActiveChannels(), r.src0MemPattern(), r.src1MemPattern(), r.dstMemPattern());
        VectorOps.tensorTensorBits(o.op(), o.src0(), o.src1(), o.dst());
        return o.ranges();
    }
}
