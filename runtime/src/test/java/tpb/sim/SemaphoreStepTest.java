package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tpb.sim.StreamFastPathTest.move;
import static tpb.sim.StreamFastPathTest.stream;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.isa.BirUpdateMode;
import tpb.isa.Events;
import tpb.isa.EventSemaphoreRecord;
import tpb.isa.EventsExtended;
import tpb.isa.ExitRecord;
import tpb.isa.Instruction;
import tpb.isa.NoOpRecord;
import tpb.isa.SemOperand;
import tpb.isa.UpdateMode;
import tpb.isa.UpdateModeWire;
import tpb.isa.WaitMode;
import tpb.stream.RecordStream;

/**
 * One table of semaphore steps driven through every level (one synchronisation model):
 * the model itself ({@link SemaphoreBank}), the synchronisation level ({@link SyncRun}, which the
 * data level's EventOrder and the timeline run on), an SP stream ({@link StreamSimulator}), and,
 * for the modes a kernel can write (sem_ge_imm, sem_ge_reg; the *_COMPLETE updates, the
 * UpdateModeWire images), the kernel IR, lowered code and the compiled stream
 * ({@link TruthTables#runAll}). Every level must give the row's answer.
 */
class SemaphoreStepTest {
    private static final long TOP = 0xFFFF_FFFFL;
    private static final int S = 1;
    private static final int R = 5;

    /** A wait on semaphore S (at {@code value}) in {@code mode} against {@code threshold}; {@code holds} derived by hand. */
    record WaitCase(WaitMode mode, long value, long threshold, boolean holds) {}

    /** An update of semaphore S (at {@code start}) in {@code mode} with {@code value}; {@code result} derived by hand, u32 wrapping. */
    record UpdateCase(UpdateMode mode, long start, long value, long result) {}

    /**
     * Every semaphore wait mode at threshold 10 against 9, 10, 11 and the unsigned top 0xFFFFFFFF
     * (which is not -1: the bank is unsigned): EQ holds at 10 only; LT at 9; LE at 9 and 10; GT at
     * 11 and the top; GE at 10, 11 and the top. The register form SEM_GE_REG compares like
     * SEM_GE_IMM with the threshold taken from a register (r5). NONE always holds, even against
     * the top (no comparison is made). Threshold 0 with value 0: GE and LE and EQ hold, LT and GT
     * do not.
     */
    static final List<WaitCase> WAITS = waits();

    private static List<WaitCase> waits() {
        List<WaitCase> w = new ArrayList<>();
        long[] values = {9, 10, 11, TOP};
        Object[][] modes = {
            {WaitMode.SEM_EQ_IMM, new boolean[] {false, true, false, false}},
            {WaitMode.SEM_LT_IMM, new boolean[] {true, false, false, false}},
            {WaitMode.SEM_LE_IMM, new boolean[] {true, true, false, false}},
            {WaitMode.SEM_GT_IMM, new boolean[] {false, false, true, true}},
            {WaitMode.SEM_GE_IMM, new boolean[] {false, true, true, true}},
            {WaitMode.SEM_GE_REG, new boolean[] {false, true, true, true}},
        };
        for (Object[] m : modes) {
            for (int i = 0; i < values.length; i++) {
                w.add(new WaitCase((WaitMode) m[0], values[i], 10, ((boolean[]) m[1])[i]));
            }
        }
        w.add(new WaitCase(WaitMode.NONE, 0, TOP, true));
        w.add(new WaitCase(WaitMode.SEM_GE_IMM, 0, 0, true));
        w.add(new WaitCase(WaitMode.SEM_LE_IMM, 0, 0, true));
        w.add(new WaitCase(WaitMode.SEM_EQ_IMM, 0, 0, true));
        w.add(new WaitCase(WaitMode.SEM_LT_IMM, 0, 0, false));
        w.add(new WaitCase(WaitMode.SEM_GT_IMM, 0, 0, false));
        return w;
    }

    /**
     * Every semaphore update mode, *_READ and *_COMPLETE alike (facts §7.6): from 5 with value 7,
     * WR gives 7, ADD 12, SUB 5 - 7 = -2 = 0xFFFFFFFE, INC 6 and DEC 4 (both ignore the value);
     * DEC from 0 wraps to 0xFFFFFFFF and INC from the top wraps to 0; ADD 1 to the top wraps to 0.
     * NONE leaves 5.
     */
    static final List<UpdateCase> UPDATES = List.of(
            new UpdateCase(UpdateMode.SEM_WR_IMM_READ, 5, 7, 7), new UpdateCase(UpdateMode.SEM_WR_IMM_COMPLETE, 5, 7, 7),
            new UpdateCase(UpdateMode.SEM_ADD_IMM_READ, 5, 7, 12), new UpdateCase(UpdateMode.SEM_ADD_IMM_COMPLETE, 5, 7, 12),
            new UpdateCase(UpdateMode.SEM_SUB_IMM_READ, 5, 7, 0xFFFF_FFFEL), new UpdateCase(UpdateMode.SEM_SUB_IMM_COMPLETE, 5, 7, 0xFFFF_FFFEL),
            new UpdateCase(UpdateMode.SEM_INC_READ, 5, 7, 6), new UpdateCase(UpdateMode.SEM_INC_COMPLETE, 5, 7, 6),
            new UpdateCase(UpdateMode.SEM_DEC_READ, 5, 7, 4), new UpdateCase(UpdateMode.SEM_DEC_COMPLETE, 5, 7, 4),
            new UpdateCase(UpdateMode.SEM_DEC_COMPLETE, 0, 1, TOP), new UpdateCase(UpdateMode.SEM_INC_COMPLETE, TOP, 1, 0),
            new UpdateCase(UpdateMode.SEM_ADD_IMM_COMPLETE, TOP, 1, 0), new UpdateCase(UpdateMode.NONE, 5, 7, 5));

    /** Every semaphore wait and update mode the spec's tables map is in the table: no mode left untested. */
    @Test
    void theTableCoversEveryMode() {
        for (WaitMode m : WaitMode.values()) {
            assertEquals(tpb.isa.WaitTest.encodes(m), WAITS.stream().anyMatch(c -> c.mode() == m), m.specName());
        }
        for (UpdateMode m : UpdateMode.values()) {
            assertEquals(tpb.isa.UpdateOp.encodes(m), UPDATES.stream().anyMatch(c -> c.mode() == m), m.specName());
        }
    }

    /**
     * The spec's SyncArm names arms: every value names exactly one arm of the spec (so a renamed
     * arm cannot silently drop out of the protocol), and SemaphoreBank.syncKind gives the arm its
     * SyncArmKind; an arm not listed (NoOp, a datapath Matmul) synchronises by its EVENTS tuple only.
     */
    @Test
    void everySyncArmIsAnArm() {
        for (tpb.isa.SyncArm s : tpb.isa.SyncArm.values()) {
            List<tpb.isa.Arm> named = java.util.Arrays.stream(tpb.isa.Arm.values()).filter(a -> a.specName().equals(s.specName())).toList();
            assertEquals(1, named.size(), s.specName());
            assertEquals(tpb.isa.SyncArmKind.map(s), SemaphoreBank.syncKind(named.get(0)), s.specName());
        }
        assertEquals(tpb.isa.SyncKind.ENDS_ENGINE, SemaphoreBank.syncKind(tpb.isa.Arm.EXIT));
        assertEquals(tpb.isa.SyncKind.COMPLETION, SemaphoreBank.syncKind(tpb.isa.Arm.DMA_DIRECT2D));
        // the semaphore writes facts §7.4/§7.5 state are the sync data's, not Java's
        assertEquals(tpb.isa.SyncKind.LEAVES_FUNCTION, SemaphoreBank.syncKind(tpb.isa.Arm.RETURN));
        assertEquals(tpb.isa.SyncKind.QUEUE_TRIGGER, SemaphoreBank.syncKind(tpb.isa.Arm.DMA_TRIGGER));
        assertEquals(tpb.isa.SyncKind.QUEUE_SWITCH, SemaphoreBank.syncKind(tpb.isa.Arm.SWITCH_QUEUE_INSTANCE));
        assertEquals(tpb.isa.SyncKind.QUEUE_REARM, SemaphoreBank.syncKind(tpb.isa.Arm.RESET_QUEUE_INSTANCE));
        assertEquals(null, SemaphoreBank.syncKind(tpb.isa.Arm.NO_OP));
        assertEquals(null, SemaphoreBank.syncKind(tpb.isa.Arm.MATMUL));
    }

    /**
     * The spec's UpdateMoment against facts §1.5's rule "*_COMPLETE = *_READ + 16": every
     * COMPLETE mode's value minus 16 is a READ mode, and UpdateOp gives the two the same operation
     * (or both the same FATAL arm: the EVT_* pairs). 7 pairs: EVT_SET, EVT_CLR, and the five SEM_*.
     */
    @Test
    void aCompleteModeIsItsReadModePlus16() {
        int pairs = 0;
        for (UpdateMode m : UpdateMode.values()) {
            if (tpb.isa.UpdateMoment.map(m) != tpb.isa.SemMoment.COMPLETE) {
                continue;
            }
            UpdateMode read = UpdateMode.fromValue(m.value() - 16);
            assertEquals(tpb.isa.SemMoment.READ, tpb.isa.UpdateMoment.map(read), m.specName());
            assertEquals(tpb.isa.UpdateOp.encodes(read), tpb.isa.UpdateOp.encodes(m), m.specName());
            if (tpb.isa.UpdateOp.encodes(m)) {
                assertEquals(tpb.isa.UpdateOp.map(read), tpb.isa.UpdateOp.map(m), m.specName());
            }
            pairs++;
        }
        assertEquals(7, pairs);
    }

    @Test
    void theModel() {
        for (WaitCase c : WAITS) {
            assertEquals(c.holds(), SemaphoreBank.holds(SemaphoreBank.test(c.mode()), c.value(), c.threshold()), c.toString());
        }
        for (UpdateCase c : UPDATES) {
            SemaphoreBank bank = new SemaphoreBank(4);
            bank.apply(S, tpb.isa.SemUpdate.WRITE, c.start());
            bank.apply(S, SemaphoreBank.op(c.mode().value()), c.value());
            assertEquals(c.result(), bank.value(S), c.toString());
        }
    }

    /**
     * The synchronisation level: engine e0 sets S := value, engine e1 waits; a wait that holds
     * completes, one that does not deadlocks naming the relation. A register threshold is a fault
     * here (this level tracks no registers). Updates: S := start, then the update, in one stream.
     */
    @Test
    void theSyncLevel() {
        for (WaitCase c : WAITS) {
            for (Carrier carrier : UNITS) {
                SyncRun run = new SyncRun(List.of(new SyncRun.Engine("e0", RecordStream.of(stream(set(c.value())))),
                        new SyncRun.Engine("e1", RecordStream.of(stream(waitRecord(c, carrier))))), SyncRunEdgesTest.TEXT);
                SyncRun.Result r = run.run();
                if (SemaphoreBank.operand(c.mode()) == SemOperand.REGISTER) {
                    assertEquals(SyncRun.Status.FAULT, r.status(), c.toString());
                    assertEquals("e1 record 0 (rec@0): wait mode SEM_GE_REG is not simulated at the synchronisation level: its threshold is a "
                            + "register (facts §1.4), and this level tracks no registers", r.message());
                    continue;
                }
                assertEquals(c.holds() ? SyncRun.Status.COMPLETE : SyncRun.Status.DEADLOCK, r.status(), c + ": " + r.message());
                if (!c.holds()) {
                    assertEquals("e1 blocked at record 0 (rec@0): waits for semaphore 1 " + SemaphoreBank.relation(SemaphoreBank.test(c.mode()))
                            + " " + c.threshold() + ", it is " + c.value(), r.blocked().get(0).toString());
                }
            }
        }
        for (UpdateCase c : UPDATES) {
            for (Carrier carrier : UNITS) {
                SyncRun run = new SyncRun(List.of(new SyncRun.Engine("e0", RecordStream.of(stream(set(c.start()), updateRecord(c, carrier))))),
                        SyncRunEdgesTest.TEXT);
                SyncRun.Result r = run.run();
                assertEquals(SyncRun.Status.COMPLETE, r.status(), c + ": " + r.message());
                assertEquals(c.result(), run.semaphore(S), c.toString());
            }
        }
    }

    /**
     * An SP stream alone: S := value (and r5 := threshold), the wait, Exit. A wait that holds exits
     * after 4 steps; one that does not is a deadlock (the blocked wait the faulting step, 3).
     */
    @Test
    void theStreamLevel() {
        for (WaitCase c : WAITS) {
            for (Carrier carrier : UNITS) {
                SimResult r = StreamSimulator.runStream(stream(set(c.value()), move(R, c.threshold()), waitRecord(c, carrier),
                        ExitRecord.builder().build()), 100, false, null);
                if (c.holds()) {
                    assertEquals(SimResult.Status.EXIT, r.status(), c + ": " + r.message());
                    assertEquals(4, r.steps(), c.toString());
                } else {
                    assertEquals(SimResult.Status.FAULT, r.status(), c.toString());
                    assertEquals("deadlock: waiting for semaphore 1 " + SemaphoreBank.relation(SemaphoreBank.test(c.mode())) + " " + c.threshold()
                            + " (it is " + c.value() + ") and no engine can update it", r.message(), c.toString());
                    assertEquals(3, r.steps(), c.toString());
                }
            }
        }
        for (UpdateCase c : UPDATES) {
            for (Carrier carrier : UNITS) {
                SimResult r = StreamSimulator.runStream(stream(set(c.start()), updateRecord(c, carrier), ExitRecord.builder().build()), 100, false,
                        null);
                assertEquals(SimResult.Status.EXIT, r.status(), c + ": " + r.message());
                assertEquals((int) c.result(), r.semaphores().get(S), c.toString());
            }
        }
    }

    /**
     * A kernel, through the IR, the lowered code and the compiled stream: the rows a kernel can
     * write. Waits: SEM_GE_IMM (wait {sem, value}) and SEM_GE_REG (wait {sem, register}); the kernel
     * sets s := value first (sem_wr_imm). Updates: the *_COMPLETE modes, the images of the
     * kernel's compiler-side modes through UpdateModeWire; NONE is a kernel with no update.
     */
    @Test
    void theKernelLevels() {
        int kernels = 0;
        for (WaitCase c : WAITS) {
            String wait = switch (c.mode()) {
                case SEM_GE_IMM -> "{sem: s, value: " + c.threshold() + "}";
                case SEM_GE_REG -> "{sem: s, register: t}";
                default -> null;
            };
            if (wait == null || c.threshold() > Integer.MAX_VALUE || c.value() > Integer.MAX_VALUE) {
                continue;
            }
            String kernel = kernel(List.of("{inst: EventSemaphore, update: {sem: s, mode: sem_wr_imm, value: " + c.value() + "}}",
                    "{inst: RegisterMove, dst: t, src: " + c.threshold() + "}", "{inst: EventSemaphore, wait: " + wait + "}"));
            TruthTables.runAll("wait", kernel, c.holds() ? SimResult.Status.EXIT : SimResult.Status.FAULT,
                    c.holds() ? null : "deadlock: waiting for semaphore 0 >= " + c.threshold()
                            + " (it is " + c.value() + ") and no engine can update it");
            kernels++;
        }
        for (UpdateCase c : UPDATES) {
            BirUpdateMode bir = UpdateModeWire.decode(c.mode().value());
            if (bir == null || c.start() > Integer.MAX_VALUE || c.value() > Integer.MAX_VALUE) {
                continue;
            }
            String value = bir == BirUpdateMode.SEM_INC || bir == BirUpdateMode.SEM_DEC ? "" : ", value: " + c.value();
            String kernel = kernel(List.of("{inst: EventSemaphore, update: {sem: s, mode: sem_wr_imm, value: " + c.start() + "}}",
                    "{inst: EventSemaphore, update: {sem: s, mode: " + bir.specName() + value + "}}"));
            for (SimResult r : TruthTables.runAll("update", kernel, SimResult.Status.EXIT, null)) {
                assertEquals((int) c.result(), r.semaphores().get(0), c.toString());
            }
            kernels++;
        }
        assertEquals(7 + 6, kernels); // GE_IMM at 9, 10, 11 and 0/0, GE_REG at 9, 10, 11 (the top is no kernel literal); 6 COMPLETE rows
    }

    private static String kernel(List<String> insts) {
        StringBuilder k = new StringBuilder("kernel: step\nregisters: [t, x]\nfunctions:\n  - name: main\n    insts:\n");
        for (String i : insts) {
            k.append("      - ").append(i).append('\n');
        }
        return k.append("      - {inst: RegisterMove, dst: x, src: 3}\n      - {inst: Exit}\n").toString();
    }

    /** S := value: an EventSemaphore whose extended block writes it (the compiler's form). */
    private static Instruction set(long value) {
        return EventSemaphoreRecord.builder().ext(EventsExtended.builder().updateMode(UpdateMode.SEM_WR_IMM_COMPLETE).updateIdx(S)
                .semUpdateValue(value).build()).build();
    }

    /**
     * The row's wait on S: in the EVENTS tuple (the threshold, or for a register form r5's id, in
     * semaphore_value), or with {@code ext} in the extended block (sem_wait_value), the second unit
     * an EventSemaphore carries (the spec's SyncKind.EXTENDED_UNIT).
     */
    private static Instruction waitRecord(WaitCase c, Carrier carrier) {
        long v = SemaphoreBank.operand(c.mode()) == SemOperand.REGISTER ? R : c.threshold();
        Events events = Events.builder().waitMode(c.mode()).waitIdx(S).semaphoreValue(v).build();
        return switch (carrier) {
            case EXTENDED -> EventSemaphoreRecord.builder().ext(EventsExtended.builder().waitMode(c.mode()).waitIdx(S).semWaitValue(v).build())
                    .build();
            case EVENTS -> EventSemaphoreRecord.builder().events(events).build();
            case OTHER_ARM -> NoOpRecord.builder().events(events).build();
        };
    }

    /** The row's update of S: in the extended block (the compiler's form), or with {@code events} in the EVENTS tuple (value: semaphore_value). */
    private static Instruction updateRecord(UpdateCase c, Carrier carrier) {
        Events events = Events.builder().updateMode(c.mode()).updateIdx(S).semaphoreValue(c.value()).build();
        return switch (carrier) {
            case EXTENDED -> EventSemaphoreRecord.builder()
                    .ext(EventsExtended.builder().updateMode(c.mode()).updateIdx(S).semUpdateValue(c.value()).build()).build();
            case EVENTS -> EventSemaphoreRecord.builder().events(events).build();
            case OTHER_ARM -> NoOpRecord.builder().events(events).build();
        };
    }

    /**
     * The places a record carries a wait or an update: an EventSemaphore's EVENTS tuple and its
     * extended block, and the EVENTS tuple of any other arm (a NoOp here: every arm carries EVENTS,
     * seed002 §2, and the spec's SyncArmKind gives an arm it does not list "its EVENTS wait and
     * update only").
     */
    enum Carrier { EVENTS, EXTENDED, OTHER_ARM }

    private static final Carrier[] UNITS = Carrier.values();
}
