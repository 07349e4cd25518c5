package tpb.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.asm.Disassembler;
import tpb.isa.Arm;
import tpb.isa.BirUpdateMode;
import tpb.isa.BirWaitMode;
import tpb.isa.Decoder;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.EventSemaphoreFlyweight;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.isa.UpdateMode;
import tpb.isa.UpdateModeWire;
import tpb.isa.WaitMode;
import tpb.isa.WaitModeWire;
import tpb.stream.RecordStream;

/**
 * The synchronisation level (issue 9): every engine of a subgraph executes its records in order
 * over one bank of semaphores ({@link Machine}, the SP simulators' semantics). A record first
 * waits on its EVENTS wait (and an EventSemaphore's second wait, in its extended block), then
 * applies its EVENTS update (and the EventSemaphore's second update); a DMA_DIRECT2D's completion
 * adds its {@code sem_increment} to its {@code semaphore} (the transfer is taken to complete at
 * once). Data effects are not simulated: a datapath record is its sync and nothing else.
 *
 * <p>Modes: a wait is simulated only when it is the wire image of the compiler's sem_ge_imm
 * ({@code WaitModeWire}; facts §7.6: blocked while value &lt; threshold); an update only when the
 * spec's {@code UpdateModeWire} reads it back to a compiler update mode that {@link Machine#update}
 * simulates. Every other mode is a fault with its name. Records that would steer control
 * (branches, calls, returns) and the all-engine barrier are faults too: records run once each, in
 * order. An Exit ends its engine.
 *
 * <p>Records are predecoded into eight ints each (wait sem/threshold x2, update op|sem/value x2);
 * anything else (a fault, a group reset, an exit) takes a slow path. Engines take turns in the
 * order given, each running until it blocks; a turn in which no engine moves is a deadlock.
 */
public final class SyncRun {
    /** The bank's size: the spec's num_semaphores ({@link Machine}). */
    public static final int SEMAPHORES = Machine.SEMAPHORES;
    private static final int STRIDE = 8;
    private static final int NONE = -1;
    /** A record the fast path does not handle: decoded again when it runs. */
    private static final int SLOW = -2;
    private static final int SEM_GE_IMM = WaitModeWire.map(BirWaitMode.SEM_GE_IMM).value();
    private static final BirUpdateMode[] MODES = BirUpdateMode.values();

    /** One engine's stream. */
    public record Engine(String name, RecordStream stream) {}

    /** An engine stopped on a wait: where, what, and the semaphore it waits on. */
    public record Blocked(String engine, int pc, String record, int semaphore, long value, long threshold) {
        @Override
        public String toString() {
            return String.format("%s blocked at record %d (%s): waits for semaphore %d >= %d, it is %d", engine, pc, record, semaphore,
                    threshold, value);
        }
    }

    /** How the run ended. {@code semaphores}: the non-zero ones, by index. */
    public record Result(Status status, String message, Map<String, Integer> steps, Map<Integer, Long> semaphores,
            List<Blocked> blocked) {}

    public enum Status { COMPLETE, DEADLOCK, FAULT }

    /**
     * Told of every record that runs, after its waits held and its updates (and a DMA's
     * completion) were applied: the engine's position in the list given and the record's index.
     * The data level executes a record's data effect here; the timeline records it.
     */
    @FunctionalInterface
    public interface Hook {
        void ran(int engine, int index);
    }

    /** A wait this level simulates: blocked while the semaphore's unsigned value is below the threshold (sem_ge_imm, facts §7.6). */
    public record Wait(int semaphore, long threshold) {
        public boolean holds(long value) {
            return value >= threshold;
        }
    }

    /** A record's semaphore traffic as this level reads it: its waits, and the semaphores its updates (and a DMA's completion) change. */
    public record Sync(List<Wait> waits, List<Integer> updated) {}

    private final List<Engine> engines;
    private final int[][] ops;
    private Machine machine;
    private int[] pc;
    private Hook hook;

    public SyncRun(List<Engine> engines) {
        this.engines = List.copyOf(engines);
        this.ops = new int[engines.size()][];
        for (int e = 0; e < engines.size(); e++) {
            ops[e] = predecode(engines.get(e).stream());
        }
    }

    /** Runs every engine from its first record, on a zeroed bank, to its end, a deadlock or a fault. */
    public Result run() {
        return run(null);
    }

    /** As {@link #run()}, telling {@code hook} (when not null) of every record that runs. */
    public Result run(Hook hook) {
        int n = engines.size();
        machine = new Machine(Long.MAX_VALUE);
        pc = new int[n];
        this.hook = hook;
        while (true) {
            boolean moved = false;
            boolean left = false;
            for (int e = 0; e < n; e++) {
                int before = pc[e];
                try {
                    pc[e] = turn(ops[e], pc[e], e);
                } catch (SimFault f) {
                    Engine en = engines.get(e);
                    return result(Status.FAULT, en.name() + " record " + pc[e] + " (" + text(e, pc[e]) + "): " + f.getMessage(), List.of());
                }
                moved |= pc[e] != before;
                left |= pc[e] < ops[e].length / STRIDE;
            }
            if (!left) {
                return result(Status.COMPLETE, null, List.of());
            }
            if (!moved) {
                List<Blocked> blocked = new ArrayList<>();
                for (int e = 0; e < n; e++) {
                    if (pc[e] < ops[e].length / STRIDE) {
                        blocked.add(blocked(e));
                    }
                }
                return result(Status.DEADLOCK, "every engine left waits on a semaphore no engine will update", blocked);
            }
        }
    }

    /** Runs one engine from {@code at} until it blocks or ends; returns its new PC. The hot loop: no allocation. */
    private int turn(int[] o, int at, int engine) {
        Machine m = machine;
        Hook hook = this.hook;
        int[] sem = m.bank(); // read here as Machine.satisfied does: unsigned value >= threshold
        int end = o.length;
        int i = at * STRIDE;
        while (i < end) {
            int w = o[i];
            if (w >= 0) {
                if (Integer.compareUnsigned(sem[w], o[i + 1]) < 0) {
                    break;
                }
            } else if (w == SLOW) {
                pc[engine] = i / STRIDE; // where a fault is reported
                int next = slow(engine, i / STRIDE);
                if (next == BLOCKED) {
                    break;
                }
                i = next == ENDED ? end : i + STRIDE;
                continue;
            }
            w = o[i + 2];
            if (w >= 0 && Integer.compareUnsigned(sem[w], o[i + 3]) < 0) {
                break;
            }
            int u = o[i + 4];
            if (u != 0) {
                m.update(u & 0xFF, MODES[(u >>> 8) - 1], o[i + 5] & 0xFFFFFFFFL);
            }
            u = o[i + 6];
            if (u != 0) {
                m.update(u & 0xFF, MODES[(u >>> 8) - 1], o[i + 7] & 0xFFFFFFFFL);
            }
            if (hook != null) {
                hook.ran(engine, i / STRIDE);
            }
            i += STRIDE;
        }
        return i / STRIDE;
    }

    private static final int BLOCKED = 0, DONE = 1, ENDED = 2;

    /** A record the fast path leaves alone: BLOCKED when it must wait, ENDED after an Exit; faults throw. */
    private int slow(int engine, int index) {
        byte[] b = engines.get(engine).stream().bytes();
        int off = RecordStream.offsetOf(index);
        Arm arm = Decoder.identify(b, off);
        if (arm == Arm.COMPARE_AND_BRANCH || arm == Arm.UNCONDITIONAL_BRANCH || arm == Arm.CALL || arm == Arm.RETURN) {
            throw new SimFault(arm.specName() + " steers control, which the synchronisation level does not follow");
        }
        if (arm == Arm.ALL_ENGINE_BARRIER) {
            throw new SimFault("AllEngineBarrier (a counted join of every datapath engine, facts §7.6) is not simulated at this level");
        }
        // the waits and updates: the same decoding as the fast path, now raising what it left here
        int[] one = new int[STRIDE];
        decode(b, off, arm, one, true);
        for (int k = 0; k < 4; k += 2) {
            if (one[k] != NONE && !machine.satisfied(one[k], one[k + 1] & 0xFFFFFFFFL)) {
                return BLOCKED;
            }
        }
        if (arm == Arm.GROUP_RESET_SEMAPHORES) {
            machine.groupReset((GroupResetSemaphoresRecord) Decoder.decode(b, off));
        }
        for (int k = 4; k < 8; k += 2) {
            if (one[k] != 0) {
                machine.update(one[k] & 0xFF, MODES[(one[k] >>> 8) - 1], one[k + 1] & 0xFFFFFFFFL);
            }
        }
        if (hook != null) {
            hook.ran(engine, index);
        }
        return arm == Arm.EXIT ? ENDED : DONE; // an Exit ends its engine's run
    }

    static int[] predecode(RecordStream s) {
        int[] o = new int[s.count() * STRIDE];
        byte[] b = s.bytes();
        int[] one = new int[STRIDE];
        for (int i = 0; i < s.count(); i++) {
            int off = RecordStream.offsetOf(i);
            Arm arm = Decoder.identify(b, off);
            if (isSlow(arm) || !decode(b, off, arm, one, false)) {
                o[i * STRIDE] = SLOW;
                continue;
            }
            System.arraycopy(one, 0, o, i * STRIDE, STRIDE);
        }
        return o;
    }

    private static boolean isSlow(Arm arm) {
        return arm == Arm.COMPARE_AND_BRANCH || arm == Arm.UNCONDITIONAL_BRANCH || arm == Arm.CALL || arm == Arm.RETURN
                || arm == Arm.ALL_ENGINE_BARRIER || arm == Arm.GROUP_RESET_SEMAPHORES || arm == Arm.EXIT;
    }

    /**
     * Fills {@code out} with the record's waits and updates; false when a mode is not one this
     * level simulates (with {@code raise}, a SimFault naming it instead).
     */
    private static boolean decode(byte[] b, int off, Arm arm, int[] out, boolean raise) {
        int events = EventSemaphoreFlyweight.EVENTS_WAIT_MODE_OFFSET;
        java.util.Arrays.fill(out, 0);
        out[0] = NONE;
        out[2] = NONE;
        if (!waitOf(b[off + events] & 0xFF, b[off + events + 1] & 0xFF,
                EventSemaphoreFlyweight.eventsSemaphoreValue(b, off), out, 0, raise)) {
            return false;
        }
        if (!updateOf(b[off + events + 2] & 0xFF, b[off + events + 3] & 0xFF, EventSemaphoreFlyweight.eventsSemaphoreValue(b, off), out, 4,
                raise)) {
            return false;
        }
        if (arm == Arm.EVENT_SEMAPHORE) {
            if (!waitOf(EventSemaphoreFlyweight.extWaitModeRaw(b, off), EventSemaphoreFlyweight.extWaitIdx(b, off),
                    EventSemaphoreFlyweight.extSemWaitValue(b, off), out, 2, raise)) {
                return false;
            }
            return updateOf(EventSemaphoreFlyweight.extUpdateModeRaw(b, off), EventSemaphoreFlyweight.extUpdateIdx(b, off),
                    EventSemaphoreFlyweight.extSemUpdateValue(b, off), out, 6, raise);
        }
        if (arm == Arm.DMA_DIRECT2D) {
            // the DMA's completion: semaphore += sem_increment (facts §3.11)
            out[6] = (BirUpdateMode.SEM_ADD_IMM.ordinal() + 1) << 8 | DmaDirect2dFlyweight.semaphore(b, off);
            out[7] = DmaDirect2dFlyweight.semIncrement(b, off);
        }
        return true;
    }

    private static boolean waitOf(int mode, int sem, long value, int[] out, int at, boolean raise) {
        if (mode == WaitMode.NONE.value()) {
            return true;
        }
        if (mode == SEM_GE_IMM) {
            out[at] = sem;
            out[at + 1] = (int) value;
            return true;
        }
        if (raise) {
            WaitMode w = WaitMode.fromValue(mode);
            throw new SimFault("wait mode " + (w == null ? String.format("0x%02X (no WaitMode value)", mode) : w.specName())
                    + " is not simulated: of the wait modes only the compiler's sem_ge_imm ("
                    + WaitModeWire.map(BirWaitMode.SEM_GE_IMM).specName() + ") waits on a semaphore with an immediate threshold (facts §7.6)");
        }
        return false;
    }

    private static boolean updateOf(int mode, int sem, long value, int[] out, int at, boolean raise) {
        if (mode == UpdateMode.NONE.value()) {
            return true;
        }
        BirUpdateMode bir = UpdateModeWire.decode(mode);
        if (bir != null && Machine.simulates(bir)) {
            out[at] = (bir.ordinal() + 1) << 8 | sem;
            out[at + 1] = (int) value;
            return true;
        }
        if (raise) {
            UpdateMode u = UpdateMode.fromValue(mode);
            String name = u == null ? String.format("0x%02X (no UpdateMode value)", mode) : u.specName();
            throw new SimFault("update mode " + name + " is not simulated: "
                    + (bir == null ? "UpdateModeWire reads back no compiler update mode from it" : bir.specName() + " changes no semaphore"));
        }
        return false;
    }

    /** The engines, in the order given (a hook's engine number indexes this). */
    public List<Engine> engines() {
        return engines;
    }

    /** A semaphore's value now (unsigned), during or after a run. */
    public long semaphore(int s) {
        return Integer.toUnsignedLong(machine.semaphore(s));
    }

    /** Record {@code index} of engine {@code engine}: what it waits on and which semaphores it changes (a group reset's are not listed). */
    public Sync sync(int engine, int index) {
        byte[] b = engines.get(engine).stream().bytes();
        int off = RecordStream.offsetOf(index);
        int[] one = new int[STRIDE];
        decode(b, off, Decoder.identify(b, off), one, false);
        List<Wait> waits = new ArrayList<>(2);
        List<Integer> updated = new ArrayList<>(2);
        for (int k = 0; k < 4; k += 2) {
            if (one[k] != NONE) {
                waits.add(new Wait(one[k], one[k + 1] & 0xFFFFFFFFL));
            }
        }
        for (int k = 4; k < 8; k += 2) {
            if (one[k] != 0) {
                updated.add(one[k] & 0xFF);
            }
        }
        return new Sync(waits, updated);
    }

    private Blocked blocked(int e) {
        int[] o = ops[e];
        int i = pc[e] * STRIDE;
        int[] one = o;
        int base = i;
        if (o[i] == SLOW) {
            one = new int[STRIDE];
            byte[] b = engines.get(e).stream().bytes();
            int off = RecordStream.offsetOf(pc[e]);
            decode(b, off, Decoder.identify(b, off), one, false);
            base = 0;
        }
        int k = one[base] != NONE && !machine.satisfied(one[base], one[base + 1] & 0xFFFFFFFFL) ? base : base + 2;
        int sem = one[k];
        return new Blocked(engines.get(e).name(), pc[e], text(e, pc[e]), sem, Integer.toUnsignedLong(machine.semaphore(sem)),
                one[k + 1] & 0xFFFFFFFFL);
    }

    private String text(int e, int index) {
        RecordStream s = engines.get(e).stream();
        return Disassembler.text(s.bytes(), RecordStream.offsetOf(index), s.count());
    }

    private Result result(Status status, String message, List<Blocked> blocked) {
        Map<String, Integer> steps = new LinkedHashMap<>();
        for (int e = 0; e < engines.size(); e++) {
            steps.put(engines.get(e).name(), pc[e]);
        }
        Map<Integer, Long> sems = new LinkedHashMap<>();
        for (int s = 0; s < Machine.SEMAPHORES; s++) {
            if (machine.semaphore(s) != 0) {
                sems.put(s, Integer.toUnsignedLong(machine.semaphore(s)));
            }
        }
        return new Result(status, message, steps, sems, List.copyOf(blocked));
    }
}
