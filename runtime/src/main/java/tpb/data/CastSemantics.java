package tpb.data;

import tpb.isa.CastFlyweight;

/** CAST: COPY's meaning on CAST's record ({@link CopySemantics#copy}). */
final class CastSemantics implements ArmSemantics {
    private final CastFlyweight r = new CastFlyweight();
    private final CoreState core;

    CastSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        return CopySemantics.copy("CAST", r.negated() | r.maskEnable(), r.opRaw(), r.opDimRaw(),
                Operands.pattern(core, r.srcMemPattern(), Operands.dtype(r.inDtypeRaw(), "CAST in_dtype"), r.numActiveChannels()),
                Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.outDtypeRaw(), "CAST out_dtype"), r.numActiveChannels()));
    }
}
