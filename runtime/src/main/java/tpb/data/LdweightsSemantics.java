package tpb.data;

import tpb.isa.DtypeWire;
import tpb.isa.LdweightsFlyweight;
import tpb.isa.PeFp32Mode;

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
        PeFp32Mode part = PeModes.ldweightsFp32Part(r.fp32ModeRaw(), in);
        PeModes.transposeMode(r.transposeMode(), "LDWEIGHTS");
        PeModes.perfOptOff(r.perfOpt(), "LDWEIGHTS");
        PeModes.groups(core, r.rowGrp(), r.colGrp(), r.numActiveRows(), r.numActiveCols(), "LDWEIGHTS");
        AccessPattern src = Operands.pattern(core, r.srcMemPattern(), in, r.numActiveRows());
        core.pe().loadWeights(src, r.numActiveRows(), r.numActiveCols());
        // a transpose moves the data bit for bit whatever part the load names: every fp32 transpose
        // load of the attention NEFFs says LOW, and its output is used as the whole value
        if (r.transposeMode() == 0) {
            core.pe().keepFp32Part(part);
        }
        return "read " + src.range();
    }
}
