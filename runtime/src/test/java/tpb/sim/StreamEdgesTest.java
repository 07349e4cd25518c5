package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tpb.sim.StreamFastPathTest.move;
import static tpb.sim.StreamFastPathTest.stream;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.AluOpType;
import tpb.isa.Arch;
import tpb.isa.BrTargetMode;
import tpb.isa.BranchCompareOp;
import tpb.isa.CallRecord;
import tpb.isa.CompareAndBranchRecord;
import tpb.isa.DataSrc;
import tpb.isa.DtypeWire;
import tpb.isa.ExitRecord;
import tpb.isa.FunctionBeginRecord;
import tpb.isa.Instruction;
import tpb.isa.MoveWidth;
import tpb.isa.RegisterAluRecord;
import tpb.isa.RegisterMoveRecord;
import tpb.isa.TensorLoadPhysicalRecord;
import tpb.isa.TensorStorePhysicalRecord;
import tpb.abi.Location;

/**
 * The record-stream sequencer at its edges, on streams built record by record, every expected
 * value worked out by hand: the last register of the file, spill memory keyed by (var, offset),
 * the registers a stream run alone reports, a branch back to record 0, the call depth limit.
 * (PIT survivors of the first tpb.sim measurement, mutation-survivors.md.)
 */
class StreamEdgesTest {
    /** The register file: the spec's isa_register_count. */
    static final int N = (int) Arch.SUNDA.isaRegisterCount();

    static Instruction store(int reg, int width, long var, long offset) {
        return TensorStorePhysicalRecord.builder().dtype(DtypeWire.INT32).numElem0(width).numElem1(1).varId(var)
                .varOffset(offset).reg(reg).regHi(width == 2 ? reg + 1 : 0).build();
    }

    static Instruction load(int reg, int width, long var, long offset) {
        return TensorLoadPhysicalRecord.builder().dtype(DtypeWire.INT32).numElem0(width).numElem1(1).varId(var)
                .varOffset(offset).reg(reg).regHi(width == 2 ? reg + 1 : 0).build();
    }

    static Instruction move64(int reg, long value) {
        return RegisterMoveRecord.builder().validNum(MoveWidth.BITS64).dtype(DtypeWire.INT64).srcMode(DataSrc.IMMEDIATE)
                .dstLo(reg).immediate(value).build();
    }

    /**
     * Two variables at the same offset are two places: a 64-bit store of (r4, r5) = (0x44, 0x55) to
     * var 1 +0, then a 32-bit store of r1 = 0x11 to var 0 +0; reloading var 1 +0 as a pair gives
     * r10 = 0x44, r11 = 0x55 back, and var 0 +0 gives r20 = 0x11. (Keyed by the offset alone, the
     * second store would overwrite the first: r10 = 0x11, r11 = 0.) Run alone, the stream reports
     * exactly the registers some record writes, in slot order: the moves' r1, r4, r5, the pair
     * reload's r10 and r11, the 32-bit reload's r20 — 8 records, so r10 and r20 lie past the
     * stream's end as numbers and must not be taken for branch targets.
     */
    @Test
    void spillMemoryIsKeyedByVariableAndOffset() {
        byte[] s = stream(move(1, 0x11), move(4, 0x44), move(5, 0x55), store(4, 2, 1, 0), store(1, 1, 0, 0),
                load(10, 2, 1, 0), load(20, 1, 0, 0), ExitRecord.builder().build());
        SimResult r = StreamSimulator.runStream(s, 100, false, null);
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        Map<String, Long> want = new LinkedHashMap<>();
        want.put("r1", 0x11L);
        want.put("r4", 0x44L);
        want.put("r5", 0x55L);
        want.put("r10", 0x44L);
        want.put("r11", 0x55L);
        want.put("r20", 0x11L);
        assertEquals(want, r.registers());
        assertEquals(List.copyOf(want.keySet()), List.copyOf(r.registers().keySet()), "slot order");
        assertEquals(8, r.steps());
        assertEquals(List.of(), r.skipped());
    }

    /**
     * A spilled value is read back from spill slot s at var 0 +8s (SpillArea: var 0 and 8-byte
     * slots): r1 = 7 stored at var 0 +24 reads back as slot 3. A slot never stored reads all
     * ones (spill memory starts as the register file does): 0xFFFFFFFF for a 32-bit value,
     * 0xFFFFFFFF_FFFFFFFF (-1) for a pair.
     */
    @Test
    void spilledLocationsReadBackFromTheirSlot() {
        byte[] s = stream(move(1, 7), store(1, 1, 0, 24), ExitRecord.builder().build());
        Map<String, Location> where = new LinkedHashMap<>();
        where.put("stored", new Location(-1, 3, 1));
        where.put("narrow", new Location(-1, 5, 1));
        where.put("wide", new Location(-1, 6, 2));
        SimResult r = StreamSimulator.run(s, where, 100);
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(7L, r.registers().get("stored"));
        assertEquals(0xFFFF_FFFFL, r.registers().get("narrow"));
        assertEquals(-1L, r.registers().get("wide"));
    }

    /**
     * The last register of the file (N − 1) is a register; a pair starting there would need slot
     * N, which is not: the 64-bit move faults when it runs (record 1, the second step) naming the id.
     */
    @Test
    void theLastRegisterIsInTheFileAndAPairThereIsNot() {
        SimResult ok = StreamSimulator.runStream(stream(move(N - 1, 9), ExitRecord.builder().build()), 100, false, null);
        assertEquals(SimResult.Status.EXIT, ok.status(), ok.message());
        assertEquals(Map.of("r" + (N - 1), 9L), ok.registers());
        SimResult bad = StreamSimulator.runStream(stream(move(1, 1), move64(N - 1, 5), ExitRecord.builder().build()), 100, false, null);
        assertEquals(SimResult.Status.FAULT, bad.status());
        assertFalse(bad.ok());
        assertEquals("register id " + (N - 1) + " is outside the " + N + "-register file", bad.message());
        assertEquals(2, bad.steps());
    }

    /**
     * A compare-and-branch back to record 0 is a branch inside the stream, not out of it:
     * 0: r1 += 1 (from the reset value −1), 1: if r1 < 3 go to 0, 2: exit. r1 runs 0, 1, 2, 3:
     * four trips of two records, then the exit, 9 steps.
     */
    @Test
    void aBranchToRecordZeroLoops() {
        byte[] s = stream(RegisterAluRecord.builder().op(AluOpType.ADD).dtype(DtypeWire.INT32).dstDtype(DtypeWire.INT32)
                        .srcDatasrc(DataSrc.IMMEDIATE).src0Lo(1).dstLo(1).immediate(1).build(),
                CompareAndBranchRecord.builder().cmpOp(BranchCompareOp.IS_LTIMM).dtype(DtypeWire.INT32)
                        .targetMode(BrTargetMode.REL_IMM).cmpReg0(1).cmpImmediate(3).target(0).build(),
                ExitRecord.builder().build());
        for (java.util.function.IntConsumer trace : new java.util.function.IntConsumer[] {null, pc -> { }}) {
            SimResult r = StreamSimulator.runStream(s, 100, false, trace);
            assertEquals(SimResult.Status.EXIT, r.status(), r.message());
            assertTrue(r.ok());
            assertEquals(Map.of("r1", 3L), r.registers());
            assertEquals(9, r.steps());
        }
    }

    /**
     * A function that calls itself: 0: call f, 1: exit, 2: f's FUNCTION_BEGIN, 3: call f. A call
     * lands on the record after its callee's FUNCTION_BEGIN (record 3), so the run is calls only.
     * The call stack holds Machine.MAX_CALL_DEPTH (64) return PCs: record 0's call and 63 of
     * record 3's succeed, the 64th of record 3 faults. Steps: 1 + 63 + 1 (the faulting call
     * counted) = 65.
     */
    @Test
    void recursionStopsAtTheCallDepthLimit() {
        byte[] s = stream(CallRecord.builder().functionName("f").build(), ExitRecord.builder().build(),
                FunctionBeginRecord.builder().functionName("f").build(), CallRecord.builder().functionName("f").build());
        SimResult r = StreamSimulator.runStream(s, 10_000, false, null);
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("call depth limit of 64 exceeded", r.message());
        assertEquals(64, Machine.MAX_CALL_DEPTH);
        assertEquals(1 + 63 + 1, r.steps());
    }

    /** Every slot of the file by number, r0 to r(N − 1), each a 32-bit register location; slotNames in the same order. */
    @Test
    void slotsNameTheWholeFile() {
        Map<String, Location> slots = StreamSimulator.slots();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            names.add("r" + i);
            assertEquals(new Location(i, -1, 1), slots.get("r" + i));
        }
        assertEquals(names, List.copyOf(slots.keySet()));
        assertEquals(names, StreamSimulator.slotNames());
    }

    /**
     * The SP simulators run every semaphore wait of the one synchronisation model, not
     * only the compiler's: SEM_EQ_IMM (a runtime builder's mode, facts §3.5) with semaphore 0 == 0
     * holds and the stream exits after 3 steps; SEM_EQ_IMM against 1 never holds: a deadlock naming
     * the relation, the blocked wait the faulting step. An event wait (EVT_SET) faults naming it.
     */
    @Test
    void everySemaphoreWaitRunsAndAnEventWaitFaults() {
        Instruction eq0 = tpb.isa.EventSemaphoreRecord.builder().events(tpb.isa.Events.builder().waitMode(tpb.isa.WaitMode.SEM_EQ_IMM)
                .waitIdx(0).semaphoreValue(0).build()).build();
        SimResult r = StreamSimulator.runStream(stream(move(1, 1), eq0, ExitRecord.builder().build()), 100, false, null);
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(3, r.steps());
        Instruction eq1 = tpb.isa.EventSemaphoreRecord.builder().events(tpb.isa.Events.builder().waitMode(tpb.isa.WaitMode.SEM_EQ_IMM)
                .waitIdx(0).semaphoreValue(1).build()).build();
        SimResult d = StreamSimulator.runStream(stream(move(1, 1), eq1, ExitRecord.builder().build()), 100, false, null);
        assertEquals(SimResult.Status.FAULT, d.status());
        assertEquals("deadlock: waiting for semaphore 0 == 1 (it is 0) and no engine can update it", d.message());
        assertEquals(2, d.steps());
        Instruction evt = tpb.isa.EventSemaphoreRecord.builder().events(tpb.isa.Events.builder().waitMode(tpb.isa.WaitMode.EVT_SET)
                .waitIdx(0).build()).build();
        SimResult e = StreamSimulator.runStream(stream(move(1, 1), evt, ExitRecord.builder().build()), 100, false, null);
        assertEquals(SimResult.Status.FAULT, e.status());
        assertEquals("wait mode EVT_SET is not simulated: it waits on an event, and the event bank is not modelled (facts §1.4)",
                e.message());
        assertEquals(2, e.steps());
    }
}
