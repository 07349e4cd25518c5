package tpb.regalloc;

import java.util.function.Consumer;
import tpb.lower.MInst;
import tpb.lower.VReg;

/** Which virtual registers a machine instruction reads and writes. */
final class Operands {
    private Operands() {}

    static void uses(MInst m, Consumer<VReg> f) {
        if (m instanceof MInst.Alu a) {
            f.accept(a.src0());
            if (a.src1() != null) {
                f.accept(a.src1());
            }
        } else if (m instanceof MInst.Move mv) {
            if (mv.src() != null) {
                f.accept(mv.src());
            }
        } else if (m instanceof MInst.Branch b) {
            if (b.lhs() != null) {
                f.accept(b.lhs());
            }
            if (b.rhs() != null) {
                f.accept(b.rhs());
            }
        } else if (m instanceof MInst.CondBranch b) {
            f.accept(b.lhs());
            if (b.rhs() != null) {
                f.accept(b.rhs());
            }
        } else if (m instanceof MInst.Spill s && s.store()) {
            f.accept(s.reg());
        }
    }

    static VReg def(MInst m) {
        if (m instanceof MInst.Alu a) {
            return a.dst();
        } else if (m instanceof MInst.Move mv) {
            return mv.dst();
        } else if (m instanceof MInst.Spill s && !s.store()) {
            return s.reg();
        }
        return null;
    }
}
