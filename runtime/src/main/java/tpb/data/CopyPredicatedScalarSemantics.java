package tpb.data;

import tpb.isa.CopyPredicatedScalarFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.ImmSrc;

/**
 * COPY_PREDICATED_SCALAR (0xE8): with {@code reversed_pred} 0, elements whose predicate is false
 * (zero) get the scalar and the others keep dst; {@code reversed_pred} 1 swaps the two. «CPS» §4,
 * §7 HIGH/OBSERVED (datapath-facts §4b). The scalar is the record's immediate, its 32 bits read in
 * in_dtype's width (IMM_VAL_INST_FIELD: fp32, int32, uint32, uint16[2], uint8[4]; the low element
 * for a narrower dtype, ASSUMED), or by pointer one value a partition ({@link Operands#pointer}).
 */
final class CopyPredicatedScalarSemantics implements ArmSemantics {
    private final CopyPredicatedScalarFlyweight r = new CopyPredicatedScalarFlyweight();
    private final CoreState core;

    CopyPredicatedScalarSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        int ch = r.numActiveChannels();
        DtypeWire predType = Operands.dtype(r.predDtypeRaw(), "COPY_PREDICATED_SCALAR pred_dtype");
        if (Elements.isFloat(predType)) {
            throw new DataFault("COPY_PREDICATED_SCALAR pred_dtype " + predType.specName() + " is not an integer dtype");
        }
        if (r.reversedPred() > 1) {
            throw new DataFault("COPY_PREDICATED_SCALAR reversed_pred " + r.reversedPred() + " is neither 0 nor 1");
        }
        DtypeWire t = Operands.dtype(r.outDtypeRaw(), "COPY_PREDICATED_SCALAR out_dtype");
        AccessPattern pred = Operands.pattern(core, r.predMemPattern(), predType, ch);
        AccessPattern dst = Operands.pattern(core, r.dstMemPattern(), t, ch);
        ImmSrc src = ImmSrc.fromValue(r.src0ImmSrcRaw());
        double[] scalar = new double[ch];
        if (src == ImmSrc.INSTRUCTION_IMMEDIATE) {
            byte[] imm = new byte[Float.BYTES];
            long bits = r.src0ImmBits();
            for (int i = 0; i < imm.length; i++) {
                imm[i] = (byte) (bits >>> (8 * i));
            }
            java.util.Arrays.fill(scalar, Elements.read(imm, 0, t));
        } else if (src == ImmSrc.POINTER_IMMEDIATE) {
            scalar = Operands.lanes(Operands.pointer(core, r.src0ImmBits(), t, ch));
        } else {
            throw new DataFault("COPY_PREDICATED_SCALAR scalar from " + (src == null ? "source " + r.src0ImmSrcRaw() : src.specName())
                    + " has no data-level semantics");
        }
        VectorOps.mergeScalar(pred, r.reversedPred() == 0, scalar, dst);
        return "read " + pred.range() + "; wrote " + dst.range();
    }
}
