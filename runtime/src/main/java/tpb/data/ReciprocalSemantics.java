package tpb.data;

import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.ReciprocalFlyweight;

/**
 * RECIPROCAL: {@code dst = 1 / src} element by element, in fp32 (NKI {@code reciprocal}, Vector
 * Engine; an IEEE division rounded to nearest is ASSUMED: no source gives the hardware's
 * precision). Its guards (op bypass, negated and mask_enable 0, op_dim UNUSED or X: «CLA» §3) are
 * the spec's; a record that breaks them is refused here too rather than given a meaning.
 */
final class ReciprocalSemantics implements ArmSemantics {
    private final ReciprocalFlyweight r = new ReciprocalFlyweight();
    private final CoreState core;

    ReciprocalSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        if (r.negated() != 0 || r.maskEnable() != 0 || AluOpWire.decode(r.opRaw()) != AluOpType.BYPASS) {
            throw new DataFault("RECIPROCAL with negated, mask_enable or op set has no data-level semantics");
        }
        int ch = r.numActiveChannels();
        AccessPattern src = Operands.pattern(core, r.srcMemPattern(), Operands.dtype(r.inDtypeRaw(), "RECIPROCAL in_dtype"), ch);
        AccessPattern dst = Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.outDtypeRaw(), "RECIPROCAL out_dtype"), ch);
        VectorOps.reciprocal(src, dst);
        return "read " + src.range() + "; wrote " + dst.range();
    }
}
