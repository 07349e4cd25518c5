package tpb.data;

import tpb.isa.Addr4View;
import tpb.isa.DtypeWire;
import tpb.isa.TensorPattern;

/** Operand decoding every arm's semantics shares: a dtype tag the data level has values for, a tensor pattern. */
final class Operands {
    private Operands() {}

    static DtypeWire dtype(long raw, String what) {
        DtypeWire t = DtypeWire.fromValue((int) raw);
        if (t == null || !Elements.hasValues(t)) {
            throw new DataFault(what + " " + (t == null ? "tag " + raw : t.specName()) + " has no data-level semantics");
        }
        return t;
    }

    /** The access pattern a TENSOR1D/3D/4D operand describes, over as many dimensions as the spec gives it. */
    static AccessPattern pattern(CoreState core, TensorPattern p, DtypeWire t, int channels) {
        int dims = p.dims();
        int[] s = new int[dims];
        int[] n = new int[dims];
        for (int d = 0; d < dims; d++) {
            s[d] = p.step(d);
            n[d] = p.num(d);
        }
        Addr4View a = p.start();
        return new AccessPattern(core.addr4(a.address(), a.indirect(), a.dynamic(), a.register()), s, n, t, channels);
    }
}
