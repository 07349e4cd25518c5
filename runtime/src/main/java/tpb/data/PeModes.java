package tpb.data;

import tpb.isa.DtypeWire;
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

    /**
     * LDWEIGHTS' fp32_mode: NONE loads the tile as it is; on an FP32 tile LOW and HIGH load one of
     * the two parts an fp32 matmul runs in ({@link PeArray#keepFp32Part}). No record carries
     * LOW_HIGH on a load.
     */
    static PeFp32Mode ldweightsFp32Part(int raw, DtypeWire in) {
        PeFp32Mode m = PeFp32Mode.fromValue(raw);
        if (m == PeFp32Mode.NONE || (in == DtypeWire.FP32 && (m == PeFp32Mode.LOW || m == PeFp32Mode.HIGH))) {
            return m;
        }
        throw new DataFault("LDWEIGHTS fp32_mode " + name(m, raw) + " on " + in.specName() + " weights has no data-level semantics");
    }

    /** MATMUL's fp32_mode: NONE, or LOW_HIGH on an FP32 moving tile (the whole tile, against the loaded part). */
    static void matmulFp32Mode(int raw, DtypeWire in) {
        PeFp32Mode m = PeFp32Mode.fromValue(raw);
        if (m != PeFp32Mode.NONE && !(in == DtypeWire.FP32 && m == PeFp32Mode.LOW_HIGH)) {
            throw new DataFault("MATMUL fp32_mode " + name(m, raw) + " on " + in.specName() + " data has no data-level semantics");
        }
    }

    private static String name(PeFp32Mode m, int raw) {
        return m == null ? Integer.toString(raw) : m.specName();
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
