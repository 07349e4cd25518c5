package tpb.lower;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.ir.Inst;
import tpb.ir.Register;
import tpb.isa.BirUpdateMode;
import tpb.isa.ClearMode;
import tpb.isa.EngineType;
import tpb.isa.EventSemaphoreRecord;
import tpb.isa.Events;
import tpb.isa.EventsExtended;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.isa.UpdateMode;
import tpb.isa.WaitMode;
import tpb.spec.Pos;

/**
 * The register-free records' fields, worked out from the spec's field docs (GroupResetSemaphores:
 * "BITMASK mode: word[id >> 5] bit (id & 31)", eight 32-bit words; EventSemaphore: facts §1.3-§1.5)
 * rather than read back through the corpus streams.
 */
class RecordsTest {
    static GroupResetSemaphoresRecord reset(Integer... ids) {
        return (GroupResetSemaphoresRecord) Records.groupReset(List.of(ids));
    }

    /** Ids 4, 5, 6 in any order, and 2, 2, 3 (a repeat), are runs: the range form, first and last. */
    @Test
    void contiguousIdsTakeTheRangeForm() {
        for (GroupResetSemaphoresRecord r : List.of(reset(4, 5, 6), reset(6, 4, 5))) {
            assertEquals(ClearMode.RANGE, r.clearMode());
            assertEquals(List.of(4, 6), List.of(r.rangeFirst(), r.rangeLast()));
        }
        GroupResetSemaphoresRecord r = reset(2, 2, 3);
        assertEquals(ClearMode.RANGE, r.clearMode());
        assertEquals(List.of(2, 3), List.of(r.rangeFirst(), r.rangeLast()));
        GroupResetSemaphoresRecord one = reset(255);
        assertEquals(ClearMode.RANGE, one.clearMode());
        assertEquals(List.of(255, 255), List.of(one.rangeFirst(), one.rangeLast()));
    }

    /**
     * Ids 1, 3, 40, 63 (a gap: 63 - 1 + 1 = 63 ids spanned, 4 named): the bitmask. Word id >> 5,
     * bit id & 31: 1 and 3 in word 0 (0b1010 = 0xA), 40 in word 1 bit 8 (0x100), 63 in word 1
     * bit 31 (0x8000_0000): words 0xA, 0x8000_0100, then six zeros. 0 and 255: word 0 bit 0,
     * word 7 bit 31.
     */
    @Test
    void idsWithAGapTakeTheBitmaskForm() {
        GroupResetSemaphoresRecord r = reset(1, 3, 40, 63);
        assertEquals(ClearMode.BITMASK, r.clearMode());
        assertArrayEquals(new long[] {0xAL, 0x8000_0100L, 0, 0, 0, 0, 0, 0}, r.mask());
        GroupResetSemaphoresRecord ends = reset(0, 255);
        assertEquals(ClearMode.BITMASK, ends.clearMode());
        assertArrayEquals(new long[] {1, 0, 0, 0, 0, 0, 0, 0x8000_0000L}, ends.mask());
    }

    static final Map<String, Integer> SEMS = Map.of("w", 2, "u", 5);

    static EventSemaphoreRecord semaphore(String waitSem, long waitValue, Register waitReg, String updateSem, BirUpdateMode mode, long value) {
        return (EventSemaphoreRecord) Records.semaphore(
                new Inst.EventSemaphore(waitSem, waitValue, waitReg, updateSem, mode, value, EngineType.SP, Pos.of("k.yaml")), SEMS);
    }

    /**
     * wait w >= 3, update u by sem_add_imm 7: the wait in the standard EVENTS (SEM_GE_IMM, index 2,
     * value 3), the update in the extended block (BIR sem_add_imm is wire 0x15, SEM_ADD_IMM_COMPLETE,
     * index 5, value 7); nothing else set.
     */
    @Test
    void aWaitAndAnUpdateGoToTheirOwnSlots() {
        EventSemaphoreRecord r = semaphore("w", 3, null, "u", BirUpdateMode.SEM_ADD_IMM, 7);
        assertEquals(Events.builder().waitMode(WaitMode.SEM_GE_IMM).waitIdx(2).semaphoreValue(3).build(), r.events());
        assertEquals(EventsExtended.builder().updateMode(UpdateMode.SEM_ADD_IMM_COMPLETE).updateIdx(5).semUpdateValue(7).build(), r.ext());
    }

    /** A wait against a register: SEM_GE_REG, the value left 0 for codegen to fill with the register's id (facts §1.4). */
    @Test
    void aRegisterWaitLeavesTheValueForCodegen() {
        EventSemaphoreRecord r = semaphore("w", 9, new Register("t", false), null, null, 0);
        assertEquals(Events.builder().waitMode(WaitMode.SEM_GE_REG).waitIdx(2).semaphoreValue(0).build(), r.events());
        assertEquals(EventsExtended.ZERO, r.ext());
    }

    /**
     * sem_inc and sem_dec carry no value (the record's value field stays 0 whatever the kernel
     * said: 0x13 and 0x14); sem_wr_imm keeps it (0x19, value 4). No wait: EVENTS all zero.
     */
    @Test
    void incrementAndDecrementCarryNoValue() {
        EventSemaphoreRecord inc = semaphore(null, 0, null, "u", BirUpdateMode.SEM_INC, 4);
        assertEquals(Events.ZERO, inc.events());
        assertEquals(EventsExtended.builder().updateMode(UpdateMode.SEM_INC_COMPLETE).updateIdx(5).semUpdateValue(0).build(), inc.ext());
        EventSemaphoreRecord dec = semaphore(null, 0, null, "u", BirUpdateMode.SEM_DEC, 4);
        assertEquals(EventsExtended.builder().updateMode(UpdateMode.SEM_DEC_COMPLETE).updateIdx(5).semUpdateValue(0).build(), dec.ext());
        EventSemaphoreRecord wr = semaphore(null, 0, null, "u", BirUpdateMode.SEM_WR_IMM, 4);
        assertEquals(EventsExtended.builder().updateMode(UpdateMode.SEM_WR_IMM_COMPLETE).updateIdx(5).semUpdateValue(4).build(), wr.ext());
    }
}
