package tpb.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tpb.regalloc.AllocationCheckerTest.add;
import static tpb.regalloc.AllocationCheckerTest.block;
import static tpb.regalloc.AllocationCheckerTest.branchIfLess;
import static tpb.regalloc.AllocationCheckerTest.call;
import static tpb.regalloc.AllocationCheckerTest.code;
import static tpb.regalloc.AllocationCheckerTest.exit;
import static tpb.regalloc.AllocationCheckerTest.function;
import static tpb.regalloc.AllocationCheckerTest.jump;
import static tpb.regalloc.AllocationCheckerTest.kernel;
import static tpb.regalloc.AllocationCheckerTest.mov;
import static tpb.regalloc.AllocationCheckerTest.ret;
import static tpb.regalloc.AllocationCheckerTest.temp;

import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.mir.EngineCode;
import tpb.mir.VReg;

/**
 * Live ranges and spill weights on machine code written by hand, each worked out from the
 * convention in {@link LiveIntervals}' doc comment: instructions numbered p = 0, 1, … across every
 * function in layout order; a read at 2p, a write at 2p + 1; a range from first to last
 * occurrence, then widened to a whole loop [2·top, 2·bottom + 1] for a value live into it or read
 * in it before it is written there, and to every call site of a function that names it. A spill
 * weight is 1 per occurrence, 4^depth per occurrence inside loops.
 */
class LiveIntervalsTest {
    static void range(LiveIntervals li, VReg v, int start, int end) {
        assertEquals(List.of(start, end), List.of(li.start(v), li.end(v)), v.name);
    }

    static double cost(LiveIntervals li, VReg v) {
        return li.cost[li.index.get(v)];
    }

    /** p0 a = 1; p1 b = 2; p2 c = a + b; p3 d = c + 1: a [1, 4], b [3, 4], c [5, 6], d [7, 7]. */
    @Test
    void straightLineRangesRunFromTheWriteToTheLastRead() {
        VReg a = temp("a");
        VReg b = temp("b");
        VReg c = temp("c");
        VReg d = temp("d");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(a, 1), mov(b, 2), add(c, a, b), add(d, c, null)))));
        range(li, a, 1, 4);
        range(li, b, 3, 4);
        range(li, c, 5, 6);
        range(li, d, 7, 7);
        assertEquals(List.of(a, b, c, d), li.regs);
        assertEquals(2.0, cost(li, a));
        assertEquals(1.0, cost(li, d));
    }

    /**
     * entry: p0 i = 0; p1 s = 0. L: p2 s = s + i; p3 i = i + 1; p4 if i < 10 goto L. after: p5 t = s + 1.
     * Raw: i [1, 8], s [3, 10], t [11, 11]; the loop is [4, 9]; i is read in it before it is
     * written there, so it spans it: [1, 9]; s already does. Weights: inside the loop (depth 1)
     * an occurrence counts 4: i = 1 (p0) + 4 (p2) + 8 (p3, read and write) + 4 (p4) = 17;
     * s = 1 (p1) + 8 (p2) + 1 (p5) = 10.
     */
    @Test
    void aCounterSpansItsLoopAndLoopOccurrencesWeighFour() {
        VReg i = temp("i");
        VReg s = temp("s");
        VReg t = temp("t");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(i, 0), mov(s, 0)),
                block("L", add(s, s, i), add(i, i, null), branchIfLess(i, 10, "L")), block("after", add(t, s, null)))));
        range(li, i, 1, 9);
        range(li, s, 3, 10);
        range(li, t, 11, 11);
        assertEquals(17.0, cost(li, i));
        assertEquals(10.0, cost(li, s));
        assertEquals(1.0, cost(li, t));
    }

    /**
     * entry: p0 i = 0. L: p1 u = c + 1; p2 c = i + 1; p3 i = i + 1; p4 if i < 3 goto L.
     * c is read at the loop top before the loop writes it: the value of the previous trip, carried
     * around the back edge, so c spans the loop [2, 9] (raw [2, 5]); and on the first trip nothing
     * has written it: its reset value is read, so it holds its slot from position 0: [0, 9]. u is
     * written before any read and stays [3, 3]; i spans the loop: [1, 9].
     */
    @Test
    void aValueReadBeforeItIsWrittenInTheLoopIsCarriedAroundIt() {
        VReg i = temp("i");
        VReg u = temp("u");
        VReg c = temp("c");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(i, 0)),
                block("L", add(u, c, null), add(c, i, null), add(i, i, null), branchIfLess(i, 3, "L")))));
        range(li, c, 0, 9);
        range(li, u, 3, 3);
        range(li, i, 1, 9);
    }

    /**
     * entry: p0 w = 1; p1 i = 0. L: p2 w = 2; p3 i = i + 1; p4 if i < 3 goto L. w is live into
     * the loop (written before it) and written in it: it spans the loop [4, 9], from its first
     * write: [1, 9] (raw [1, 5]). i: [3, 9].
     */
    @Test
    void aValueLiveIntoTheLoopSpansIt() {
        VReg w = temp("w");
        VReg i = temp("i");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(w, 1), mov(i, 0)),
                block("L", mov(w, 2), add(i, i, null), branchIfLess(i, 3, "L")))));
        range(li, w, 1, 9);
        range(li, i, 3, 9);
    }

    /**
     * entry: p0 i = 0. L: p1 v = r + 1; p2 i = i + 1; p3 if i < 3 goto L, r a spill temporary
     * (unspillable): read before written in the loop, yet it is never widened around it; read
     * where nothing wrote it, it holds its reset value from position 0: [0, 2]. i: [1, 7].
     */
    @Test
    void aSpillTemporaryIsNeverWidenedAroundALoop() {
        VReg i = temp("i");
        VReg v = temp("v");
        VReg r = new VReg("r", 1, true);
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(i, 0)),
                block("L", add(v, r, null), add(i, i, null), branchIfLess(i, 3, "L")))));
        range(li, r, 0, 2);
        range(li, v, 3, 3);
        range(li, i, 1, 7);
    }

    /**
     * main: p0 a = 1; p1 call f; p2 b = a + 1; p3 Exit. f: p4 t = 5; p5 u = t + 1; p6 Return.
     * The call site is position 2: f's registers reach back to it, t [2, 10] (raw [9, 10]) and
     * u [2, 11], so they meet a [1, 4], live across the call.
     */
    @Test
    void aCalleesRegistersReachItsCallSite() {
        VReg a = temp("a");
        VReg b = temp("b");
        VReg t = temp("t");
        VReg u = temp("u");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(a, 1), call("f"), add(b, a, null), exit())),
                function("f", block("f_entry", mov(t, 5), add(u, t, null), ret()))));
        range(li, a, 1, 4);
        range(li, b, 5, 5);
        range(li, t, 2, 10);
        range(li, u, 2, 11);
    }

    /**
     * main: p0 call f; p1 Exit. f: p2 call g; p3 Return. g: p4 z = 1; p5 Return. z is reached
     * from main's call too (through f): [0, 9] (raw [9, 9]; from f's call alone it would be [4, 9]).
     */
    @Test
    void aCallReachesTheCalleesCallees() {
        VReg z = temp("z");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("m", call("f"), exit())), function("f", block("fb", call("g"), ret())),
                function("g", block("gb", mov(z, 1), ret()))));
        range(li, z, 0, 9);
    }

    /** p0 k = 1; p1 x = 2; p2 Exit, k a kernel register: Exit reads it, k [1, 4]; x is not read, [3, 3]. */
    @Test
    void exitReadsTheKernelRegisters() {
        VReg k = kernel("k");
        VReg x = temp("x");
        EngineCode c = code(function("main", block("entry", mov(k, 1), mov(x, 2), exit())));
        LiveIntervals li = LiveIntervals.of(c);
        range(li, k, 1, 4);
        range(li, x, 3, 3);
        assertEquals(2.0, cost(li, k));
    }

    /**
     * f laid out first. f: p0 h = g + 1; p1 Return. main: p2 g = 3; p3 a = 1; p4 call f;
     * p5 b = a + 1; p6 Exit. g is only read in f (at 0) and written in main (at 5): raw [0, 5],
     * ending before the call site 8; as one of f's registers it reaches the call site: [0, 8].
     * h (raw [1, 1]) likewise [1, 8]; a [7, 10] is untouched.
     */
    @Test
    void aRegisterTheCalleeOnlyReadsReachesTheCallSite() {
        VReg g = temp("g");
        VReg h = temp("h");
        VReg a = temp("a");
        VReg b = temp("b");
        LiveIntervals li = LiveIntervals.of(code(function("f", block("fb", add(h, g, null), ret())),
                function("main", block("m", mov(g, 3), mov(a, 1), call("f"), add(b, a, null), exit()))));
        range(li, g, 0, 8);
        range(li, h, 1, 8);
        range(li, a, 7, 10);
    }

    /**
     * entry: p0 n = 10. L: p1 c = 7; p2 if n < 10 goto L. n is read only by the loop's last
     * instruction, the branch: raw [1, 4]; read in the loop [2, 5] before any write there, it spans
     * it: [1, 5]. c is written in the loop and not live into it: [3, 3].
     */
    @Test
    void aValueReadOnlyByTheBackBranchSpansTheLoop() {
        VReg n = temp("n");
        VReg c = temp("c");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(n, 10)), block("L", mov(c, 7), branchIfLess(n, 10, "L")))));
        range(li, n, 1, 5);
        range(li, c, 3, 3);
    }

    /**
     * entry: p0 x = 1. L: p1 if x < 10 goto L — a loop of one instruction, the branch back to its
     * own position. x: raw [1, 2]; read in the loop [2, 3] before any write, it spans it: [1, 3].
     * Weight: 1 (p0) + 4 (p1, depth 1) = 5.
     */
    @Test
    void aBranchToItsOwnBlockIsALoop() {
        VReg x = temp("x");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(x, 1)), block("L", branchIfLess(x, 10, "L")))));
        range(li, x, 1, 3);
        assertEquals(5.0, cost(li, x));
    }

    /**
     * main: entry: p0 g = 0. L: p1 call f; p2 g = g + 1; p3 if g < 10 goto L; p4 Exit.
     * f: p5 h = g + 1; p6 Return. g: raw [1, 10]; read in the loop [2, 7] before written there:
     * [1, 10] already spans it. As one of f's registers it must meet the call site 2, which it
     * does: the loop's top is the call, and nothing is widened further. h: [11, 11], reaching
     * back to the call site: [2, 11].
     */
    @Test
    void aLoopWhoseFirstInstructionIsACall() {
        VReg g = temp("g");
        VReg h = temp("h");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(g, 0)),
                block("L", call("f"), add(g, g, null), branchIfLess(g, 10, "L"), exit())), function("f", block("fb", add(h, g, null), ret()))));
        range(li, g, 1, 10);
        range(li, h, 2, 11);
    }

    // ---- registers read where nothing wrote them hold their reset value from position 0 ------

    /**
     * entry: p0 a = 1; p1 if a < 3 goto join. mid: p2 r = 2. join: p3 b = r + 1. In layout order r
     * is written (5) before it is read (6), but along the taken edge nothing writes it: p3 may read
     * its reset value, so r is live from the engine's first record: [0, 6], not [5, 6] — else a,
     * dead after p1, could lend r its slot and p3 would read 1. a [1, 2], b [7, 7].
     */
    @Test
    void aValueWrittenOnOnePathOnlyHoldsItsSlotFromTheStart() {
        VReg a = temp("a");
        VReg r = temp("r");
        VReg b = temp("b");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(a, 1), branchIfLess(a, 3, "join")),
                block("mid", mov(r, 2)), block("join", add(b, r, null)))));
        range(li, r, 0, 6);
        range(li, a, 1, 2);
        range(li, b, 7, 7);
    }

    /**
     * main: p0 t = 1; p1 u = t + 1; p2 call f; p3 Exit. f: p4 v = g + 1; p5 Return. g is written
     * nowhere: read at f's top, live into f, so live at the call, and (main writing it nowhere
     * before) live into main: [0, 8] (raw [8, 8], the call site 4 adds nothing more). t [1, 2],
     * u [3, 4] (its range reaches the call site at 4, as f's registers do), v [4, 9].
     */
    @Test
    void aValueTheCalleeReadsUnwrittenHoldsItsSlotFromTheStart() {
        VReg t = temp("t");
        VReg u = temp("u");
        VReg g = temp("g");
        VReg v = temp("v");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(t, 1), add(u, t, null), call("f"), exit())),
                function("f", block("f_entry", add(v, g, null), ret()))));
        range(li, g, 0, 8);
        range(li, t, 1, 2);
        range(li, v, 4, 9);
    }

    /**
     * entry: p0 x = 1; p1 Exit. dead: p2 y = r + 1; p3 Exit. Exit ends entry, so the unreachable
     * read of r is not reached from the start: r keeps its raw range [4, 4]. Likewise a block
     * after an unconditional jump: entry: p0 x = 1; p1 goto end. mid: p2 y = r + 1. end: p3 Exit,
     * r [4, 4]. And a function's last block does not fall into the next function: main: p0 x = 1.
     * f: p1 y = r + 1; p2 Return (f never called): r [2, 2].
     */
    @Test
    void onlyReadsReachedFromTheStartExtendARange() {
        VReg x = temp("x");
        VReg y = temp("y");
        VReg r = temp("r");
        range(LiveIntervals.of(code(function("main", block("entry", mov(x, 1), exit()), block("dead", add(y, r, null), exit())))), r, 4, 4);
        range(LiveIntervals.of(code(function("main", block("entry", mov(x, 1), jump("end")), block("mid", add(y, r, null)),
                block("end", exit())))), r, 4, 4);
        range(LiveIntervals.of(code(function("main", block("entry", mov(x, 1))), function("f", block("f_entry", add(y, r, null), ret())))), r,
                2, 2);
    }

    /**
     * p0 b = k + 1; p1 c = b + 1; p2 d = c + r, k and r temporaries written nowhere: both read
     * their reset value. k is read at p0 and is register 0 (the first named), so the registers to
     * move back to position 0 are found from bit 0 on: r [0, 4] (raw [4, 4]), k [0, 0]; b [1, 2],
     * c [3, 4], d [5, 5].
     */
    @Test
    void theFirstNamedRegisterReadUnwrittenDoesNotHideTheOthers() {
        VReg k = temp("k");
        VReg b = temp("b");
        VReg c = temp("c");
        VReg r = temp("r");
        VReg d = temp("d");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", add(b, k, null), add(c, b, null), add(d, c, r)))));
        assertEquals(List.of(k, b, c, r, d), li.regs);
        range(li, k, 0, 0);
        range(li, r, 0, 4);
        range(li, b, 1, 2);
        range(li, c, 3, 4);
        range(li, d, 5, 5);
    }

    /**
     * main: p0 call f; p1 Exit. f: L: p2 x = 1; p3 y = x + 1; p4 if y < 10 goto L. done: p5 Return.
     * The loop is [4, 9]; raw x [5, 6], y [7, 8], each written before it is read in the loop, so
     * the first loop pass widens nothing. The call site (0) then pulls both back to 0: now they
     * occur before the loop, which makes them live into it, and the next loop pass spans it:
     * x [0, 9], y [0, 9] (the span is conservative here, but it is the rule, and the two steps run
     * until neither changes a range).
     */
    @Test
    void aCallSiteThatPullsARangeBeforeALoopIsFollowedByAnotherLoopPass() {
        VReg x = temp("x");
        VReg y = temp("y");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", call("f"), exit())),
                function("f", block("L", mov(x, 1), add(y, x, null), branchIfLess(y, 10, "L")), block("done", ret()))));
        range(li, x, 0, 9);
        range(li, y, 0, 9);
    }

    /**
     * entry: p0 a = 1; p1 goto init. L: p2 u = c + a; p3 Exit. init: p4 c = 5; p5 goto L, a a spill
     * temporary (unspillable). The back edge p5 → L makes the loop [4, 11]. c is first read at the
     * loop's top (4) and written after it in layout order (9), never unwritten on any path (init
     * runs before L): raw [4, 9], read before written in the loop, so it spans it: [4, 11], starting
     * exactly at the loop's top, and the next pass finds it spanning already. a, a spill temporary,
     * is never widened: [1, 4]. So a and c meet at position 4 only, where p2 reads both: they must
     * interfere. u [5, 5].
     */
    @Test
    void aRangeStartingAtItsLoopsTopIsSpannedOnceAndMeetsWhatEndsThere() {
        VReg a = new VReg("a", 1, true);
        VReg c = temp("c");
        VReg u = temp("u");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(a, 1), jump("init")),
                block("L", add(u, c, a), exit()), block("init", mov(c, 5), jump("L")))));
        range(li, a, 1, 4);
        range(li, c, 4, 11);
        range(li, u, 5, 5);
        InterferenceGraph g = InterferenceGraph.of(li);
        assertEquals(List.of(li.index.get(c)), InterferenceGraphTest.neighbours(g, li.index.get(a)));
    }

    /**
     * p0 t = 1; p1 b = k + t; p2 Exit, k a kernel register never written, t and b temporaries.
     * Exit reads every kernel register the code names, those only read included: k [0, 4] (read
     * unwritten, so from 0; read at Exit, 2·2). The temporaries are not read there: t [1, 2], b [3, 3].
     */
    @Test
    void aKernelRegisterOnlyReadIsReadAtExitAndTemporariesAreNot() {
        VReg k = kernel("k");
        VReg t = temp("t");
        VReg b = temp("b");
        LiveIntervals li = LiveIntervals.of(code(function("main", block("entry", mov(t, 1), add(b, k, t), exit()))));
        range(li, k, 0, 4);
        range(li, t, 1, 2);
        range(li, b, 3, 3);
    }
}
