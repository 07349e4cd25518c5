package tpb.lower;

import java.util.Map;
import tpb.ir.Module;
import tpb.mir.CompileException;

/**
 * alloc_semaphores (seed000 §6): every named semaphore of the kernel its id in the bank
 * ({@link Module#semaphoreIds}), failing when the bank (NumSemaphores) is exhausted.
 */
public final class SemaphoreAllocation {
    private SemaphoreAllocation() {}

    public static Map<String, Integer> allocate(Module m, int bank) {
        Map<String, Integer> ids = m.semaphoreIds();
        if (ids.size() > bank) {
            throw new CompileException("the kernel names " + ids.size() + " semaphores; the bank holds " + bank);
        }
        return ids;
    }
}
