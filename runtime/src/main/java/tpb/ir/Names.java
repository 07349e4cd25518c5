package tpb.ir;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tpb.isa.EngineType;

/**
 * What a kernel names, read off the IR so that every level — the compiler's passes and the
 * simulators — derives it the same way: semaphore ids, and each engine's registers.
 */
final class Names {
    private Names() {}

    /** alloc_semaphores (seed000 §6): every named semaphore an id, in order of first appearance. */
    static Map<String, Integer> semaphoreIds(Module m) {
        Map<String, Integer> ids = new LinkedHashMap<>();
        for (Function f : m.functions()) {
            for (Block b : f.blocks()) {
                semaphores(b.insts(), ids);
            }
        }
        return ids;
    }

    private static void semaphores(List<Inst> insts, Map<String, Integer> ids) {
        for (Inst i : insts) {
            if (i instanceof Inst.EventSemaphore e) {
                add(ids, e.waitSem());
                add(ids, e.updateSem());
            } else if (i instanceof Inst.GroupReset g) {
                g.semaphores().forEach(s -> add(ids, s));
            } else if (i instanceof Inst.Loop l) {
                semaphores(l.body(), ids);
            } else if (i instanceof Inst.DynamicLoop l) {
                semaphores(l.body(), ids);
            } else if (i instanceof Inst.DoWhile l) {
                semaphores(l.body(), ids);
            }
        }
    }

    private static void add(Map<String, Integer> ids, String name) {
        if (name != null && !ids.containsKey(name)) {
            ids.put(name, ids.size());
        }
    }

    /**
     * The registers named by the instructions that run on {@code engine} (its own and ALL's) and
     * are lowered there — a static loop of zero trips keeps its counter and drops its body (facts §7.3).
     */
    static Set<Register> registersOn(Module m, EngineType engine) {
        Set<Register> out = new LinkedHashSet<>();
        for (Function f : m.functions()) {
            for (Block b : f.blocks()) {
                registers(b.insts(), engine, out);
            }
        }
        return out;
    }

    private static void registers(List<Inst> insts, EngineType engine, Set<Register> out) {
        for (Inst i : insts) {
            if (i.engine() != EngineType.ALL && i.engine() != engine) {
                continue;
            }
            if (i instanceof Inst.RegisterAlu a) {
                out.add(a.dst());
                out.add(a.src0());
                operand(a.src1(), out);
            } else if (i instanceof Inst.RegisterMove mv) {
                out.add(mv.dst());
                operand(mv.src(), out);
            } else if (i instanceof Inst.CompareAndBranch c) {
                out.add(c.lhs());
                operand(c.rhs(), out);
            } else if (i instanceof Inst.EventSemaphore e && e.waitReg() != null) {
                out.add(e.waitReg());
            } else if (i instanceof Inst.Loop l) {
                out.add(l.var());
                if (l.lb() < l.ub()) {
                    registers(l.body(), engine, out);
                }
            } else if (i instanceof Inst.DynamicLoop l) {
                out.add(l.var());
                out.add(l.ubReg());
                registers(l.body(), engine, out);
            } else if (i instanceof Inst.DoWhile d) {
                registers(d.body(), engine, out);
                out.add(d.pred());
            }
        }
    }

    private static void operand(Operand o, Set<Register> out) {
        if (o instanceof Operand.Reg r) {
            out.add(r.register());
        }
    }
}
