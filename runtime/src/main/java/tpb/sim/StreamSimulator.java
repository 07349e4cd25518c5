package tpb.sim;

import static tpb.sim.RecordKind.ADD32;
import static tpb.sim.RecordKind.ADD_BR;
import static tpb.sim.RecordKind.ALU;
import static tpb.sim.RecordKind.AND32;
import static tpb.sim.RecordKind.BR32;
import static tpb.sim.RecordKind.BRANCH;
import static tpb.sim.RecordKind.JUMP;
import static tpb.sim.RecordKind.LOAD;
import static tpb.sim.RecordKind.MOVE;
import static tpb.sim.RecordKind.MUL32;
import static tpb.sim.RecordKind.OR32;
import static tpb.sim.RecordKind.OUTSIDE;
import static tpb.sim.RecordKind.SHL32;
import static tpb.sim.RecordKind.STORE;
import static tpb.sim.RecordKind.SUB32;
import static tpb.sim.RecordKind.XOR32;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import tpb.isa.AluOpType;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.BranchCompareOp;
import tpb.isa.CallRecord;
import tpb.isa.CompareAndBranchRecord;
import tpb.isa.DataSrc;
import tpb.isa.Decoder;
import tpb.isa.DtypeWire;
import tpb.isa.EventSemaphoreRecord;
import tpb.isa.FunctionBeginRecord;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.isa.Instruction;
import tpb.isa.IsaInfo;
import tpb.isa.MoveWidth;
import tpb.isa.RawRecord;
import tpb.isa.RegisterAluRecord;
import tpb.isa.RegisterMoveRecord;
import tpb.isa.TensorLoadPhysicalRecord;
import tpb.isa.TensorStorePhysicalRecord;
import tpb.isa.UnconditionalBranchRecord;
import tpb.isa.WaitMode;
import tpb.mir.Location;

/**
 * One engine's sequencer over its record stream: the PC is a record index, branch targets come
 * from the records, Call finds its callee's PSEUDO_FUNCTION_BEGIN by name, Exit ends the run.
 * Records are decoded once, before the run, into one packed word each (plus an immediate), so
 * the loop is a switch over longs and a step allocates nothing (spill memory is a map of longs).
 * Registers are the spec's isa_register_count 32-bit slots, all ones at reset; a 64-bit value is a
 * (lo, hi) pair of slots.
 */
public final class StreamSimulator implements Sequencer {
    /**
     * The register file: the spec's isa_register_count (facts §6, STRONG; the same on every arch
     * profile, so the default profile's value is the simulator's).
     */
    static final int REGISTERS = (int) Arch.SUNDA.isaRegisterCount();

    private static final long M32 = 0xFFFF_FFFFL;

    /** A general ALU record's operation, for the slow path. */
    private record AluOperation(AluOpType op, DtypeWire dtype) {}

    /** A general compare-and-branch record's compare, for the slow path. */
    private record Compare(BranchCompareOp op, DtypeWire dtype) {}

    /** A register byte of a word that names no register: the operand is the immediate. */
    private static final int IMM = 0xFF;

    private final int n;
    /**
     * One word per record, what the sequencer loop needs in one load: bits 0-7 the kind, 8-15
     * register a (destination, compare LHS), 16-23 register b (source 0, compare RHS), 24-31
     * byte c (source 1; a BR32's outcome mask: bit 0 less, 1 equal, 2 greater, 3 unsigned; a
     * width of 2 for 64-bit forms), 32-63 a branch or call target, a fast ALU op's immediate, the
     * general ALU's width, or a spill register.
     */
    private long[] code;
    private final long[] imm;
    private final Object[] extra;
    private final String[] fault;
    /**
     * The 32-bit slots; int arithmetic wraps exactly as a 32-bit register does. Slots below
     * {@link #REGISTERS} are the register file; the rest, up to 254, hold the stream's 32-bit
     * immediates as read-only registers (one slot a distinct value, given at predecode), so the fast
     * kinds read every operand the same way. Record ids are checked against the file size, so
     * nothing writes a constant slot.
     */
    private final int[] regs = new int[IMM];
    private final Map<Integer, Integer> constants = new HashMap<>();
    private final SpillMemory spill = new SpillMemory();
    private final Machine m;
    /**
     * The registers some record of the stream writes (an ALU or move destination, a reload's
     * register): the others are reported unwritten. Read off the records, not tracked while
     * running, so the loop pays nothing for it.
     */
    private final boolean[] destinations = new boolean[REGISTERS];
    /** Run records the simulator has no semantics for as counted skips instead of faulting on them. */
    private boolean skipUnmodelled;
    /** The unmodelled records skipped, by arm: how many times, and the first PC. */
    private final Map<Arm, long[]> skipped = new LinkedHashMap<>();

    private StreamSimulator(byte[] stream, long maxSteps, MachineConfig config) {
        this(stream, new Machine(maxSteps, config));
    }

    /** An engine's sequencer over {@code stream} sharing {@code machine} (semaphores, memory, DMA) with the others. */
    StreamSimulator(byte[] stream, Machine machine) {
        n = stream.length / IsaInfo.STRIDE;
        code = new long[n];
        imm = new long[n];
        extra = new Object[n];
        fault = new String[n];
        m = machine;
        Arrays.fill(regs, 0, REGISTERS, -1);
        Instruction[] records = new Instruction[n];
        Map<String, Integer> functions = new HashMap<>();
        for (int pc = 0; pc < n; pc++) {
            records[pc] = Decoder.decode(stream, pc * IsaInfo.STRIDE);
            if (records[pc] instanceof FunctionBeginRecord f) {
                functions.put(f.functionName(), pc + 1);
            }
        }
        for (int pc = 0; pc < n; pc++) {
            try {
                code[pc] = predecode(pc, records[pc], functions);
            } catch (SimFault f) {
                code[pc] = RecordKind.FAULT; // a register id out of range faults when the record runs, not before
                fault[pc] = f.getMessage();
            }
        }
        for (int pc = 0; pc + 1 < n; pc++) {
            if (kind(code[pc]) == ADD32 && kind(code[pc + 1]) == BR32) {
                code[pc] = code[pc] & ~0xFFL | ADD_BR; // record pc + 1 keeps its own word for branches that land on it
            }
        }
        addSentinels();
    }

    /** Record n is the fall-off sentinel; each branch or jump outside [0, n) is pointed at a sentinel of its own. */
    private void addSentinels() {
        List<Long> outside = new ArrayList<>();
        outside.add(word(OUTSIDE, 0, 0, 0, n));
        for (int pc = 0; pc < n; pc++) {
            int k = kind(code[pc]);
            int target = target(code[pc]);
            if ((k == BR32 || k == BRANCH || k == JUMP) && (target < 0 || target >= n)) {
                code[pc] = code[pc] & 0xFFFF_FFFFL | (long) (n + outside.size()) << 32;
                outside.add(word(OUTSIDE, 0, 0, 0, target));
            }
        }
        code = Arrays.copyOf(code, n + outside.size());
        for (int i = 0; i < outside.size(); i++) {
            code[n + i] = outside.get(i);
        }
    }

    private static long word(int kind, int a, int b, int c, int target) {
        return kind | (a & 0xFF) << 8 | (b & 0xFF) << 16 | (long) (c & 0xFF) << 24 | (long) target << 32;
    }

    private static int kind(long w) {
        return (int) w & 0xFF;
    }

    private static int a(long w) {
        return (int) w >>> 8 & 0xFF;
    }

    private static int b(long w) {
        return (int) w >>> 16 & 0xFF;
    }

    private static int c(long w) {
        return (int) w >>> 24;
    }

    private static int target(long w) {
        return (int) (w >> 32);
    }

    private long predecode(int pc, Instruction r, Map<String, Integer> functions) {
        if (r instanceof RegisterAluRecord x) {
            boolean wide = x.dtype() == DtypeWire.UINT64 || x.dtype() == DtypeWire.INT64;
            int w = wide ? 2 : 1;
            int src0 = check(x.src0Lo(), w);
            int src1 = x.srcDatasrc() == DataSrc.IMMEDIATE ? IMM : check(x.src1Lo(), w);
            int dst = destination(x.dstLo(), w);
            imm[pc] = x.immediate();
            extra[pc] = new AluOperation(x.op(), x.dtype());
            int kind = wide ? ALU : alu32(x.op());
            if (kind != ALU && src1 == IMM) {
                src1 = constant((int) x.immediate());
                kind = src1 == IMM ? ALU : kind; // no constant slot left: the general path reads the immediate
            }
            return word(kind, dst, src0, src1, w);
        } else if (r instanceof RegisterMoveRecord x) {
            int w = x.validNum() == MoveWidth.BITS64 ? 2 : 1;
            int dst = destination(x.dstLo(), w);
            imm[pc] = x.immediate();
            return word(MOVE, dst, x.srcMode() == DataSrc.IMMEDIATE ? IMM : check(x.src(), 1), w, 0);
        } else if (r instanceof CompareAndBranchRecord x) {
            int rhs = x.cmpOp().isRegisterRhs() ? check(x.cmpReg1(), 1) : IMM;
            int lhs = check(x.cmpReg0(), 1);
            imm[pc] = x.cmpImmediate();
            extra[pc] = new Compare(x.cmpOp(), x.dtype());
            int rel = relation(x.cmpOp(), x.dtype());
            if (rel >= 0 && rhs == IMM) {
                rhs = constant((int) x.cmpImmediate());
                rel = rhs == IMM ? -1 : rel;
            }
            return word(rel < 0 ? BRANCH : BR32, lhs, rhs, rel, (int) x.target());
        } else if (r instanceof UnconditionalBranchRecord x) {
            return word(JUMP, 0, 0, 0, (int) x.target());
        } else if (r instanceof TensorStorePhysicalRecord x) {
            imm[pc] = ((long) x.varId() << 32) | x.varOffset();
            return word(STORE, 0, 0, x.numElem0() == 2 ? 2 : 1, x.reg());
        } else if (r instanceof TensorLoadPhysicalRecord x) {
            destination(x.reg(), x.numElem0() == 2 ? 2 : 1);
            imm[pc] = ((long) x.varId() << 32) | x.varOffset();
            return word(LOAD, 0, 0, x.numElem0() == 2 ? 2 : 1, x.reg());
        }
        int kind = RecordKind.of(r);
        switch (kind) {
            case RecordKind.CALL -> {
                String callee = ((CallRecord) r).functionName();
                Integer target = functions.get(callee);
                if (target == null) {
                    throw new SimFault("call to " + callee + ", which has no PSEUDO_FUNCTION_BEGIN in the stream");
                }
                return word(kind, 0, 0, 0, target);
            }
            case RecordKind.TRIGGER -> extra[pc] = new Machine.Trigger(RecordKind.queue(r)); // the cursor's key: this record
            case RecordKind.REARM -> extra[pc] = RecordKind.queue(r);
            case RecordKind.SEMAPHORE, RecordKind.GROUP_RESET -> extra[pc] = r;
            case RecordKind.FAULT -> fault[pc] = "record " + pc + " cannot be executed: " + ((RawRecord) r).reason();
            case RecordKind.UNMODELLED -> {
                extra[pc] = r.arm();
                fault[pc] = RecordKind.unmodelled("record " + pc, r) + "; --skip-unmodelled counts such records as skips";
            }
            default -> { }
        }
        return kind;
    }

    /** A destination register, checked, and marked as written by the stream. */
    private int destination(int reg, int width) {
        check(reg, width);
        for (int i = 0; i < width; i++) {
            destinations[reg + i] = true;
        }
        return reg;
    }

    /** The slot holding {@code value} as a read-only register, or IMM when every constant slot is taken. */
    private int constant(int value) {
        Integer slot = constants.get(value);
        if (slot == null) {
            if (REGISTERS + constants.size() >= IMM) {
                return IMM;
            }
            slot = REGISTERS + constants.size();
            constants.put(value, slot);
            regs[slot] = value;
        }
        return slot;
    }

    /** The fast kind of a 32-bit ALU op, or the general one. */
    private static int alu32(AluOpType op) {
        return switch (op) {
            case ADD -> ADD32;
            case SUBTRACT -> SUB32;
            case MULT -> MUL32;
            case BITWISE_AND -> AND32;
            case BITWISE_OR -> OR32;
            case BITWISE_XOR -> XOR32;
            case ARITH_SHIFT_LEFT, LOGICAL_SHIFT_LEFT -> SHL32;
            default -> ALU;
        };
    }

    /**
     * A 32-bit integer compare as a mask over its three outcomes, read off {@link Semantics#compare}
     * itself so the fast path cannot disagree with it; -1 for any other compare (8/16-bit, FP32).
     */
    private static int relation(BranchCompareOp op, DtypeWire dtype) {
        if (dtype != DtypeWire.INT32 && dtype != DtypeWire.UINT32) {
            return -1;
        }
        try {
            return (Semantics.compare(op, dtype, 0, 1) ? 1 : 0) | (Semantics.compare(op, dtype, 0, 0) ? 2 : 0)
                    | (Semantics.compare(op, dtype, 1, 0) ? 4 : 0) | (dtype == DtypeWire.UINT32 ? 8 : 0);
        } catch (SimFault notEvaluable) {
            return -1; // the general path faults when the record runs
        }
    }

    /** Is a BR32 word's relation true of {@code x} and {@code y}? Unsigned compares bias both by 2^31. */
    private static boolean holds(long w, int x, int y) {
        int rel = c(w);
        int bias = (rel & 8) << 28;
        return (rel >> (Integer.compare(x ^ bias, y ^ bias) + 1) & 1) != 0;
    }

    /** Runs from PC 0 for at most {@code maxSteps} records; {@code registers} names what to read back. */
    public static SimResult run(byte[] stream, Map<String, Location> registers, long maxSteps) {
        return run(stream, registers, maxSteps, null);
    }

    /** As {@link #run(byte[], Map, long)}, calling {@code trace} with the PC of every record before it executes. */
    public static SimResult run(byte[] stream, Map<String, Location> registers, long maxSteps,
            IntConsumer trace) {
        return run(stream, registers, maxSteps, trace, MachineConfig.NONE);
    }

    /** As above, with the kernel's memory regions and DMA queues (the descriptors live outside the stream). */
    public static SimResult run(byte[] stream, Map<String, Location> registers, long maxSteps,
            IntConsumer trace, MachineConfig config) {
        StreamSimulator s = new StreamSimulator(stream, maxSteps, config);
        s.trace = trace;
        return s.report(() -> {
            Map<String, Long> out = new LinkedHashMap<>();
            registers.forEach((name, loc) -> out.put(name, s.readBack(loc)));
            return out;
        });
    }

    /**
     * A record stream run on its own, from PC 0, for at most {@code maxSteps} records: the
     * registers some record of the stream writes, by slot ({@code r3}; the others are unwritten),
     * and, with {@code skipUnmodelled}, the records the simulator has no semantics for counted as
     * skips (without it the first one faults).
     */
    public static SimResult runStream(byte[] stream, long maxSteps, boolean skipUnmodelled, IntConsumer trace) {
        StreamSimulator s = new StreamSimulator(stream, maxSteps, MachineConfig.NONE);
        s.trace = trace;
        s.skipUnmodelled = skipUnmodelled;
        SimResult r = s.report(() -> {
            Map<String, Long> out = new LinkedHashMap<>();
            for (int i = 0; i < REGISTERS; i++) {
                if (s.destinations[i]) {
                    out.put(slotName(i), s.slot(i));
                }
            }
            return out;
        });
        List<SimResult.Skip> skips = new ArrayList<>();
        s.skipped.forEach((arm, c) -> skips.add(new SimResult.Skip(arm.specName(), arm.opcode(), c[0], (int) c[1])));
        return r.withSkipped(skips);
    }

    /** Every register slot by number, read back whatever wrote it (the fast-path tests read the file whole). */
    public static Map<String, Location> slots() {
        Map<String, Location> out = new LinkedHashMap<>();
        for (int i = 0; i < REGISTERS; i++) {
            out.put(slotName(i), new Location(i, -1, 1));
        }
        return out;
    }

    /** The register file's slot names, in order ({@code r0}, {@code r1}, ...). */
    public static List<String> slotNames() {
        return IntStream.range(0, REGISTERS).mapToObj(StreamSimulator::slotName).toList();
    }

    private static String slotName(int i) {
        return "r" + i;
    }

    long readBack(Location loc) {
        if (loc.slot() < 0) {
            return spill.get(8L * loc.spillSlot(), loc.width() == 2 ? -1L : 0xFFFF_FFFFL);
        }
        return loc.width() == 2 ? pair(loc.slot()) : slot(loc.slot());
    }

    /** A 32-bit slot's value, unsigned. */
    private long slot(int r) {
        return regs[r] & M32;
    }

    private long pair(int r) {
        return (regs[r] & M32) | ((long) regs[r + 1] << 32);
    }

    private void put(int r, boolean wide, long v) {
        regs[r] = (int) v;
        if (wide) {
            regs[r + 1] = (int) (v >>> 32);
        }
    }

    private int[] stack = new int[Machine.MAX_CALL_DEPTH + 1];
    private IntConsumer trace;

    void trace(IntConsumer t) {
        trace = t;
    }


    int pc;
    private int sp;
    /** The wait this engine last blocked on (already traced), or -1. */
    private int blockedAt = -1;
    /** The PC a report shows: the blocked wait, or the barrier the engine resumes after. */
    private int shownPc;

    @Override
    public Machine machine() {
        return m;
    }

    @Override
    public String at() {
        return "PC " + shownPc;
    }

    @Override
    public int waitSemaphore() {
        return ((EventSemaphoreRecord) extra[pc]).events().waitIdx();
    }

    @Override
    public long waitThreshold() {
        return threshold((EventSemaphoreRecord) extra[pc]);
    }

    @Override
    public String thresholdName() {
        EventSemaphoreRecord e = (EventSemaphoreRecord) extra[pc];
        return e.events().waitMode() == WaitMode.SEM_GE_REG ? "r" + e.events().semaphoreValue() + " = " : "";
    }

    /**
     * Runs until the engine exits, returns from its entry, blocks on a wait, or reaches a barrier.
     * The PC, call depth and step count live in locals while it runs; they are stored back on every
     * way out, a fault included.
     */
    @Override
    public Outcome slice(long quantum) {
        int pc = this.pc;
        int sp = this.sp;
        long steps = m.steps();
        turnEnd = quantum >= m.maxSteps() - steps ? m.maxSteps() : steps + quantum;
        // one compare a record covers the budget, the quantum and the trace: past the gate the slow path
        // runs. What only the slow path needs stays in fields, so the loop keeps its locals in registers.
        long gate = trace == null ? turnEnd : steps;
        final int[] r = regs;
        final long[] code = this.code;
        try {
            while (true) {
                final long w = code[pc];
                if (++steps > gate && kind(w) != OUTSIDE) {
                    if (steps > m.maxSteps()) {
                        steps--; // the record past the budget does not run: the report counts the steps taken
                        throw new SimFault("step budget of " + m.maxSteps() + " exhausted");
                    }
                    if (steps > turnEnd) {
                        steps--; // the record runs next turn
                        return Outcome.YIELD;
                    }
                    if (kind(w) != RecordKind.SEMAPHORE) { // a wait is traced once, however often it blocks
                        trace.accept(pc);
                    }
                    gate = steps; // only a traced run gets here without yielding or faulting
                }
                switch (kind(w)) {
                    case RecordKind.NOP -> pc++;
                    case ADD32 -> {
                        r[a(w)] = r[b(w)] + r[c(w)];
                        pc++;
                    }
                    case SUB32 -> {
                        r[a(w)] = r[b(w)] - r[c(w)];
                        pc++;
                    }
                    case MUL32 -> {
                        r[a(w)] = r[b(w)] * r[c(w)];
                        pc++;
                    }
                    case AND32 -> {
                        r[a(w)] = r[b(w)] & r[c(w)];
                        pc++;
                    }
                    case OR32 -> {
                        r[a(w)] = r[b(w)] | r[c(w)];
                        pc++;
                    }
                    case XOR32 -> {
                        r[a(w)] = r[b(w)] ^ r[c(w)];
                        pc++;
                    }
                    case SHL32 -> {
                        r[a(w)] = r[b(w)] << (r[c(w)] & 31);
                        pc++;
                    }
                    case BR32 -> pc = holds(w, r[a(w)], r[b(w)]) ? target(w) : pc + 1;
                    case ADD_BR -> {
                        r[a(w)] = r[b(w)] + r[c(w)];
                        if (steps < gate) { // the branch fits the budget and no one watches records one by one
                            steps++;
                            long v = code[++pc];
                            pc = holds(v, r[a(v)], r[b(v)]) ? target(v) : pc + 1;
                        } else {
                            pc++;
                        }
                    }
                    case ALU -> {
                        AluOperation x = (AluOperation) extra[pc];
                        boolean wide = target(w) == 2;
                        long s0 = wide ? pair(b(w)) : slot(b(w));
                        long s1 = c(w) == IMM ? imm[pc] : wide ? pair(c(w)) : slot(c(w));
                        put(a(w), wide, Semantics.alu(x.op(), wide, x.dtype(), s0, s1));
                        pc++;
                    }
                    case MOVE -> {
                        put(a(w), c(w) == 2, rhs(w, pc));
                        pc++;
                    }
                    case BRANCH -> {
                        Compare x = (Compare) extra[pc];
                        pc = Semantics.compare(x.op(), x.dtype(), slot(a(w)), rhs(w, pc)) ? target(w) : pc + 1;
                    }
                    case JUMP -> pc = target(w);
                    case RecordKind.CALL -> {
                        if (sp >= Machine.MAX_CALL_DEPTH) {
                            throw new SimFault("call depth limit of " + Machine.MAX_CALL_DEPTH + " exceeded");
                        }
                        stack[sp++] = pc + 1;
                        pc = target(w);
                    }
                    case RecordKind.RETURN -> {
                        m.clearSemaphores();
                        if (sp == 0) {
                            return Outcome.END;
                        }
                        pc = stack[--sp];
                    }
                    case RecordKind.EXIT -> {
                        return Outcome.EXIT;
                    }
                    case RecordKind.BARRIER -> {
                        shownPc = pc++;
                        return Outcome.BARRIER;
                    }
                    case STORE -> {
                        boolean wide = c(w) == 2;
                        int reg = check(target(w), c(w));
                        spill.put(imm[pc], wide ? pair(reg) : slot(reg));
                        pc++;
                    }
                    case LOAD -> {
                        // spill memory starts as the register file does, all ones (facts §7.1; README
                        // "Spill code", ASSUMED): a register spilled before its first write reloads its reset value
                        boolean wide = c(w) == 2;
                        put(check(target(w), c(w)), wide, spill.get(imm[pc], wide ? -1L : M32));
                        pc++;
                    }
                    case RecordKind.TRIGGER -> {
                        m.trigger((Machine.Trigger) extra[pc]);
                        pc++;
                    }
                    case RecordKind.REARM -> {
                        m.rearm((String) extra[pc]);
                        pc++;
                    }
                    case RecordKind.SEMAPHORE -> {
                        EventSemaphoreRecord e = (EventSemaphoreRecord) extra[pc];
                        if (trace != null && blockedAt != pc) {
                            trace.accept(pc);
                        }
                        if (Machine.waits(e) && !m.satisfied(e.events().waitIdx(), threshold(e))) {
                            steps--; // a blocked record has not executed
                            blockedAt = pc;
                            shownPc = pc;
                            return Outcome.BLOCKED;
                        }
                        blockedAt = -1;
                        m.signal(e);
                        pc++;
                    }
                    case RecordKind.GROUP_RESET -> {
                        m.groupReset((GroupResetSemaphoresRecord) extra[pc]);
                        pc++;
                    }
                    case RecordKind.UNMODELLED -> {
                        if (!skipUnmodelled) {
                            throw new SimFault(fault[pc]);
                        }
                        skip(pc);
                        pc++;
                    }
                    case OUTSIDE -> {
                        steps--; // landing outside is no step
                        throw new SimFault("PC " + target(w) + " is outside the " + n + "-record stream");
                    }
                    default -> throw new SimFault(fault[pc]);
                }
            }
        } finally {
            this.pc = pc;
            this.sp = sp;
            m.steps(steps);
        }
    }

    /** Counts a skipped unmodelled record (the slow path: only such records get here). */
    private void skip(int pc) {
        long[] c = skipped.computeIfAbsent((Arm) extra[pc], k -> new long[] {0, pc});
        c[0]++;
    }

    /** The last step of this turn: the step budget's end, or the quantum's. */
    private long turnEnd;


    /** A compare's right-hand side, or a move's source: the immediate, or a 32-bit register (unsigned). */
    private long rhs(long w, int pc) {
        return b(w) == IMM ? imm[pc] : slot(b(w));
    }



    private static int check(int reg, int width) {
        if (reg < 0 || reg + width > REGISTERS) {
            throw new SimFault("register id " + reg + " is outside the " + REGISTERS + "-register file");
        }
        return reg;
    }

    /**
     * What a wait compares the semaphore with: the immediate, or for SEM_GE_REG (wire 0x85, "0x80 =
     * threshold is a register id", facts §1.4 CONFIRMED) the register whose id sits in the value
     * field — that the id is carried there is INFERRED.
     */
    private long threshold(EventSemaphoreRecord e) {
        long v = e.events().semaphoreValue();
        return e.events().waitMode() == WaitMode.SEM_GE_REG ? slot(check((int) v, 1)) : v;
    }
}
