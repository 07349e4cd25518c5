package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.ir.Register;
import tpb.isa.BranchCompareOp;
import tpb.isa.DtypeWire;
import tpb.isa.EngineType;
import tpb.isa.ExitRecord;
import tpb.isa.HaltRecord;
import tpb.mir.EngineCode;
import tpb.mir.LoweredCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;

/**
 * Code the compiler's own pipeline does not hand a simulator, run through the simulators'
 * public entries: lowered code before branch canonicalisation (a two-way CondBranch, as
 * LoopLowering emits it) and after allocation (spill stores and reloads, still on virtual
 * registers), and a lowered record the simulator does not model. Expected values worked out by
 * hand. (PIT's uncovered mutants of the tpb.sim
 * run at d37fd3c, mutation-survivors.md.)
 */
class HandBuiltCodeTest {
    static final VReg X = new VReg("x", 1, false, true);
    static final VReg Y = new VReg("y", 1, false, true);
    static final VReg A = new VReg("a", 1, false, true);
    static final VReg B = new VReg("b", 1, false, true);
    static final VReg C = new VReg("c", 1, false, true);
    static final VReg D = new VReg("d", 2, false, true);

    static MInst exit() {
        return new MInst.Fixed(ExitRecord.builder().build());
    }

    static MBlock block(String label, MInst... insts) {
        MBlock b = new MBlock(label);
        b.insts.addAll(java.util.List.of(insts));
        return b;
    }

    /** One function, main, of {@code blocks}; the kernel registers by their VRegs' names. */
    static LoweredCode code(Map<VReg, Boolean> registers, MBlock... blocks) {
        EngineCode code = new EngineCode(EngineType.SP);
        MFunction main = new MFunction("main");
        main.blocks.addAll(java.util.List.of(blocks));
        code.functions.add(main);
        Map<Register, VReg> regs = new LinkedHashMap<>();
        registers.forEach((v, is64) -> regs.put(new Register(v.name, is64), v));
        return new LoweredCode(code, regs);
    }

    static SimResult run(LoweredCode code) {
        return LoweredSimulator.run(code, 100, MachineConfig.NONE);
    }

    /**
     * x := 5, then CondBranch x > 3 (signed 32-bit) to "yes", else "no": 5 > 3, so y := 2 (not
     * 1). 4 steps: move, branch, move, Exit.
     */
    @Test
    void aTwoWayBranchTakesItsTrueEdgeWhenThePredicateHolds() {
        Map<VReg, Boolean> regs = new LinkedHashMap<>();
        regs.put(X, false);
        regs.put(Y, false);
        SimResult r = run(code(regs,
                block("entry", new MInst.Move(X, null, 5, DtypeWire.INT32),
                        new MInst.CondBranch(BranchCompareOp.IS_GTIMM, X, null, 3, DtypeWire.INT32, "yes", "no")),
                block("no", new MInst.Move(Y, null, 1, DtypeWire.INT32), exit()),
                block("yes", new MInst.Move(Y, null, 2, DtypeWire.INT32), exit())));
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(Map.of("x", 5L, "y", 2L), r.registers());
        assertEquals(4, r.steps());
    }

    /**
     * Spill code: a := 7, stored to slot 0; b reloaded from slot 0 (7); c from slot 1, never
     * stored: the 32-bit reset value 0xFFFFFFFF; the pair d from slot 2, never stored: all ones
     * over 64 bits, -1 (facts §7.1; README "Spill code", as the stream's spill memory).
     */
    @Test
    void reloadsGiveWhatWasStoredOrTheResetValue() {
        Map<VReg, Boolean> regs = new LinkedHashMap<>();
        regs.put(A, false);
        regs.put(B, false);
        regs.put(C, false);
        regs.put(D, true);
        SimResult r = run(code(regs, block("entry", new MInst.Move(A, null, 7, DtypeWire.INT32), new MInst.Store(A, 0),
                new MInst.Reload(B, 0), new MInst.Reload(C, 1), new MInst.Reload(D, 2), exit())));
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(Map.of("a", 7L, "b", 7L, "c", 0xFFFF_FFFFL, "d", -1L), r.registers());
    }

    /** A Halt in lowered code (the compiler emits none) faults naming its position: main+1, after the move at main+0. */
    @Test
    void anUnmodelledRecordInLoweredCodeFaultsAtItsPosition() {
        Map<VReg, Boolean> regs = new LinkedHashMap<>();
        regs.put(X, false);
        SimResult r = run(code(regs, block("entry", new MInst.Move(X, null, 5, DtypeWire.INT32), new MInst.Fixed(HaltRecord.builder().build()),
                exit())));
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals(String.format("main+1: Halt (opcode 0x%02X) is not modelled by the simulator", HaltRecord.OPCODE), r.message());
    }
}
