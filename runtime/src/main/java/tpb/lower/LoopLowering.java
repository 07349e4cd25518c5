package tpb.lower;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.ir.Block;
import tpb.ir.Function;
import tpb.ir.Inst;
import tpb.ir.Module;
import tpb.ir.Operand;
import tpb.ir.Register;
import tpb.isa.AluOpType;
import tpb.isa.BranchCompareOp;
import tpb.isa.DtypeWire;
import tpb.isa.EngineType;
import tpb.isa.EventSemaphoreRecord;
import tpb.mir.EngineCode;
import tpb.mir.LoweredCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;

/**
 * lower_branch for one engine (seed000 §4.2, §6; facts §8.3): keeps the instructions that run on
 * this engine (its own and ALL's, each engine with its own copy of every register), and explodes
 * structured loops into a counter RegisterAlu plus a back-edge CompareAndBranch:
 *
 * <pre>
 *   var = lb                            limit = ub_reg * coef + const   (dynamic only)
 *   [if var >= limit goto after]        (dynamic only: the static zero-trip case emits no loop)
 * loop:
 *   body
 *   var = var + stride
 *   if var < ub goto loop  else after   (IS_LTIMM, or IS_LTREG against the limit)
 * after:
 * </pre>
 *
 * A do-while is the body then {@code if pred != 0 goto loop}. Break jumps to the innermost
 * loop's {@code after}. Branches keep both successors here; {@link BranchCanonicalizer} encodes
 * only the taken edge.
 */
public final class LoopLowering {
    private final EngineType engine;
    private final Map<String, Integer> semaphores;
    private final Map<Register, VReg> vregs = new LinkedHashMap<>();
    private final Deque<String> loopExits = new ArrayDeque<>();
    private MFunction fn;
    private MBlock cur;
    private int loops;

    private LoopLowering(EngineType engine, Map<String, Integer> semaphores) {
        this.engine = engine;
        this.semaphores = semaphores;
    }

    public static LoweredCode lower(Module m, EngineType engine, Map<String, Integer> semaphores) {
        LoopLowering l = new LoopLowering(engine, semaphores);
        EngineCode code = new EngineCode(engine);
        for (Function f : m.functions()) {
            code.functions.add(l.function(f));
        }
        return new LoweredCode(code, l.vregs);
    }

    private VReg v(Register r) {
        return vregs.computeIfAbsent(r, x -> new VReg(x.name(), x.numPhysicalRegs(), false, true));
    }

    private MFunction function(Function f) {
        fn = new MFunction(f.name());
        for (Block b : f.blocks()) {
            open(b.name());
            emit(b.insts());
        }
        return fn;
    }

    private void open(String label) {
        cur = new MBlock(label);
        fn.blocks.add(cur);
    }

    private boolean here(Inst i) {
        return i.engine() == EngineType.ALL || i.engine() == engine;
    }

    private void emit(List<Inst> insts) {
        for (Inst i : insts) {
            if (here(i)) {
                emit(i);
            }
        }
    }

    private void emit(Inst i) {
        if (i instanceof Inst.RegisterAlu a) {
            VReg src1 = a.src1() instanceof Operand.Reg r ? v(r.register()) : null;
            long imm = a.src1() instanceof Operand.Imm im ? im.value() : 0;
            cur.insts.add(new MInst.Alu(a.op(), a.is64(), v(a.dst()), v(a.src0()), src1, imm, a.dtype()));
        } else if (i instanceof Inst.RegisterMove mv) {
            VReg src = mv.src() instanceof Operand.Reg r ? v(r.register()) : null;
            long imm = mv.src() instanceof Operand.Imm im ? im.value() : 0;
            cur.insts.add(new MInst.Move(v(mv.dst()), src, imm, mv.dtype()));
        } else if (i instanceof Inst.CompareAndBranch c) {
            VReg rhs = c.rhs() instanceof Operand.Reg r ? v(r.register()) : null;
            long imm = c.rhs() instanceof Operand.Imm im ? im.value() : 0;
            cur.insts.add(new MInst.CondBranch(c.compOp(), v(c.lhs()), rhs, imm, c.dtype(), c.onTrue(), c.onFalse()));
        } else if (i instanceof Inst.UnconditionalBranch u) {
            cur.insts.add(new MInst.Jump(u.target()));
        } else if (i instanceof Inst.Break) {
            cur.insts.add(new MInst.Jump(loopExits.peek()));
        } else if (i instanceof Inst.Loop l) {
            staticLoop(l);
        } else if (i instanceof Inst.DynamicLoop l) {
            dynamicLoop(l);
        } else if (i instanceof Inst.DoWhile d) {
            String loop = label("loop");
            String after = label("after");
            open(loop);
            body(d.body(), after);
            cur.insts.add(new MInst.CondBranch(BranchCompareOp.IS_NEIMM, v(d.pred()), null, 0, DtypeWire.INT32, loop, after));
            open(after);
        } else if (i instanceof Inst.EventSemaphore e && e.waitReg() != null) {
            cur.insts.add(new MInst.Wait((EventSemaphoreRecord) Records.of(i, semaphores), v(e.waitReg())));
        } else {
            cur.insts.add(new MInst.Fixed(Records.of(i, semaphores)));
        }
    }

    private String label(String what) {
        return fn.name + "." + what + (loops++);
    }

    private void body(List<Inst> body, String after) {
        loopExits.push(after);
        emit(body);
        loopExits.pop();
    }

    private void staticLoop(Inst.Loop l) {
        VReg var = v(l.var());
        cur.insts.add(new MInst.Move(var, null, l.lb(), DtypeWire.INT32));
        if (l.lb() >= l.ub()) {
            return; // zero trips (facts §7.3): the counter keeps lb, the body never runs
        }
        String loop = label("loop");
        String after = label("after");
        open(loop);
        body(l.body(), after);
        cur.insts.add(new MInst.Alu(AluOpType.ADD, false, var, var, null, l.stride(), DtypeWire.INT32));
        cur.insts.add(new MInst.CondBranch(BranchCompareOp.IS_LTIMM, var, null, l.ub(), DtypeWire.INT32, loop, after));
        open(after);
    }

    private void dynamicLoop(Inst.DynamicLoop l) {
        VReg var = v(l.var());
        VReg limit = new VReg(fn.name + ".limit" + loops, 1, false);
        cur.insts.add(new MInst.Alu(AluOpType.MULT, false, limit, v(l.ubReg()), null, l.ubCoef(), DtypeWire.INT32));
        cur.insts.add(new MInst.Alu(AluOpType.ADD, false, limit, limit, null, l.ubConst(), DtypeWire.INT32));
        cur.insts.add(new MInst.Move(var, null, l.lb(), DtypeWire.INT32));
        String loop = label("loop");
        String after = label("after");
        cur.insts.add(new MInst.CondBranch(BranchCompareOp.IS_GEREG, var, limit, 0, DtypeWire.INT32, after, loop));
        open(loop);
        body(l.body(), after);
        cur.insts.add(new MInst.Alu(AluOpType.ADD, false, var, var, null, l.stride(), DtypeWire.INT32));
        cur.insts.add(new MInst.CondBranch(BranchCompareOp.IS_LTREG, var, limit, 0, DtypeWire.INT32, loop, after));
        open(after);
    }
}
