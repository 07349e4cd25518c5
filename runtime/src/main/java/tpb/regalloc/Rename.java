package tpb.regalloc;

import java.util.Map;
import tpb.lower.MInst;
import tpb.lower.VReg;

/** An instruction with some registers renamed (spill temporaries). */
final class Rename {
    private Rename() {}

    private static VReg r(VReg v, Map<VReg, VReg> m) {
        return v == null ? null : m.getOrDefault(v, v);
    }

    static MInst apply(MInst i, Map<VReg, VReg> m) {
        if (m.isEmpty()) {
            return i;
        }
        if (i instanceof MInst.Alu a) {
            return new MInst.Alu(a.op(), a.is64(), r(a.dst(), m), r(a.src0(), m), r(a.src1(), m), a.imm(), a.dtype());
        } else if (i instanceof MInst.Move mv) {
            return new MInst.Move(r(mv.dst(), m), r(mv.src(), m), mv.imm(), mv.dtype());
        } else if (i instanceof MInst.Branch b) {
            return new MInst.Branch(b.op(), r(b.lhs(), m), r(b.rhs(), m), b.imm(), b.dtype(), b.target());
        } else if (i instanceof MInst.Wait w) {
            return new MInst.Wait(w.record(), r(w.threshold(), m));
        } else if (i instanceof MInst.Spill s) {
            return new MInst.Spill(r(s.reg(), m), s.slot(), s.store());
        }
        return i;
    }
}
