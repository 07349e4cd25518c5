package tpb.sim;

import static tpb.sim.PackedCode.IMM;
import static tpb.sim.PackedCode.a;
import static tpb.sim.PackedCode.b;
import static tpb.sim.PackedCode.c;
import static tpb.sim.PackedCode.holds;
import static tpb.sim.PackedCode.kind;
import static tpb.sim.PackedCode.target;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import tpb.abi.Location;
import tpb.abi.SpillArea;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.SemTest;
import tpb.sim.PackedCode.AluOperation;
import tpb.sim.PackedCode.Compare;
import tpb.sim.PackedCode.Fault;
import tpb.sim.PackedCode.GroupReset;
import tpb.sim.PackedCode.Operands;
import tpb.sim.PackedCode.Rearm;
import tpb.sim.PackedCode.Trigger;
import tpb.sim.PackedCode.Unmodelled;

/**
 * One engine's sequencer over its record stream: the PC is a record index, branch targets come
 * from the records, Call finds its callee's PSEUDO_FUNCTION_BEGIN by name, Exit ends the run.
 * Records are predecoded once, before the run ({@link StreamPredecoder}), into {@link PackedCode}:
 * one word each, so the loop here is a switch over longs and a step allocates nothing (spill
 * memory is a map of longs). Registers are the arch profile's isa_register_count 32-bit slots,
 * all ones at reset; a 64-bit value is a (lo, hi) pair of slots.
 */
public final class StreamSimulator implements Sequencer {
    private static final long M32 = 0xFFFF_FFFFL;

    private final int n;
    /** The register file's size: the run's arch profile's isa_register_count (facts §6, STRONG). */
    private final int registers;
    /** The packed words ({@link PackedCode}), then the sentinels; the loop's own copy of the array. */
    private final long[] code;
    private final long[] imm;
    private final Operands[] operands;
    private final boolean[] destinations;
    /** Per record: its EVENTS wait and update when its word is SYNCED ({@link PackedCode.Synced}). */
    private final PackedCode.Synced[] synced;
    /**
     * The 32-bit slots; int arithmetic wraps exactly as a 32-bit register does. Slots below
     * {@link #registers} are the register file; the rest, up to 254, hold the stream's constant
     * slots ({@link PackedCode}). Record ids are checked against the file size, so nothing writes
     * a constant slot.
     */
    private final int[] regs = new int[IMM];
    private final SpillMemory spill = new SpillMemory();
    private final Machine m;
    private final int[] stack = new int[Machine.MAX_CALL_DEPTH + 1];
    private IntConsumer trace;
    int pc;
    private int sp;
    /** The wait this engine last blocked on (already traced), or -1. */
    private int blockedAt = -1;
    /** The PC a report shows: the blocked wait, or the barrier the engine resumes after. */
    private int shownPc;
    /** The last step of this turn: the step budget's end, or the quantum's. */
    private long turnEnd;
    /** Run records the simulator has no semantics for as counted skips instead of faulting on them. */
    private boolean skipUnmodelled;
    /** The unmodelled records skipped, by arm: how many times, and the first PC. */
    private final Map<Arm, long[]> skipped = new LinkedHashMap<>();

    private StreamSimulator(byte[] stream, long maxSteps, MachineConfig config) {
        this(stream, new Machine(maxSteps, config));
    }

    /** An engine's sequencer over {@code stream} sharing {@code machine} (semaphores, memory, DMA) with the others. */
    StreamSimulator(byte[] stream, Machine machine) {
        m = machine;
        PackedCode p = StreamPredecoder.predecode(stream, machine.registers());
        n = p.records;
        registers = p.registers;
        code = p.words;
        imm = p.imm;
        operands = p.operands;
        destinations = p.destinations;
        synced = p.synced;
        Arrays.fill(regs, 0, registers, -1);
        System.arraycopy(p.constants, 0, regs, registers, p.constants.length);
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

    /** As {@link #runStream(byte[], long, boolean, IntConsumer, Arch)} on the default arch profile ({@link MachineConfig#NONE}). */
    public static SimResult runStream(byte[] stream, long maxSteps, boolean skipUnmodelled, IntConsumer trace) {
        return runStream(stream, maxSteps, skipUnmodelled, trace, MachineConfig.NONE.arch());
    }

    /**
     * A record stream run on its own, from PC 0, for at most {@code maxSteps} records, on {@code
     * arch}'s register file: the registers some record of the stream writes, by slot ({@code r3};
     * the others are unwritten), and, with {@code skipUnmodelled}, the records the simulator has
     * no semantics for counted as skips (without it the first one faults).
     */
    public static SimResult runStream(byte[] stream, long maxSteps, boolean skipUnmodelled, IntConsumer trace, Arch arch) {
        StreamSimulator s = new StreamSimulator(stream, maxSteps, MachineConfig.alone(arch));
        s.trace = trace;
        s.skipUnmodelled = skipUnmodelled;
        SimResult r = s.report(() -> {
            Map<String, Long> out = new LinkedHashMap<>();
            for (int i = 0; i < s.registers; i++) {
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

    /** {@link #slots(Arch)} of the default arch profile ({@link MachineConfig#NONE}). */
    public static Map<String, Location> slots() {
        return slots(MachineConfig.NONE.arch());
    }

    /** Every register slot of {@code arch}'s file by number, read back whatever wrote it (the fast-path tests read the file whole). */
    public static Map<String, Location> slots(Arch arch) {
        Map<String, Location> out = new LinkedHashMap<>();
        for (int i = 0; i < arch.isaRegisterCount(); i++) {
            out.put(slotName(i), new Location(i, -1, 1));
        }
        return out;
    }

    /** {@link #slotNames(Arch)} of the default arch profile ({@link MachineConfig#NONE}). */
    public static List<String> slotNames() {
        return slotNames(MachineConfig.NONE.arch());
    }

    /** {@code arch}'s register file's slot names, in order ({@code r0}, {@code r1}, ...). */
    public static List<String> slotNames(Arch arch) {
        return IntStream.range(0, (int) arch.isaRegisterCount()).mapToObj(StreamSimulator::slotName).toList();
    }

    private static String slotName(int i) {
        return "r" + i;
    }

    long readBack(Location loc) {
        if (loc.slot() < 0) {
            return spill.get(SpillMemory.key(SpillArea.VAR_ID, loc.spillOffset()), loc.width() == 2 ? -1L : 0xFFFF_FFFFL);
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

    void trace(IntConsumer t) {
        trace = t;
    }

    @Override
    public Machine machine() {
        return m;
    }

    @Override
    public String at() {
        return "PC " + shownPc;
    }

    /** The unit of the blocked record at the PC whose wait does not hold (the first). */
    private SyncUnits.Values blockedUnit() {
        SyncUnits.Values[] units = synced[pc].units();
        return units[Math.max(0, m.blocking(units, this::register))];
    }

    @Override
    public int waitSemaphore() {
        return blockedUnit().waitIdx();
    }

    @Override
    public long waitThreshold() {
        return Machine.threshold(blockedUnit(), this::register);
    }

    @Override
    public SemTest waitTest() {
        return Machine.test(blockedUnit());
    }

    @Override
    public String thresholdName() {
        SyncUnits.Values u = blockedUnit();
        return Machine.registerThreshold(u) ? "r" + u.waitValue() + " = " : "";
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
                long w = code[pc];
                if (++steps > gate && kind(w) != OUTSIDE) {
                    if (steps > m.maxSteps()) {
                        steps--; // the record past the budget does not run: the report counts the steps taken
                        throw new SimFault("step budget of " + m.maxSteps() + " exhausted");
                    }
                    if (steps > turnEnd) {
                        steps--; // the record runs next turn
                        return Outcome.YIELD;
                    }
                    if (kind(w) != RecordKind.SYNCED) { // a wait is traced once, however often it blocks
                        trace.accept(pc);
                    }
                    gate = steps; // only a traced run gets here without yielding or faulting
                }
                // a SYNCED record's wait and update, then its own word through the same switch (the loop's one back edge)
                dispatch: while (true) {
                switch (kind(w)) {
                    case RecordKind.SYNCED -> {
                        PackedCode.Synced e = synced[pc];
                        if (trace != null && blockedAt != pc) {
                            trace.accept(pc); // a wait is traced once, however often it blocks
                        }
                        if (m.blocking(e.units(), this::register) >= 0) {
                            steps--; // a blocked record has not executed
                            blockedAt = pc;
                            shownPc = pc;
                            return Outcome.BLOCKED;
                        }
                        blockedAt = -1;
                        m.signal(e.units());
                        w = e.inner();
                        continue dispatch;
                    }
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
                        AluOperation x = (AluOperation) operands[pc];
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
                        Compare x = (Compare) operands[pc];
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
                        int reg = target(w); // checked at predecode
                        spill.put(imm[pc], wide ? pair(reg) : slot(reg));
                        pc++;
                    }
                    case LOAD -> {
                        // spill memory starts as the register file does, all ones (facts §7.1;
                        // docs/compiler.md "Spill code", ASSUMED): a register spilled before its first write reloads its reset value
                        boolean wide = c(w) == 2;
                        put(target(w), wide, spill.get(imm[pc], wide ? -1L : M32)); // checked at predecode
                        pc++;
                    }
                    case RecordKind.TRIGGER -> {
                        m.trigger(((Trigger) operands[pc]).cursor());
                        pc++;
                    }
                    case RecordKind.REARM -> {
                        m.rearm(((Rearm) operands[pc]).queue());
                        pc++;
                    }
                    case RecordKind.GROUP_RESET -> {
                        m.groupReset(((GroupReset) operands[pc]).record());
                        pc++;
                    }
                    case RecordKind.UNMODELLED -> {
                        if (!skipUnmodelled) {
                            throw new SimFault(((Unmodelled) operands[pc]).message());
                        }
                        skip(pc);
                        pc++;
                    }
                    case OUTSIDE -> {
                        steps--; // landing outside is no step
                        throw new SimFault("PC " + target(w) + " is outside the " + n + "-record stream");
                    }
                    default -> throw new SimFault(((Fault) operands[pc]).message());
                }
                break;
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
        long[] c = skipped.computeIfAbsent(((Unmodelled) operands[pc]).arm(), k -> new long[] {0, pc});
        c[0]++;
    }

    /** A compare's right-hand side, or a move's source: the immediate, or a 32-bit register (unsigned). */
    private long rhs(long w, int pc) {
        return b(w) == IMM ? imm[pc] : slot(b(w));
    }

    /** Register {@code id}'s value, checked against the file (a wait's register threshold). */
    private long register(int id) {
        return slot(PackedCode.check(registers, id, 1));
    }
}
