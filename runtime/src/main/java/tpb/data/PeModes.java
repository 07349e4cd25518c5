package tpb.data;

import tpb.isa.PeFp32Mode;

/** The PE-array modes LDWEIGHTS and MATMUL share, and which of them the data level models. */
final class PeModes {
    private PeModes() {}

    /** row_grp/col_grp: one bit per 32-partition PE quadrant (datapath-facts §2.1); only the whole array is modelled. */
    static void wholeArray(CoreState core, int rowGrp, int colGrp, String what) {
        int all = (1 << (int) (core.arch().sbufPartitions() / core.arch().numPartPerQuadrant())) - 1;
        if (rowGrp != all || colGrp != all) {
            throw new DataFault(what + " row/col group 0x" + Integer.toHexString(rowGrp) + "/0x" + Integer.toHexString(colGrp)
                    + " has no data-level semantics (only the whole array, 0x" + Integer.toHexString(all) + ")");
        }
    }

    static void fp32ModeNone(int raw, String what) {
        if (raw != PeFp32Mode.NONE.value()) {
            PeFp32Mode m = PeFp32Mode.fromValue(raw);
            throw new DataFault(what + " fp32_mode " + (m == null ? raw : m.specName()) + " has no data-level semantics");
        }
    }

    static void transposeMode(int mode, String what) {
        // 0 and 1 are the only values in real records; 1 is INFERRED from the fixture (DataAssumptions)
        if (mode != 0 && mode != 1) {
            throw new DataFault(what + " transpose_mode " + mode + " has no data-level semantics");
        }
    }

    static void perfOptOff(int perfOpt, String what) {
        if (perfOpt != 0) {
            throw new DataFault(what + " perf_opt " + perfOpt + " has no data-level semantics");
        }
    }
}
