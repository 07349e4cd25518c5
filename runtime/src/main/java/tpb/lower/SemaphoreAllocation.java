package tpb.lower;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.ir.Block;
import tpb.ir.Function;
import tpb.ir.Inst;
import tpb.ir.Module;

/**
 * alloc_semaphores (seed000 §6): gives every named semaphore of the kernel an id in the bank,
 * in order of first appearance, failing when the bank (NumSemaphores, 256) is exhausted.
 */
public final class SemaphoreAllocation {
    private SemaphoreAllocation() {}

    public static Map<String, Integer> allocate(Module m, int bank) {
        Map<String, Integer> ids = new LinkedHashMap<>();
        for (Function f : m.functions()) {
            for (Block b : f.blocks()) {
                walk(b.insts(), ids);
            }
        }
        if (ids.size() > bank) {
            throw new CompileException("the kernel names " + ids.size() + " semaphores; the bank holds " + bank);
        }
        return ids;
    }

    private static void walk(List<Inst> insts, Map<String, Integer> ids) {
        for (Inst i : insts) {
            if (i instanceof Inst.EventSemaphore e) {
                add(ids, e.waitSem());
                add(ids, e.updateSem());
            } else if (i instanceof Inst.GroupReset g) {
                g.semaphores().forEach(s -> add(ids, s));
            } else if (i instanceof Inst.Loop l) {
                walk(l.body(), ids);
            } else if (i instanceof Inst.DynamicLoop l) {
                walk(l.body(), ids);
            } else if (i instanceof Inst.DoWhile l) {
                walk(l.body(), ids);
            }
        }
    }

    private static void add(Map<String, Integer> ids, String name) {
        if (name != null && !ids.containsKey(name)) {
            ids.put(name, ids.size());
        }
    }
}
