package tpb.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.AluOpType;
import tpb.isa.BranchCompareOp;
import tpb.isa.CallRecord;
import tpb.isa.DtypeWire;
import tpb.isa.EngineType;
import tpb.isa.ExitRecord;
import tpb.isa.ReturnRecord;
import tpb.mir.EngineCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;

/**
 * The independent checker on allocations chosen by hand, sound and unsound: the allocator's own
 * tests only ever hand it sound ones. Each case names the instruction where the liveness (worked
 * out below by hand, backwards from each block's successors) puts two values in one slot, and
 * the same code with a sound assignment, so a checker that refuses too much fails as well as one
 * that refuses too little.
 */
class AllocationCheckerTest {
    // ---- machine code by hand ----------------------------------------------------------------

    static VReg temp(String name) {
        return new VReg(name, 1, false);
    }

    static VReg pair(String name) {
        return new VReg(name, 2, false);
    }

    static VReg kernel(String name) {
        return new VReg(name, 1, false, true);
    }

    static MInst mov(VReg dst, long imm) {
        return new MInst.Move(dst, null, imm, dst.width == 2 ? DtypeWire.UINT64 : DtypeWire.INT32);
    }

    /** dst = a + b, or a + 1 when b is null. */
    static MInst add(VReg dst, VReg a, VReg b) {
        boolean wide = dst.width == 2;
        return new MInst.Alu(AluOpType.ADD, wide, dst, a, b, b == null ? 1 : 0, wide ? DtypeWire.UINT64 : DtypeWire.INT32);
    }

    static MInst jump(String target) {
        return new MInst.Branch(null, null, null, 0, DtypeWire.INT32, target);
    }

    static MInst branchIfLess(VReg lhs, long imm, String target) {
        return new MInst.Branch(BranchCompareOp.IS_LTIMM, lhs, null, imm, DtypeWire.INT32, target);
    }

    static MInst exit() {
        return new MInst.Fixed(ExitRecord.builder().build());
    }

    static MInst ret() {
        return new MInst.Fixed(ReturnRecord.builder().build());
    }

    static MInst call(String callee) {
        return new MInst.Fixed(CallRecord.builder().functionName(callee).build());
    }

    static MBlock block(String label, MInst... insts) {
        MBlock b = new MBlock(label);
        b.insts.addAll(List.of(insts));
        return b;
    }

    static MFunction function(String name, MBlock... blocks) {
        MFunction f = new MFunction(name);
        f.blocks.addAll(List.of(blocks));
        return f;
    }

    static EngineCode code(MFunction... functions) {
        EngineCode c = new EngineCode(EngineType.SP);
        c.functions.addAll(List.of(functions));
        return c;
    }

    static Map<VReg, Integer> ids(Object... regAndSlot) {
        Map<VReg, Integer> m = new IdentityHashMap<>();
        for (int i = 0; i < regAndSlot.length; i += 2) {
            m.put((VReg) regAndSlot[i], (Integer) regAndSlot[i + 1]);
        }
        return m;
    }

    // ---- the file's bounds -------------------------------------------------------------------

    /** a = 1; b = a + 1 on a file of 2: slots 0 and 1 are inside, 2 and -1 outside, no slot at all is outside. */
    @Test
    void aSlotOutsideTheFileIsRefused() {
        VReg a = temp("a");
        VReg b = temp("b");
        EngineCode c = code(function("main", block("entry", mov(a, 1), add(b, a, null))));
        assertNull(AllocationChecker.check(c, ids(a, 0, b, 1), 2));
        assertEquals("register b has slot 2 outside the 2-register file", AllocationChecker.check(c, ids(a, 0, b, 2), 2));
        assertEquals("register a has slot -1 outside the 2-register file", AllocationChecker.check(c, ids(a, -1, b, 0), 2));
        assertEquals("register a has slot null outside the 2-register file", AllocationChecker.check(c, ids(b, 0), 2));
    }

    /** A 64-bit register takes slots id and id + 1: at 0 it fits a file of 2, at 1 it reaches slot 2. */
    @Test
    void aPairMustFitWhole() {
        VReg p = pair("p");
        VReg q = pair("q");
        EngineCode c = code(function("main", block("entry", mov(p, 5), add(q, p, null))));
        assertNull(AllocationChecker.check(c, ids(p, 0, q, 0), 2));
        assertEquals("register p has slot 1 outside the 2-register file", AllocationChecker.check(c, ids(p, 1, q, 0), 2));
    }

    // ---- values live at once -----------------------------------------------------------------

    /**
     * a = 1; b = 2; c = a + b. After b = 2 both a and b are live (the add reads them), so they
     * may not share; c is written after the add's reads, so it may take a's slot (or b's).
     */
    @Test
    void twoValuesLiveAtOnceMayNotShare() {
        VReg a = temp("a");
        VReg b = temp("b");
        VReg c = temp("c");
        MInst movB = mov(b, 2);
        EngineCode code = code(function("main", block("entry", mov(a, 1), movB, add(c, a, b))));
        assertEquals("registers a and b share slot 0 at " + movB + " in entry", AllocationChecker.check(code, ids(a, 0, b, 0, c, 1), 2));
        assertNull(AllocationChecker.check(code, ids(a, 0, b, 1, c, 0), 2));
        assertNull(AllocationChecker.check(code, ids(a, 0, b, 1, c, 1), 2));
    }

    /**
     * p (64-bit) = 5; q = 1; s (64-bit) = p + 1; r = q + 1. After q = 1, p and q are live: p at 0
     * holds slots 0 and 1, so q at 1 overlaps its upper half. After s = p + 1, q and s are live:
     * s at 1 holds 1 and 2 and overlaps q at 2; s at 0 (p's slots, p read there last) does not.
     */
    @Test
    void aPairOverlapsThroughItsUpperSlot() {
        VReg p = pair("p");
        VReg q = temp("q");
        VReg s = pair("s");
        VReg r = temp("r");
        MInst movQ = mov(q, 1);
        MInst addS = add(s, p, null);
        EngineCode code = code(function("main", block("entry", mov(p, 5), movQ, addS, add(r, q, null))));
        assertNull(AllocationChecker.check(code, ids(p, 0, q, 2, s, 0, r, 0), 3));
        assertEquals("registers p and q share slot 1 at " + movQ + " in entry", AllocationChecker.check(code, ids(p, 0, q, 1, s, 2, r, 0), 4));
        assertEquals("registers q and s share slot 2 at " + addS + " in entry", AllocationChecker.check(code, ids(p, 0, q, 2, s, 1, r, 0), 3));
    }

    /**
     * x = 1; y = 2; Exit. Kernel registers are read by Exit, so after y = 2 both are live and may
     * not share; the same code on temporaries reads neither, and any slots do.
     */
    @Test
    void exitReadsEveryKernelRegister() {
        VReg x = kernel("x");
        VReg y = kernel("y");
        MInst movY = mov(y, 2);
        EngineCode code = code(function("main", block("entry", mov(x, 1), movY, exit())));
        assertEquals("registers x and y share slot 0 at " + movY + " in entry", AllocationChecker.check(code, ids(x, 0, y, 0), 2));
        assertNull(AllocationChecker.check(code, ids(x, 0, y, 1), 2));
        VReg u = temp("u");
        VReg v = temp("v");
        assertNull(AllocationChecker.check(code(function("main", block("entry", mov(u, 1), mov(v, 2), exit()))), ids(u, 0, v, 0), 1));
    }

    /**
     * entry: i = 0. L: c = i + 1; d = c + 1; i = d; e = 5; if e < 10 goto L. i is read at the top
     * of L, so it is live from i = d around the back edge: after e = 5, i and e are both live, and
     * only the back edge says so (nothing after the loop reads i). c, d and i pass one value down
     * a chain, each read last where the next is written, so they may share.
     */
    @Test
    void aValueReadAtTheLoopTopIsLiveAroundTheBackEdge() {
        VReg i = temp("i");
        VReg c = temp("c");
        VReg d = temp("d");
        VReg e = temp("e");
        MInst movE = mov(e, 5);
        EngineCode code = code(function("main", block("entry", mov(i, 0)),
                block("L", add(c, i, null), add(d, c, null), new MInst.Move(i, d, 0, DtypeWire.INT32), movE, branchIfLess(e, 10, "L"))));
        assertNull(AllocationChecker.check(code, ids(i, 0, c, 0, d, 0, e, 1), 2));
        assertEquals("registers i and e share slot 0 at " + movE + " in L", AllocationChecker.check(code, ids(i, 0, c, 0, d, 0, e, 0), 2));
    }

    /**
     * entry: w = 1; x = w + 1; goto end. mid (unreachable): v = w + 1. end: u = x + 1. The
     * unconditional branch does not fall into mid, so w is dead once x is written and x may take
     * its slot; were mid a successor, w would be live there. The same holds for Exit:
     * w = 1; x = w + 1; Exit, with the next block reading w.
     */
    @Test
    void noFallThroughPastAnUnconditionalBranchOrExit() {
        VReg w = temp("w");
        VReg x = temp("x");
        VReg v = temp("v");
        VReg u = temp("u");
        EngineCode jumps = code(function("main", block("entry", mov(w, 1), add(x, w, null), jump("end")), block("mid", add(v, w, null)),
                block("end", add(u, x, null))));
        assertNull(AllocationChecker.check(jumps, ids(w, 0, x, 0, v, 1, u, 1), 2));
        EngineCode exits = code(function("main", block("entry", mov(w, 1), add(x, w, null), exit()), block("next", add(v, w, null))));
        assertNull(AllocationChecker.check(exits, ids(w, 0, x, 0, v, 1), 2));
        // a conditional branch does fall through: with mid a successor, w and x are both live out of
        // entry, and the first place they meet (walking back from the block's end) is the branch
        MInst branch = branchIfLess(w, 3, "end");
        EngineCode falls = code(function("main", block("entry", mov(w, 1), add(x, w, null), branch), block("mid", add(v, w, null)),
                block("end", add(u, x, null))));
        assertEquals("registers w and x share slot 0 at " + branch + " in entry", AllocationChecker.check(falls, ids(w, 0, x, 0, v, 1, u, 1), 2));
    }

    /**
     * main: a = 1; call f; b = a + 1; Exit. f: t = 5; u = t + 1; Return. a is live across the
     * call, so no register f uses may share its slot; after the call b may take a's slot.
     */
    @Test
    void aValueLiveAcrossACallKeepsItsSlotFromTheCallee() {
        VReg a = temp("a");
        VReg b = temp("b");
        VReg t = temp("t");
        VReg u = temp("u");
        EngineCode code = code(function("main", block("entry", mov(a, 1), call("f"), add(b, a, null), exit())),
                function("f", block("f_entry", mov(t, 5), add(u, t, null), ret())));
        assertNull(AllocationChecker.check(code, ids(a, 0, b, 0, t, 1, u, 1), 2));
        assertEquals("registers a and t share slot 0 across the call to f in main", AllocationChecker.check(code, ids(a, 0, b, 0, t, 0, u, 1), 2));
        assertEquals("registers a and u share slot 0 across the call to f in main", AllocationChecker.check(code, ids(a, 0, b, 0, t, 1, u, 0), 2));
    }

    // ---- what was written before, across blocks ----------------------------------------------

    /**
     * entry: a = 1 (falls into) next: e = 7; c = a + e. a is written in entry, so at e = 7 (the
     * first instruction of next) a and e are both live and both written: they may not share. The
     * clash is visible only through the forward "maybe written" set carried into next.
     */
    @Test
    void aValueWrittenInAnEarlierBlockHoldsItsSlot() {
        VReg a = temp("a");
        VReg e = temp("e");
        VReg c = temp("c");
        MInst movE = mov(e, 7);
        EngineCode code = code(function("main", block("entry", mov(a, 1)), block("next", movE, add(c, a, e))));
        assertEquals("registers a and e share slot 0 at " + movE + " in next", AllocationChecker.check(code, ids(a, 0, e, 0, c, 0), 1));
        assertNull(AllocationChecker.check(code, ids(a, 0, e, 1, c, 0), 2));
    }

    /**
     * entry: a = 1; if a < 3 goto end. mid: e = 7; c = a + e. end: u = a + 1. The conditional
     * branch both reaches end and falls into mid, so a is live through mid and e = 7 clashes with
     * it (c, written while a is still live for end, takes slot 1). With goto end instead, mid is
     * unreachable, and checked all the same (the checker proves no reachability): at c = a + e, a
     * is live for end, so c may not take its slot either.
     */
    @Test
    void liveFlowsAlongBranchesAndFallThroughAndUnreachableCodeIsChecked() {
        VReg a = temp("a");
        VReg e = temp("e");
        VReg c = temp("c");
        VReg u = temp("u");
        MInst movE = mov(e, 7);
        EngineCode falls = code(function("main", block("entry", mov(a, 1), branchIfLess(a, 3, "end")), block("mid", movE, add(c, a, e)),
                block("end", add(u, a, null))));
        assertEquals("registers a and e share slot 0 at " + movE + " in mid", AllocationChecker.check(falls, ids(a, 0, e, 0, c, 1, u, 0), 2));
        MInst addC = add(c, a, e);
        EngineCode jumps = code(function("main", block("entry", mov(a, 1), jump("end")), block("mid", mov(e, 7), addC),
                block("end", add(u, a, null))));
        assertEquals("registers a and c share slot 0 at " + addC + " in mid", AllocationChecker.check(jumps, ids(a, 0, e, 0, c, 0, u, 0), 1));
    }

    /**
     * entry: a = 1; goto far. mid (unreachable): g = a + 1. far: f = 2; g = a + f. mid falls into
     * far, which reads a: at g = a + 1, a is live, so g may not share its slot; with g on slot 1,
     * at f = 2 a and f are live (g = a + f reads both), so they may not share.
     */
    @Test
    void anUnreachableBlockFallsIntoItsSuccessor() {
        VReg a = temp("a");
        VReg f = temp("f");
        VReg g = temp("g");
        MInst movF = mov(f, 2);
        MInst addG = add(g, a, null);
        EngineCode code = code(function("main", block("entry", mov(a, 1), jump("far")), block("mid", addG),
                block("far", movF, add(g, a, f))));
        assertEquals("registers a and g share slot 0 at " + addG + " in mid", AllocationChecker.check(code, ids(a, 0, f, 0, g, 0), 1));
        assertEquals("registers a and f share slot 0 at " + movF + " in far", AllocationChecker.check(code, ids(a, 0, f, 0, g, 1), 2));
        assertNull(AllocationChecker.check(code, ids(a, 0, f, 1, g, 1), 2));
    }

    /**
     * A loop whose header is the function's entry block. L: c = i + 1; i = c; e = 5; if e < 10 goto L.
     * i is read at L's top and written in L, so along the back edge it is live and written after
     * e = 5: i and e may not share. Only block 0's own liveness (the back edge into it) shows it.
     */
    @Test
    void theEntryBlockAsALoopHeader() {
        VReg i = temp("i");
        VReg c = temp("c");
        VReg e = temp("e");
        MInst movE = mov(e, 5);
        EngineCode code = code(function("main",
                block("L", add(c, i, null), new MInst.Move(i, c, 0, DtypeWire.INT32), movE, branchIfLess(e, 10, "L"))));
        assertEquals("registers i and e share slot 0 at " + movE + " in L", AllocationChecker.check(code, ids(i, 0, c, 0, e, 0), 1));
        assertNull(AllocationChecker.check(code, ids(i, 0, c, 0, e, 1), 2));
    }

    /**
     * entry: a = 1; b = a + u. u is read but written nowhere: it holds its reset value (all ones,
     * facts §7.1) from the start, so it is live at a = 1 and may not share a's slot: a = 1 would
     * replace it. On two slots, u on its own, it is sound (b, written after the last reads, may
     * take slot 0).
     */
    @Test
    void aValueNeverWrittenHoldsItsResetValue() {
        VReg a = temp("a");
        VReg u = temp("u");
        VReg b = temp("b");
        MInst movA = mov(a, 1);
        EngineCode code = code(function("main", block("entry", movA, add(b, a, u))));
        assertEquals("registers a and u share slot 0 at " + movA + " in entry", AllocationChecker.check(code, ids(a, 0, u, 0, b, 0), 1));
        assertNull(AllocationChecker.check(code, ids(a, 0, u, 1, b, 0), 2));
    }

    /**
     * main: call f; b = u + 1; Exit. f: t = 5; Return. u, never written, holds its reset value
     * across the call: t = 5 in its slot would replace it, so they may not share.
     */
    @Test
    void aValueNeverWrittenIsKeptAcrossACall() {
        VReg u = temp("u");
        VReg b = temp("b");
        VReg t = temp("t");
        EngineCode code = code(function("main", block("entry", call("f"), add(b, u, null), exit())),
                function("f", block("f_entry", mov(t, 5), ret())));
        assertEquals("registers u and t share slot 0 across the call to f in main", AllocationChecker.check(code, ids(u, 0, b, 0, t, 0), 1));
        assertNull(AllocationChecker.check(code, ids(u, 0, b, 0, t, 1), 2));
    }

    /**
     * main: a = 1; g = 3; call f; b = a + 1; Exit. f: h = g + 1; Return. The callee reads g
     * (written by main) without writing it: g is one of f's registers, so a, live across the call,
     * may not share g's slot, though g itself is not live in main after the call.
     */
    @Test
    void aRegisterTheCalleeOnlyReadsIsTheCallees() {
        VReg a = temp("a");
        VReg g = temp("g");
        VReg b = temp("b");
        VReg h = temp("h");
        EngineCode code = code(function("main", block("entry", mov(a, 1), mov(g, 3), call("f"), add(b, a, null), exit())),
                function("f", block("f_entry", add(h, g, null), ret())));
        assertEquals("registers a and g share slot 0 across the call to f in main", AllocationChecker.check(code, ids(a, 0, g, 0, b, 0, h, 1), 2));
        assertNull(AllocationChecker.check(code, ids(a, 0, g, 1, b, 0, h, 1), 2));
    }

    /**
     * main: t = 1; u = t + 1; call f; Exit. f: v = g + 1; Return. g is written nowhere: f reads its
     * reset value, so the call reads what is live into f ({g}) and g is live in main from its
     * start to the call. t, dead after u = t + 1, may therefore not lend g its slot: at t = 1 both
     * are live. With g on slot 1 (and u, t, v on 0) it is sound: u = t + 1 meets only g.
     */
    @Test
    void aCallReadsWhatItsCalleeReadsUnwritten() {
        VReg t = temp("t");
        VReg u = temp("u");
        VReg g = temp("g");
        VReg v = temp("v");
        MInst movT = mov(t, 1);
        EngineCode code = code(function("main", block("entry", movT, add(u, t, null), call("f"), exit())),
                function("f", block("f_entry", add(v, g, null), ret())));
        assertEquals("registers t and g share slot 0 at " + movT + " in entry", AllocationChecker.check(code, ids(t, 0, u, 1, g, 0, v, 1), 2));
        assertNull(AllocationChecker.check(code, ids(t, 0, u, 0, g, 1, v, 0), 2));
    }

    /**
     * entry: a = 1; e = 2; NoOp. next: c = a + e. A block ending in any record but a branch, Exit
     * or Return falls into the next, so a and e are live together through the NoOp (the last
     * instruction, checked first) and may not share slot 0; after Exit instead of the NoOp nothing
     * falls through, a and e are dead there, and they may.
     */
    @Test
    void aBlockEndingInAnotherRecordFallsThrough() {
        VReg a = temp("a");
        VReg e = temp("e");
        VReg c = temp("c");
        MInst noOp = new MInst.Fixed(tpb.isa.NoOpRecord.builder().build());
        EngineCode falls = code(function("main", block("entry", mov(a, 1), mov(e, 2), noOp), block("next", add(c, a, e))));
        assertEquals("registers a and e share slot 0 at " + noOp + " in entry", AllocationChecker.check(falls, ids(a, 0, e, 0, c, 0), 1));
        EngineCode exits = code(function("main", block("entry", mov(a, 1), mov(e, 2), exit()), block("next", add(c, a, e))));
        assertNull(AllocationChecker.check(exits, ids(a, 0, e, 0, c, 1), 2));
    }
}
