package tpb.regalloc;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import tpb.isa.CallRecord;
import tpb.isa.ExitRecord;
import tpb.isa.ReturnRecord;
import tpb.mir.EngineCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;

/**
 * An independent verifier of an allocation, in the manner of regalloc2's checker: classic
 * block-level dataflow liveness over each function's CFG (not the allocator's live ranges), then
 * at every instruction no two live registers — nor a written one and one live past it — share a
 * physical slot, and every slot is below the file size. A register live where no path has
 * written it yet is live all the same: it holds its reset value (all ones, facts §7.1), which a
 * value left dead in its slot would replace; a call reads what is live into its callee. Calls
 * clobber nothing here: registers live across a call must not share slots with any register of
 * the callee.
 */
public final class AllocationChecker {
    private AllocationChecker() {}

    /** The first problem found, or null when the allocation is sound. */
    public static String check(EngineCode code, Map<VReg, Integer> ids, int fileSize) {
        Reads reads = new Reads(code);
        Map<VReg, Integer> index = new IdentityHashMap<>();
        List<VReg> regs = new ArrayList<>();
        for (MFunction f : code.functions) {
            for (MBlock b : f.blocks) {
                for (MInst m : b.insts) {
                    for (VReg v : reads.at(m)) {
                        number(v, index, regs);
                    }
                    if (m.def() != null) {
                        number(m.def(), index, regs);
                    }
                }
            }
        }
        for (VReg v : regs) {
            Integer id = ids.get(v);
            if (id == null || id < 0 || id + v.width > fileSize) {
                return "register " + v + " has slot " + id + " outside the " + fileSize + "-register file";
            }
        }
        Map<String, BitSet> usedByFunction = new HashMap<>();
        for (MFunction f : code.functions) {
            BitSet used = new BitSet();
            for (MBlock b : f.blocks) {
                for (MInst m : b.insts) {
                    for (VReg v : reads.at(m)) {
                        used.set(index.get(v));
                    }
                    if (m.def() != null) {
                        used.set(index.get(m.def()));
                    }
                }
            }
            usedByFunction.put(f.name, used);
        }
        // what is live into each function's first block, a call reading its callee's: to a fixpoint over the call graph
        Map<String, BitSet> entryLive = new HashMap<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (MFunction f : code.functions) {
                BitSet[] liveIn = liveIn(f, reads, index, entryLive);
                BitSet entry = f.blocks.isEmpty() ? new BitSet() : liveIn[0];
                if (!entry.equals(entryLive.get(f.name))) {
                    entryLive.put(f.name, entry);
                    changed = true;
                }
            }
        }
        for (MFunction f : code.functions) {
            String problem = checkFunction(f, reads, index, regs, ids, usedByFunction, entryLive);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** Block-level backward liveness of one function: what is live into each block. */
    private static BitSet[] liveIn(MFunction f, Reads reads, Map<VReg, Integer> index, Map<String, BitSet> entryLive) {
        int nb = f.blocks.size();
        Map<String, Integer> blockIndex = blockIndex(f);
        BitSet[] liveIn = new BitSet[nb];
        for (int i = 0; i < nb; i++) {
            liveIn[i] = new BitSet();
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = nb - 1; i >= 0; i--) {
                BitSet live = liveOut(f, i, blockIndex, liveIn);
                List<MInst> insts = f.blocks.get(i).insts;
                for (int k = insts.size() - 1; k >= 0; k--) {
                    step(insts.get(k), reads, live, index, entryLive);
                }
                if (!live.equals(liveIn[i])) {
                    liveIn[i] = live;
                    changed = true;
                }
            }
        }
        return liveIn;
    }

    private static Map<String, Integer> blockIndex(MFunction f) {
        Map<String, Integer> blockIndex = new HashMap<>();
        for (int i = 0; i < f.blocks.size(); i++) {
            blockIndex.put(f.blocks.get(i).label, i);
        }
        return blockIndex;
    }

    private static String checkFunction(MFunction f, Reads reads, Map<VReg, Integer> index, List<VReg> regs, Map<VReg, Integer> ids,
            Map<String, BitSet> usedByFunction, Map<String, BitSet> entryLive) {
        int nb = f.blocks.size();
        Map<String, Integer> blockIndex = blockIndex(f);
        BitSet[] liveIn = liveIn(f, reads, index, entryLive);
        for (int i = 0; i < nb; i++) {
            BitSet live = liveOut(f, i, blockIndex, liveIn);
            List<MInst> insts = f.blocks.get(i).insts;
            for (int k = insts.size() - 1; k >= 0; k--) {
                MInst m = insts.get(k);
                // a live register nobody wrote on some path here holds its reset value (facts §7.1): a value like any other
                BitSet clash = (BitSet) live.clone();
                VReg d = m.def();
                if (d != null) {
                    clash.set(index.get(d));
                }
                if (m instanceof MInst.Fixed fx && fx.record() instanceof CallRecord c) {
                    BitSet callee = usedByFunction.getOrDefault(c.functionName(), new BitSet());
                    String p = overlap(live, callee, regs, ids, "across the call to " + c.functionName() + " in " + f.name);
                    if (p != null) {
                        return p;
                    }
                }
                String p = overlap(clash, clash, regs, ids, "at " + m + " in " + f.blocks.get(i).label);
                if (p != null) {
                    return p;
                }
                step(m, reads, live, index, entryLive);
            }
        }
        return null;
    }

    private static String overlap(BitSet a, BitSet b, List<VReg> regs, Map<VReg, Integer> ids, String where) {
        for (int x = a.nextSetBit(0); x >= 0; x = a.nextSetBit(x + 1)) {
            for (int y = b.nextSetBit(0); y >= 0; y = b.nextSetBit(y + 1)) {
                if (x == y) {
                    continue;
                }
                VReg u = regs.get(x);
                VReg v = regs.get(y);
                int su = ids.get(u);
                int sv = ids.get(v);
                if (su < sv + v.width && sv < su + u.width) {
                    return "registers " + u + " and " + v + " share slot " + Math.max(su, sv) + " " + where;
                }
            }
        }
        return null;
    }

    private static BitSet liveOut(MFunction f, int i, Map<String, Integer> blockIndex, BitSet[] liveIn) {
        BitSet out = new BitSet();
        List<MInst> insts = f.blocks.get(i).insts;
        boolean falls = true;
        for (MInst m : insts) {
            if (m instanceof MInst.Branch b) {
                Integer t = blockIndex.get(b.target());
                if (t != null) {
                    out.or(liveIn[t]);
                }
                if (b.op() == null) {
                    falls = false;
                }
            } else if (m instanceof MInst.Fixed fx && (fx.record() instanceof ExitRecord || fx.record() instanceof ReturnRecord)) {
                falls = false;
            }
        }
        if (falls && i + 1 < f.blocks.size()) {
            out.or(liveIn[i + 1]);
        }
        return out;
    }

    private static void step(MInst m, Reads reads, BitSet live, Map<VReg, Integer> index, Map<String, BitSet> entryLive) {
        VReg d = m.def();
        if (d != null) {
            live.clear(index.get(d));
        }
        for (VReg v : reads.at(m)) {
            live.set(index.get(v));
        }
        if (m instanceof MInst.Fixed fx && fx.record() instanceof CallRecord c) {
            // the callee may read what it does not write first: the caller must keep it, reset value included
            live.or(entryLive.getOrDefault(c.functionName(), new BitSet()));
        }
    }

    private static void number(VReg v, Map<VReg, Integer> index, List<VReg> regs) {
        if (!index.containsKey(v)) {
            index.put(v, regs.size());
            regs.add(v);
        }
    }

    /**
     * The checker's own reading of what each instruction reads (not the allocator's {@code
     * Operands}, whose bug it could share): the record's operands, and at Exit and Return every
     * kernel register the code still names — a spilled one no longer occurs, it lives in memory.
     */
    private static final class Reads {
        private final List<VReg> kernel = new ArrayList<>();

        Reads(EngineCode code) {
            Map<VReg, Boolean> named = new IdentityHashMap<>();
            for (MFunction f : code.functions) {
                for (MBlock b : f.blocks) {
                    for (MInst m : b.insts) {
                        List<VReg> operands = new ArrayList<>(m.uses());
                        operands.add(m.def());
                        for (VReg v : operands) {
                            if (v != null && v.observable && named.put(v, Boolean.TRUE) == null) {
                                kernel.add(v);
                            }
                        }
                    }
                }
            }
        }

        List<VReg> at(MInst m) {
            return m.leavesFunction() ? kernel : m.uses();
        }
    }
}
