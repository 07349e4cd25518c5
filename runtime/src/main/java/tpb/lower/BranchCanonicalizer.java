package tpb.lower;

import java.util.List;
import tpb.isa.BranchNegation;
import tpb.mir.EngineCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;

/**
 * Encode only the taken edge (seed000 §3.2): a CTRL_BR record names one successor and the other
 * must be the next block. When on_true is the next block the predicate is negated through the
 * spec's BranchNegation LUT; when neither is, an unconditional jump follows; a jump to the next
 * block emits nothing (the fall-through elision of §3.2's GOTCHA).
 */
public final class BranchCanonicalizer {
    private BranchCanonicalizer() {}

    public static void run(EngineCode code) {
        for (MFunction f : code.functions) {
            List<MBlock> blocks = f.blocks;
            for (int k = 0; k < blocks.size(); k++) {
                String next = k + 1 < blocks.size() ? blocks.get(k + 1).label : null;
                List<MInst> insts = blocks.get(k).insts;
                for (int i = 0; i < insts.size(); i++) {
                    MInst m = insts.get(i);
                    boolean last = i == insts.size() - 1;
                    if (m instanceof MInst.CondBranch c) {
                        String fallsTo = last ? next : null;
                        if (c.onFalse().equals(fallsTo)) {
                            insts.set(i, new MInst.Branch(c.op(), c.lhs(), c.rhs(), c.imm(), c.dtype(), c.onTrue()));
                        } else if (c.onTrue().equals(fallsTo)) {
                            insts.set(i, new MInst.Branch(BranchNegation.map(c.op()), c.lhs(), c.rhs(), c.imm(), c.dtype(), c.onFalse()));
                        } else {
                            insts.set(i, new MInst.Branch(c.op(), c.lhs(), c.rhs(), c.imm(), c.dtype(), c.onTrue()));
                            insts.add(i + 1, new MInst.Branch(null, null, null, 0, null, c.onFalse()));
                            i++;
                        }
                    } else if (m instanceof MInst.Jump j) {
                        if (last && j.target().equals(next)) {
                            insts.remove(i--);
                        } else {
                            insts.set(i, new MInst.Branch(null, null, null, 0, null, j.target()));
                        }
                    }
                }
            }
        }
    }
}
