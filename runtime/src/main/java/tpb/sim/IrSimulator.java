package tpb.sim;

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

/**
 * Runs a kernel before lowering, on one engine, with birsim's control model (seed000 §4): a
 * terminator writes the next-block slot (CompareAndBranch on_true/on_false, UnconditionalBranch
 * its target; Return and Break null it); after each block the driver follows the slot or falls
 * through; structured loops run with their own counters; Call runs the callee, Return pops it and
 * clears every semaphore; Exit ends the run. Registers start as all ones (facts §7.1).
 */
public final class IrSimulator {
    private final Module module;
    private final EngineType engine;
    private final Machine m;
    private final Map<Register, Long> regs = new LinkedHashMap<>();
    private final java.util.Set<Register> written = new java.util.LinkedHashSet<>();
    /** This engine's DMATrigger instructions as the machine keys their cursors (one per instruction). */
    private final Map<Inst, Machine.Trigger> triggers = new java.util.IdentityHashMap<>();
    /** The engine's side of a group's turn-taking; null when it runs alone. */
    private final Turns turns;
    /** The instruction running, for reports. */
    tpb.spec.Pos at;
    /** Gets a line per executed instruction, or null. */
    java.util.function.Consumer<String> trace;

    /** What a group's scheduler is asked at every step, blocked wait and barrier of an engine. */
    interface Turns {
        /** Before each step: the turn may be over (the engine then waits for its next one). */
        void beforeStep();

        /** Hands the turn back with {@code why} (BLOCKED or BARRIER) and waits for the next one. */
        void pause(Sequencer.Outcome why);
    }

    private IrSimulator(Module module, EngineType engine, long maxSteps) {
        this(module, engine, new Machine(maxSteps, MachineConfig.of(module)), null);
    }

    /** One engine of a group, over the group's machine. */
    IrSimulator(Module module, EngineType engine, Machine machine, Turns turns) {
        this.module = module;
        this.engine = engine;
        this.turns = turns;
        this.m = machine;
        for (Register r : module.registers()) {
            regs.put(r, r.is64() ? -1L : 0xFFFF_FFFFL);
        }
    }

    public static SimResult run(Module module, EngineType engine, long maxSteps) {
        return run(module, engine, maxSteps, null);
    }

    /** As above, handing {@code trace} a line per executed instruction: its kernel position and kind. */
    public static SimResult run(Module module, EngineType engine, long maxSteps, java.util.function.Consumer<String> trace) {
        IrSimulator s = new IrSimulator(module, engine, maxSteps);
        s.trace = trace;
        SimResult.Status status;
        String message = null;
        try {
            Signal sig = s.call(module.functions().get(0));
            status = sig == Signal.EXIT ? SimResult.Status.EXIT : SimResult.Status.END;
        } catch (SimFault f) {
            status = SimResult.Status.FAULT;
            message = f.getMessage();
        }
        Map<String, Long> out = new LinkedHashMap<>();
        s.written().forEach((r, v) -> {
            if (v != null) {
                out.put(r, v);
            }
        });
        return s.m.result(status, message, out);
    }

    /** Runs the engine's entry; EXIT or END. */
    Sequencer.Outcome runEntry() {
        return call(module.functions().get(0)) == Signal.EXIT ? Sequencer.Outcome.EXIT : Sequencer.Outcome.END;
    }

    /**
     * Every register of the kernel, null for one the run never wrote: such a register has no
     * defined final value (the compiler need not keep its reset contents).
     */
    Map<String, Long> written() {
        Map<String, Long> out = new LinkedHashMap<>();
        regs.forEach((r, v) -> out.put(r.name(), written.contains(r) ? v : null));
        return out;
    }

    private void step(Inst i) {
        if (turns != null) {
            turns.beforeStep();
        }
        if (i != null) {
            at = i.pos();
        }
        m.step();
        if (trace != null) {
            trace.accept(at + "  " + (i == null ? "(loop: next trip)" : i.getClass().getSimpleName()));
        }
    }

    /** The semaphore, threshold and threshold's register of the wait this engine is blocked on. */
    int waitSem;
    long waitThreshold;
    String waitRegister = "";

    /** How a run of instructions ended. */
    private enum Signal { NORMAL, BRANCH, BREAK, RETURN, EXIT }

    private String nextBlock;

    private Signal call(Function f) {
        m.enter();
        int b = 0;
        while (true) {
            Block block = f.blocks().get(b);
            nextBlock = null;
            Signal s = run(block.insts());
            if (s == Signal.EXIT) {
                return s;
            }
            if (s == Signal.RETURN) {
                m.leave();
                m.clearSemaphores();
                return Signal.RETURN;
            }
            if (s == Signal.BRANCH) {
                String target = nextBlock;
                b = index(f, target);
            } else if (++b >= f.blocks().size()) {
                throw new SimFault("function " + f.name() + " fell off its last block");
            }
        }
    }

    private static int index(Function f, String label) {
        for (int i = 0; i < f.blocks().size(); i++) {
            if (f.blocks().get(i).name().equals(label)) {
                return i;
            }
        }
        throw new SimFault("branch to unknown block " + label);
    }

    private long read(Register r) {
        return regs.get(r);
    }

    private void write(Register r, long v) {
        written.add(r);
        regs.put(r, r.is64() ? v : v & 0xFFFF_FFFFL);
    }

    private long value(Operand o) {
        return o instanceof Operand.Reg r ? read(r.register()) : ((Operand.Imm) o).value();
    }

    private Signal run(List<Inst> insts) {
        for (Inst i : insts) {
            if (i.engine() != EngineType.ALL && i.engine() != engine) {
                continue;
            }
            Signal s = exec(i);
            if (s != Signal.NORMAL) {
                return s;
            }
        }
        return Signal.NORMAL;
    }

    private Signal exec(Inst i) {
        step(i);
        if (i instanceof Inst.RegisterAlu a) {
            write(a.dst(), Semantics.alu(a.op(), a.is64(), a.dtype(), read(a.src0()), value(a.src1())));
        } else if (i instanceof Inst.RegisterMove mv) {
            write(mv.dst(), value(mv.src()));
        } else if (i instanceof Inst.CompareAndBranch c) {
            nextBlock = Semantics.compare(c.compOp(), c.dtype(), read(c.lhs()), value(c.rhs())) ? c.onTrue() : c.onFalse();
            return Signal.BRANCH;
        } else if (i instanceof Inst.UnconditionalBranch u) {
            nextBlock = u.target();
            return Signal.BRANCH;
        } else if (i instanceof Inst.Break) {
            return Signal.BREAK;
        } else if (i instanceof Inst.Return) {
            return Signal.RETURN;
        } else if (i instanceof Inst.Exit) {
            return Signal.EXIT;
        } else if (i instanceof Inst.Call c) {
            Signal s = call(module.function(c.callee()));
            if (s == Signal.EXIT) {
                return s;
            }
        } else if (i instanceof Inst.DmaTrigger d) {
            m.trigger(triggers.computeIfAbsent(d, k -> new Machine.Trigger(d.queue())));
        } else if (i instanceof Inst.SwitchQueueInstance q) {
            if (!q.noRearm()) {
                m.rearm(q.queue());
            }
        } else if (i instanceof Inst.ResetQueueInstance q) {
            m.rearm(q.queue());
        } else if (i instanceof Inst.EventSemaphore e) {
            if (e.waitSem() != null) {
                waitFor(semaphoreId(e.waitSem()), e.waitReg() == null ? e.waitValue() : read(e.waitReg()),
                        e.waitReg() == null ? "" : e.waitReg().name() + " = ");
            }
            if (e.updateSem() != null) {
                m.update(semaphoreId(e.updateSem()), e.updateMode(), e.updateValue());
            }
        } else if (i instanceof Inst.AllEngineBarrier && turns != null) {
            turns.pause(Sequencer.Outcome.BARRIER);
        } else if (i instanceof Inst.GroupReset g) {
            g.semaphores().forEach(s -> m.resetSemaphore(semaphoreId(s)));
        } else if (i instanceof Inst.Loop l) {
            return staticLoop(l);
        } else if (i instanceof Inst.DynamicLoop l) {
            return dynamicLoop(l);
        } else if (i instanceof Inst.DoWhile d) {
            while (true) {
                Signal s = run(d.body());
                if (s == Signal.BREAK) {
                    return Signal.NORMAL;
                }
                if (s != Signal.NORMAL) {
                    return s;
                }
                step(null);
                if (read(d.pred()) == 0) {
                    return Signal.NORMAL;
                }
            }
        }
        return Signal.NORMAL;
    }

    /**
     * A semaphore wait. Alone, one that does not hold now never will: a deadlock. In a group the
     * engine hands its turn back until it holds; the blocked wait counts as a step once, when it runs.
     */
    private void waitFor(int sem, long threshold, String register) {
        if (turns == null) {
            m.waitAtLeast(sem, threshold);
            return;
        }
        while (!m.satisfied(sem, threshold)) {
            waitSem = sem;
            waitThreshold = threshold;
            waitRegister = register;
            m.steps(m.steps() - 1);
            turns.pause(Sequencer.Outcome.BLOCKED);
            turns.beforeStep();
            m.step(); // the wait runs again: one step, traced when it was first reached
        }
    }

    private java.util.Map<String, Integer> semaphoreIds;

    private int semaphoreId(String name) {
        if (semaphoreIds == null) {
            semaphoreIds = module.semaphoreIds();
            if (semaphoreIds.size() > Machine.SEMAPHORES) {
                throw new SimFault("the kernel names " + semaphoreIds.size() + " semaphores; the bank holds " + Machine.SEMAPHORES);
            }
        }
        return semaphoreIds.get(name);
    }

    private Signal staticLoop(Inst.Loop l) {
        write(l.var(), l.lb());
        if (l.lb() >= l.ub()) {
            return Signal.NORMAL;
        }
        return counted(l.var(), l.stride(), l.body(), l.ub());
    }

    private Signal dynamicLoop(Inst.DynamicLoop l) {
        long limit = Semantics.alu(AluOpType.MULT, false, DtypeWire.INT32, read(l.ubReg()), l.ubCoef());
        limit = Semantics.alu(AluOpType.ADD, false, DtypeWire.INT32, limit, l.ubConst());
        write(l.var(), l.lb());
        if (Semantics.compare(BranchCompareOp.IS_GEREG, DtypeWire.INT32, read(l.var()), limit)) {
            return Signal.NORMAL;
        }
        return counted(l.var(), l.stride(), l.body(), limit);
    }

    /** body; var += stride; again while var < limit (signed 32-bit), as the lowered back edge tests it. */
    private Signal counted(Register var, long stride, List<Inst> body, long limit) {
        while (true) {
            Signal s = run(body);
            if (s == Signal.BREAK) {
                return Signal.NORMAL;
            }
            if (s != Signal.NORMAL) {
                return s;
            }
            step(null);
            write(var, Semantics.alu(AluOpType.ADD, false, DtypeWire.INT32, read(var), stride));
            if (!Semantics.compare(BranchCompareOp.IS_LTIMM, DtypeWire.INT32, read(var), limit)) {
                return Signal.NORMAL;
            }
        }
    }
}
