package tpb.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.mir.CompileException;

/**
 * alloc_semaphores (seed000 §6) on a kernel that names its semaphores inside every kind of loop
 * body and in a group reset: ids in order of first appearance, a wait's semaphore before the
 * same record's update's, each name once; a bank one smaller than the names is refused.
 */
class SemaphoreAllocationTest {
    static final String KERNEL = """
            kernel: sems
            registers: [i, n]
            functions:
              - name: main
                insts:
                  - {inst: RegisterMove, dst: n, src: 1}
                  - inst: Loop
                    var: i
                    lb: 0
                    ub: 2
                    body:
                      - {inst: EventSemaphore, wait: {sem: a, value: 0}, update: {sem: b, mode: sem_inc}}
                  - inst: DynamicForLoop
                    var: i
                    lb: 0
                    ub_const: 1
                    ub_coef: 1
                    ub_reg: n
                    body:
                      - {inst: EventSemaphore, update: {sem: c, mode: sem_inc}}
                  - inst: DoWhile
                    pred: n
                    body:
                      - {inst: RegisterAlu, op: subtract, dst: n, src0: n, src1: 1}
                      - {inst: EventSemaphore, update: {sem: a, mode: sem_inc}}
                      - {inst: EventSemaphore, update: {sem: d, mode: sem_inc}}
                  - {inst: GroupResetSemaphores, semaphores: [b, e]}
                  - {inst: Exit}
            """;

    /** a (the Loop's wait), b (its update), c (the DynamicForLoop), d (the DoWhile; a again is not new), e (the reset). */
    @Test
    void idsInOrderOfFirstAppearanceThroughEveryLoopBody() {
        Module m = KernelReader.read("sems.yaml", KERNEL);
        Map<String, Integer> ids = SemaphoreAllocation.allocate(m, 5);
        assertEquals(List.of("a", "b", "c", "d", "e"), List.copyOf(ids.keySet()));
        assertEquals(List.of(0, 1, 2, 3, 4), List.copyOf(ids.values()));
    }

    @Test
    void aBankSmallerThanTheNamesIsRefused() {
        Module m = KernelReader.read("sems.yaml", KERNEL);
        CompileException e = assertThrows(CompileException.class, () -> SemaphoreAllocation.allocate(m, 4));
        assertEquals("the kernel names 5 semaphores; the bank holds 4", e.getMessage());
    }
}
