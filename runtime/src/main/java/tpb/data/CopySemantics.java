package tpb.data;

import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.CopyFlyweight;

/** COPY: src to dst element by element, converting dtypes; only the plain form (no op, negation or mask). */
final class CopySemantics implements ArmSemantics {
    private final CopyFlyweight r = new CopyFlyweight();
    private final CoreState core;

    CopySemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        return copy("COPY", r.negated() | r.maskEnable(), r.opRaw(), r.opDimRaw(),
                Operands.pattern(core, r.srcMemPattern(), Operands.dtype(r.inDtypeRaw(), "COPY in_dtype"), r.numActiveChannels()),
                Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.outDtypeRaw(), "COPY out_dtype"), r.numActiveChannels()));
    }

    /** COPY's and CAST's shared meaning, once their operands are decoded. */
    static String copy(String what, int flags, int opRaw, int opDimRaw, AccessPattern src, AccessPattern dst) {
        // every real COPY/CAST has negated, op, op_dim and mask_enable zero (datapath-facts §5 check)
        if (flags != 0 || AluOpType.BYPASS != AluOpWire.decode(opRaw) || opDimRaw != 0) {
            throw new DataFault(what + " with negated, mask_enable, op or op_dim set has no data-level semantics");
        }
        VectorOps.copy(src, dst);
        return "read " + src.range() + "; wrote " + dst.range();
    }
}
