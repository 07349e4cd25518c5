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

    /** A DATA4D value generator's steps ([0]) and counts ([1]) per dimension, dimension 0 first (IOTA, the affine select). */
    static int[][] stepsAndNums(tpb.isa.Data4dView v) {
        int[][] out = new int[2][v.dims()];
        for (int d = 0; d < v.dims(); d++) {
            out[0][d] = v.step(d);
            out[1][d] = v.num(d);
        }
        return out;
    }

    /**
     * A scalar operand given by pointer (IMM_SRC POINTER_IMMEDIATE, ImmSrcN's likewise): one
     * {@code t} element a partition at the address the immediate holds, decoded as an ADDR4
     * immediate, so lane p reads the partition p after the address's own. INFERRED from the
     * attention NEFFs: each TENSOR_SCALAR's imm0 (0x6840, 0x6844, ...) is where the RECIPROCAL
     * before it wrote one value a partition, and each ACTIVATE's bias where a negated
     * TENSOR_REDUCE max went; ActivateQuantize's bias_addr is typed PARTITION_OFFSET
     * (datapath-facts §3.2).
     */
    static AccessPattern pointer(CoreState core, long address, DtypeWire t, int channels) {
        return new AccessPattern(core.addr4(address, 0, 0, 0), new int[] {1}, new int[] {1}, t, channels);
    }

    /** Lane p's value of a scalar pointer operand. */
    static double[] lanes(AccessPattern scalar) {
        double[] v = new double[scalar.channels()];
        for (int p = 0; p < v.length; p++) {
            v[p] = scalar.read(p)[0];
        }
        return v;
    }
}
