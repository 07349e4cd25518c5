package tpb.sim;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.codegen.Compiler;
import tpb.isa.AluOpType;
import tpb.isa.BirUpdateMode;
import tpb.isa.BranchCompareOp;
import tpb.isa.CallRecord;
import tpb.isa.CompareAndBranchRecord;
import tpb.isa.DMATriggerRecord;
import tpb.isa.DataSrc;
import tpb.isa.Decoder;
import tpb.isa.DtypeWire;
import tpb.isa.EventSemaphoreRecord;
import tpb.isa.ExitRecord;
import tpb.isa.FunctionBeginRecord;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.isa.Instruction;
import tpb.isa.MoveWidth;
import tpb.isa.RawRecord;
import tpb.isa.RegisterAluRecord;
import tpb.isa.RegisterMoveRecord;
import tpb.isa.ResetQueueInstanceRecord;
import tpb.isa.ReturnRecord;
import tpb.isa.SwitchQueueInstanceRecord;
import tpb.isa.TensorLoadPhysicalRecord;
import tpb.isa.TensorStorePhysicalRecord;
import tpb.isa.UnconditionalBranchRecord;
import tpb.isa.UpdateMode;
import tpb.isa.WaitMode;

/**
 * One engine's sequencer over its record stream: the PC is a record index, branch targets come
 * from the records, Call finds its callee's PSEUDO_FUNCTION_BEGIN by name, Exit ends the run.
 * Records are decoded once into flat arrays before the run (decode once, then a tight loop over
 * ints), so a step allocates nothing. Registers are 64 32-bit slots, all ones at reset; a 64-bit
 * value is a (lo, hi) pair of slots.
 */
public final class StreamSimulator {
    static final int REGISTERS = 64;

    // kinds of pre-decoded records
    static final int NOP = 0, ALU = 1, MOVE = 2, BRANCH = 3, JUMP = 4, CALL = 5, RETURN = 6, EXIT = 7, STORE = 8, LOAD = 9,
            TRIGGER = 10, SWITCH = 11, REARM = 12, SEMAPHORE = 13, GROUP_RESET = 14, FAULT = 15, BARRIER = 16;

    /** How a slice of execution stopped. */
    enum Outcome { EXIT, END, BLOCKED, BARRIER }

    private final int n;
    private final int[] kind;
    private final int[] a;
    private final int[] b;
    private final int[] c;
    private final long[] imm;
    private final Object[] extra;
    private final String[] fault;
    private final long[] regs = new long[REGISTERS];
    private final Map<Long, Long> spill = new HashMap<>();
    private final Machine m;

    private StreamSimulator(byte[] stream, long maxSteps, List<tpb.ir.Dma.Region> memory, List<tpb.ir.Dma.Queue> queues) {
        this(stream, new Machine(maxSteps, memory, queues));
    }

    /** An engine's sequencer over {@code stream} sharing {@code machine} (semaphores, memory, DMA) with the others. */
    StreamSimulator(byte[] stream, Machine machine) {
        n = stream.length / 64;
        kind = new int[n];
        a = new int[n];
        b = new int[n];
        c = new int[n];
        imm = new long[n];
        extra = new Object[n];
        fault = new String[n];
        m = machine;
        java.util.Arrays.fill(regs, 0xFFFF_FFFFL);
        Map<String, Integer> functions = new HashMap<>();
        for (int pc = 0; pc < n; pc++) {
            if (Decoder.decode(stream, pc * 64) instanceof FunctionBeginRecord f) {
                functions.put(f.functionName(), pc + 1);
            }
        }
        for (int pc = 0; pc < n; pc++) {
            predecode(pc, Decoder.decode(stream, pc * 64), functions);
        }
    }

    private void predecode(int pc, Instruction r, Map<String, Integer> functions) {
        if (r instanceof RegisterAluRecord x) {
            kind[pc] = ALU;
            boolean wide = x.dtype() == DtypeWire.UINT64 || x.dtype() == DtypeWire.INT64;
            a[pc] = x.dstLo() | (wide ? 0x100 : 0);
            b[pc] = x.src0Lo();
            c[pc] = x.srcDatasrc() == DataSrc.IMMEDIATE ? -1 : x.src1Lo();
            imm[pc] = x.immediate();
            extra[pc] = new Object[] {x.op(), x.dtype()};
        } else if (r instanceof RegisterMoveRecord x) {
            kind[pc] = MOVE;
            a[pc] = x.dstLo() | (x.validNum() == MoveWidth.BITS64 ? 0x100 : 0);
            b[pc] = x.srcMode() == DataSrc.IMMEDIATE ? -1 : x.src();
            imm[pc] = x.immediate();
        } else if (r instanceof CompareAndBranchRecord x) {
            kind[pc] = BRANCH;
            a[pc] = x.cmpReg0();
            b[pc] = x.cmpOp().isRegisterRhs() ? x.cmpReg1() : -1;
            c[pc] = (int) x.target();
            imm[pc] = x.cmpImmediate();
            extra[pc] = new Object[] {x.cmpOp(), x.dtype()};
        } else if (r instanceof UnconditionalBranchRecord x) {
            kind[pc] = JUMP;
            c[pc] = (int) x.target();
        } else if (r instanceof CallRecord x) {
            Integer target = functions.get(x.functionName());
            kind[pc] = target == null ? FAULT : CALL;
            c[pc] = target == null ? 0 : target;
            fault[pc] = "call to " + x.functionName() + ", which has no PSEUDO_FUNCTION_BEGIN in the stream";
        } else if (r instanceof ReturnRecord) {
            kind[pc] = RETURN;
        } else if (r instanceof ExitRecord) {
            kind[pc] = EXIT;
        } else if (r instanceof TensorStorePhysicalRecord x) {
            kind[pc] = STORE;
            a[pc] = x.reg() | (x.numElem0() == 2 ? 0x100 : 0);
            imm[pc] = ((long) x.varId() << 32) | x.varOffset();
        } else if (r instanceof TensorLoadPhysicalRecord x) {
            kind[pc] = LOAD;
            a[pc] = x.reg() | (x.numElem0() == 2 ? 0x100 : 0);
            imm[pc] = ((long) x.varId() << 32) | x.varOffset();
        } else if (r instanceof DMATriggerRecord x) {
            kind[pc] = TRIGGER;
            extra[pc] = x.queueName();
            imm[pc] = x.blockId();
        } else if (r instanceof SwitchQueueInstanceRecord x) {
            kind[pc] = x.noRearm() != 0 ? NOP : REARM;
            extra[pc] = x.queueName();
        } else if (r instanceof ResetQueueInstanceRecord x) {
            kind[pc] = REARM;
            extra[pc] = x.queueName();
        } else if (r instanceof EventSemaphoreRecord x) {
            kind[pc] = SEMAPHORE;
            extra[pc] = x;
        } else if (r instanceof GroupResetSemaphoresRecord x) {
            kind[pc] = GROUP_RESET;
            extra[pc] = x;
        } else if (r instanceof tpb.isa.AllEngineBarrierRecord) {
            kind[pc] = BARRIER;
        } else if (r instanceof RawRecord x) {
            kind[pc] = FAULT;
            fault[pc] = "record " + pc + " cannot be executed: " + x.reason();
        } else {
            kind[pc] = NOP; // function begin, fences, drain, hints, no-ops: no state the model tracks
        }
    }

    /** Runs from PC 0 for at most {@code maxSteps} records; {@code registers} names what to read back. */
    public static SimResult run(byte[] stream, Map<String, Compiler.Location> registers, long maxSteps) {
        return run(stream, registers, maxSteps, null);
    }

    /** As {@link #run(byte[], Map, long)}, calling {@code trace} with the PC of every record before it executes. */
    public static SimResult run(byte[] stream, Map<String, Compiler.Location> registers, long maxSteps,
            java.util.function.IntConsumer trace) {
        return run(stream, registers, maxSteps, trace, List.of(), List.of());
    }

    /** As above, with the kernel's memory regions and DMA queues (the descriptors live outside the stream). */
    public static SimResult run(byte[] stream, Map<String, Compiler.Location> registers, long maxSteps,
            java.util.function.IntConsumer trace, List<tpb.ir.Dma.Region> memory, List<tpb.ir.Dma.Queue> queues) {
        StreamSimulator s = new StreamSimulator(stream, maxSteps, memory, queues);
        s.trace = trace;
        SimResult.Status status;
        String message = null;
        try {
            status = s.execute();
        } catch (SimFault f) {
            status = SimResult.Status.FAULT;
            message = f.getMessage();
        }
        Map<String, Long> out = new LinkedHashMap<>();
        registers.forEach((name, loc) -> out.put(name, s.readBack(loc)));
        return new SimResult(status, message, s.m.steps, out, List.copyOf(s.m.fired), s.m.semaphoreList(), s.m.memoryChecksum(),
                s.m.memory);
    }

    /** Every register slot by number (for streams run without a kernel). */
    public static Map<String, Compiler.Location> slots() {
        Map<String, Compiler.Location> out = new LinkedHashMap<>();
        for (int i = 0; i < REGISTERS; i++) {
            out.put("r" + i, new Compiler.Location(i, -1, 1));
        }
        return out;
    }

    long readBack(Compiler.Location loc) {
        if (loc.slot() < 0) {
            return spill.getOrDefault(8L * loc.spillSlot(), loc.width() == 2 ? -1L : 0xFFFF_FFFFL);
        }
        return loc.width() == 2 ? pair(loc.slot()) : regs[loc.slot()];
    }

    private long pair(int r) {
        return regs[r] | (regs[r + 1] << 32);
    }

    private void put(int r, boolean wide, long v) {
        regs[r] = v & 0xFFFF_FFFFL;
        if (wide) {
            regs[r + 1] = v >>> 32;
        }
    }

    private int[] stack = new int[Machine.MAX_CALL_DEPTH + 1];
    private java.util.function.IntConsumer trace;

    void trace(java.util.function.IntConsumer t) {
        trace = t;
    }


    private SimResult.Status execute() {
        while (true) {
            switch (slice()) {
                case EXIT:
                    return SimResult.Status.EXIT;
                case END:
                    return SimResult.Status.END;
                case BLOCKED:
                    // one engine alone: nothing else can ever satisfy the wait; the blocked record counts as the faulting step
                    m.steps++;
                    EventSemaphoreRecord e = (EventSemaphoreRecord) extra[pc];
                    m.waitAtLeast(e.events().waitIdx(), threshold(e)); // unsatisfied: throws the deadlock fault
                    throw new AssertionError("a blocked wait was satisfied");
                default:
                    break; // a barrier with no other engine to wait for
            }
        }
    }

    int pc;
    private int sp;

    /** The wait this engine is blocked on, for deadlock reports. */
    String waitingFor() {
        EventSemaphoreRecord e = (EventSemaphoreRecord) extra[pc];
        int sem = e.events().waitIdx();
        String by = e.events().waitMode() == WaitMode.SEM_GE_REG ? "r" + e.events().semaphoreValue() + " = " : "";
        return "semaphore " + sem + " >= " + by + threshold(e) + " (it is " + m.semaphores[sem] + ")";
    }

    /**
     * Runs until the engine exits, returns from its entry, blocks on a wait, or reaches a barrier.
     * The PC and call depth live in locals while it runs and are stored back before every return.
     */
    Outcome slice() {
        int pc = this.pc;
        int sp = this.sp;
        long[] r = regs;
        while (true) {
            if (pc < 0 || pc >= n) {
                throw new SimFault("PC " + pc + " is outside the " + n + "-record stream");
            }
            m.step();
            if (trace != null) {
                trace.accept(pc);
            }
            switch (kind[pc]) {
                case NOP -> pc++;
                case ALU -> {
                    Object[] x = (Object[]) extra[pc];
                    boolean wide = (a[pc] & 0x100) != 0;
                    int dst = a[pc] & 0xFF;
                    long s0 = wide ? pair(check(b[pc], 2)) : r[check(b[pc], 1)];
                    long s1 = c[pc] < 0 ? imm[pc] : wide ? pair(check(c[pc], 2)) : r[check(c[pc], 1)];
                    put(check(dst, wide ? 2 : 1), wide, Semantics.alu((AluOpType) x[0], wide, (DtypeWire) x[1], s0, s1));
                    pc++;
                }
                case MOVE -> {
                    boolean wide = (a[pc] & 0x100) != 0;
                    int dst = check(a[pc] & 0xFF, wide ? 2 : 1);
                    put(dst, wide, b[pc] < 0 ? imm[pc] : r[check(b[pc], 1)]);
                    pc++;
                }
                case BRANCH -> {
                    Object[] x = (Object[]) extra[pc];
                    long rhs = b[pc] < 0 ? imm[pc] : r[check(b[pc], 1)];
                    pc = Semantics.compare((BranchCompareOp) x[0], (DtypeWire) x[1], r[check(a[pc], 1)], rhs) ? c[pc] : pc + 1;
                }
                case JUMP -> pc = c[pc];
                case CALL -> {
                    if (sp >= Machine.MAX_CALL_DEPTH) {
                        throw new SimFault("call depth limit of " + Machine.MAX_CALL_DEPTH + " exceeded");
                    }
                    stack[sp++] = pc + 1;
                    pc = c[pc];
                }
                case RETURN -> {
                    m.clearSemaphores();
                    if (sp == 0) {
                        this.pc = pc;
                        this.sp = sp;
                        return Outcome.END;
                    }
                    pc = stack[--sp];
                }
                case EXIT -> {
                    this.pc = pc;
                    this.sp = sp;
                    return Outcome.EXIT;
                }
                case BARRIER -> {
                    this.pc = pc + 1;
                    this.sp = sp;
                    return Outcome.BARRIER;
                }
                case STORE -> {
                    boolean wide = (a[pc] & 0x100) != 0;
                    int reg = check(a[pc] & 0xFF, wide ? 2 : 1);
                    spill.put(imm[pc], wide ? pair(reg) : r[reg]);
                    pc++;
                }
                case LOAD -> {
                    boolean wide = (a[pc] & 0x100) != 0;
                    Long v = spill.get(imm[pc]);
                    if (v == null) {
                        throw new SimFault("reload from spill memory " + imm[pc] + " that was never stored");
                    }
                    put(check(a[pc] & 0xFF, wide ? 2 : 1), wide, v);
                    pc++;
                }
                case TRIGGER -> {
                    m.trigger((String) extra[pc], imm[pc]);
                    pc++;
                }
                case REARM -> {
                    m.rearm((String) extra[pc]);
                    pc++;
                }
                case SEMAPHORE -> {
                    EventSemaphoreRecord e = (EventSemaphoreRecord) extra[pc];
                    if (waits(e) && !m.satisfied(e.events().waitIdx(), threshold(e))) {
                        m.steps--; // a blocked record has not executed
                        this.pc = pc;
                        this.sp = sp;
                        return Outcome.BLOCKED;
                    }
                    semaphore(e);
                    pc++;
                }
                case GROUP_RESET -> {
                    groupReset((GroupResetSemaphoresRecord) extra[pc]);
                    pc++;
                }
                default -> throw new SimFault(fault[pc]);
            }
        }
    }

    private static int check(int reg, int width) {
        if (reg < 0 || reg + width > REGISTERS) {
            throw new SimFault("register id " + reg + " is outside the " + REGISTERS + "-register file");
        }
        return reg;
    }

    private static boolean waits(EventSemaphoreRecord e) {
        return e.events().waitMode() == WaitMode.SEM_GE_IMM || e.events().waitMode() == WaitMode.SEM_GE_REG;
    }

    /**
     * What a wait compares the semaphore with: the immediate, or for SEM_GE_REG (wire 0x85, "0x80 =
     * threshold is a register id", facts §1.4 CONFIRMED) the register whose id sits in the value
     * field — that the id is carried there is INFERRED.
     */
    private long threshold(EventSemaphoreRecord e) {
        long v = e.events().semaphoreValue();
        return e.events().waitMode() == WaitMode.SEM_GE_REG ? regs[check((int) v, 1)] : v;
    }

    /** Runs a semaphore record whose wait, if any, the loop has found satisfied. */
    private void semaphore(EventSemaphoreRecord e) {
        if (!waits(e) && e.events().waitMode() != WaitMode.NONE) {
            throw new SimFault("wait mode " + e.events().waitMode().specName() + " is not simulated");
        }
        UpdateMode u = e.ext().updateMode();
        if (u == UpdateMode.NONE) {
            return;
        }
        BirUpdateMode mode = tpb.isa.UpdateModeWire.decode(u.value()); // the spec's LUT, read backwards
        if (mode == null) {
            throw new SimFault("update mode " + u.specName() + " is not one the compiler writes");
        }
        m.update(e.ext().updateIdx(), mode, e.ext().semUpdateValue());
    }

    private void groupReset(GroupResetSemaphoresRecord g) {
        if (g.clearMode() == tpb.isa.ClearMode.RANGE) {
            for (int s = g.rangeFirst(); s <= g.rangeLast(); s++) {
                m.semaphores[s] = 0;
            }
        } else {
            long[] mask = g.mask();
            for (int s = 0; s < Machine.SEMAPHORES; s++) {
                if ((mask[s >> 5] >>> (s & 31) & 1) != 0) {
                    m.semaphores[s] = 0;
                }
            }
        }
    }
}
