package tpb.data;

import tpb.isa.AffineSelectMode;
import tpb.isa.Data4dView;
import tpb.isa.DtypeWire;
import tpb.isa.TensorScalarAffineSelectFlyweight;

/**
 * TENSOR_SCALAR_AFFINE_SELECT (NKI nki.isa.affine_select): dst = src where the affine expression of
 * the element's indices and partition is not zero, the fill register's fp32 value where it is
 * ({@link VectorOps#affineSelect}). Only the {@code mode} values enum AffineSelectMode names are
 * modelled (3, the value of both real records, the compiler's IDAffineSelect(mask, fill=1)): no source
 * says what the field selects, but the identity those records make has exactly one reading
 * (docs/data-level.md). The fill register holds fp32 bits: the RegisterMove before them writes
 * 0x3f800000 for the debug names' fill=1 (INFERRED).
 */
final class TensorScalarAffineSelectSemantics implements ArmSemantics {
    private final TensorScalarAffineSelectFlyweight r = new TensorScalarAffineSelectFlyweight();
    private final CoreState core;

    TensorScalarAffineSelectSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        if (AffineSelectMode.fromValue(r.mode()) != AffineSelectMode.FILL_WHERE_ZERO) {
            throw new DataFault("TensorScalarAffineSelect mode " + r.mode() + " has no data-level semantics (known: "
                    + AffineSelectMode.FILL_WHERE_ZERO.specName() + " " + AffineSelectMode.FILL_WHERE_ZERO.value() + ")");
        }
        long lo = r.inOutDtype().lo();
        long hi = r.inOutDtype().hi();
        if (lo != hi) {
            throw new DataFault("TensorScalarAffineSelect in_out_dtype holds two dtypes (tags " + lo + " and " + hi
                    + "): which is the data's and which the output's no record tells");
        }
        DtypeWire t = Operands.dtype(lo, "TensorScalarAffineSelect dtype");
        int ch = r.numActiveChannels();
        AccessPattern src = Operands.pattern(core, r.srcMemPattern(), t, ch);
        AccessPattern dst = Operands.pattern(core, r.dstMemPattern(), t, ch);
        Data4dView e = r.affinePattern();
        int[][] sn = Operands.stepsAndNums(e);
        float fill = Float.intBitsToFloat((int) core.registers().slot(r.fillReg()));
        VectorOps.affineSelect(e.base(), sn[0], sn[1], r.channelMultiplier(), fill, src, dst);
        return "read " + src.range() + "; wrote " + dst.range();
    }
}
