package tpb.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.AllEngineBarrierRecord;
import tpb.isa.BranchCompareOp;
import tpb.isa.BranchNegation;
import tpb.isa.DrainRecord;
import tpb.isa.EngineType;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.mir.CompileException;
import tpb.mir.EngineCode;
import tpb.mir.MBlock;
import tpb.mir.MInst;

/** Each pass on small kernels, by the machine code it leaves. */
class PassesTest {
    static Module kernel(String body) {
        return KernelReader.read("k.yaml", "kernel: k\nregisters: [i, x, y]\nfunctions:\n  - name: main\n" + body);
    }

    static EngineCode lowered(Module m) {
        return LoopLowering.lower(m, EngineType.SP, SemaphoreAllocation.allocate(m, 256)).code();
    }

    static String shape(EngineCode c) {
        StringBuilder s = new StringBuilder();
        for (MBlock b : c.functions.get(0).blocks) {
            s.append(b.label).append(':');
            for (MInst m : b.insts) {
                s.append(' ').append(m.getClass().getSimpleName());
                if (m instanceof MInst.Branch br) {
                    s.append('(').append(br.op() == null ? "always" : br.op().specName()).append("->").append(br.target()).append(')');
                } else if (m instanceof MInst.CondBranch br) {
                    s.append('(').append(br.op().specName()).append(' ').append(br.onTrue()).append('/').append(br.onFalse()).append(')');
                } else if (m instanceof MInst.Fixed f) {
                    s.append('(').append(f.record().arm().specName()).append(')');
                }
            }
            s.append('\n');
        }
        return s.toString();
    }

    @Test
    void staticLoopBecomesCounterAndBackEdge() {
        EngineCode c = lowered(kernel("    insts:\n      - {inst: Loop, var: i, lb: 0, ub: 4, body: [{inst: RegisterAlu, op: add, dst: x, src0: x, src1: 1}]}\n"
                + "      - {inst: Exit}\n"));
        assertEquals("""
                main.entry: Move
                main.loop0: Alu Alu CondBranch(IS_LTIMM main.loop0/main.after1)
                main.after1: Fixed(Exit)
                """, shape(c));
        MInst.Alu step = (MInst.Alu) c.functions.get(0).blocks.get(1).insts.get(1);
        assertEquals(1, step.imm());
    }

    @Test
    void zeroTripStaticLoopEmitsNoLoop() {
        EngineCode c = lowered(kernel("    insts:\n      - {inst: Loop, var: i, lb: 5, ub: 5, body: [{inst: NoOp}]}\n      - {inst: Exit}\n"));
        assertEquals("main.entry: Move Fixed(Exit)\n", shape(c));
    }

    @Test
    void dynamicLoopComputesItsLimitAndTestsBeforeTheFirstTrip() {
        EngineCode c = lowered(kernel("    insts:\n      - {inst: DynamicForLoop, var: i, lb: 0, ub_const: 2, ub_coef: 3, ub_reg: y, body: [{inst: NoOp}]}\n"
                + "      - {inst: Exit}\n"));
        assertEquals("""
                main.entry: Alu Alu Move CondBranch(IS_GEREG main.after1/main.loop0)
                main.loop0: Fixed(NoOp) Alu CondBranch(IS_LTREG main.loop0/main.after1)
                main.after1: Fixed(Exit)
                """, shape(c));
    }

    @Test
    void canonicalisationEncodesOnlyTheTakenEdge() {
        Module m = kernel("""
                    blocks:
                      - name: a
                        insts:
                          - {inst: CompareAndBranch, comp_op: IS_LTIMM, lhs: x, rhs: 1, on_true: b, on_false: c}
                      - name: b
                        insts:
                          - {inst: CompareAndBranch, comp_op: IS_EQREG, lhs: x, rhs: y, on_true: c, on_false: a}
                      - name: c
                        insts:
                          - {inst: CompareAndBranch, comp_op: IS_GTIMM, lhs: x, rhs: 1, on_true: a, on_false: b}
                      - name: d
                        insts:
                          - {inst: UnconditionalBranch, target: e}
                      - name: e
                        insts:
                          - {inst: Exit}
                """);
        EngineCode c = lowered(m);
        BranchCanonicalizer.run(c);
        assertEquals("""
                a: Branch(IS_GEIMM->c)
                b: Branch(IS_NEREG->a)
                c: Branch(IS_GTIMM->a) Branch(always->b)
                d:
                e: Fixed(Exit)
                """, shape(c));
        assertEquals(BranchCompareOp.IS_GEIMM, BranchNegation.map(BranchCompareOp.IS_LTIMM));
    }

    @Test
    void controlTransfersAreFencedOnEveryEngine() {
        Module m = KernelReader.read("k.yaml", """
                kernel: k
                engines: [SP, PE]
                registers: [i]
                functions:
                  - name: main
                    insts:
                      - {inst: EventSemaphore, update: {sem: s0, mode: sem_inc}}
                      - {inst: Loop, var: i, lb: 0, ub: 2, body: [{inst: NoOp}]}
                      - {inst: Exit}
                """);
        Map<String, Integer> sems = SemaphoreAllocation.allocate(m, 256);
        for (EngineType e : List.of(EngineType.SP, EngineType.PE)) {
            EngineCode c = LoopLowering.lower(m, e, sems).code();
            BranchCanonicalizer.run(c);
            ControlBracketing.run(c, List.copyOf(sems.values()));
            List<MInst> loop = c.functions.get(0).blocks.get(1).insts;
            assertTrue(((MInst.Fixed) loop.get(2)).record() instanceof AllEngineBarrierRecord, e + " " + loop);
            assertTrue(((MInst.Fixed) loop.get(3)).record() instanceof GroupResetSemaphoresRecord);
            assertTrue(((MInst.Fixed) loop.get(4)).record() instanceof AllEngineBarrierRecord);
            assertTrue(((MInst.Fixed) loop.get(5)).record() instanceof DrainRecord);
            assertTrue(loop.get(6) instanceof MInst.Branch);
        }
    }

    @Test
    void semaphoresComeFromTheBank() {
        StringBuilder many = new StringBuilder("    insts:\n");
        for (int s = 0; s < 257; s++) {
            many.append("      - {inst: EventSemaphore, update: {sem: s").append(s).append("}}\n");
        }
        many.append("      - {inst: Exit}\n");
        Module m = kernel(many.toString());
        assertEquals(255, SemaphoreAllocation.allocate(kernel("    insts:\n      - {inst: Exit}\n"), 256).size() + 255);
        CompileException e = assertThrows(CompileException.class, () -> SemaphoreAllocation.allocate(m, 256));
        assertEquals("the kernel names 257 semaphores; the bank holds 256", e.getMessage());
    }

    static tpb.mir.MFunction function(MBlock... blocks) {
        tpb.mir.MFunction f = new tpb.mir.MFunction("main");
        f.blocks.addAll(List.of(blocks));
        return f;
    }

    static MBlock block(String label, MInst... insts) {
        MBlock b = new MBlock(label);
        b.insts.addAll(List.of(insts));
        return b;
    }

    static final MInst NOOP = new MInst.Fixed(tpb.isa.NoOpRecord.builder().build());

    static MInst.CondBranch lessThanOne(String onTrue, String onFalse) {
        return new MInst.CondBranch(BranchCompareOp.IS_LTIMM, new tpb.mir.VReg("x", 1, false), null, 1, tpb.isa.DtypeWire.INT32, onTrue,
                onFalse);
    }

    /**
     * Only a block's last instruction falls through. a: [if x < 1 then b else c; NoOp] — the branch
     * is not last, so neither successor is reached by falling: the taken edge to b, then an
     * unconditional jump to c. b: [goto c; NoOp] — a jump to the next block that is not last still
     * jumps. c: [goto d] is last and d is next: elided. d: [if x < 1 then a else e], last, e next:
     * the taken edge to a alone. The last block's jump (to a) has no next block to fall into.
     */
    @Test
    void onlyTheLastInstructionFallsThrough() {
        EngineCode c = new EngineCode(EngineType.SP);
        c.functions.add(function(block("a", lessThanOne("b", "c"), NOOP), block("b", new MInst.Jump("c"), NOOP), block("c", new MInst.Jump("d")),
                block("d", lessThanOne("a", "e")), block("e", new MInst.Jump("a"))));
        BranchCanonicalizer.run(c);
        assertEquals("""
                a: Branch(IS_LTIMM->b) Branch(always->c) Fixed(NoOp)
                b: Branch(always->c) Fixed(NoOp)
                c:
                d: Branch(IS_LTIMM->a)
                e: Branch(always->a)
                """, shape(c));
    }

    /**
     * The fence goes before a block's FIRST branch, also when that branch opens the block: c:
     * [Branch(IS_GTIMM->a), Branch(always->b)] becomes Barrier, GroupReset(ids 3 and 4: the range
     * 3..4), Barrier, Drain, then both branches; with no semaphores the GroupReset is left out. A
     * block with no branch (e: Exit) is not fenced.
     */
    @Test
    void theFenceGoesBeforeTheFirstBranch() {
        for (List<Integer> sems : List.of(List.of(3, 4), List.<Integer>of())) {
            EngineCode c = new EngineCode(EngineType.SP);
            c.functions.add(function(block("c", new MInst.Branch(BranchCompareOp.IS_GTIMM, new tpb.mir.VReg("x", 1, false), null, 1,
                    tpb.isa.DtypeWire.INT32, "a"), new MInst.Branch(null, null, null, 0, null, "b")),
                    block("e", new MInst.Fixed(tpb.isa.ExitRecord.builder().build()))));
            ControlBracketing.run(c, sems);
            String fence = sems.isEmpty() ? "Fixed(AllEngineBarrier) Fixed(AllEngineBarrier) Fixed(Drain)"
                    : "Fixed(AllEngineBarrier) Fixed(GroupResetSemaphores) Fixed(AllEngineBarrier) Fixed(Drain)";
            assertEquals("c: " + fence + " Branch(IS_GTIMM->a) Branch(always->b)\ne: Fixed(Exit)\n", shape(c));
            if (!sems.isEmpty()) {
                GroupResetSemaphoresRecord g = (GroupResetSemaphoresRecord) ((MInst.Fixed) c.functions.get(0).blocks.get(0).insts.get(1)).record();
                assertEquals(List.of(3, 4), List.of(g.rangeFirst(), g.rangeLast()));
            }
        }
    }

    /**
     * A Break leaves the innermost loop open at that point: Loop i 0..2 { Loop j 0..3 { Break };
     * Break }. The outer loop is loop0/after1, the inner loop2/after3: the inner Break jumps to
     * main.after3, the outer one (after the inner loop is closed) to main.after1.
     */
    @Test
    void breakLeavesTheInnermostLoop() {
        Module m = KernelReader.read("k.yaml", """
                kernel: k
                registers: [i, j]
                functions:
                  - name: main
                    insts:
                      - inst: Loop
                        var: i
                        lb: 0
                        ub: 2
                        body:
                          - {inst: Loop, var: j, lb: 0, ub: 3, body: [{inst: Break}]}
                          - {inst: Break}
                      - {inst: Exit}
                """);
        EngineCode c = lowered(m);
        assertEquals("""
                main.entry: Move
                main.loop0: Move
                main.loop2: Jump Alu CondBranch(IS_LTIMM main.loop2/main.after3)
                main.after3: Jump Alu CondBranch(IS_LTIMM main.loop0/main.after1)
                main.after1: Fixed(Exit)
                """, shape(c));
        assertEquals("main.after3", ((MInst.Jump) c.functions.get(0).blocks.get(2).insts.get(0)).target());
        assertEquals("main.after1", ((MInst.Jump) c.functions.get(0).blocks.get(3).insts.get(0)).target());
    }

    /** A do-while: the body, then "if x != 0 goto loop else after" (IS_NEIMM against 0, facts §7.3). */
    @Test
    void doWhileTestsItsPredicateAfterTheBody() {
        EngineCode c = lowered(kernel("    insts:\n      - {inst: DoWhile, pred: x, body: [{inst: NoOp}]}\n      - {inst: Exit}\n"));
        assertEquals("""
                main.entry:
                main.loop0: Fixed(NoOp) CondBranch(IS_NEIMM main.loop0/main.after1)
                main.after1: Fixed(Exit)
                """, shape(c));
        MInst.CondBranch b = (MInst.CondBranch) c.functions.get(0).blocks.get(1).insts.get(1);
        assertEquals(List.of("x"), b.uses().stream().map(v -> v.name).toList());
        assertEquals(0, b.imm());
    }
}
