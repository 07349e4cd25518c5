package tpb.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tpb.regalloc.AllocationCheckerTest.add;
import static tpb.regalloc.AllocationCheckerTest.block;
import static tpb.regalloc.AllocationCheckerTest.call;
import static tpb.regalloc.AllocationCheckerTest.code;
import static tpb.regalloc.AllocationCheckerTest.exit;
import static tpb.regalloc.AllocationCheckerTest.function;
import static tpb.regalloc.AllocationCheckerTest.mov;
import static tpb.regalloc.AllocationCheckerTest.ret;
import static tpb.regalloc.AllocationCheckerTest.temp;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.mir.VReg;

/** The interference graph swept from live ranges worked out by hand (see {@link LiveIntervalsTest}). */
class InterferenceGraphTest {
    static List<Integer> neighbours(InterferenceGraph g, int i) {
        int[] a = Arrays.copyOf(g.adj[i] == null ? new int[0] : g.adj[i], g.degree[i]);
        Arrays.sort(a);
        return Arrays.stream(a).boxed().toList();
    }

    /**
     * main: p0 call f; p1 a = 1; p2 b = a + 1; p3 Exit. f: p4 t = 5; p5 u = t + 1; p6 Return.
     * Numbered in order of first occurrence: a 0 [3, 4], b 1 [5, 5], t 2 and u 3, which reach back
     * to the call site 0: t [0, 10], u [0, 11]. So the registers numbered last start first, and the
     * sweep must go by start: t and u meet each other and both a and b; a and b do not meet.
     */
    @Test
    void theSweepGoesByStartNotByNumber() {
        VReg a = temp("a");
        VReg b = temp("b");
        VReg t = temp("t");
        VReg u = temp("u");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", call("f"), mov(a, 1), add(b, a, null), exit())),
                function("f", block("f_entry", mov(t, 5), add(u, t, null), ret()))));
        assertEquals(List.of(a, b, t, u), li.regs);
        InterferenceGraph g = InterferenceGraph.of(li);
        assertEquals(4, g.size());
        assertEquals(List.of(2, 3), neighbours(g, 0));
        assertEquals(List.of(2, 3), neighbours(g, 1));
        assertEquals(List.of(0, 1, 3), neighbours(g, 2));
        assertEquals(List.of(0, 1, 2), neighbours(g, 3));
    }
}
