package tpb.data;

import tpb.isa.AluOpType;
import tpb.isa.CastPredicatedFlyweight;
import tpb.isa.CopyPredicatedFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.Tensor3dView;

/**
 * COPY_PREDICATED (0x72) and CAST_PREDICATED (0x99): a merge. Where the integer predicate (src0)
 * is non-zero the element takes src1's value (CAST converting it to out_dtype, COPY moving its
 * bytes); where it is zero dst keeps what it holds. «CASTPRED» §1, §5 HIGH/OBSERVED
 * (datapath-facts §4): "lanes where the predicate is false keep the old dst"; that "true" is any
 * non-zero value is ASSUMED.
 */
final class PredicatedCopySemantics implements ArmSemantics {
    private final CopyPredicatedFlyweight copy;
    private final CastPredicatedFlyweight cast;
    private final CoreState core;

    private PredicatedCopySemantics(CoreState core, boolean converts) {
        this.core = core;
        this.copy = converts ? null : new CopyPredicatedFlyweight();
        this.cast = converts ? new CastPredicatedFlyweight() : null;
    }

    static PredicatedCopySemantics copy(CoreState core) {
        return new PredicatedCopySemantics(core, false);
    }

    static PredicatedCopySemantics cast(CoreState core) {
        return new PredicatedCopySemantics(core, true);
    }

    @Override
    public String execute(byte[] b, int at) {
        String what = copy != null ? "COPY_PREDICATED" : "CAST_PREDICATED";
        AluOpType op;
        long lo;
        long hi;
        int out;
        int ch;
        Tensor3dView s0;
        Tensor3dView s1;
        Tensor3dView d;
        if (copy != null) {
            copy.wrap(b, at);
            op = copy.op();
            lo = copy.in0In1DtypeTagsLo();
            hi = copy.in0In1DtypeTagsHi();
            out = copy.outDtypeRaw();
            ch = copy.numActiveChannels();
            s0 = copy.src0MemPattern();
            s1 = copy.src1MemPattern();
            d = copy.dstMemPattern();
        } else {
            cast.wrap(b, at);
            op = cast.op();
            lo = cast.in0In1DtypeTagsLo();
            hi = cast.in0In1DtypeTagsHi();
            out = cast.outDtypeRaw();
            ch = cast.numActiveChannels();
            s0 = cast.src0MemPattern();
            s1 = cast.src1MemPattern();
            d = cast.dstMemPattern();
        }
        if (op != AluOpType.BYPASS) {
            throw new DataFault(what + " with an op other than bypass has no data-level semantics");
        }
        DtypeWire predType = Operands.dtype(lo, what + " predicate dtype");
        if (Elements.isFloat(predType)) {
            throw new DataFault(what + " predicate dtype " + predType.specName() + " is not an integer dtype");
        }
        AccessPattern pred = Operands.pattern(core, s0, predType, ch);
        AccessPattern src = Operands.pattern(core, s1, Operands.dtype(hi, what + " data dtype"), ch);
        AccessPattern dst = Operands.pattern(core, d, Operands.dtype(out, what + " out_dtype"), ch);
        VectorOps.merge(pred, false, src, dst);
        return "read " + pred.range() + ", " + src.range() + "; wrote " + dst.range();
    }
}
