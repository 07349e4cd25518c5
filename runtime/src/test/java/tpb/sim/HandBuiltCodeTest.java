package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.ir.Block;
import tpb.ir.Function;
import tpb.ir.Inst;
import tpb.ir.Module;
import tpb.ir.Operand;
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
import tpb.spec.Pos;

/**
 * Code the compiler's own pipeline does not hand a simulator, run through the simulators'
 * public entries: lowered code before branch canonicalisation (a two-way CondBranch, as
 * LoopLowering emits it) and after allocation (spill stores and reloads, still on virtual
 * registers), a lowered record the simulator does not model, lowered code and an IR function
 * that fall off their last block, and IR that KernelReader refuses but a Module built in code
 * can hold (a branch to an unknown block, a Break outside every loop). Expected values worked out
 * by hand. (PIT's uncovered mutants of the tpb.sim
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

    /** Lowered code whose last block has no Exit: after x := 5 (main+0) the run falls off, a fault, not an index error. */
    @Test
    void loweredCodeThatFallsOffItsLastBlockFaults() {
        Map<VReg, Boolean> regs = new LinkedHashMap<>();
        regs.put(X, false);
        SimResult r = run(code(regs, block("entry", new MInst.Move(X, null, 5, DtypeWire.INT32))));
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("function main fell off its last block", r.message());
    }

    static final Register RX = new Register("x", false);
    static final Register RY = new Register("y", false);
    static final Pos AT = new Pos("hand", 1, 1);

    static Inst move(Register r, long v) {
        return new Inst.RegisterMove(r, new Operand.Imm(v), DtypeWire.INT32, EngineType.ALL, AT);
    }

    static SimResult runIr(Block... blocks) {
        Module m = new Module("hand", java.util.List.of(RX, RY), java.util.List.of(new Function("main", java.util.List.of(blocks))),
                java.util.List.of(EngineType.SP), Map.of(), java.util.List.of(), java.util.List.of(), java.util.List.of());
        return IrSimulator.run(m, EngineType.SP, 100);
    }

    /** An IR function whose last block ends without Exit, Return or a branch (the reader refuses it): after x := 1, a fault. */
    @Test
    void anIrFunctionThatFallsOffItsLastBlockFaults() {
        SimResult r = runIr(new Block("b0", java.util.List.of(move(RX, 1))));
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("function main fell off its last block", r.message());
    }

    /** An UnconditionalBranch to a block the function does not have (the reader refuses it): a fault naming the label. */
    @Test
    void anIrBranchToAnUnknownBlockFaults() {
        SimResult r = runIr(new Block("b0", java.util.List.of(new Inst.UnconditionalBranch("nowhere", EngineType.ALL, AT))),
                new Block("b1", java.util.List.of(new Inst.Exit(EngineType.ALL, AT))));
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("branch to unknown block nowhere", r.message());
    }

    /**
     * A Break outside every loop (the reader refuses it) ends its block, as IrSimulator.leave
     * says: b0 = [Break, y := 2] goes on with b1 = [x := 1, Exit] without running y := 2. x = 1
     * is the only register written.
     */
    @Test
    void anIrBreakOutsideEveryLoopEndsItsBlock() {
        SimResult r = runIr(new Block("b0", java.util.List.of(new Inst.Break(EngineType.ALL, AT), move(RY, 2))),
                new Block("b1", java.util.List.of(move(RX, 1), new Inst.Exit(EngineType.ALL, AT))));
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(Map.of("x", 1L), r.registers());
    }
}
