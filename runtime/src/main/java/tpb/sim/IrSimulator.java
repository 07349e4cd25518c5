package tpb.sim;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import tpb.ir.Function;
import tpb.ir.Inst;
import tpb.ir.Module;
import tpb.ir.Operand;
import tpb.ir.Register;
import tpb.isa.AluOpType;
import tpb.isa.BirWaitMode;
import tpb.isa.BranchCompareOp;
import tpb.isa.DtypeWire;
import tpb.isa.EngineType;
import tpb.isa.SemTest;
import tpb.isa.WaitModeWire;
import tpb.spec.Pos;

/**
 * Runs a kernel before lowering, on one engine, with birsim's control model (seed000 §4): a
 * terminator writes the next-block slot (CompareAndBranch on_true/on_false, UnconditionalBranch
 * its target; Return and Break null it); after each block the driver follows the slot or falls
 * through; structured loops run with their own counters; Call runs the callee, Return pops it and
 * clears every semaphore; Exit ends the run. Registers start as all ones (facts §7.1).
 *
 * <p>It is an interpreter over an explicit stack of frames — a function's block, a loop's body —
 * so it can stop anywhere and resume: at the end of a quantum, at a wait that does not hold yet,
 * at an all-engine barrier. That is what lets {@link EngineGroup} interleave IR engines on one
 * thread, as it does the record and lowered sequencers.
 */
public final class IrSimulator implements Sequencer {
    private final Module module;
    private final EngineType engine;
    private final Machine m;
    private final Map<Register, Long> regs = new LinkedHashMap<>();
    private final Set<Register> written = new LinkedHashSet<>();
    /** This engine's DMATrigger instructions as the machine keys their cursors (one per instruction). */
    private final Map<Inst, Machine.Trigger> triggers = new IdentityHashMap<>();
    /** In a group a wait that does not hold hands the turn back and a barrier stops the slice; alone they fault and pass. */
    private final boolean grouped;
    private final List<Frame> frames = new ArrayList<>();
    /**
     * Calls in flight on this engine, the entry function not counted: the lowered code's and the
     * stream's return-address stacks hold the same, so every level nests Machine.MAX_CALL_DEPTH
     * calls. Per engine, as each engine's stack is its own (grouped engines share a Machine).
     */
    private int calls;
    private boolean started;
    /** The instruction running, for reports. */
    private Pos at;
    /** Gets a line per executed instruction, or null. */
    private Consumer<String> trace;
    /** Steps left in this slice. */
    private long left;
    /** The wait this engine is blocked on (its update still to apply), or null. */
    private Inst.EventSemaphore blocked;
    /** The semaphore, threshold and threshold's register of the wait this engine is blocked on. */
    private int waitSem;
    private long waitThreshold;
    private SemTest waitTest;
    private String waitRegister = "";
    private Map<String, Integer> semaphoreIds;

    /** What a frame runs: a function's current block, a counted loop's body, or a do-while's body. */
    private enum Kind { BLOCK, LOOP, DO_WHILE }

    /** A run of instructions in progress, and what happens when it ends. */
    private static final class Frame {
        final Kind kind;
        final Function function;
        int block;
        List<Inst> insts;
        int next;
        Register var;
        long stride;
        long limit;

        Frame(Kind kind, Function function, List<Inst> insts) {
            this.kind = kind;
            this.function = function;
            this.insts = insts;
        }
    }

    /** How an instruction left the frame it ran in. */
    private enum Signal { NORMAL, BRANCH, BREAK, RETURN, EXIT }

    private String nextBlock;

    /** One engine over {@code machine}: grouped, or alone. */
    IrSimulator(Module module, EngineType engine, Machine machine, boolean grouped) {
        this.module = module;
        this.engine = engine;
        this.grouped = grouped;
        this.m = machine;
        for (Register r : module.registers()) {
            regs.put(r, r.is64() ? -1L : 0xFFFF_FFFFL);
        }
    }

    public static SimResult run(Module module, EngineType engine, long maxSteps) {
        return run(module, engine, maxSteps, null);
    }

    /** As above, handing {@code trace} a line per executed instruction: its kernel position and kind. */
    public static SimResult run(Module module, EngineType engine, long maxSteps, Consumer<String> trace) {
        return run(module, engine, maxSteps, MachineConfig.of(module), trace);
    }

    /**
     * As above on {@code config}'s machine: its arch profile sizes the semaphore bank, as at the
     * other levels ({@code config} should carry {@code module}'s regions and queues: {@link MachineConfig#of(Module, tpb.isa.Arch)}).
     */
    public static SimResult run(Module module, EngineType engine, long maxSteps, MachineConfig config, Consumer<String> trace) {
        IrSimulator s = new IrSimulator(module, engine, new Machine(maxSteps, config), false);
        s.trace = trace;
        return s.report(() -> {
            Map<String, Long> out = new LinkedHashMap<>();
            s.written().forEach((r, v) -> {
                if (v != null) {
                    out.put(r, v);
                }
            });
            return out;
        });
    }

    void trace(Consumer<String> lines) {
        trace = lines;
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

    @Override
    public Outcome slice(long quantum) {
        left = quantum;
        if (!started) {
            started = true;
            enterFunction(module.functions().get(0));
        }
        if (blocked != null) {
            // the wait runs again: one step, traced when it was first reached
            left--;
            m.step();
            if (!m.satisfied(waitSem, waitTest, waitThreshold)) {
                m.steps(m.steps() - 1);
                return Outcome.BLOCKED;
            }
            Inst.EventSemaphore e = blocked;
            blocked = null;
            update(e);
        }
        while (true) {
            Frame f = frames.get(frames.size() - 1);
            Signal s;
            if (f.next < f.insts.size()) {
                Inst i = f.insts.get(f.next);
                if (i.engine() != EngineType.ALL && i.engine() != engine) {
                    f.next++;
                    continue;
                }
                if (!step(i)) {
                    return Outcome.YIELD;
                }
                f.next++;
                s = exec(i);
                if (s == null) {
                    return blocked != null ? Outcome.BLOCKED : Outcome.BARRIER;
                }
                if (s == Signal.NORMAL) {
                    continue;
                }
            } else if (f.kind == Kind.BLOCK) {
                s = Signal.NORMAL;
            } else {
                if (!step(null)) {
                    return Outcome.YIELD;
                }
                if (f.kind == Kind.LOOP) {
                    write(f.var, Semantics.alu(AluOpType.ADD, false, DtypeWire.INT32, read(f.var), f.stride));
                    if (Semantics.compare(BranchCompareOp.IS_LTIMM, DtypeWire.INT32, read(f.var), f.limit)) {
                        f.next = 0;
                        continue;
                    }
                } else if (read(f.var) != 0) {
                    f.next = 0;
                    continue;
                }
                frames.remove(frames.size() - 1);
                continue;
            }
            Outcome o = leave(f, s);
            if (o != null) {
                return o;
            }
        }
    }

    /**
     * What a signal does to the frames, {@code f} the one it came from: a block that ends falls
     * through to the next, a branch takes the function to its target, a break leaves the innermost
     * loop (or, outside every loop, the block), a return pops the function. EXIT or END when the
     * run is over, else null.
     */
    private Outcome leave(Frame f, Signal s) {
        switch (s) {
            case NORMAL -> nextBlockOf(f, f.block + 1); // only a function's block ends with NORMAL here
            case BRANCH -> {
                Frame fn = functionFrame();
                nextBlockOf(fn, index(fn.function, nextBlock));
            }
            case BREAK -> {
                if (f.kind == Kind.BLOCK) {
                    nextBlockOf(f, f.block + 1); // no loop to leave: the block ends
                } else {
                    frames.remove(frames.size() - 1);
                }
            }
            case RETURN -> {
                functionFrame();
                frames.remove(frames.size() - 1);
                m.clearSemaphores();
                if (frames.isEmpty()) {
                    return Outcome.END;
                }
                calls--;
            }
            case EXIT -> {
                return Outcome.EXIT;
            }
        }
        return null;
    }

    /** Pops loop frames down to the running function's block frame, and returns it. */
    private Frame functionFrame() {
        while (frames.get(frames.size() - 1).kind != Kind.BLOCK) {
            frames.remove(frames.size() - 1);
        }
        return frames.get(frames.size() - 1);
    }

    private void nextBlockOf(Frame fn, int b) {
        if (b >= fn.function.blocks().size()) {
            throw new SimFault("function " + fn.function.name() + " fell off its last block");
        }
        fn.block = b;
        fn.insts = fn.function.blocks().get(b).insts();
        fn.next = 0;
    }

    /** A Call: one more call in flight, refused past the limit (as the lowered code's and the stream's, before it pushes). */
    private void call(Function f) {
        if (calls >= Machine.MAX_CALL_DEPTH) {
            throw new SimFault("call depth limit of " + Machine.MAX_CALL_DEPTH + " exceeded");
        }
        calls++;
        enterFunction(f);
    }

    private void enterFunction(Function f) {
        frames.add(new Frame(Kind.BLOCK, f, f.blocks().get(0).insts()));
    }

    private static int index(Function f, String label) {
        for (int i = 0; i < f.blocks().size(); i++) {
            if (f.blocks().get(i).name().equals(label)) {
                return i;
            }
        }
        throw new SimFault("branch to unknown block " + label);
    }

    /** Counts a step of {@code i} (null: a loop's next trip); false when the slice's quantum is spent. */
    private boolean step(Inst i) {
        if (left == 0) {
            return false;
        }
        left--;
        if (i != null) {
            at = i.pos();
        }
        m.step();
        if (trace != null) {
            trace.accept(at + "  " + (i == null ? "(loop: next trip)" : i.getClass().getSimpleName()));
        }
        return true;
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

    /** Runs one instruction; null when it stops the slice (a blocked wait, a barrier in a group). */
    private Signal exec(Inst i) {
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
            call(module.function(c.callee()));
        } else if (i instanceof Inst.DmaTrigger d) {
            m.trigger(triggers.computeIfAbsent(d, k -> new Machine.Trigger(d.queue())));
        } else if (i instanceof Inst.SwitchQueueInstance q) {
            if (!q.noRearm()) {
                m.rearm(q.queue());
            }
        } else if (i instanceof Inst.ResetQueueInstance q) {
            m.rearm(q.queue());
        } else if (i instanceof Inst.EventSemaphore e) {
            return semaphore(e);
        } else if (i instanceof Inst.AllEngineBarrier && grouped) {
            return null;
        } else if (i instanceof Inst.GroupReset g) {
            g.semaphores().forEach(s -> m.resetSemaphore(semaphoreId(s)));
        } else if (i instanceof Inst.Loop l) {
            write(l.var(), l.lb());
            if (l.lb() < l.ub()) {
                loop(l.var(), l.stride(), l.body(), l.ub());
            }
        } else if (i instanceof Inst.DynamicLoop l) {
            long limit = Semantics.alu(AluOpType.MULT, false, DtypeWire.INT32, read(l.ubReg()), l.ubCoef());
            limit = Semantics.alu(AluOpType.ADD, false, DtypeWire.INT32, limit, l.ubConst());
            write(l.var(), l.lb());
            if (!Semantics.compare(BranchCompareOp.IS_GEREG, DtypeWire.INT32, read(l.var()), limit)) {
                loop(l.var(), l.stride(), l.body(), limit);
            }
        } else if (i instanceof Inst.DoWhile d) {
            Frame f = new Frame(Kind.DO_WHILE, null, d.body());
            f.var = d.pred(); // again while pred != 0 (facts §7.3)
            frames.add(f);
        }
        return Signal.NORMAL;
    }

    /** body; var += stride; again while var < limit (signed 32-bit), as the lowered back edge tests it. */
    private void loop(Register var, long stride, List<Inst> body, long limit) {
        Frame f = new Frame(Kind.LOOP, null, body);
        f.var = var;
        f.stride = stride;
        f.limit = limit;
        frames.add(f);
    }

    /**
     * A semaphore wait, then its update. Alone, a wait that does not hold now never will: a
     * deadlock. In a group the engine hands its turn back until it holds; the blocked wait counts
     * as a step once, when it runs.
     */
    private Signal semaphore(Inst.EventSemaphore e) {
        if (e.waitSem() != null) {
            int sem = semaphoreId(e.waitSem());
            long threshold = e.waitReg() == null ? e.waitValue() : read(e.waitReg());
            SemTest test = test(e);
            if (!grouped) {
                m.mustHold(sem, test, threshold);
            } else if (!m.satisfied(sem, test, threshold)) {
                waitSem = sem;
                waitTest = test;
                waitThreshold = threshold;
                waitRegister = e.waitReg() == null ? "" : e.waitReg().name() + " = ";
                m.steps(m.steps() - 1);
                blocked = e;
                return null;
            }
        }
        update(e);
        return Signal.NORMAL;
    }

    private void update(Inst.EventSemaphore e) {
        if (e.updateSem() != null) {
            m.update(semaphoreId(e.updateSem()), e.updateMode(), e.updateValue());
        }
    }

    private int semaphoreId(String name) {
        if (semaphoreIds == null) {
            semaphoreIds = module.semaphoreIds();
            if (semaphoreIds.size() > m.semaphoreCount()) {
                throw new SimFault("the kernel names " + semaphoreIds.size() + " semaphores; the bank holds " + m.semaphoreCount());
            }
        }
        return semaphoreIds.get(name);
    }

    String name() {
        return engine.specName();
    }

    @Override
    public Machine machine() {
        return m;
    }

    @Override
    public String at() {
        return String.valueOf(at);
    }

    @Override
    public int waitSemaphore() {
        return waitSem;
    }

    @Override
    public long waitThreshold() {
        return waitThreshold;
    }

    @Override
    public SemTest waitTest() {
        return waitTest;
    }

    /**
     * The test a kernel's wait makes: its compiler-side mode (sem_ge_imm, or sem_ge_reg with a
     * register threshold) written to the wire through the spec's WaitModeWire and read back through
     * WaitTest, as the lowered record will be.
     */
    private static SemTest test(Inst.EventSemaphore e) {
        return SemaphoreBank.test(WaitModeWire.map(e.waitReg() == null ? BirWaitMode.SEM_GE_IMM : BirWaitMode.SEM_GE_REG));
    }

    @Override
    public String thresholdName() {
        return waitRegister;
    }
}
