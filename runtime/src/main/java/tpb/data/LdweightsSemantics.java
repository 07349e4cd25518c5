package tpb.data;

import tpb.isa.DtypeWire;
import tpb.isa.LdweightsFlyweight;

/** LDWEIGHTS: the stationary tile into the PE array, in the core's load order ({@link PeArray#loadWeights}). */
final class LdweightsSemantics implements ArmSemantics {
    private final LdweightsFlyweight r = new LdweightsFlyweight();
    private final CoreState core;

    LdweightsSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        DtypeWire in = Operands.dtype(r.inDtypeRaw(), "LDWEIGHTS in_dtype");
        PeModes.fp32ModeNone(r.fp32ModeRaw(), "LDWEIGHTS");
        PeModes.transposeMode(r.transposeMode(), "LDWEIGHTS");
        PeModes.perfOptOff(r.perfOpt(), "LDWEIGHTS");
        PeModes.wholeArray(core, r.rowGrp(), r.colGrp(), "LDWEIGHTS");
        AccessPattern src = Operands.pattern(core, r.srcMemPattern(), in, r.numActiveRows());
        core.pe().loadWeights(src, r.numActiveRows(), r.numActiveCols());
        return "read " + src.range();
    }
}
