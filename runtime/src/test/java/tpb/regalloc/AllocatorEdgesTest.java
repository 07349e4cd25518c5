package tpb.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.AluOpType;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.isa.EngineType;
import tpb.mir.EngineCode;
import tpb.abi.Location;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;
import tpb.sim.IrSimulator;
import tpb.sim.SimResult;
import tpb.sim.StreamSimulator;

/**
 * The allocator's convention where two live ranges meet at one instruction (see {@link
 * LiveIntervals} and {@link InterferenceGraph}): an instruction's uses sit before its def, so the
 * register it writes may take the slot of a register it reads for the last time; two registers
 * read by the same instruction are live at once, even when one of them is read there for the
 * first time. Kernel-level and machine-code-level cases; each side's smallest case fails if that
 * side is flipped.
 */
class AllocatorEdgesTest {
    static Compiler.EngineOutput compile(String kernel, int regs) {
        Module m = KernelReader.read("edge.yaml", kernel);
        return Compiler.compile(m, new Compiler.Options(Arch.SUNDA, regs, false)).get(EngineType.SP);
    }

    /**
     * c = a + b on two registers. Kernel registers stay live to Exit (their final values are
     * observable), so a, b and c cannot share and two of them live in spill slots: the add reads
     * two reloaded temporaries and writes the third value in the same instruction. That fits two
     * registers only because the def may take the slot of a temporary read there for the last
     * time; were the def placed with the uses (so that the ranges touch and interfere), the add
     * would need three slots and allocation would fail.
     */
    @Test
    void aDefMayTakeTheSlotOfARegisterItReadsLast() {
        String k = """
                kernel: def_after_use
                registers: [a, b, c]
                functions:
                  - name: main
                    insts:
                      - {inst: RegisterMove, dst: a, src: 1}
                      - {inst: RegisterMove, dst: b, src: 2}
                      - {inst: RegisterAlu, op: add, dst: c, src0: a, src1: b}
                      - {inst: Exit}
                """;
        Compiler.EngineOutput out = compile(k, 2);
        SimResult r = StreamSimulator.run(out.stream(), out.registers(), 100);
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(Map.of("a", 1L, "b", 2L, "c", 3L), r.registers());
    }

    /**
     * r = a + b where b is read for the first time (never written, so it holds the reset value,
     * all ones: facts §7.1): a and b are read together and must not share a slot, so r is
     * 5 + 0xFFFFFFFF = 4 at every level. (On fewer than three registers b is spilled and reloaded
     * from a slot nothing stored, which holds the reset value too: {@code tpb.sim.ResetValueTest}.)
     */
    @Test
    void twoRegistersReadTogetherInterfereEvenWhereOneRangeBegins() {
        String k = """
                kernel: shared_use
                registers: [a, b, r]
                functions:
                  - name: main
                    insts:
                      - {inst: RegisterMove, dst: a, src: 5}
                      - {inst: RegisterAlu, op: add, dst: r, src0: a, src1: b}
                      - {inst: Exit}
                """;
        Module m = KernelReader.read("edge.yaml", k);
        assertEquals(4L, IrSimulator.run(m, EngineType.SP, 100).registers().get("r"));
        for (int regs : new int[] {3, 62}) {
            Compiler.EngineOutput out = compile(k, regs);
            Map<String, Location> at = out.registers();
            assertNotEquals(at.get("a").slot(), at.get("b").slot(), "a and b share a slot on " + regs + " registers");
            SimResult run = StreamSimulator.run(out.stream(), at, 100);
            assertEquals(SimResult.Status.EXIT, run.status(), run.message());
            assertEquals(4L, run.registers().get("r"), regs + " registers");
        }
    }

    // ---- the same two sides on hand-built machine code, where temporaries end mid-stream ----

    static EngineCode code(MInst... insts) {
        EngineCode c = new EngineCode(EngineType.SP);
        MFunction f = new MFunction("main");
        c.functions.add(f);
        MBlock b = new MBlock("entry");
        f.blocks.add(b);
        b.insts.addAll(List.of(insts));
        return c;
    }

    static MInst add(VReg dst, VReg src0, VReg src1) {
        return new MInst.Alu(AluOpType.ADD, false, dst, src0, src1, src1 == null ? 1 : 0, DtypeWire.INT32);
    }

    /**
     * t = a + b where a is read for the last time and b for the first (never written): a = [1, 2];
     * b holds its reset value from the engine's first record, so b = [0, 2] (the reset-value rule
     * in LiveIntervals), and the two must interfere or the add would read a's 5 for b. (Before that
     * rule b was [2, 2] and this test also pinned the sweep's one-position meeting, {@code >=} made
     * {@code >}; that meeting is now pinned by
     * LiveIntervalsTest.aRangeStartingAtItsLoopsTopIsSpannedOnceAndMeetsWhatEndsThere.)
     */
    @Test
    void rangesSharingOnePositionInterfere() {
        VReg a = new VReg("a", 1, false);
        VReg b = new VReg("b", 1, false);
        VReg t = new VReg("t", 1, false);
        EngineCode c = code(new MInst.Move(a, null, 5, DtypeWire.INT32), add(t, a, b), add(t, t, null));
        RegisterAllocator.Result r = RegisterAllocator.allocate(c, 62);
        assertNotEquals(r.ids().get(a), r.ids().get(b));
        assertNull(AllocationChecker.check(c, r.ids(), 62));
    }

    /**
     * c = a + b, then c is read once more: a = [1, 4], b = [3, 4], c = [5, 6]. c starts after a
     * and b end, so two slots hold all three with no spill. With the def at 2p (touching the
     * uses) c would meet both and one of three values would be spilled.
     */
    @Test
    void aDefStartsAfterTheUsesOfItsInstruction() {
        VReg a = new VReg("a", 1, false);
        VReg b = new VReg("b", 1, false);
        VReg c = new VReg("c", 1, false);
        VReg d = new VReg("d", 1, false);
        EngineCode code = code(new MInst.Move(a, null, 1, DtypeWire.INT32), new MInst.Move(b, null, 2, DtypeWire.INT32),
                add(c, a, b), add(d, c, null));
        RegisterAllocator.Result r = RegisterAllocator.allocate(code, 2);
        assertEquals(0, r.spilled());
        assertNull(AllocationChecker.check(code, r.ids(), 2));
    }
}
