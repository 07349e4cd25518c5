package tpb.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import tpb.ir.Register;
import tpb.isa.CallRecord;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.isa.Instruction;
import tpb.isa.RawRecord;
import tpb.isa.SemTest;
import tpb.mir.LoweredCode;
import tpb.mir.MBlock;
import tpb.mir.MFunction;
import tpb.mir.MInst;
import tpb.mir.VReg;

/**
 * Runs one engine's lowered machine code — after lower_branch, branch canonicalisation and
 * lower_control, before (or after) register allocation — on virtual registers. It is the middle
 * of the three simulations the compiler is checked by: the kernel IR (structured loops), this
 * (explicit counters and back edges, one instruction per record, no register file), and the
 * record stream. A virtual register keeps its own value, so a difference between this and the
 * stream is the allocator's or codegen's, and one between the IR and this is the lowering's.
 *
 * <p>It reads every instruction as its record means: 32-bit compares read the low word of their
 * registers and a 32-bit immediate; register-free records go through {@link RecordKind} and
 * {@link Machine} exactly as the stream sequencer's do. Blocks fall through in layout order.
 */
public final class LoweredSimulator implements Sequencer {
    private static final long M32 = 0xFFFF_FFFFL;

    private final Map<String, List<MInst>> functions = new HashMap<>();
    private final Map<String, Map<String, Integer>> labels = new HashMap<>();
    private final Map<VReg, Long> values = new IdentityHashMap<>();
    private final Map<Integer, Long> spill = new HashMap<>();
    private final Map<tpb.isa.Instruction, SyncUnits.Values[]> unitsOf = new IdentityHashMap<>();
    private final Map<Register, VReg> registers;
    private final Machine m;
    private final List<Frame> stack = new ArrayList<>();
    /** This engine's DMATrigger records as the machine keys their cursors (one per instruction). */
    private final Map<MInst, Machine.Trigger> triggers = new IdentityHashMap<>();
    private String fn;
    private List<MInst> code;
    private int pc;
    /** The wait or barrier a report shows. */
    private int shownPc;
    /** Gets a line per executed instruction, or null; a wait that blocks is traced once. */
    private Consumer<String> trace;
    /** How a trace writes a record (the CLI hands in the disassembler). */
    private Function<Instruction, String> recordText;
    private int tracedWait = -1;
    private final Execute execute = new Execute();

    /** An engine's lowered code over {@code machine}, from the entry (its first function). */
    LoweredSimulator(LoweredCode lowered, Machine machine) {
        this.m = machine;
        this.registers = lowered.registers();
        for (MFunction f : lowered.code().functions) {
            List<MInst> flat = new ArrayList<>();
            Map<String, Integer> at = new HashMap<>();
            for (MBlock b : f.blocks) {
                at.put(b.label, flat.size());
                flat.addAll(b.insts);
            }
            functions.put(f.name, flat);
            labels.put(f.name, at);
        }
        fn = lowered.code().functions.get(0).name;
        code = functions.get(fn);
    }

    /** Runs the engine's entry alone for at most {@code maxSteps} instructions. */
    public static SimResult run(LoweredCode lowered, long maxSteps, MachineConfig config) {
        return run(lowered, maxSteps, config, null, null);
    }

    /**
     * As above, handing {@code trace} a line per executed instruction: its position and the
     * instruction, a record written by {@code recordText}.
     */
    public static SimResult run(LoweredCode lowered, long maxSteps, MachineConfig config, Consumer<String> trace,
            Function<Instruction, String> recordText) {
        LoweredSimulator s = new LoweredSimulator(lowered, new Machine(maxSteps, config));
        s.trace(trace, recordText);
        return s.report(s::written);
    }

    void trace(Consumer<String> lines, Function<Instruction, String> records) {
        trace = lines;
        recordText = records;
    }

    /** As in the IR simulator: the kernel registers the run wrote (an unwritten one has no defined final value). */
    Map<String, Long> written() {
        Map<String, Long> out = everyRegister();
        out.values().removeIf(Objects::isNull);
        return out;
    }

    /** Every kernel register this engine has, null for one it never wrote. */
    Map<String, Long> everyRegister() {
        Map<String, Long> out = new LinkedHashMap<>();
        registers.forEach((r, v) -> out.put(r.name(), values.get(v)));
        return out;
    }

    private long read(VReg v) {
        Long x = values.get(v);
        return x != null ? x : v.width == 2 ? -1L : M32; // all ones at reset (facts §7.1)
    }

    private void write(VReg v, long x) {
        values.put(v, v.width == 2 ? x : x & M32);
    }

    /** A call site to come back to. */
    private record Frame(String function, int next) {}

    @Override
    public Outcome slice(long quantum) {
        for (long turn = 0; ; turn++) {
            if (pc >= code.size()) {
                throw new SimFault("function " + fn + " fell off its last block");
            }
            if (turn == quantum && m.steps() < m.maxSteps()) { // at the budget's end the step faults in every schedule
                return Outcome.YIELD;
            }
            m.step();
            MInst i = code.get(pc++);
            if (trace != null && pc - 1 != tracedWait) {
                trace.accept(fn + "+" + (pc - 1) + "  " + text(i));
            }
            tracedWait = -1;
            Outcome o = i.accept(execute);
            if (o != null) {
                return o;
            }
        }
    }

    /** What each instruction does: null to go on with the next, or the outcome that ends the slice. */
    private final class Execute implements MInst.Visitor<Outcome> {
        @Override
        public Outcome alu(MInst.Alu a) {
            long s1 = a.src1() == null ? a.imm() : read(a.src1());
            write(a.dst(), Semantics.alu(a.op(), a.is64(), a.dtype(), read(a.src0()), s1));
            return null;
        }

        @Override
        public Outcome move(MInst.Move mv) {
            write(mv.dst(), mv.src() == null ? mv.imm() : read(mv.src()));
            return null;
        }

        @Override
        public Outcome condBranch(MInst.CondBranch b) {
            boolean taken = Semantics.compare(b.op(), b.dtype(), read(b.lhs()) & M32, rhs(b.rhs(), b.imm()));
            pc = label(taken ? b.onTrue() : b.onFalse());
            return null;
        }

        @Override
        public Outcome jump(MInst.Jump j) {
            pc = label(j.target());
            return null;
        }

        @Override
        public Outcome branch(MInst.Branch b) {
            if (b.op() == null || Semantics.compare(b.op(), b.dtype(), read(b.lhs()) & M32, rhs(b.rhs(), b.imm()))) {
                pc = label(b.target());
            }
            return null;
        }

        @Override
        public Outcome waitOnRegister(MInst.Wait w) {
            SyncUnits.Values[] units = units(w.record());
            if (m.blocking(units, register(w)) >= 0) {
                return blocked();
            }
            m.signal(units);
            return null;
        }

        @Override
        public Outcome store(MInst.Store s) {
            spill.put(s.slot(), read(s.reg()));
            return null;
        }

        @Override
        public Outcome reload(MInst.Reload r) {
            Long v = spill.get(r.slot());
            // a slot never stored holds the reset value, as the stream's spill memory does
            write(r.reg(), v != null ? v : r.reg().width == 2 ? -1L : M32);
            return null;
        }

        @Override
        public Outcome fixed(MInst.Fixed i) {
            Instruction r = i.record();
            switch (RecordKind.of(r)) {
                case RecordKind.EXIT -> {
                    return Outcome.EXIT;
                }
                case RecordKind.RETURN -> {
                    m.clearSemaphores();
                    if (stack.isEmpty()) {
                        return Outcome.END;
                    }
                    Frame back = stack.remove(stack.size() - 1);
                    fn = back.function();
                    code = functions.get(fn);
                    pc = back.next();
                }
                case RecordKind.CALL -> {
                    String callee = ((CallRecord) r).functionName();
                    if (!functions.containsKey(callee)) {
                        throw new SimFault("call to " + callee + ", which is not a function of this engine");
                    }
                    if (stack.size() >= Machine.MAX_CALL_DEPTH) {
                        throw new SimFault("call depth limit of " + Machine.MAX_CALL_DEPTH + " exceeded");
                    }
                    stack.add(new Frame(fn, pc));
                    fn = callee;
                    code = functions.get(fn);
                    pc = 0;
                }
                case RecordKind.TRIGGER -> m.trigger(triggers.computeIfAbsent(i, k -> new Machine.Trigger(RecordKind.queue(r))));
                case RecordKind.REARM -> m.rearm(RecordKind.queue(r));
                case RecordKind.SEMAPHORE -> {
                    SyncUnits.Values[] units = units(r);
                    for (SyncUnits.Values u : units) {
                        if (Machine.registerThreshold(u)) {
                            throw new SimFault("a fixed " + tpb.isa.WaitMode.fromValue(u.waitMode()).specName()
                                    + " record names a physical register; lowered code has none");
                        }
                    }
                    if (m.blocking(units, NO_REGISTERS) >= 0) {
                        return blocked();
                    }
                    m.signal(units);
                }
                case RecordKind.GROUP_RESET -> m.groupReset((GroupResetSemaphoresRecord) r);
                case RecordKind.BARRIER -> {
                    shownPc = pc - 1;
                    return Outcome.BARRIER;
                }
                case RecordKind.FAULT -> throw new SimFault("instruction cannot be executed: " + ((RawRecord) r).reason());
                case RecordKind.UNMODELLED -> throw new SimFault(RecordKind.unmodelled(fn + "+" + (pc - 1), r)); // the compiler emits none
                default -> { } // no state the model tracks
            }
            return null;
        }
    }

    /** The wait just fetched blocks: it has not executed, and runs again from the start next slice. */
    private Outcome blocked() {
        m.steps(m.steps() - 1);
        shownPc = --pc;
        tracedWait = pc;
        return Outcome.BLOCKED;
    }

    /** An instruction for a trace: register-free records as {@code recordText} writes them, the rest as they are. */
    private String text(MInst i) {
        if (i instanceof MInst.Fixed f) {
            return recordText.apply(f.record());
        }
        if (i instanceof MInst.Wait w) {
            return recordText.apply(w.record()) + " (threshold " + w.threshold() + ")";
        }
        return i.toString();
    }

    /** A compare's right-hand side as its record carries it: a 32-bit register or a 32-bit immediate. */
    private long rhs(VReg reg, long imm) {
        return reg == null ? imm & M32 : read(reg) & M32;
    }

    private int label(String target) {
        Integer at = labels.get(fn).get(target);
        if (at == null) {
            throw new SimFault("branch to " + target + ", which is not a block of " + fn);
        }
        return at;
    }

    @Override
    public Machine machine() {
        return m;
    }

    /** A position in the lowered code: function and instruction index (blocks laid out in order). */
    @Override
    public String at() {
        return fn + "+" + shownPc;
    }

    @Override
    public int waitSemaphore() {
        return blockedUnit().waitIdx();
    }

    @Override
    public long waitThreshold() {
        return Machine.threshold(blockedUnit(), blockedRegister());
    }

    @Override
    public SemTest waitTest() {
        return Machine.test(blockedUnit());
    }

    @Override
    public String thresholdName() {
        return code.get(pc) instanceof MInst.Wait w && Machine.registerThreshold(blockedUnit()) ? w.threshold().name + " = " : "";
    }

    /** The unit of the blocked record whose wait does not hold (the first). */
    private SyncUnits.Values blockedUnit() {
        SyncUnits.Values[] units = units(blockedWait());
        return units[Math.max(0, m.blocking(units, blockedRegister()))];
    }

    /** How the blocked record's register form reads its register: a kernel wait's virtual register, else none. */
    private java.util.function.IntToLongFunction blockedRegister() {
        return code.get(pc) instanceof MInst.Wait w ? register(w) : NO_REGISTERS;
    }

    /** A kernel's register wait reads its threshold from its virtual register (codegen writes the register's id in the record). */
    private java.util.function.IntToLongFunction register(MInst.Wait w) {
        return id -> read(w.threshold()) & M32;
    }

    /** A record's waits and updates, read once per record through the spec's terms ({@link SyncUnits}). */
    private SyncUnits.Values[] units(tpb.isa.Instruction r) {
        return unitsOf.computeIfAbsent(r, k -> SyncUnits.read(k.toBytes(), 0, k.arm()));
    }

    /**
     * A fixed record's register wait: lowered code has virtual registers only (a wait on one is an
     * MInst.Wait), so a physical register id in a record names nothing here.
     */
    private static final java.util.function.IntToLongFunction NO_REGISTERS = id -> {
        throw new SimFault("a fixed record's register wait names physical register r" + id + "; lowered code has none");
    };

    private tpb.isa.Instruction blockedWait() {
        return code.get(pc) instanceof MInst.Wait w ? w.record() : ((MInst.Fixed) code.get(pc)).record();
    }
}
