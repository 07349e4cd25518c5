package tpb.regalloc;

import java.util.function.Consumer;
import tpb.lower.MInst;
import tpb.lower.VReg;

/** Which virtual registers a machine instruction reads and writes. */
final class Operands {
    private Operands() {}

    /** The observable (kernel) registers of the code being allocated: read by every Exit and Return. */
    private static final ThreadLocal<java.util.List<VReg>> OBSERVED = ThreadLocal.withInitial(java.util.List::of);

    static void observe(tpb.lower.EngineCode code) {
        java.util.Set<VReg> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        java.util.List<VReg> out = new java.util.ArrayList<>();
        OBSERVED.set(java.util.List.of());
        for (tpb.lower.MFunction f : code.functions) {
            for (tpb.lower.MBlock b : f.blocks) {
                for (MInst m : b.insts) {
                    operandUses(m, v -> {
                        if (v.observable && !v.spilled && seen.add(v)) {
                            out.add(v);
                        }
                    });
                    VReg d = def(m);
                    if (d != null && d.observable && !d.spilled && seen.add(d)) {
                        out.add(d);
                    }
                }
            }
        }
        OBSERVED.set(out);
    }

    /** Reads for liveness: an instruction's operands, and every observable register at Exit and Return. */
    static void uses(MInst m, Consumer<VReg> f) {
        if (m instanceof MInst.Fixed x && (x.record() instanceof tpb.isa.ExitRecord || x.record() instanceof tpb.isa.ReturnRecord)) {
            OBSERVED.get().forEach(f);
            return;
        }
        operandUses(m, f);
    }

    /** The registers an instruction's record reads (spill rewriting reloads these only: a spilled value stays observable in memory). */
    static void operandUses(MInst m, Consumer<VReg> f) {
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
        } else if (m instanceof MInst.Wait w) {
            f.accept(w.threshold());
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
