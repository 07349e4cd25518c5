package tpb.data;

import tpb.isa.DtypeWire;
import tpb.isa.PeFp32Mode;

/** The PE-array modes LDWEIGHTS and MATMUL share, and which of them the data level models. */
final class PeModes {
    private PeModes() {}

    /**
     * row_grp/col_grp: one bit per 32-partition PE quadrant (datapath-facts §2.1: {1,2,4,8} one
     * quadrant, {3,12} two, 0xF all). The arithmetic is the record's active rows and columns over its
     * access patterns' partitions, so a group only has to hold them: the sunda conv2d NEFFs load a
     * 1 x 128 tile (num_active_rows 1) with row_grp 0x1 (INFERRED: which quadrant a tile sits in
     * changes no value). A group with bits past the array, or with fewer rows or columns than the
     * record uses, is a fault.
     */
    static void groups(CoreState core, int rowGrp, int colGrp, int rows, int cols, String what) {
        group(core, "row_grp", rowGrp, rows, "rows", what);
        group(core, "col_grp", colGrp, cols, "columns", what);
    }

    private static void group(CoreState core, String field, int grp, int active, String unit, String what) {
        int quadrant = (int) core.arch().numPartPerQuadrant();
        int quadrants = (int) (core.arch().sbufPartitions() / quadrant);
        String named = what + " " + field + " 0x" + Integer.toHexString(grp);
        if ((grp & ~((1 << quadrants) - 1)) != 0) {
            throw new DataFault(named + " names a quadrant past the PE array's " + quadrants + " (of " + quadrant + " " + unit + " each)");
        }
        if (Integer.bitCount(grp) * quadrant < active) {
            throw new DataFault(named + " holds " + Integer.bitCount(grp) * quadrant + " " + unit + ", fewer than its " + active + " active " + unit);
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

    /**
     * MATMUL's fp32_mode: NONE on other dtypes; on an FP32 moving tile the part of it the PE array
     * multiplies, split as LDWEIGHTS splits the stationary one ({@link PeArray#keepFp32Part}): LOW_HIGH
     * the whole tile, HIGH its bfloat16-truncated part, LOW the rest. INFERRED from real records: the
     * fp32 matmuls of the attention (cayman) and conv2d (sunda) NEFFs say LOW_HIGH; the sunda conv2d
     * NEFFs say HIGH only where the moving tile is the identity of a PE transpose of the weights, which
     * its high part holds exactly, so the compiler reads fp32_mode as the moving tile's passes.
     */
    static PeFp32Mode matmulFp32Part(int raw, DtypeWire in) {
        PeFp32Mode m = PeFp32Mode.fromValue(raw);
        if (m == PeFp32Mode.NONE || (in == DtypeWire.FP32 && m != null)) {
            return m;
        }
        throw new DataFault("MATMUL fp32_mode " + name(m, raw) + " on " + in.specName() + " data has no data-level semantics");
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
