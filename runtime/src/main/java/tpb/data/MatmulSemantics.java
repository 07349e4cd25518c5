package tpb.data;

import tpb.isa.DtypeWire;
import tpb.isa.PeFp32Mode;
import tpb.isa.PsumAccumulateFlags;

/**
 * MATMUL: the moving tile through the PE array into PSUM, written or accumulated by its
 * psum_accumulate_flags; transpose_mode 1 is a PE transpose through the identity stationary tile.
 */
final class MatmulSemantics implements ArmSemantics {
    private final PeFields r;
    private final CoreState core;
    private long macs;

    MatmulSemantics(CoreState core) {
        this.core = core;
        this.r = new PeFields(core == null ? null : core.arch());   // null: the pre-flight's table (DataSemantics.hasSemantics)
    }

    @Override
    public long macs() {
        return macs;
    }

    @Override
    public String execute(byte[] b, int at) {
        macs = 0;
        r.matmul(b, at);
        DtypeWire in = Operands.dtype(r.inDtype, "MATMUL in_dtype");
        PeFp32Mode part = PeModes.matmulFp32Part(r.fp32Mode, in);
        r.checkModes(core, "MATMUL");
        PsumAccumulateFlags flags = PsumAccumulateFlags.fromValue(r.psumAccumulateFlags);
        if (flags == null || flags == PsumAccumulateFlags.BEGIN_ACCUM_MATMUL_GROUP) {
            throw new DataFault("MATMUL psum_accumulate_flags 0x" + Integer.toHexString(r.psumAccumulateFlags)
                    + " has no data-level semantics");
        }
        boolean begin = flags == PsumAccumulateFlags.MULTI_START || flags == PsumAccumulateFlags.SINGLE;
        DtypeWire out;
        if (r.transposeMode == 1) {
            if (flags != PsumAccumulateFlags.SINGLE) {
                throw new DataFault("MATMUL transpose_mode 1 in a " + flags.specName() + " group has no data-level semantics");
            }
            out = in;   // a PE transpose writes the input dtype (NKI nc_transpose; conflict pe-transpose-psum-dtype)
        } else {
            // out_dtype 0 means FP32 ("FP32 (all) | BF16 (v4+) | 0 (=FP32)", datapath-facts §2.1)
            DtypeWire o = DtypeWire.fromValue(r.outDtype);
            if (o != DtypeWire.INVALID && o != DtypeWire.FP32) {
                throw new DataFault("MATMUL out_dtype " + (o == null ? r.outDtype : o.specName()) + " has no data-level semantics");
            }
            out = DtypeWire.FP32;
        }
        AccessPattern moving = Operands.pattern(core, r.src, in, r.rows);
        AccessPattern dst = Operands.pattern(core, r.dst, out, r.cols);
        if (r.transposeMode == 1) {
            // NKI nc_transpose: bit-accurate from NeuronCore-v3 on, the product before (the profile's fact)
            core.pe().transpose(moving, dst, r.rows, r.cols, core.arch().peTransposeBitExact() != 0);
        } else {
            core.pe().matmul(moving, part, dst, r.rows, r.cols, begin);
        }
        macs = (long) r.rows * r.cols * moving.count();
        return "read " + moving.range() + "; " + (begin ? "wrote " : "accumulated ") + dst.range();
    }
}
