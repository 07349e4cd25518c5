package tpb.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static tpb.regalloc.AllocationCheckerTest.add;
import static tpb.regalloc.AllocationCheckerTest.block;
import static tpb.regalloc.AllocationCheckerTest.code;
import static tpb.regalloc.AllocationCheckerTest.exit;
import static tpb.regalloc.AllocationCheckerTest.function;
import static tpb.regalloc.AllocationCheckerTest.kernel;
import static tpb.regalloc.AllocationCheckerTest.mov;
import static tpb.regalloc.AllocationCheckerTest.pair;
import static tpb.regalloc.AllocationCheckerTest.temp;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.mir.CompileException;
import tpb.mir.EngineCode;
import tpb.mir.MInst;
import tpb.mir.VReg;

/** The allocation loop and the unallocated layout on machine code written by hand. */
class RegisterAllocatorTest {
    /**
     * a (32-bit), p (64-bit), b (32-bit) in order of first appearance: a at 0, p on the next even
     * slot, 2 (slots 2-3), b at 4: 5 slots. A file of 4 is too small.
     */
    @Test
    void unallocatedGivesEachRegisterItsOwnSlotsWithPairsEven() {
        VReg a = temp("a");
        VReg p = pair("p");
        VReg b = temp("b");
        EngineCode c = code(function("main", block("entry", mov(a, 1), mov(p, 2), mov(b, 3))));
        RegisterAllocator.Result r = RegisterAllocator.unallocated(c, 5);
        assertEquals(Map.of("a", 0, "p", 2, "b", 4), names(r.ids()));
        assertEquals(0, r.spilled());
        CompileException e = assertThrows(CompileException.class, () -> RegisterAllocator.unallocated(c, 4));
        assertEquals("without allocation the code needs 5 registers, more than 4", e.getMessage());
    }

    static Map<String, Integer> names(Map<VReg, Integer> ids) {
        Map<String, Integer> out = new HashMap<>();
        ids.forEach((v, i) -> out.put(v.name, i));
        return out;
    }

    /**
     * p0 x = 1; p1 a = 2; p2 b = 3; p3 c = a + b; p4 d = c + x on two slots, every register but x
     * a spill temporary (unspillable). After b = 3, x, a and b are live: three values, two slots,
     * and x is the only one that may go. It gets spill slot 0, a store after its write and a
     * reload before its read, through fresh temporaries; the second round fits.
     */
    @Test
    void theOnlySpillableRegisterIsSpilledWithAStoreAfterItsWriteAndAReloadBeforeItsRead() {
        VReg x = temp("x");
        VReg a = new VReg("a", 1, true);
        VReg b = new VReg("b", 1, true);
        VReg c = new VReg("c", 1, true);
        VReg d = new VReg("d", 1, true);
        EngineCode code = xAndFourTemporaries(x, a, b, c, d);
        RegisterAllocator.Result r = RegisterAllocator.allocate(code, 2);
        assertEquals(1, r.spilled());
        assertEquals(1, r.slots());
        assertEquals(2, r.rounds());
        assertEquals(Map.of(x, 0), r.spillSlots());
        List<MInst> out = code.functions.get(0).blocks.get(0).insts;
        assertEquals(7, out.size(), out.toString());
        MInst.Move first = assertInstanceOf(MInst.Move.class, out.get(0));
        MInst.Store store = assertInstanceOf(MInst.Store.class, out.get(1));
        assertSame(first.dst(), store.reg());
        assertEquals(0, store.slot());
        assertEquals(List.of(a, b, c), List.of(out.get(2).def(), out.get(3).def(), out.get(4).def()));
        MInst.Reload reload = assertInstanceOf(MInst.Reload.class, out.get(5));
        assertEquals(0, reload.slot());
        assertEquals(List.of(c, reload.reg()), out.get(6).uses());
        assertEquals(true, first.dst().unspillable && reload.reg().unspillable);
        assertNull(AllocationChecker.check(code, r.ids(), 2));
    }

    /**
     * The same code as above needs two colourings (the first spills x, the second fits), so a
     * bound of two rounds is enough and a bound of one is not: the last colouring allowed must
     * fit, and the one that does not is reported with the bound.
     */
    @Test
    void theRoundBoundCountsColourings() {
        assertEquals(2, RegisterAllocator.allocate(xAndFourTemporaries(), 2, 2).rounds());
        CompileException e = assertThrows(CompileException.class, () -> RegisterAllocator.allocate(xAndFourTemporaries(), 2, 1));
        assertEquals("cannot allocate registers since spilling candidates are not enough (no progress after 1 rounds)", e.getMessage());
    }

    static EngineCode xAndFourTemporaries() {
        return xAndFourTemporaries(temp("x"), new VReg("a", 1, true), new VReg("b", 1, true), new VReg("c", 1, true),
                new VReg("d", 1, true));
    }

    /** p0 x = 1; p1 a = 2; p2 b = 3; p3 c = a + b; p4 d = c + x. */
    static EngineCode xAndFourTemporaries(VReg x, VReg a, VReg b, VReg c, VReg d) {
        return code(function("main", block("entry", mov(x, 1), mov(a, 2), mov(b, 3), add(c, a, b), add(d, c, x))));
    }

    /**
     * p0 x = 1; p1 t = 2; p2 y = x + t, t a spill temporary: x and t are read together, so they
     * interfere, and x is t's only spillable neighbour. Were the colouring to leave both out,
     * x first: x is spilled; t, which cannot go to memory, finds its one candidate already chosen
     * this round and waits (the next round has x's short temporaries in its place). In the other
     * order t picks x for itself. Either way x is the one victim; with no victim to wait for, t
     * has nothing to spill.
     */
    @Test
    void aSpillTemporaryWhoseNeighbourIsSpilledThisRoundWaits() {
        VReg x = temp("x");
        VReg t = new VReg("t", 1, true);
        VReg y = temp("y");
        EngineCode code = code(function("main", block("entry", mov(x, 1), mov(t, 2), add(y, x, t))));
        LiveIntervals li = LiveIntervals.of(code);
        InterferenceGraph g = InterferenceGraph.of(li);
        int ix = li.regs.indexOf(x);
        int it = li.regs.indexOf(t);
        assertEquals(List.of(x), RegisterAllocator.victims(g, li, new int[] {ix, it}, Map.of(), 2));
        assertEquals(List.of(x), RegisterAllocator.victims(g, li, new int[] {it, ix}, Map.of(), 2));
        CompileException e = assertThrows(CompileException.class, () -> RegisterAllocator.victims(g, li, new int[] {it}, Map.of(x, 0), 2));
        assertEquals("cannot allocate registers since spilling candidates are not enough (2 registers per engine)", e.getMessage());
    }

    /**
     * c = a + b on two slots, all three kernel registers (read by Exit): a, b, c are live at
     * once at Exit, so one is spilled; its temporary still meets the other two at the add, so a
     * second goes: two spills, two spill slots, the least any allocation of two slots can do.
     */
    @Test
    void threeKernelRegistersOnTwoSlotsSpillTwo() {
        VReg a = kernel("a");
        VReg b = kernel("b");
        VReg c = kernel("c");
        EngineCode code = code(function("main", block("entry", mov(a, 1), mov(b, 2), add(c, a, b), exit())));
        RegisterAllocator.Result r = RegisterAllocator.allocate(code, 2);
        assertEquals(2, r.spilled());
        assertEquals(2, r.slots());
        assertNull(AllocationChecker.check(code, r.ids(), 2));
    }

    /**
     * p = 5; q = p + 1 on one slot, both 64-bit: neither fits, both are spilled, and then their
     * 64-bit temporaries cannot fit either, with nothing left to spill.
     */
    @Test
    void aPairOnOneSlotCannotBeAllocated() {
        VReg p = pair("p");
        VReg q = pair("q");
        EngineCode code = code(function("main", block("entry", mov(p, 5), add(q, p, null))));
        CompileException e = assertThrows(CompileException.class, () -> RegisterAllocator.allocate(code, 1));
        assertEquals("cannot allocate registers since spilling candidates are not enough (1 registers per engine)", e.getMessage());
    }

    /**
     * p (64-bit) first, then a (32-bit), then q (64-bit): p at 0 (0 is even already), a at 2,
     * q skips 3 to the even 4 (slots 4-5): 6 slots.
     */
    @Test
    void unallocatedKeepsAPairAtZeroWhereItIs() {
        VReg p = pair("p");
        VReg a = temp("a");
        VReg q = pair("q");
        EngineCode c = code(function("main", block("entry", mov(p, 2), mov(a, 1), mov(q, 3))));
        assertEquals(Map.of("p", 0, "a", 2, "q", 4), names(RegisterAllocator.unallocated(c, 6).ids()));
    }

    /**
     * a = 1; b = a + 1; c = a + b with a spilled to slot 0: the write gets a fresh temporary and a
     * store after it, each read a fresh temporary reloaded before it, numbered in order (the
     * counter runs over the whole rewrite): a.store0, a.reload1, a.reload2.
     */
    @Test
    void rewriteNumbersItsTemporariesInOrder() {
        VReg a = temp("a");
        VReg b = temp("b");
        VReg c = temp("c");
        EngineCode code = code(function("main", block("entry", mov(a, 1), add(b, a, null), add(c, a, b))));
        RegisterAllocator.rewrite(code, Map.of(a, 0), List.of(a));
        List<MInst> insts = code.functions.get(0).blocks.get(0).insts;
        assertEquals(List.of("Move", "Store", "Reload", "Alu", "Reload", "Alu"), insts.stream().map(m -> m.getClass().getSimpleName()).toList());
        assertEquals("a.store0", insts.get(0).def().name);
        assertEquals("a.store0", ((MInst.Store) insts.get(1)).reg().name);
        assertEquals("a.reload1", ((MInst.Reload) insts.get(2)).reg().name);
        assertEquals(List.of("a.reload1"), insts.get(3).uses().stream().map(v -> v.name).toList());
        assertEquals("a.reload2", ((MInst.Reload) insts.get(4)).reg().name);
        assertEquals(List.of("a.reload2", "b"), insts.get(5).uses().stream().map(v -> v.name).toList());
    }

    /**
     * a = 1; a = a + a with a spilled to slot 0: the first write goes through a.store0 and its
     * store; the second instruction reads a twice but reloads it once (a.reload1, both operands),
     * and writes back through that same temporary, stored after it: Move, Store, Reload, Alu,
     * Store — one temporary per instruction, not one per operand.
     */
    @Test
    void rewriteGivesAnInstructionOneTemporaryPerSpilledRegister() {
        VReg a = temp("a");
        EngineCode code = code(function("main", block("entry", mov(a, 1), add(a, a, a))));
        RegisterAllocator.rewrite(code, Map.of(a, 0), List.of(a));
        List<MInst> insts = code.functions.get(0).blocks.get(0).insts;
        assertEquals(List.of("Move", "Store", "Reload", "Alu", "Store"), insts.stream().map(m -> m.getClass().getSimpleName()).toList());
        VReg t = ((MInst.Reload) insts.get(2)).reg();
        assertEquals("a.reload1", t.name);
        assertEquals(List.of(t, t), insts.get(3).uses());
        assertSame(t, insts.get(3).def());
        assertSame(t, ((MInst.Store) insts.get(4)).reg());
        assertEquals(0, ((MInst.Store) insts.get(4)).slot());
    }

    /**
     * A spill temporary t (node 0) that found no slot, joined to x (cost 3), y (1), an unspillable
     * u (0.5), w already spilled in an earlier round (0.1), v already picked this round (0.2) and
     * y2 (1, a tie with y). The neighbour to spill instead is the cheapest that still can be: not
     * u, w or v, and of the equally cheap y and y2 the first: y. With v picked, t has a neighbour
     * among the victims; with none picked, not.
     */
    @Test
    void theCheapestNeighbourThatCanStillBeSpilledGoes() {
        VReg t = new VReg("t", 1, true);
        VReg x = temp("x");
        VReg y = temp("y");
        VReg u = new VReg("u", 1, true);
        VReg w = temp("w");
        VReg v = temp("v");
        VReg y2 = temp("y2");
        List<VReg> order = List.of(t, x, y, u, w, v, y2);
        EngineCode code = code(function("main", block("entry", order.stream().map(r -> mov(r, 0)).toArray(MInst[]::new))));
        LiveIntervals li = LiveIntervals.of(code);
        assertEquals(order, li.regs);
        InterferenceGraph g = new InterferenceGraph(7, new int[] {1, 1, 1, 1, 1, 1, 1}, new boolean[] {true, false, false, true, false, false, false},
                new double[] {1e18, 3, 1, 0.5, 0.1, 0.2, 1});
        for (int n = 1; n < 7; n++) {
            g.addEdge(0, n);
        }
        assertSame(y, RegisterAllocator.cheapestSpillableNeighbour(g, li, 0, Map.of(w, 0), List.of(v)));
        assertEquals(true, RegisterAllocator.neighbourIn(g, li, 0, List.of(v)));
        assertEquals(false, RegisterAllocator.neighbourIn(g, li, 0, List.of()));
        // nothing left to spill: every spillable neighbour spilled or picked
        assertNull(RegisterAllocator.cheapestSpillableNeighbour(g, li, 0, Map.of(w, 0, x, 1, y, 2), List.of(v, y2)));
    }
}
