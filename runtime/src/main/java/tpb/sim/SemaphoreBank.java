package tpb.sim;

import java.util.Arrays;
import tpb.isa.Arm;
import tpb.isa.BirUpdateMode;
import tpb.isa.BirUpdateOp;
import tpb.isa.SemOperand;
import tpb.isa.SemTest;
import tpb.isa.SemUpdate;
import tpb.isa.SyncArm;
import tpb.isa.SyncArmKind;
import tpb.isa.SyncKind;
import tpb.isa.UpdateMode;
import tpb.isa.UpdateOp;
import tpb.isa.WaitMode;
import tpb.isa.WaitOperand;
import tpb.isa.WaitTest;

/**
 * The synchronisation model: a bank of unsigned 32-bit semaphores and the one meaning of
 * a wait and an update on it, for every simulator level — the kernel IR, lowered code, SP streams,
 * the synchronisation level (and through it the data level and the timeline). What a wire mode
 * means is spec data, not Java: {@code WaitTest} (the comparison a WaitMode makes),
 * {@code WaitOperand} (immediate or register threshold), {@code UpdateOp} (what an UpdateMode does,
 * its *_READ and *_COMPLETE forms alike) and {@code BirUpdateOp} (the same for a kernel's
 * compiler-side mode), all in {@code isa/tpb/luts/sync.yaml}. This class executes the spec's
 * {@link SemTest} and {@link SemUpdate} values, whose docs say what each does (facts §7.6), and
 * turns the tables' FATAL arms (event waits and updates: the event bank is not modelled) into
 * faults carrying the spec's message.
 *
 * <p>An update is {@code semaphore = (semaphore & keep) + addend} with {@link #keep} and
 * {@link #addend}: the one formula {@link #apply} uses and the synchronisation level's predecoded
 * loop runs, so the fast path cannot drift from the model.
 */
public final class SemaphoreBank {
    private final int[] values;

    /** A bank of {@code size} semaphores, all 0 (facts §7.6: all 0 initially). */
    public SemaphoreBank(int size) {
        values = new int[size];
    }

    /**
     * The semaphores themselves, for a hot loop to read and to update by {@link #keep} and
     * {@link #addend} (unsigned: read with {@link Integer#toUnsignedLong}).
     */
    int[] values() {
        return values;
    }

    public int size() {
        return values.length;
    }

    /** Semaphore {@code s}'s value, unsigned. */
    public long value(int s) {
        return Integer.toUnsignedLong(values[s]);
    }

    /** Whether a wait {@code test} against {@code threshold} on semaphore {@code s} holds now. */
    public boolean holds(int s, SemTest test, long threshold) {
        return holds(test, value(s), threshold);
    }

    /** Applies {@code op} with {@code value} to semaphore {@code s}. */
    public void apply(int s, SemUpdate op, long value) {
        values[s] = apply(op, values[s], value);
    }

    /** Sets semaphore {@code s} to 0 (a group reset, a return's clear). */
    public void reset(int s) {
        values[s] = 0;
    }

    public void clear() {
        Arrays.fill(values, 0);
    }

    /**
     * Whether a wait {@code test} holds with the semaphore at {@code value} against
     * {@code threshold}, both unsigned 32-bit values as longs: each {@link SemTest} as its spec doc says.
     */
    public static boolean holds(SemTest test, long value, long threshold) {
        return switch (test) {
            case ALWAYS -> true;
            case GE -> value >= threshold;
            case EQ -> value == threshold;
            case LT -> value < threshold;
            case LE -> value <= threshold;
            case GT -> value > threshold;
        };
    }

    /** The semaphore after {@code op} with {@code value} on {@code old}: wrapping u32 arithmetic (facts §7.6). */
    public static int apply(SemUpdate op, int old, long value) {
        return (old & keep(op)) + addend(op, value);
    }

    /** The bits of the old value an update keeps: none for a write, all for the others (and for no update). */
    public static int keep(SemUpdate op) {
        return op == SemUpdate.WRITE ? 0 : -1;
    }

    /** What an update adds to the kept bits: each {@link SemUpdate} as its spec doc says, sub and dec as two's complement. */
    public static int addend(SemUpdate op, long value) {
        return switch (op) {
            case KEEP -> 0;
            case WRITE, ADD -> (int) value;
            case SUB -> -(int) value;
            case INC -> 1;
            case DEC -> -1;
        };
    }

    /** Whether {@code test}, once it holds, holds for every larger value too (GE, GT): a wait that a rising counter releases for good. */
    public static boolean upward(SemTest test) {
        return test == SemTest.GE || test == SemTest.GT;
    }

    /** How a semaphore test reads in a message: {@code >=}, {@code ==}, ... */
    public static String relation(SemTest test) {
        return switch (test) {
            case ALWAYS -> "(any)";
            case GE -> ">=";
            case EQ -> "==";
            case LT -> "<";
            case LE -> "<=";
            case GT -> ">";
        };
    }

    /** The test a wire wait mode makes (the spec's WaitTest); a fault with the table's message for an event wait or an undefined value. */
    public static SemTest test(int waitMode) {
        WaitMode w = WaitMode.fromValue(waitMode);
        if (w == null) {
            throw new SimFault(String.format("wait mode 0x%02X (no WaitMode value) is not simulated: the WaitMode enum defines no such value "
                    + "(facts §1.4)", waitMode));
        }
        return test(w);
    }

    /** As {@link #test(int)} for a decoded mode. */
    public static SemTest test(WaitMode w) {
        if (!WaitTest.encodes(w)) {
            throw new SimFault("wait mode " + w.specName() + " is not simulated: it " + WaitTest.fatalMessage(w) + " (facts §1.4)");
        }
        return WaitTest.map(w);
    }

    /** Where a wire wait mode's threshold comes from (the spec's WaitOperand). */
    public static SemOperand operand(WaitMode w) {
        return WaitOperand.map(w);
    }

    /** What a wire update mode does (the spec's UpdateOp); a fault with the table's message for an event update or an undefined value. */
    public static SemUpdate op(int updateMode) {
        UpdateMode u = UpdateMode.fromValue(updateMode);
        if (u == null) {
            throw new SimFault(String.format("update mode 0x%02X (no UpdateMode value) is not simulated: the UpdateMode enum defines no such "
                    + "value (facts §1.5)", updateMode));
        }
        return op(u);
    }

    /** As {@link #op(int)} for a decoded mode. */
    public static SemUpdate op(UpdateMode u) {
        if (!UpdateOp.encodes(u)) {
            throw new SimFault("update mode " + u.specName() + " is not simulated: it " + UpdateOp.fatalMessage(u) + " (facts §1.5)");
        }
        return UpdateOp.map(u);
    }

    /**
     * How {@code arm} takes part in the EVENTS protocol beyond the EVENTS tuple every record
     * carries: the spec's SyncArmKind of the arm (an EventSemaphore's extended unit, a DMA's
     * completion, control, the barrier, a group reset, an exit), or null for an arm that
     * synchronises by its EVENTS tuple only.
     */
    public static SyncKind syncKind(Arm arm) {
        return SYNC_KINDS[arm.ordinal()];
    }

    private static final SyncKind[] SYNC_KINDS = new SyncKind[Arm.values().length];

    static {
        for (Arm a : Arm.values()) {
            SyncArm s = SyncArm.fromName(a.specName());
            SYNC_KINDS[a.ordinal()] = s == null ? null : SyncArmKind.map(s);
        }
    }

    /** What a kernel's compiler-side update mode does (the spec's BirUpdateOp); a fault with the table's message otherwise. */
    public static SemUpdate op(BirUpdateMode m) {
        if (!BirUpdateOp.encodes(m)) {
            throw new SimFault("update mode " + m.specName() + " is not simulated: " + BirUpdateOp.fatalMessage(m) + " (facts §1.5)");
        }
        return BirUpdateOp.map(m);
    }
}
