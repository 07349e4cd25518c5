package tpb.data;

import tpb.isa.DtypeWire;
import tpb.isa.PeFp32Mode;

/** LDWEIGHTS: the stationary tile into the PE array, in the core's load order ({@link PeArray#loadWeights}). */
final class LdweightsSemantics implements ArmSemantics {
    private final PeFields r;
    private final CoreState core;

    LdweightsSemantics(CoreState core) {
        this.core = core;
        this.r = new PeFields(core == null ? null : core.arch());   // null: the pre-flight's table (DataSemantics.hasSemantics)
    }

    @Override
    public String execute(byte[] b, int at) {
        r.ldweights(b, at);
        DtypeWire in = Operands.dtype(r.inDtype, "LDWEIGHTS in_dtype");
        PeFp32Mode part = PeModes.ldweightsFp32Part(r.fp32Mode, in);
        r.checkModes(core, "LDWEIGHTS");
        AccessPattern src = Operands.pattern(core, r.src, in, r.rows);
        // a transpose moves the data bit for bit whatever part the load names: every fp32 transpose
        // load of the attention NEFFs says LOW, and its output is used as the whole value
        core.pe().loadWeights(src, r.rows, r.cols, r.transposeMode == 0 ? part : PeFp32Mode.NONE);
        return "read " + src.range();
    }
}
