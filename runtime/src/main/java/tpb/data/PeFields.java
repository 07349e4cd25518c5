package tpb.data;

import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Layouts;
import tpb.isa.LdweightsFlyweight;
import tpb.isa.LdweightsSundaFlyweight;
import tpb.isa.MatmulFlyweight;
import tpb.isa.MatmulSundaFlyweight;
import tpb.isa.TensorPattern;

/**
 * The fields LDWEIGHTS and MATMUL semantics read, through the record's layout on the core's arch
 * ({@link Layouts}): view Sunda on a generation whose layout it is — no transpose_mode (the
 * header's sunda S3_LW and S3D3_MM have none: 0, a plain load or matmul), no out_dtype (FP32),
 * plus quant_offset (MATMUL), replication (LDWEIGHTS) and xbus_sel — else the arm's own layout
 * (cayman; mariana's view adds the LDWEIGHTS flags byte, which {@link LoadOrder} reads itself).
 * A sunda-only field the data level has no semantics for is a fault when it is not zero; xbus_sel
 * is read and not used (which bus carries the tile changes no value, ASSUMED: real sunda loads
 * hold 0x0F or 0x02 there, every MATMUL 0x10, conflict v2-ldweights-xbus-sel). One instance per
 * semantics object, refilled per record: no allocation on the PE path.
 */
final class PeFields {
    private final MatmulFlyweight matmul = new MatmulFlyweight();
    private final LdweightsFlyweight ldweights = new LdweightsFlyweight();
    /** The sunda views where they are the arch's layout ({@link Layouts#flyweight}), else null. */
    private final MatmulSundaFlyweight matmulSunda;
    private final LdweightsSundaFlyweight ldweightsSunda;

    TensorPattern src;
    TensorPattern dst;
    int inDtype;
    int fp32Mode;
    int transposeMode;
    int perfOpt;
    int rows;
    int cols;
    int rowGrp;
    int colGrp;
    int psumAccumulateFlags;
    /** MATMUL's out_dtype, raw (0 = FP32; sunda has none: 0). */
    int outDtype;

    PeFields(Arch arch) {
        matmulSunda = Layouts.flyweight(Arm.MATMUL, arch) instanceof MatmulSundaFlyweight f ? f : null;
        ldweightsSunda = Layouts.flyweight(Arm.LDWEIGHTS, arch) instanceof LdweightsSundaFlyweight f ? f : null;
    }

    PeFields matmul(byte[] b, int at) {
        if (matmulSunda != null) {
            MatmulSundaFlyweight r = matmulSunda.wrap(b, at);
            zero("MATMUL quant_offset", r.quantOffset());
            src = r.srcMemPattern();
            dst = r.dstMemPattern();
            inDtype = r.inDtypeRaw();
            fp32Mode = r.fp32ModeRaw();
            transposeMode = 0;
            perfOpt = r.perfOpt();
            rows = r.numActiveRows();
            cols = r.numActiveCols();
            rowGrp = r.rowGrp();
            colGrp = r.colGrp();
            psumAccumulateFlags = r.psumAccumulateFlagsRaw();
            outDtype = 0;
        } else {
            MatmulFlyweight r = matmul.wrap(b, at);
            src = r.srcMemPattern();
            dst = r.dstMemPattern();
            inDtype = r.inDtypeRaw();
            fp32Mode = r.fp32ModeRaw();
            transposeMode = r.transposeMode();
            perfOpt = r.perfOpt();
            rows = r.numActiveRows();
            cols = r.numActiveCols();
            rowGrp = r.rowGrp();
            colGrp = r.colGrp();
            psumAccumulateFlags = r.psumAccumulateFlagsRaw();
            outDtype = r.outDtypeRaw();
        }
        return this;
    }

    PeFields ldweights(byte[] b, int at) {
        if (ldweightsSunda != null) {
            LdweightsSundaFlyweight r = ldweightsSunda.wrap(b, at);
            zero("LDWEIGHTS replication", r.replication());
            src = r.srcMemPattern();
            inDtype = r.inDtypeRaw();
            fp32Mode = r.fp32ModeRaw();
            transposeMode = 0;
            perfOpt = r.perfOpt();
            rows = r.numActiveRows();
            cols = r.numActiveCols();
            rowGrp = r.rowGrp();
            colGrp = r.colGrp();
        } else {
            LdweightsFlyweight r = ldweights.wrap(b, at);
            src = r.srcMemPattern();
            inDtype = r.inDtypeRaw();
            fp32Mode = r.fp32ModeRaw();
            transposeMode = r.transposeMode();
            perfOpt = r.perfOpt();
            rows = r.numActiveRows();
            cols = r.numActiveCols();
            rowGrp = r.rowGrp();
            colGrp = r.colGrp();
        }
        dst = null;
        return this;
    }

    /**
     * The modes LDWEIGHTS and MATMUL check alike, after their own fp32_mode: transpose_mode, perf_opt
     * and the row/col groups ({@link PeModes}); {@code what} names the arm in a fault.
     */
    void checkModes(CoreState core, String what) {
        PeModes.transposeMode(transposeMode, what);
        PeModes.perfOptOff(perfOpt, what);
        PeModes.groups(core, rowGrp, colGrp, rows, cols, what);
    }

    private static void zero(String field, int value) {
        if (value != 0) {
            throw new DataFault(field + " " + value + " has no data-level semantics");
        }
    }
}
