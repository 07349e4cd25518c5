package tpb.mir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import tpb.isa.AluOpType;
import tpb.isa.BranchCompareOp;
import tpb.isa.CallRecord;
import tpb.isa.DtypeWire;
import tpb.isa.EventSemaphoreRecord;
import tpb.isa.Events;
import tpb.isa.EventsExtended;
import tpb.isa.ExitRecord;
import tpb.isa.NoOpRecord;
import tpb.isa.ReturnRecord;
import tpb.isa.UpdateMode;
import tpb.isa.WaitMode;

/**
 * Each machine instruction kind's operand protocol — what it reads, what it writes, what renaming
 * makes of it, which visitor method it reaches — stated kind by kind, since liveness, spill
 * rewriting, codegen and the lowered simulator all go through it.
 */
class MInstTest {
    static final VReg A = new VReg("a", 1, false);
    static final VReg B = new VReg("b", 1, false);
    static final VReg C = new VReg("c", 1, false);
    static final VReg A2 = new VReg("a2", 1, false);
    static final VReg B2 = new VReg("b2", 1, false);
    static final VReg C2 = new VReg("c2", 1, false);

    /** a → a2, b → b2, c → c2; anything else unchanged. */
    static final UnaryOperator<VReg> RENAME = v -> Map.of(A, A2, B, B2, C, C2).getOrDefault(v, v);

    /** c = a + b reads a then b and writes c; with an immediate (b absent) it reads a only; renamed, every register moves and the rest stays. */
    @Test
    void aluReadsItsSourcesInOrderAndWritesItsDestination() {
        MInst.Alu add = new MInst.Alu(AluOpType.ADD, false, C, A, B, 0, DtypeWire.INT32);
        assertEquals(List.of(A, B), add.uses());
        assertSame(C, add.def());
        assertEquals(new MInst.Alu(AluOpType.ADD, false, C2, A2, B2, 0, DtypeWire.INT32), add.mapRegs(RENAME));
        MInst.Alu imm = new MInst.Alu(AluOpType.SUBTRACT, true, C, A, null, 7, DtypeWire.UINT64);
        assertEquals(List.of(A), imm.uses());
        assertEquals(new MInst.Alu(AluOpType.SUBTRACT, true, C2, A2, null, 7, DtypeWire.UINT64), imm.mapRegs(RENAME));
        // a read as both sources is listed twice; a second source alone is listed alone
        assertEquals(List.of(A, A), new MInst.Alu(AluOpType.ADD, false, C, A, A, 0, DtypeWire.INT32).uses());
        assertEquals(List.of(B), new MInst.Alu(AluOpType.ADD, false, C, null, B, 0, DtypeWire.INT32).uses());
    }

    /** c = a reads a; c = 5 reads nothing; both write c. */
    @Test
    void moveReadsItsSourceWhenItHasOne() {
        MInst.Move mv = new MInst.Move(C, A, 0, DtypeWire.INT32);
        assertEquals(List.of(A), mv.uses());
        assertSame(C, mv.def());
        assertEquals(new MInst.Move(C2, A2, 0, DtypeWire.INT32), mv.mapRegs(RENAME));
        MInst.Move five = new MInst.Move(C, null, 5, DtypeWire.INT32);
        assertEquals(List.of(), five.uses());
        assertEquals(new MInst.Move(C2, null, 5, DtypeWire.INT32), five.mapRegs(RENAME));
    }

    /** Branches read their compared registers, write nothing, and keep their targets when renamed. */
    @Test
    void branchesReadWhatTheyCompare() {
        MInst.CondBranch cb = new MInst.CondBranch(BranchCompareOp.IS_LTREG, A, B, 0, DtypeWire.INT32, "t", "f");
        assertEquals(List.of(A, B), cb.uses());
        assertNull(cb.def());
        assertEquals(new MInst.CondBranch(BranchCompareOp.IS_LTREG, A2, B2, 0, DtypeWire.INT32, "t", "f"), cb.mapRegs(RENAME));
        MInst.CondBranch imm = new MInst.CondBranch(BranchCompareOp.IS_LTIMM, A, null, 3, DtypeWire.INT32, "t", "f");
        assertEquals(List.of(A), imm.uses());
        MInst.Branch br = new MInst.Branch(BranchCompareOp.IS_EQREG, A, B, 0, DtypeWire.INT32, "t");
        assertEquals(List.of(A, B), br.uses());
        assertNull(br.def());
        assertEquals(new MInst.Branch(BranchCompareOp.IS_EQREG, A2, B2, 0, DtypeWire.INT32, "t"), br.mapRegs(RENAME));
        MInst.Branch always = new MInst.Branch(null, null, null, 0, null, "t");
        assertEquals(List.of(), always.uses());
        assertEquals(always, always.mapRegs(RENAME));
    }

    /** Jump and Fixed name no register: nothing read or written, renaming returns the very instruction. */
    @Test
    void kindsWithoutRegistersStayAsTheyAre() {
        MInst.Jump j = new MInst.Jump("t");
        MInst.Fixed f = new MInst.Fixed(NoOpRecord.builder().build());
        for (MInst m : List.<MInst>of(j, f)) {
            assertEquals(List.of(), m.uses());
            assertNull(m.def());
            assertSame(m, m.mapRegs(RENAME));
        }
    }

    /** A store reads its register and keeps its slot; a reload writes its register, reads none, keeps its slot. */
    @Test
    void spillCodeReadsOrWritesItsOneRegister() {
        MInst.Store st = new MInst.Store(A, 3);
        assertEquals(List.of(A), st.uses());
        assertNull(st.def());
        assertEquals(new MInst.Store(A2, 3), st.mapRegs(RENAME));
        MInst.Reload ld = new MInst.Reload(A, 4);
        assertEquals(List.of(), ld.uses());
        assertSame(A, ld.def());
        assertEquals(new MInst.Reload(A2, 4), ld.mapRegs(RENAME));
    }

    /**
     * A register wait reads its threshold; encode(17) puts the register id in semaphore_value and
     * keeps the wait mode and index and the update (facts §1.4).
     */
    @Test
    void aRegisterWaitReadsItsThreshold() {
        EventSemaphoreRecord rec = EventSemaphoreRecord.builder()
                .events(Events.builder().waitMode(WaitMode.SEM_GE_REG).waitIdx(2).updateMode(UpdateMode.SEM_INC_READ).updateIdx(6).build())
                .ext(EventsExtended.ZERO).build();
        MInst.Wait w = new MInst.Wait(rec, A);
        assertEquals(List.of(A), w.uses());
        assertNull(w.def());
        assertEquals(new MInst.Wait(rec, A2), w.mapRegs(RENAME));
        assertEquals(new Events(WaitMode.SEM_GE_REG, 2, UpdateMode.SEM_INC_READ, 6, 17), w.encode(17).events());
        assertEquals(rec.header(), w.encode(17).header());
        assertEquals(rec.ext(), w.encode(17).ext());
    }

    /** Exit and Return leave the function (kernel registers are read there); a call, a no-op or an ALU op does not. */
    @Test
    void onlyExitAndReturnLeaveTheFunction() {
        assertTrue(new MInst.Fixed(ExitRecord.builder().build()).leavesFunction());
        assertTrue(new MInst.Fixed(ReturnRecord.builder().build()).leavesFunction());
        assertFalse(new MInst.Fixed(CallRecord.builder().functionName("f").build()).leavesFunction());
        assertFalse(new MInst.Fixed(NoOpRecord.builder().build()).leavesFunction());
        assertFalse(new MInst.Move(A, null, 0, DtypeWire.INT32).leavesFunction());
    }

    /** Each kind reaches its own visitor method. */
    @Test
    void eachKindVisitsItsOwnMethod() {
        MInst.Visitor<String> name = new MInst.Visitor<>() {
            public String alu(MInst.Alu a) { return "alu"; }
            public String move(MInst.Move m) { return "move"; }
            public String condBranch(MInst.CondBranch b) { return "condBranch"; }
            public String jump(MInst.Jump j) { return "jump"; }
            public String branch(MInst.Branch b) { return "branch"; }
            public String fixed(MInst.Fixed f) { return "fixed"; }
            public String waitOnRegister(MInst.Wait w) { return "waitOnRegister"; }
            public String store(MInst.Store s) { return "store"; }
            public String reload(MInst.Reload r) { return "reload"; }
        };
        List<MInst> all = List.of(new MInst.Alu(AluOpType.ADD, false, C, A, B, 0, DtypeWire.INT32), new MInst.Move(C, A, 0, DtypeWire.INT32),
                new MInst.CondBranch(BranchCompareOp.IS_LTIMM, A, null, 0, DtypeWire.INT32, "t", "f"), new MInst.Jump("t"),
                new MInst.Branch(null, null, null, 0, null, "t"), new MInst.Fixed(NoOpRecord.builder().build()),
                new MInst.Wait(EventSemaphoreRecord.builder().build(), A), new MInst.Store(A, 0), new MInst.Reload(A, 0));
        assertEquals(List.of("alu", "move", "condBranch", "jump", "branch", "fixed", "waitOnRegister", "store", "reload"),
                all.stream().map(m -> m.accept(name)).toList());
    }

    /** A register prints as its name (the checker's messages name registers so). */
    @Test
    void aRegisterPrintsItsName() {
        assertEquals("a", A.toString());
        assertEquals("a.reload3", new VReg("a.reload3", 2, true).toString());
    }

    /** A block prints as its label and its instructions (debugging text: what a failing pass test shows). */
    @Test
    void aBlockPrintsItsLabelAndInstructions() {
        MBlock b = new MBlock("L");
        assertEquals("L: []", b.toString());
        b.insts.add(new MInst.Jump("t"));
        assertEquals("L: [Jump[target=t]]", b.toString());
    }
}
