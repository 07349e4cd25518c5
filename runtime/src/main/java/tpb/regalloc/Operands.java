package tpb.regalloc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import tpb.mir.EngineCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;

/**
 * What the allocator's liveness reads at each instruction: the record's operands, and at Exit and
 * Return every kernel register of the code being allocated (its final value is what a run
 * reports). One instance per allocation round; the {@link AllocationChecker} computes its own.
 */
final class Operands {
    /** The observable (kernel) registers the code names, in order of first appearance. */
    private final List<VReg> observed;

    private Operands(List<VReg> observed) {
        this.observed = observed;
    }

    /**
     * The reads of {@code code} as it stands: a spilled kernel register no longer occurs in it (spill
     * rewriting renamed every occurrence), so its value lives in memory and Exit does not read it.
     */
    static Operands of(EngineCode code) {
        Set<VReg> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<VReg> out = new ArrayList<>();
        for (MFunction f : code.functions) {
            for (MBlock b : f.blocks) {
                for (MInst m : b.insts) {
                    for (VReg v : m.uses()) {
                        if (v.observable && seen.add(v)) {
                            out.add(v);
                        }
                    }
                    VReg d = m.def();
                    if (d != null && d.observable && seen.add(d)) {
                        out.add(d);
                    }
                }
            }
        }
        return new Operands(List.copyOf(out));
    }

    /** Reads for liveness: an instruction's operands, and every observable register at Exit and Return. */
    void uses(MInst m, Consumer<VReg> f) {
        (m.leavesFunction() ? observed : m.uses()).forEach(f);
    }
}
