package tpb.data;

import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.TensorReduceArithFlyweight;
import tpb.isa.TensorSubdim;

/**
 * TENSOR_REDUCE (arithmetic): each partition's source reduced over the {@code op_dim} axes with the
 * record's ALU op, negated when {@code negated} is set. NKI {@code tensor_reduce}: the reduction
 * axes are consecutive from the most minor one (X, XY, ... name them: X is dimension 0, the
 * innermost); arithmetic ops cast the input to fp32 and reduce in fp32; {@code negate} multiplies
 * the result by -1.0 (https://awsdocs-neuron.readthedocs-hosted.com/en/latest/nki/api/generated/nki.isa.tensor_reduce.html).
 * The elements of one reduction are combined in walk order, left to right (ASSUMED: no source
 * gives the hardware's order; it changes only an fp32 add's rounding).
 */
final class TensorReduceArithSemantics implements ArmSemantics {
    private final TensorReduceArithFlyweight r = new TensorReduceArithFlyweight();
    private final CoreState core;

    TensorReduceArithSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        AluOpType op = AluOpWire.decode(r.opRaw());
        if (op == null || op == AluOpType.BYPASS) {
            throw new DataFault("TENSOR_REDUCE op 0x" + Integer.toHexString(r.opRaw()) + " is no reduction");
        }
        TensorSubdim axes = TensorSubdim.fromValue(r.opDimRaw());
        if (axes == null || axes == TensorSubdim.UNUSED) {
            throw new DataFault("TENSOR_REDUCE op_dim " + (axes == null ? r.opDimRaw() : axes.specName()) + " names no axes to reduce");
        }
        if (r.maskEnable() != 0) {
            throw new DataFault("TENSOR_REDUCE with mask_enable set has no data-level semantics");
        }
        int ch = r.numActiveChannels();
        AccessPattern src = Operands.pattern(core, r.srcMemPattern(), Operands.dtype(r.inDtypeRaw(), "TENSOR_REDUCE in_dtype"), ch);
        AccessPattern dst = Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.outDtypeRaw(), "TENSOR_REDUCE out_dtype"), ch);
        // the axis names list the reduced dimensions, X first: X is one, XYZW four (the spec's names)
        int reduced = axes.specName().length();
        int run = 1;
        for (int d = 0; d < reduced && d < r.srcMemPattern().dims(); d++) {
            run *= r.srcMemPattern().num(d);
        }
        VectorOps.reduce(op, run, r.negated() != 0, src, dst);
        return "read " + src.range() + "; wrote " + dst.range();
    }
}
