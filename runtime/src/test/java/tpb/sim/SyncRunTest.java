package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.asm.Disassembler;
import tpb.codec.LittleEndian;
import tpb.isa.Arm;
import tpb.isa.BirUpdateMode;
import tpb.isa.BirWaitMode;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.EventSemaphoreFlyweight;
import tpb.isa.UpdateMode;
import tpb.isa.UpdateModeWire;
import tpb.isa.WaitMode;
import tpb.isa.WaitModeWire;
import tpb.stream.RecordStream;

/**
 * SyncRun's predecoded units on hand-built records, each result derived by hand: an
 * EventSemaphore's second wait and update (its extended block), every update kind with unsigned
 * wrap, a DMA with both an EVENTS wait and its completion, and an Exit.
 */
class SyncRunTest {
    static final int GE = WaitModeWire.map(BirWaitMode.SEM_GE_IMM).value();

    static byte[] record(Arm arm) {
        byte[] r = new byte[RecordStream.RECORD_SIZE];
        r[0] = (byte) arm.opcode();
        r[1] = 0x10;
        if (arm.selectOffset() >= 0) { // the sub-opcode that selects the arm (Exit: +0x0C = 1)
            for (int i = 0; i < arm.selectWidth(); i++) {
                r[arm.selectOffset() + i] = (byte) (arm.selectEquals() >>> 8 * i);
            }
        }
        return r;
    }

    /** EVENTS: wait (mode 0 = none) and update share semaphore_value. */
    static byte[] events(byte[] r, int waitMode, int waitSem, BirUpdateMode update, int updateSem, int value) {
        r[EventSemaphoreFlyweight.EVENTS_WAIT_MODE_OFFSET] = (byte) waitMode;
        r[EventSemaphoreFlyweight.EVENTS_WAIT_IDX_OFFSET] = (byte) waitSem;
        r[EventSemaphoreFlyweight.EVENTS_UPDATE_MODE_OFFSET] = (byte) (update == null ? 0 : UpdateModeWire.encode(update));
        r[EventSemaphoreFlyweight.EVENTS_UPDATE_IDX_OFFSET] = (byte) updateSem;
        LittleEndian.put32(r, EventSemaphoreFlyweight.EVENTS_SEMAPHORE_VALUE_OFFSET, value);
        return r;
    }

    static RecordStream stream(byte[]... records) {
        byte[] b = new byte[records.length * RecordStream.RECORD_SIZE];
        for (int i = 0; i < records.length; i++) {
            System.arraycopy(records[i], 0, b, i * RecordStream.RECORD_SIZE, RecordStream.RECORD_SIZE);
        }
        return RecordStream.of(b);
    }

    /** A's EventSemaphore: EVENTS update S1 := 5; extended block: wait S2 >= 1, update S3 += 7. */
    static byte[] twoUnits() {
        byte[] r = events(record(Arm.EVENT_SEMAPHORE), 0, 0, BirUpdateMode.SEM_WR_IMM, 1, 5);
        r[EventSemaphoreFlyweight.EXT_WAIT_MODE_OFFSET] = (byte) GE;
        r[EventSemaphoreFlyweight.EXT_WAIT_IDX_OFFSET] = 2;
        LittleEndian.put32(r, EventSemaphoreFlyweight.EXT_SEM_WAIT_VALUE_OFFSET, 1);
        r[EventSemaphoreFlyweight.EXT_UPDATE_MODE_OFFSET] = (byte) UpdateModeWire.encode(BirUpdateMode.SEM_ADD_IMM);
        r[EventSemaphoreFlyweight.EXT_UPDATE_IDX_OFFSET] = 3;
        LittleEndian.put32(r, EventSemaphoreFlyweight.EXT_SEM_UPDATE_VALUE_OFFSET, 7);
        return r;
    }

    static SyncRun.Result run(RecordStream... streams) {
        List<SyncRun.Engine> engines = new ArrayList<>();
        for (int i = 0; i < streams.length; i++) {
            engines.add(new SyncRun.Engine("e" + i, streams[i]));
        }
        return new SyncRun(engines, Disassembler::text).run();
    }

    /**
     * e0's EventSemaphore waits (extended block) for S2 >= 1, which e1's SEM_INC gives in the first
     * round, after e0's turn: e0 runs in round 2. Its updates: S1 = 5, S3 = 7. Alone, e0 deadlocks
     * with no update applied — both waits come before either update.
     */
    @Test
    void anEventSemaphoresSecondWaitAndUpdate() {
        SyncRun.Result r = run(stream(twoUnits()), stream(events(record(Arm.NO_OP), 0, 0, BirUpdateMode.SEM_INC, 2, 0)));
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        assertEquals(Map.of(1, 5L, 2, 1L, 3, 7L), r.semaphores());
        SyncRun.Result alone = run(stream(twoUnits()));
        assertEquals(SyncRun.Status.DEADLOCK, alone.status());
        assertEquals(Map.of(), alone.semaphores());
        assertEquals(2, alone.blocked().get(0).semaphore());
        assertEquals(1, alone.blocked().get(0).threshold());
        assertEquals(0, alone.blocked().get(0).pc());
    }

    /**
     * S4 := 3, then S4 -= 5 wraps to 2^32 - 2 = 4294967294; S5 -1 from 0 wraps to 4294967295.
     * A DMA then waits S4 >= 4294967294 (unsigned: it holds) and its completion adds 16 to S6;
     * S4 += 2 wraps to 0 and drops out of the non-zero list. An Exit ends the stream: the NoOp
     * after it (S7 +1) does not run, and every record counts as run (4 + 1 + 1 = 7).
     */
    @Test
    void everyUpdateKindWrapsUnsigned() {
        byte[] dma = events(record(Arm.DMA_DIRECT2D), GE, 4, null, 0, -2);
        dma[DmaDirect2dFlyweight.SEMAPHORE_OFFSET] = 6;
        dma[DmaDirect2dFlyweight.SEM_INCREMENT_OFFSET] = 16;
        SyncRun.Result r = run(stream(events(record(Arm.NO_OP), 0, 0, BirUpdateMode.SEM_WR_IMM, 4, 3),
                events(record(Arm.NO_OP), 0, 0, BirUpdateMode.SEM_SUB_IMM, 4, 5),
                events(record(Arm.NO_OP), 0, 0, BirUpdateMode.SEM_DEC, 5, 0),
                dma,
                events(record(Arm.NO_OP), 0, 0, BirUpdateMode.SEM_ADD_IMM, 4, 2),
                record(Arm.EXIT),
                events(record(Arm.NO_OP), 0, 0, BirUpdateMode.SEM_INC, 7, 0)));
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        assertEquals(Map.of(5, 4294967295L, 6, 16L), r.semaphores());
        assertEquals(Map.of("e0", 7), r.steps());
    }

    /** S1 := 10 by a SEM_WR_IMM_COMPLETE (the LUT's sem_wr_imm), then {@code second} (semaphore_value 3) on S1. */
    static long afterTen(int updateWire) {
        byte[] ten = events(record(Arm.NO_OP), 0, 0, BirUpdateMode.SEM_WR_IMM, 1, 10);
        byte[] op = events(record(Arm.NO_OP), 0, 0, null, 1, 3);
        op[EventSemaphoreFlyweight.EVENTS_UPDATE_MODE_OFFSET] = (byte) updateWire;
        SyncRun.Result r = run(stream(ten, op));
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        return r.semaphores().getOrDefault(1, 0L);
    }

    /**
     * Each SEM_* update in its *_COMPLETE form (UpdateModeWire's image of the compiler's mode) and
     * its *_READ form (the runtime enum's, facts §1.5) does what facts §7.6 says, from S1 = 10 with
     * value 3: +1 = 11, -1 = 9, add = 13, sub = 7, set = 3. The LUT and the enum agree.
     */
    @Test
    void readAndCompleteUpdatesAgreeWithTheLut() {
        Map<BirUpdateMode, Long> expected = Map.of(BirUpdateMode.SEM_INC, 11L, BirUpdateMode.SEM_DEC, 9L, BirUpdateMode.SEM_ADD_IMM, 13L,
                BirUpdateMode.SEM_SUB_IMM, 7L, BirUpdateMode.SEM_WR_IMM, 3L);
        Map<BirUpdateMode, UpdateMode> read = Map.of(BirUpdateMode.SEM_INC, UpdateMode.SEM_INC_READ, BirUpdateMode.SEM_DEC,
                UpdateMode.SEM_DEC_READ, BirUpdateMode.SEM_ADD_IMM, UpdateMode.SEM_ADD_IMM_READ, BirUpdateMode.SEM_SUB_IMM,
                UpdateMode.SEM_SUB_IMM_READ, BirUpdateMode.SEM_WR_IMM, UpdateMode.SEM_WR_IMM_READ);
        expected.forEach((bir, value) -> {
            assertEquals(value, afterTen(UpdateModeWire.encode(bir)), bir + " (LUT)");
            assertEquals(value, afterTen(read.get(bir).value()), read.get(bir) + " (READ)");
        });
    }

    /**
     * After S1 := 10: SEM_EQ_IMM 10, SEM_LT_IMM 11, SEM_LE_IMM 10, SEM_GT_IMM 9 and SEM_GE_IMM 10
     * hold (the record runs and sets S2 := 1); SEM_EQ_IMM 9 does not: a deadlock that says "==".
     */
    @Test
    void everySemaphoreWaitComparesAsItsNameSays() {
        List<Object[]> holding = List.of(new Object[] {WaitMode.SEM_EQ_IMM, 10}, new Object[] {WaitMode.SEM_LT_IMM, 11},
                new Object[] {WaitMode.SEM_LE_IMM, 10}, new Object[] {WaitMode.SEM_GT_IMM, 9},
                new Object[] {WaitMode.SEM_GE_IMM, 10});
        for (Object[] w : holding) {
            SyncRun.Result r = run(stream(events(record(Arm.NO_OP), 0, 0, BirUpdateMode.SEM_WR_IMM, 1, 10)),
                    stream(events(record(Arm.NO_OP), ((WaitMode) w[0]).value(), 1, BirUpdateMode.SEM_WR_IMM, 2, (int) w[1])));
            assertEquals(SyncRun.Status.COMPLETE, r.status(), w[0] + " " + r.message());
            assertEquals(Long.valueOf((int) w[1]), r.semaphores().get(2), w[0].toString());
        }
        SyncRun.Result r = run(stream(events(record(Arm.NO_OP), 0, 0, BirUpdateMode.SEM_WR_IMM, 1, 10)),
                stream(events(record(Arm.NO_OP), WaitMode.SEM_EQ_IMM.value(), 1, BirUpdateMode.SEM_WR_IMM, 2, 9)));
        assertEquals(SyncRun.Status.DEADLOCK, r.status());
        assertEquals(true, r.blocked().get(0).toString().endsWith("waits for semaphore 1 == 9, it is 10"), r.blocked().toString());
    }
}
