package tpb.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.isa.SemOperand;
import tpb.isa.SemTest;
import tpb.isa.SemUpdate;
import tpb.isa.SyncKind;
import tpb.isa.WaitMode;
import tpb.stream.RecordStream;

/**
 * The synchronisation level: every engine of a subgraph executes its records in order
 * over one bank of semaphores ({@link Machine}'s {@link SemaphoreBank}, every level's). A record first
 * waits on its EVENTS wait (and an EventSemaphore's second wait, in its extended block), then
 * applies its EVENTS update (and the EventSemaphore's second update); a DMA_DIRECT2D's completion
 * adds its {@code sem_increment} to its {@code semaphore} (the transfer is taken to complete at
 * once). Data effects are not simulated: a datapath record is its sync and nothing else.
 *
 * <p>What a wait and an update mean is the one synchronisation model, {@link SemaphoreBank}, which
 * reads the spec's WaitTest, WaitOperand and UpdateOp tables (facts §1.4, §1.5, §7.6): every
 * semaphore comparison against an immediate, every SEM_* update in its *_READ or *_COMPLETE form
 * (the same moment here: a record completes at once). Event waits and updates and values the enums
 * do not define are faults with the tables' messages; a register threshold (SEM_GE_REG) is a fault
 * here because this level tracks no registers (the stream, lowered and kernel levels take it).
 * Which arms carry more than their EVENTS tuple is the spec's SyncArmKind
 * ({@link SemaphoreBank#syncKind}). Records that would steer control (branches, calls, returns)
 * and the all-engine barrier are faults too: records run once each, in order. An Exit ends its
 * engine. This is the one
 * semaphore scheduler: the data level ({@code tpb.data.EventOrder}) runs on it through a
 * {@link Hook}, and so does the timeline.
 *
 * <p>Each stream is predecoded once into ints: per record a header (wait semaphore and kind,
 * update semaphore and kind, two flags), then the wait's threshold and the update's value when it
 * has them — one int for a record with no sync, two or three for the usual one. A record with a
 * second wait or update (an EventSemaphore's extended block, a DMA's completion) carries a second
 * such unit; anything else (a fault, a group reset, an exit, control) is one flagged header,
 * decoded again when it runs. Engines take turns in the order given, each running until it
 * blocks (its turn is a tight loop over its ints that allocates nothing); a round in which no
 * engine moves is a deadlock.
 */
public final class SyncRun {
    // A unit's header int: bits 0-7 the wait's semaphore, 16-23 the update's; the flags below; bits 24-26 the wait's SemTest ordinal.
    /** The unit waits (its threshold follows the header). */
    private static final int WAIT = 1 << 8;
    /**
     * The unit updates (its addend follows): semaphore = (semaphore &amp; keep) + addend, keep all
     * ones with KEEP, else zero ({@link SemaphoreBank#keep}, {@link SemaphoreBank#addend}).
     */
    private static final int UPDATE = 1 << 9;
    /** The update adds to the semaphore (+1, -1, add, sub as the addend's two's complement); without it, it writes. */
    private static final int KEEP = 1 << 10;
    /** A second unit follows, or the wait is not a sem_ge: the record takes {@link #generic}. */
    private static final int GENERIC = 1 << 11;
    /** A record the loop does not handle: decoded again when it runs. */
    private static final int SLOW = 1 << 12;
    /** A second unit follows this one. */
    private static final int MORE = 1 << 13;
    private static final int WAIT_KIND = 24;
    private static final int UPDATE_SEM = 16;
    /** How many semaphores a unit's header can name: its 8-bit semaphore fields (bits 0-7, 16-23), this level's encoding, not the ISA's. */
    private static final int UNIT_SEMAPHORES = 1 << 8;
    /** The wait tests, indexed by the kind bits (a {@link SemTest}'s ordinal; ALWAYS: no wait). */
    private static final SemTest[] TESTS = SemTest.values();
    /** The test the loop runs itself: the one the compiler emits (sem_ge_imm through WaitModeWire, facts §1.4/§7.6). */
    private static final int GE = SemTest.GE.ordinal();

    /** One engine's stream. */
    public record Engine(String name, RecordStream stream) {}

    /** An engine stopped on a wait: where, what, and the semaphore it waits on. */
    public record Blocked(String engine, int pc, String record, int semaphore, long value, long threshold, SemTest test) {
        @Override
        public String toString() {
            return String.format("%s blocked at record %d (%s): waits for semaphore %d %s %d, it is %d", engine, pc, record, semaphore,
                    SemaphoreBank.relation(test), threshold, value);
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

    /** A wait this level simulates: the record runs once the semaphore's unsigned value compares with the threshold as {@code test} says. */
    public record Wait(int semaphore, SemTest test, long threshold) {
        public boolean holds(long value) {
            return SemaphoreBank.holds(test, value, threshold);
        }
    }

    /**
     * The order of turns: which engine (in the order given) takes the first turn of every round,
     * whether a turn is one record, and which engine, if any ({@code lazy} >= 0), runs only when no
     * other moved in the round (one record at a time). A result that depends on the interleaving
     * (a race the protocol allows) shows up as a difference between schedules.
     */
    public record Schedule(int first, boolean oneRecordATurn, int lazy) {
        /** Engines in the order given, each running until it blocks. */
        public static final Schedule DEFAULT = new Schedule(0, false, -1);

        /** Every engine first with whole turns and with one record a turn, and every engine as late as it can go. */
        public static List<Schedule> all(int engines) {
            List<Schedule> s = new ArrayList<>();
            for (int e = 0; e < engines; e++) {
                s.add(new Schedule(e, false, -1));
                s.add(new Schedule(e, true, -1));
                s.add(new Schedule(0, false, e));
            }
            return s;
        }

        public String describe(List<String> engines) {
            return lazy >= 0 ? engines.get(lazy % engines.size()) + " as late as it can"
                    : engines.get(first % engines.size()) + " first, " + (oneRecordATurn ? "one record a turn" : "whole turns");
        }
    }

    /** A record's semaphore traffic as this level reads it: its waits, and the semaphores its updates (and a DMA's completion) change. */
    public record Sync(List<Wait> waits, List<Integer> updated) {}

    /**
     * How a deadlock report writes a blocked record: the record at byte {@code offset} of
     * {@code code}, a stream of {@code records} records. The caller hands in the disassembler
     * ({@code tpb.asm.Disassembler::text}); this level does not depend on the assembler.
     */
    @FunctionalInterface
    public interface RecordText {
        String text(byte[] code, int offset, int records);
    }

    private final List<Engine> engines;
    private final int[][] ops;
    private Machine machine;
    /** Per engine: the next record's index, and where its header is in {@code ops}. */
    private int[] pc;
    private int[] at;
    private Hook hook;
    private final RecordText recordText;
    /** The arch profile the streams run on: its num_semaphores is the bank's size. */
    private final Arch arch;

    /** As {@link #SyncRun(List, RecordText, Arch)} on the default arch profile ({@link MachineConfig#NONE}'s). */
    public SyncRun(List<Engine> engines, RecordText recordText) {
        this(engines, recordText, MachineConfig.NONE.arch());
    }

    /** The engines' streams, predecoded, on {@code arch}; {@code recordText} writes a blocked record in a deadlock report. */
    public SyncRun(List<Engine> engines, RecordText recordText, Arch arch) {
        this(engines, recordText, arch, DmaQueues.NONE);
    }

    /**
     * As {@link #SyncRun(List, RecordText, Arch)}, the DMA queues of the subgraph run as
     * {@code queues} says: a DMATrigger's block completes as the trigger runs (its semaphore
     * increment is one more update unit of the record, so the loop stays as it was), a
     * SwitchQueueInstance clears its queue's semaphores.
     */
    public SyncRun(List<Engine> engines, RecordText recordText, Arch arch, DmaQueues queues) {
        this.engines = List.copyOf(engines);
        this.recordText = recordText;
        this.arch = arch;
        this.queues = queues;
        this.ops = new int[engines.size()][];
        for (int e = 0; e < engines.size(); e++) {
            ops[e] = predecode(engines.get(e).stream(), queues, arch);
        }
    }

    /** The subgraph's DMA queues ({@link DmaQueues#NONE} when the streams came without a NEFF). */
    private final DmaQueues queues;

    /** Runs every engine from its first record, on a zeroed bank, to its end, a deadlock or a fault. */
    public Result run() {
        return run(null);
    }

    /** As {@link #run()}, telling {@code hook} (when not null) of every record that runs. */
    public Result run(Hook hook) {
        return run(hook, Schedule.DEFAULT);
    }

    /** As {@link #run(Hook)}, the turns taken as {@code schedule} says. */
    public Result run(Hook hook, Schedule schedule) {
        int n = engines.size();
        machine = new Machine(Long.MAX_VALUE, MachineConfig.alone(arch));
        pc = new int[n];
        at = new int[n];
        this.hook = hook;
        int lazy = schedule.lazy() >= 0 && schedule.lazy() < n ? schedule.lazy() : -1;
        int budget = schedule.oneRecordATurn() ? 1 : Integer.MAX_VALUE;
        while (true) {
            boolean moved = false;
            for (int t = 0; t < n; t++) {
                int e = Math.floorMod(t + schedule.first(), n);
                if (e == lazy) {
                    continue;
                }
                Result fault = take(e, budget);
                if (fault != null) {
                    return fault;
                }
                moved |= turned;
            }
            if (lazy >= 0 && !moved) { // the lazy engine gives the others a chance after every record
                Result fault = take(lazy, 1);
                if (fault != null) {
                    return fault;
                }
                moved = turned;
            }
            boolean left = false;
            for (int e = 0; e < n; e++) {
                left |= at[e] < ops[e].length;
            }
            if (!left) {
                return result(Status.COMPLETE, null, List.of());
            }
            if (!moved) {
                List<Blocked> blocked = new ArrayList<>();
                for (int e = 0; e < n; e++) {
                    if (at[e] < ops[e].length) {
                        blocked.add(blocked(e));
                    }
                }
                return result(Status.DEADLOCK, "every engine left waits on a semaphore no engine will update", blocked);
            }
        }
    }

    /** Whether the last {@link #take} ran a record. */
    private boolean turned;

    /** One turn of engine {@code e}, at most {@code budget} records; the run's result if it faulted, else null. */
    private Result take(int e, int budget) {
        int before = pc[e];
        try {
            turn(e, before + (long) budget > Integer.MAX_VALUE ? Integer.MAX_VALUE : before + budget);
        } catch (SimFault f) {
            return result(Status.FAULT, engines.get(e).name() + " record " + pc[e] + " (" + text(e, pc[e]) + "): " + f.getMessage(), List.of());
        }
        turned = pc[e] != before;
        return null;
    }

    /**
     * Runs engine {@code e} from where it stands until it blocks, ends, or reaches record
     * {@code stop}. The hot loop: no allocation, no branch per update kind.
     */
    private void turn(int e, int stop) {
        int[] o = ops[e];
        int[] sem = machine.bank();
        Hook hook = this.hook;
        int end = o.length;
        int i = at[e];
        int n = pc[e];
        while (i < end && n < stop) {
            int h = o[i];
            int k = i + 1;
            if ((h & (GENERIC | SLOW)) != 0) {
                pc[e] = n; // where a fault is reported
                k = (h & SLOW) != 0 ? slow(e, n, i) : generic(o, i, sem);
                if (k < 0) {
                    break;
                }
            } else {
                if ((h & WAIT) != 0) {
                    if (Integer.compareUnsigned(sem[h & 0xFF], o[k]) < 0) {
                        break;
                    }
                    k++;
                }
                if ((h & UPDATE) != 0) {
                    int s = h >>> UPDATE_SEM & 0xFF;
                    sem[s] = (sem[s] & -(h >>> 10 & 1)) + o[k++]; // -(KEEP bit): all ones to add, zero to write
                }
            }
            i = k;
            if (hook != null) {
                hook.ran(e, n);
            }
            n++;
        }
        at[e] = i;
        pc[e] = i == end ? engines.get(e).stream().count() : n; // past an Exit, every record counts as run (as before)
    }

    /** A record of one or two units at {@code i}: every wait, then every update; the next header's position, or -1 when it must wait. */
    private static int generic(int[] o, int i, int[] sem) {
        int second = (o[i] & MORE) != 0 ? i + size(o[i]) : -1;
        if (!holds(o, i, sem) || second >= 0 && !holds(o, second, sem)) {
            return -1;
        }
        update(o, i, sem);
        if (second < 0) {
            return i + size(o[i]);
        }
        update(o, second, sem);
        return second + size(o[second]);
    }

    private static boolean holds(int[] o, int i, int[] sem) {
        int h = o[i];
        return (h & WAIT) == 0
                || SemaphoreBank.holds(TESTS[h >>> WAIT_KIND & 7], Integer.toUnsignedLong(sem[h & 0xFF]), Integer.toUnsignedLong(o[i + 1]));
    }

    private static void update(int[] o, int i, int[] sem) {
        int h = o[i];
        if ((h & UPDATE) != 0) {
            int s = h >>> UPDATE_SEM & 0xFF;
            sem[s] = (sem[s] & -(h >>> 10 & 1)) + o[i + ((h & WAIT) != 0 ? 2 : 1)];
        }
    }

    /** Ints in the unit headed by {@code h}. */
    private static int size(int h) {
        return (h & SLOW) != 0 ? 1 : 1 + ((h & WAIT) != 0 ? 1 : 0) + ((h & UPDATE) != 0 ? 1 : 0);
    }

    /** A record the loop leaves alone: -1 when it must wait, else the next header's position ({@code end} after an Exit); faults throw. */
    private int slow(int engine, int index, int i) {
        byte[] b = engines.get(engine).stream().bytes();
        int off = RecordStream.offsetOf(index);
        Arm arm = Decoder.identify(b, off);
        SyncKind kind = SemaphoreBank.syncKind(arm);
        if (kind == SyncKind.STEERS_CONTROL || kind == SyncKind.LEAVES_FUNCTION) {
            throw new SimFault(arm.specName() + " steers control, which the synchronisation level does not follow");
        }
        if (kind == SyncKind.BARRIER) {
            throw new SimFault(arm.specName() + " (a counted join of every datapath engine, facts §7.6) is not simulated at this level");
        }
        // the waits and updates: the same decoding as the loop's, now raising what it left here
        IntList u = new IntList();
        decode(b, off, arm, u, true, queues, arch);
        int[] o = u.toArray();
        int[] sem = machine.bank();
        for (int k = 0; k < o.length; k += size(o[k])) {
            if (!holds(o, k, sem)) {
                return -1;
            }
        }
        if (kind == SyncKind.GROUP_RESET) {
            // the opcode names the arm, but a field outside its enum makes the typed decode a RawRecord (the NEFF fuzzer's
            // find: a ClassCastException, "unexpected error"): that record is a fault of the run, not a bug in tpb
            if (!(Decoder.decode(b, off) instanceof GroupResetSemaphoresRecord reset)) {
                throw new SimFault("GroupResetSemaphores record does not decode: a field holds a value outside its enum");
            }
            machine.groupReset(reset);
        }
        if (kind == SyncKind.QUEUE_SWITCH && queues.modelled()) { // facts §7.5: the queue's semaphores to 0
            for (int s : queues.cleared(DmaQueues.switchQueue(b, off))) {
                if (s >= sem.length) {
                    throw new SimFault("queue semaphore " + s + " is past the bank's " + sem.length);
                }
                sem[s] = 0;
            }
        }
        for (int k = 0; k < o.length; k += size(o[k])) {
            update(o, k, sem);
        }
        return kind == SyncKind.ENDS_ENGINE ? ops[engine].length : i + 1; // an Exit ends its engine's run
    }

    static int[] predecode(RecordStream s) {
        return predecode(s, DmaQueues.NONE, null);
    }

    /** The stream's units; {@code arch} (null: no bound, with {@link DmaQueues#NONE}) bounds the semaphores and a DMA_DIRECT2D's SBUF. */
    static int[] predecode(RecordStream s, DmaQueues queues, Arch arch) {
        IntList out = new IntList();
        byte[] b = s.bytes();
        IntList one = new IntList();
        for (int i = 0; i < s.count(); i++) {
            int off = RecordStream.offsetOf(i);
            Arm arm = Decoder.identify(b, off);
            one.size = 0;
            if (isSlow(SemaphoreBank.syncKind(arm)) || !decode(b, off, arm, one, false, queues, arch)) {
                out.add(SLOW);
                continue;
            }
            if (one.size == 0) {
                out.add(0);
                continue;
            }
            for (int k = 0; k < one.size; k++) {
                out.add(one.a[k]);
            }
        }
        return out.toArray();
    }

    /**
     * Whether records of this kind leave the loop: all but the EVENTS-only arms, an EventSemaphore's
     * extended unit, a DMA's completion and a DMATrigger's (units the loop runs), and a queue rearm
     * (its cursors are the queue model's, which fires a block per trigger in order).
     */
    private static boolean isSlow(SyncKind kind) {
        return kind != null && kind != SyncKind.EXTENDED_UNIT && kind != SyncKind.COMPLETION && kind != SyncKind.QUEUE_TRIGGER
                && kind != SyncKind.QUEUE_REARM;
    }

    /**
     * Appends the record's units to {@code out}: none when it has no sync, two (the first flagged
     * MORE and GENERIC) when it waits or updates twice; false when a mode is not one this level
     * simulates (with {@code raise}, a SimFault naming it instead).
     */
    private static boolean decode(byte[] b, int off, Arm arm, IntList out, boolean raise) {
        return decode(b, off, arm, out, raise, DmaQueues.NONE, null);
    }

    /**
     * As {@link #decode(byte[], int, Arm, IntList, boolean)}, a DMATrigger's block completion appended as an ADD unit ({@link DmaQueues});
     * a DMA_DIRECT2D whose walk leaves what its sides name on {@code arch} is a fault ({@link DmaQueues#direct2d}).
     */
    private static boolean decode(byte[] b, int off, Arm arm, IntList out, boolean raise, DmaQueues queues, Arch arch) {
        int bank = arch == null ? Integer.MAX_VALUE : (int) arch.numSemaphores();
        if (SemaphoreBank.syncKind(arm) == SyncKind.COMPLETION && arch != null) { // the spec's DMA_DIRECT2D: a transfer it describes itself
            try {
                queues.check(b, off, arch); // before its completion counts: a walk past its var is no transfer
            } catch (SimFault fault) {
                if (raise) {
                    throw fault;
                }
                return false;
            }
        }
        // the units the spec's terms give the arm (SyncUnits): the preamble's EVENTS pair in every arm,
        // then an EventSemaphore's extended pair or a DMA's completion
        int first = out.size;
        for (SyncUnits.Unit u : SyncUnits.of(arm)) {
            if (u.fixed()) {
                // an update with no mode byte: what it does is its arm's SyncKind's (COMPLETION: semaphore += value, facts §3.11)
                if (SemaphoreBank.syncKind(arm) != SyncKind.COMPLETION) {
                    if (raise) {
                        throw new SimFault(arm.specName() + " has an update term but no SyncKind saying what it does");
                    }
                    return false;
                }
                out.add(UPDATE | (SemaphoreBank.keep(SemUpdate.ADD) & KEEP) | (int) u.updateIdx().read(b, off) << UPDATE_SEM);
                out.add(SemaphoreBank.addend(SemUpdate.ADD, u.updateValue().read(b, off)));
            } else if (!unit(read(u.waitMode(), b, off), read(u.waitIdx(), b, off), u.waitValue() == null ? 0 : u.waitValue().read(b, off),
                    read(u.updateMode(), b, off), read(u.updateIdx(), b, off), u.updateValue() == null ? 0 : u.updateValue().read(b, off),
                    out, raise)) {
                return false;
            }
        }
        if (SemaphoreBank.syncKind(arm) == SyncKind.QUEUE_TRIGGER && queues.modelled()) {
            // the fired block's completion: semaphore += the queue's increment, as the trigger runs (DmaQueues)
            try {
                DmaQueues.Fire f = queues.fired(b, off);
                if (f.semaphore() >= Math.min(bank, UNIT_SEMAPHORES)) {
                    throw new SimFault("block " + f.block().id() + " of queue " + f.queue() + " counts on semaphore " + f.semaphore()
                            + ", past the bank's " + Math.min(bank, UNIT_SEMAPHORES));
                }
                out.add(UPDATE | KEEP | f.semaphore() << UPDATE_SEM);
                out.add(SemaphoreBank.addend(SemUpdate.ADD, f.increment()));
            } catch (SimFault fault) {
                if (raise) {
                    throw fault;
                }
                return false;
            }
        }
        // drop units that do nothing; flag the first of two
        out.size = first + compact(out.a, first, out.size);
        if (out.size > first && first + size(out.a[first]) < out.size) {
            out.a[first] |= MORE | GENERIC;
        }
        return true;
    }

    /** A unit's byte field (a mode or a semaphore index), 0 (no wait, no update) when the unit has none. */
    private static int read(SyncUnits.Field f, byte[] b, int off) {
        return f == null ? 0 : (int) f.read(b, off);
    }

    /** Removes empty units (header 0) from {@code a[from, to)}; returns the ints left. */
    private static int compact(int[] a, int from, int to) {
        int w = from;
        for (int r = from; r < to; ) {
            int n = size(a[r]);
            if (a[r] != 0) {
                System.arraycopy(a, r, a, w, n);
                w += n;
            }
            r += n;
        }
        return w - from;
    }

    /** One wait and one update as a unit appended to {@code out}. */
    private static boolean unit(int waitMode, int waitSem, long threshold, int updateMode, int updateSem, long value, IntList out,
            boolean raise) {
        SemTest test;
        SemUpdate op;
        try {
            test = SemaphoreBank.test(waitMode);
            if (SemaphoreBank.operand(WaitMode.fromValue(waitMode)) == SemOperand.REGISTER) {
                throw new SimFault("wait mode " + WaitMode.fromValue(waitMode).specName() + " is not simulated at the synchronisation level: "
                        + "its threshold is a register (facts §1.4), and this level tracks no registers");
            }
            op = SemaphoreBank.op(updateMode);
        } catch (SimFault f) {
            if (raise) {
                throw f;
            }
            return false;
        }
        int w = test.ordinal();
        int h = test == SemTest.ALWAYS ? 0 : WAIT | w << WAIT_KIND | waitSem | (w == GE ? 0 : GENERIC);
        if (op != SemUpdate.KEEP) {
            h |= UPDATE | updateSem << UPDATE_SEM | (SemaphoreBank.keep(op) & KEEP);
        }
        out.add(h);
        if (test != SemTest.ALWAYS) {
            out.add((int) threshold);
        }
        if (op != SemUpdate.KEEP) {
            out.add(SemaphoreBank.addend(op, value));
        }
        return true;
    }

    /** The engines, in the order given (a hook's engine number indexes this). */
    public List<Engine> engines() {
        return engines;
    }

    /** The semaphore bank's size: the arch profile's num_semaphores (facts §6, CONFIRMED). */
    public int semaphores() {
        return (int) arch.numSemaphores();
    }

    /** A semaphore's value now (unsigned), during or after a run. */
    public long semaphore(int s) {
        return Integer.toUnsignedLong(machine.bank()[s]);
    }

    /** Record {@code index} of engine {@code engine}: what it waits on and which semaphores it changes (a group reset's are not listed). */
    public Sync sync(int engine, int index) {
        int[] o = units(engine, index);
        List<Wait> waits = new ArrayList<>(2);
        List<Integer> updated = new ArrayList<>(2);
        for (int k = 0; k < o.length; k += size(o[k])) {
            int h = o[k];
            if ((h & WAIT) != 0) {
                waits.add(new Wait(h & 0xFF, TESTS[h >>> WAIT_KIND & 7], Integer.toUnsignedLong(o[k + 1])));
            }
            if ((h & UPDATE) != 0) {
                updated.add(h >>> UPDATE_SEM & 0xFF);
            }
        }
        return new Sync(waits, updated);
    }

    /** The record's units, decoded from its bytes (none for a record whose modes this level does not simulate). */
    private int[] units(int engine, int index) {
        byte[] b = engines.get(engine).stream().bytes();
        int off = RecordStream.offsetOf(index);
        IntList u = new IntList();
        if (!decode(b, off, Decoder.identify(b, off), u, false, queues, arch)) {
            return new int[0];
        }
        int[] o = u.toArray();
        return o;
    }

    private Blocked blocked(int e) {
        int[] o = units(e, pc[e]);
        int[] sem = machine.bank();
        int k = 0;
        while (k < o.length && holds(o, k, sem)) {
            k += size(o[k]);
        }
        int s = o[k] & 0xFF;
        return new Blocked(engines.get(e).name(), pc[e], text(e, pc[e]), s, Integer.toUnsignedLong(sem[s]), Integer.toUnsignedLong(o[k + 1]),
                TESTS[o[k] >>> WAIT_KIND & 7]);
    }

    private String text(int e, int index) {
        RecordStream s = engines.get(e).stream();
        return recordText.text(s.bytes(), RecordStream.offsetOf(index), s.count());
    }

    private Result result(Status status, String message, List<Blocked> blocked) {
        Map<String, Integer> steps = new LinkedHashMap<>();
        for (int e = 0; e < engines.size(); e++) {
            steps.put(engines.get(e).name(), pc[e]);
        }
        Map<Integer, Long> sems = new LinkedHashMap<>();
        for (int s = 0; s < machine.semaphoreCount(); s++) {
            if (machine.bank()[s] != 0) {
                sems.put(s, Integer.toUnsignedLong(machine.bank()[s]));
            }
        }
        return new Result(status, message, steps, sems, List.copyOf(blocked));
    }
}
