package tpb.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import tpb.isa.AluOpType;
import tpb.isa.BranchCompareOp;
import tpb.isa.DtypeWire;
import tpb.isa.EngineType;
import tpb.mir.EngineCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;

/**
 * Allocation quality: no spill whenever the registers live at once fit the file (straight-line
 * and loop code), and, on small random interference graphs, spills within 10 % of the exact
 * minimum; every allocation passes the independent checker.
 */
class AllocatorQualityTest {
    /** Random machine code: moves and ALU ops over a pool of registers, optionally wrapped in a loop. */
    static EngineCode program(Random r, int regs, int length, boolean loop) {
        EngineCode c = new EngineCode(EngineType.SP);
        MFunction f = new MFunction("main");
        c.functions.add(f);
        MBlock entry = new MBlock("entry");
        f.blocks.add(entry);
        List<VReg> pool = new ArrayList<>();
        for (int i = 0; i < regs; i++) {
            VReg v = new VReg("v" + i, r.nextInt(5) == 0 ? 2 : 1, false);
            pool.add(v);
            entry.insts.add(new MInst.Move(v, null, i, DtypeWire.INT32));
        }
        MBlock body = loop ? new MBlock("loop") : entry;
        if (loop) {
            f.blocks.add(body);
        }
        for (int i = 0; i < length; i++) {
            VReg a = pool.get(r.nextInt(regs));
            VReg b = pool.get(r.nextInt(regs));
            if (a.width == b.width) {
                body.insts.add(new MInst.Alu(AluOpType.ADD, a.width == 2, a, a, b, 0, DtypeWire.INT32));
            } else {
                body.insts.add(new MInst.Alu(AluOpType.ADD, a.width == 2, a, a, null, 1, DtypeWire.INT32));
            }
        }
        if (loop) {
            body.insts.add(new MInst.Branch(BranchCompareOp.IS_LTIMM, pool.get(0), null, 9, DtypeWire.INT32, "loop"));
        }
        MBlock exit = new MBlock("exit");
        for (VReg v : pool) {
            exit.insts.add(new MInst.Alu(AluOpType.BYPASS, v.width == 2, v, v, null, 0, DtypeWire.INT32));
        }
        f.blocks.add(exit);
        return c;
    }

    /** The most slots live at once, by the interval model the allocator itself does not trust the checker to share. */
    static int maxLiveSlots(EngineCode c) {
        LiveIntervals li = LiveIntervals.of(c);
        int max = 0;
        for (int p = 0; p <= 2 * li.instructions + 1; p++) {
            int live = 0;
            for (int i = 0; i < li.regs.size(); i++) {
                if (li.start[i] <= p && li.end[i] >= p) {
                    live += li.regs.get(i).width;
                }
            }
            max = Math.max(max, live);
        }
        return max;
    }

    @Property(tries = 300)
    void noSpillWhenEverythingFits(@ForAll long seed, @ForAll @IntRange(min = 2, max = 30) int regs, @ForAll boolean loop) {
        Random r = new Random(seed);
        EngineCode c = program(r, regs, 40, loop);
        int need = maxLiveSlots(c);
        int k = need + r.nextInt(3);
        RegisterAllocator.Result res = RegisterAllocator.allocate(c, Math.max(k, 2));
        if (need <= k) {
            assertEquals(0, res.spilled(), "needed " + need + " of " + k);
        }
        assertNull(AllocationChecker.check(c, res.ids(), Math.max(k, 2)));
    }

    @Property(tries = 200)
    void spillingKeepsProgramsAllocatable(@ForAll long seed, @ForAll @IntRange(min = 4, max = 8) int k) {
        Random r = new Random(seed);
        EngineCode c = program(r, 16, 30, r.nextBoolean());
        RegisterAllocator.Result res = RegisterAllocator.allocate(c, k);
        assertTrue(res.spilled() > 0);
        assertNull(AllocationChecker.check(c, res.ids(), k));
    }

    @Test
    void theCheckerCatchesASharedSlot() {
        EngineCode c = program(new Random(3), 6, 10, false);
        RegisterAllocator.Result res = RegisterAllocator.allocate(c, 62);
        Map<VReg, Integer> bad = new IdentityHashMap<>(res.ids());
        VReg any = bad.keySet().stream().filter(v -> v.width == 1).findFirst().orElseThrow();
        VReg other = bad.keySet().stream().filter(v -> v != any && v.width == 1 && !bad.get(v).equals(bad.get(any))).findFirst().orElseThrow();
        bad.put(other, bad.get(any));
        assertNotNull(AllocationChecker.check(c, bad, 62));
    }

    /** Spills of the colouring allocator against the exact minimum, over random graphs of up to 16 nodes. */
    @Test
    void spillsWithinTenPercentOfTheMinimumOnSmallGraphs() {
        Random r = new Random(11);
        int ours = 0;
        int best = 0;
        for (int t = 0; t < 300; t++) {
            int n = 6 + r.nextInt(11);
            int k = 2 + r.nextInt(3);
            double p = 0.2 + r.nextDouble() * 0.5;
            boolean[][] e = new boolean[n][n];
            int[] width = new int[n];
            double[] cost = new double[n];
            InterferenceGraph g = new InterferenceGraph(n, fill(width, 1), new boolean[n], fill(cost, 1));
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    if (r.nextDouble() < p) {
                        e[a][b] = e[b][a] = true;
                        g.addEdge(a, b);
                    }
                }
            }
            ours += ColoringAllocator.color(g, k).spilled().length;
            best += minimumSpills(e, n, k);
        }
        assertTrue(ours <= Math.ceil(best * 1.10), "spilled " + ours + ", minimum " + best);
        System.out.printf("random graphs: %d spills, exact minimum %d (ratio %.3f)%n", ours, best, (double) ours / best);
    }

    static int[] fill(int[] a, int v) {
        Arrays.fill(a, v);
        return a;
    }

    static double[] fill(double[] a, double v) {
        Arrays.fill(a, v);
        return a;
    }

    /** The fewest nodes whose removal leaves a k-colourable graph, by search over subsets in size order. */
    static int minimumSpills(boolean[][] e, int n, int k) {
        for (int size = 0; size <= n; size++) {
            if (anySubset(e, n, k, size, 0, 0L)) {
                return size;
            }
        }
        return n;
    }

    private static boolean anySubset(boolean[][] e, int n, int k, int left, int from, long removed) {
        if (left == 0) {
            return colourable(e, n, k, removed, new int[n], 0);
        }
        for (int i = from; i < n; i++) {
            if (anySubset(e, n, k, left - 1, i + 1, removed | (1L << i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean colourable(boolean[][] e, int n, int k, long removed, int[] colour, int i) {
        if (i == n) {
            return true;
        }
        if ((removed >>> i & 1) != 0) {
            colour[i] = -1;
            return colourable(e, n, k, removed, colour, i + 1);
        }
        for (int c = 0; c < k; c++) {
            boolean ok = true;
            for (int j = 0; j < i && ok; j++) {
                ok = !(e[i][j] && colour[j] == c);
            }
            if (ok) {
                colour[i] = c;
                if (colourable(e, n, k, removed, colour, i + 1)) {
                    return true;
                }
            }
        }
        return false;
    }
}
