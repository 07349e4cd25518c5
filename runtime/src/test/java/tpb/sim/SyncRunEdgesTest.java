package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tpb.sim.SyncRunTest.events;
import static tpb.sim.SyncRunTest.record;
import static tpb.sim.SyncRunTest.stream;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.codec.LittleEndian;
import tpb.isa.Arm;
import tpb.isa.BirUpdateMode;
import tpb.isa.ClearMode;
import tpb.isa.EventSemaphoreFlyweight;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.isa.UpdateModeWire;
import tpb.isa.WaitMode;
import tpb.stream.RecordStream;

/**
 * SyncRun at its edges, on hand-built records, every result derived by hand: strict waits at
 * equality, the records this level refuses (control, the all-engine barrier) and the message
 * naming them, a group reset's range, an update in the extended block alone (the compiler's
 * form) and two updates of one semaphore in one record, the order of turns under each schedule,
 * an engine resuming after it blocked. (PIT survivors of the first tpb.sim measurement,
 * mutation-survivors.md.)
 */
class SyncRunEdgesTest {
    /** Record text for reports: "rec@" and the record's byte offset, so a message shows which record it names. */
    static final SyncRun.RecordText TEXT = (code, offset, records) -> "rec@" + offset;

    static SyncRun sync(RecordStream... streams) {
        List<SyncRun.Engine> engines = new ArrayList<>();
        for (int i = 0; i < streams.length; i++) {
            engines.add(new SyncRun.Engine("e" + i, streams[i]));
        }
        return new SyncRun(engines, TEXT);
    }

    static byte[] set(int sem, int value) {
        return events(record(Arm.NO_OP), 0, 0, BirUpdateMode.SEM_WR_IMM, sem, value);
    }

    static byte[] nop() {
        return record(Arm.NO_OP);
    }

    /**
     * Each wait mode at threshold 10 against 9, 10 and 11 (and the unsigned top, 0xFFFFFFFF):
     * EQ holds at 10 only; LT at 9; LE at 9 and 10; GT at 11 and the top; GE at 10, 11 and the top.
     */
    @Test
    void waitsCompareAsTheirNamesSayAtTheEdges() {
        long top = 0xFFFF_FFFFL;
        Map<WaitMode, List<Boolean>> want = Map.of(
                WaitMode.SEM_EQ_IMM, List.of(false, true, false, false),
                WaitMode.SEM_LT_IMM, List.of(true, false, false, false),
                WaitMode.SEM_LE_IMM, List.of(true, true, false, false),
                WaitMode.SEM_GT_IMM, List.of(false, false, true, true),
                WaitMode.SEM_GE_IMM, List.of(false, true, true, true));
        want.forEach((mode, holds) -> {
            List<Boolean> got = new ArrayList<>();
            for (long v : new long[] {9, 10, 11, top}) {
                got.add(new SyncRun.Wait(1, SemaphoreBank.test(mode), 10).holds(v));
            }
            assertEquals(holds, got, mode.toString());
        });
        // through a run: S1 := 10, then a wait S1 < 10 (or > 10) never holds: a deadlock naming it
        for (WaitMode strict : List.of(WaitMode.SEM_LT_IMM, WaitMode.SEM_GT_IMM)) {
            SyncRun.Result r = sync(stream(set(1, 10)), stream(events(nop(), strict.value(), 1, BirUpdateMode.SEM_WR_IMM, 2, 10))).run();
            assertEquals(SyncRun.Status.DEADLOCK, r.status(), strict.toString());
            assertEquals("e1 blocked at record 0 (rec@0): waits for semaphore 1 " + (strict == WaitMode.SEM_LT_IMM ? "<" : ">") + " 10, it is 10",
                    r.blocked().get(0).toString());
            assertEquals(Map.of(1, 10L), r.semaphores());
        }
    }

    /**
     * Branches, calls and returns steer control and the all-engine barrier joins every engine:
     * this level runs records once each, in order, so each faults naming the engine, the record
     * (its text from the caller's RecordText: record 1 at byte 64) and why; record 0 (S1 := 1) ran.
     */
    @Test
    void controlAndTheBarrierAreRefused() {
        for (Arm arm : List.of(Arm.COMPARE_AND_BRANCH, Arm.UNCONDITIONAL_BRANCH, Arm.CALL, Arm.RETURN)) {
            SyncRun.Result r = sync(stream(set(1, 1), record(arm), nop())).run();
            assertEquals(SyncRun.Status.FAULT, r.status(), arm.toString());
            assertEquals("e0 record 1 (rec@64): " + arm.specName() + " steers control, which the synchronisation level does not follow",
                    r.message());
            assertEquals(Map.of(1, 1L), r.semaphores());
            assertEquals(Map.of("e0", 1), r.steps());
        }
        SyncRun.Result r = sync(stream(set(1, 1), record(Arm.ALL_ENGINE_BARRIER))).run();
        assertEquals("e0 record 1 (rec@64): AllEngineBarrier (a counted join of every datapath engine, facts §7.6) is not simulated at "
                + "this level", r.message());
    }

    /**
     * S1 := 4, S2 := 5, S3 := 6, then GroupResetSemaphores in its range form, 1..2: both ends of
     * the range are zeroed, S3 is kept. The non-zero bank: {3: 6}.
     */
    @Test
    void aGroupResetZeroesBothEndsOfItsRange() {
        byte[] reset = GroupResetSemaphoresRecord.builder().clearMode(ClearMode.RANGE).rangeFirst(1).rangeLast(2).build().toBytes();
        SyncRun.Result r = sync(stream(set(1, 4), set(2, 5), set(3, 6), reset)).run();
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        assertEquals(Map.of(3, 6L), r.semaphores());
        assertEquals(Map.of("e0", 4), r.steps());
    }

    /** An EventSemaphore with its EVENTS slot empty and an update in its extended block: {@code sem} += {@code value}. */
    static byte[] extAdd(byte[] r, int sem, int value) {
        r[EventSemaphoreFlyweight.EXT_UPDATE_MODE_OFFSET] = (byte) UpdateModeWire.encode(BirUpdateMode.SEM_ADD_IMM);
        r[EventSemaphoreFlyweight.EXT_UPDATE_IDX_OFFSET] = (byte) sem;
        LittleEndian.put32(r, EventSemaphoreFlyweight.EXT_SEM_UPDATE_VALUE_OFFSET, value);
        return r;
    }

    /**
     * The compiler's update form — EVENTS empty, the update in the extended block — S6 += 4 from 0,
     * followed by S7 := 1: {6: 4, 7: 1}. Then one record adding to S5 twice, EVENTS +2 and the
     * extended block +3, after S5 := 6: 6 + 2 + 3 = 11.
     */
    @Test
    void updatesInTheExtendedBlock() {
        SyncRun.Result r = sync(stream(extAdd(record(Arm.EVENT_SEMAPHORE), 6, 4), set(7, 1))).run();
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        assertEquals(Map.of(6, 4L, 7, 1L), r.semaphores());
        byte[] twice = extAdd(events(record(Arm.EVENT_SEMAPHORE), 0, 0, BirUpdateMode.SEM_ADD_IMM, 5, 2), 5, 3);
        SyncRun.Result t = sync(stream(set(5, 6), twice)).run();
        assertEquals(SyncRun.Status.COMPLETE, t.status(), t.message());
        assertEquals(Map.of(5, 11L), t.semaphores());
    }

    /** The (engine, record) pairs in the order they ran under {@code schedule}. */
    static List<String> order(SyncRun s, SyncRun.Schedule schedule) {
        List<String> ran = new ArrayList<>();
        SyncRun.Result r = s.run((e, i) -> ran.add(e + ":" + i), schedule);
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        return ran;
    }

    /**
     * Three engines of plain records — e0 two, e1 one, e2 one. Whole turns from e1: e1, e2, e0
     * (both). e1 lazy: e0 (both) and e2 run in the first round; e1 only when a round moved no
     * one, the second. e0 lazy: e1, e2, then e0's two records one a round. A lazy index past the
     * engines names no engine: the default order. One record a turn from e0, with e0 at three
     * records and e2 at two: round 1 e0, e1, e2; round 2 e0, e2; round 3 e0.
     */
    @Test
    void turnsFollowTheSchedule() {
        SyncRun s = sync(stream(nop(), nop()), stream(nop()), stream(nop()));
        assertEquals(List.of("1:0", "2:0", "0:0", "0:1"), order(s, new SyncRun.Schedule(1, false, -1)));
        assertEquals(List.of("0:0", "0:1", "2:0", "1:0"), order(s, new SyncRun.Schedule(0, false, 1)));
        assertEquals(List.of("1:0", "2:0", "0:0", "0:1"), order(s, new SyncRun.Schedule(0, false, 0)));
        assertEquals(List.of("0:0", "0:1", "1:0", "2:0"), order(s, new SyncRun.Schedule(0, false, 3)));
        SyncRun three = sync(stream(nop(), nop(), nop()), stream(nop()), stream(nop(), nop()));
        assertEquals(List.of("0:0", "1:0", "2:0", "0:1", "2:1", "0:2"), order(three, new SyncRun.Schedule(0, true, -1)));
    }

    /**
     * e0 runs record 0, blocks at record 1 (S1 >= 1) in round 1; e1 sets S1 := 1; in round 2 e0
     * resumes from record 1 and sets S2 := 1 (the wait's semaphore_value, 1, is the update's value too).
     */
    @Test
    void anEngineResumesWhereItBlocked() {
        byte[] wait = events(nop(), WaitMode.SEM_GE_IMM.value(), 1, BirUpdateMode.SEM_WR_IMM, 2, 1);
        List<String> ran = new ArrayList<>();
        SyncRun.Result r = sync(stream(nop(), wait), stream(set(1, 1))).run((e, i) -> ran.add(e + ":" + i));
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        assertEquals(List.of("0:0", "1:0", "0:1"), ran);
        assertEquals(Map.of(1, 1L, 2, 1L), r.semaphores());
        assertEquals(Map.of("e0", 2, "e1", 1), r.steps());
    }

    /**
     * An event wait (EVT_SET) is not a semaphore wait, and an EVT_SET_READ update sets an event,
     * not a semaphore: each record faults naming its mode.
     */
    @Test
    void eventWaitsAndUpdatesFaultByName() {
        SyncRun.Result r = sync(stream(events(nop(), WaitMode.EVT_SET.value(), 1, null, 0, 0))).run();
        assertEquals(SyncRun.Status.FAULT, r.status());
        assertEquals("e0 record 0 (rec@0): wait mode " + WaitMode.EVT_SET.specName() + " is not simulated: it waits on an event, and the event "
                + "bank is not modelled (facts §1.4)", r.message());
        byte[] evt = nop();
        evt[EventSemaphoreFlyweight.EVENTS_UPDATE_MODE_OFFSET] = (byte) tpb.isa.UpdateMode.EVT_SET_READ.value();
        evt[EventSemaphoreFlyweight.EVENTS_UPDATE_IDX_OFFSET] = 1;
        SyncRun.Result u = sync(stream(set(2, 1), evt)).run();
        assertEquals(SyncRun.Status.FAULT, u.status());
        assertEquals("e0 record 1 (rec@64): update mode " + tpb.isa.UpdateMode.EVT_SET_READ.specName() + " is not simulated: it sets or "
                + "clears an event, and the event bank is not modelled (facts §1.5)", u.message());
    }

    /**
     * A wait with no update (the loop's fast path): e0 waits S1 >= 1, then sets S2 := 3; e1 sets
     * S1 := 1. The wait changes nothing: {1: 1, 2: 3}.
     */
    @Test
    void aWaitAloneChangesNoSemaphore() {
        byte[] wait = events(nop(), WaitMode.SEM_GE_IMM.value(), 1, null, 0, 1);
        SyncRun.Result r = sync(stream(wait, set(2, 3)), stream(set(1, 1))).run();
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        assertEquals(Map.of(1, 1L, 2, 3L), r.semaphores());
    }

    /**
     * A record the loop leaves to the slow path (an Exit) waits and updates as any other: e0's
     * Exit waits S1 >= 1 and increments S2; e1 sets S1 := 1. Round 1: e0's wait fails (S1 = 0), e1
     * runs; round 2: e0's Exit holds, S2 becomes 1, e0 ends. Order e1:0, e0:0; bank {1: 1, 2: 1}.
     */
    @Test
    void aSlowRecordWaitsAndUpdatesAsTheLoopDoes() {
        byte[] exit = events(record(Arm.EXIT), WaitMode.SEM_GE_IMM.value(), 1, BirUpdateMode.SEM_INC, 2, 1);
        List<String> ran = new ArrayList<>();
        SyncRun.Result r = sync(stream(exit), stream(set(1, 1))).run((e, i) -> ran.add(e + ":" + i));
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        assertEquals(List.of("1:0", "0:0"), ran);
        assertEquals(Map.of(1, 1L, 2, 1L), r.semaphores());
        assertEquals(Map.of("e0", 1, "e1", 1), r.steps());
    }

    /** The lazy engine's fault ends the run as any engine's does: e0 alone, lazy, runs only when no other moved — at once — and its Call faults. */
    @Test
    void aLazyEngineThatFaultsEndsTheRun() {
        SyncRun.Result r = sync(stream(record(Arm.CALL))).run(null, new SyncRun.Schedule(0, false, 0));
        assertEquals(SyncRun.Status.FAULT, r.status());
        assertEquals("e0 record 0 (rec@0): " + Arm.CALL.specName() + " steers control, which the synchronisation level does not follow",
                r.message());
    }

    /**
     * A lazy index equal to the engine count names no engine (the default order), also when the
     * run stalls: e0 alone waits S1 >= 1 forever, a deadlock naming record 0.
     */
    @Test
    void aLazyIndexOfTheEngineCountNamesNoEngine() {
        SyncRun.Result r = sync(stream(events(nop(), WaitMode.SEM_GE_IMM.value(), 1, null, 0, 1))).run(null, new SyncRun.Schedule(0, false, 1));
        assertEquals(SyncRun.Status.DEADLOCK, r.status(), r.message());
        assertEquals("[e0 blocked at record 0 (rec@0): waits for semaphore 1 >= 1, it is 0]", r.blocked().toString());
    }

    /**
     * The schedules a race check tries for two engines: each first with whole turns, then one
     * record a turn, then each as late as it can (lazy), in that order — six; and how each reads.
     */
    @Test
    void everyScheduleOfTwoEnginesAndItsName() {
        List<SyncRun.Schedule> all = SyncRun.Schedule.all(2);
        assertEquals(List.of(new SyncRun.Schedule(0, false, -1), new SyncRun.Schedule(0, true, -1), new SyncRun.Schedule(0, false, 0),
                new SyncRun.Schedule(1, false, -1), new SyncRun.Schedule(1, true, -1), new SyncRun.Schedule(0, false, 1)), all);
        List<String> names = List.of("e0", "e1");
        assertEquals(List.of("e0 first, whole turns", "e0 first, one record a turn", "e0 as late as it can", "e1 first, whole turns",
                "e1 first, one record a turn", "e1 as late as it can"), all.stream().map(s -> s.describe(names)).toList());
    }

    /**
     * What {@code sync} reads of a record: a wait alone (S1 >= 4) updates nothing; an event wait
     * is not simulated, so nothing is listed; an EventSemaphore whose EVENTS update (S2 := 3) is
     * simulated but whose extended block's (EVT_SET_READ) is not lists nothing either, and running it
     * faults on that mode before S2 changes.
     */
    @Test
    void syncListsOnlyWhatThisLevelSimulates() {
        byte[] evtExt = events(record(Arm.EVENT_SEMAPHORE), 0, 0, BirUpdateMode.SEM_WR_IMM, 2, 3);
        evtExt[EventSemaphoreFlyweight.EXT_UPDATE_MODE_OFFSET] = (byte) tpb.isa.UpdateMode.EVT_SET_READ.value();
        evtExt[EventSemaphoreFlyweight.EXT_UPDATE_IDX_OFFSET] = 1;
        SyncRun s = sync(stream(events(nop(), WaitMode.SEM_GE_IMM.value(), 1, null, 0, 4), events(nop(), WaitMode.EVT_SET.value(), 1, null, 0, 0),
                evtExt));
        assertEquals(new SyncRun.Sync(List.of(new SyncRun.Wait(1, tpb.isa.SemTest.GE, 4)), List.of()), s.sync(0, 0));
        assertEquals(new SyncRun.Sync(List.of(), List.of()), s.sync(0, 1));
        assertEquals(new SyncRun.Sync(List.of(), List.of()), s.sync(0, 2));
        SyncRun.Result r = sync(stream(evtExt)).run();
        assertEquals(SyncRun.Status.FAULT, r.status());
        assertEquals("e0 record 0 (rec@0): update mode " + tpb.isa.UpdateMode.EVT_SET_READ.specName() + " is not simulated: it sets or "
                + "clears an event, and the event bank is not modelled (facts §1.5)", r.message());
        assertEquals(Map.of(), r.semaphores());
    }
}
