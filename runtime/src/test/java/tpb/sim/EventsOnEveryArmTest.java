package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tpb.sim.StreamFastPathTest.SLOTS;
import static tpb.sim.StreamFastPathTest.move;
import static tpb.sim.StreamFastPathTest.stream;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.isa.AluOpType;
import tpb.isa.BrTargetMode;
import tpb.isa.BranchCompareOp;
import tpb.isa.CompareAndBranchRecord;
import tpb.isa.DataSrc;
import tpb.isa.DtypeWire;
import tpb.isa.Events;
import tpb.isa.ExitRecord;
import tpb.isa.RegisterAluRecord;
import tpb.isa.UnconditionalBranchRecord;
import tpb.isa.UpdateMode;
import tpb.isa.WaitMode;

/**
 * The SP stream level honours the EVENTS tuple of every arm, not only an EventSemaphore's (issue
 * 25: one synchronisation model; the sync level always did): a register record waits before it
 * runs and updates once its wait holds, inside the fast paths too (a fused loop step and back
 * edge, a branch out of the stream). SemaphoreStepTest drives every mode through a NoOp; these
 * are the paths a NoOp does not reach.
 */
class EventsOnEveryArmTest {
    private static final Events INC_S2 = Events.builder().updateMode(UpdateMode.SEM_INC_COMPLETE).updateIdx(2).build();

    private static RegisterAluRecord.Builder addOne() {
        return RegisterAluRecord.builder().op(AluOpType.ADD).dtype(DtypeWire.INT32).dstDtype(DtypeWire.INT32)
                .srcDatasrc(DataSrc.IMMEDIATE).src0Lo(1).dstLo(1).immediate(1);
    }

    private static CompareAndBranchRecord.Builder backEdge(int trips) {
        return CompareAndBranchRecord.builder().cmpOp(BranchCompareOp.IS_LTIMM).dtype(DtypeWire.INT32).targetMode(BrTargetMode.REL_IMM)
                .cmpReg0(1).cmpImmediate(trips).target(1);
    }

    /**
     * r1 := 0; loop: r1 += 1; if r1 < 7 goto loop; exit — with the back edge incrementing S2 every
     * trip: 7 trips, S2 = 7 (the ADD32 and the synced BR32 are not fused into one dispatch that
     * would skip the update). Steps: 1 + 7 x 2 + 1 = 16. The same with the update on the step
     * record instead: S2 = 7 again.
     */
    @Test
    void aLoopsBackEdgeAndStepUpdateEveryTrip() {
        SimResult onBranch = StreamSimulator.run(stream(move(1, 0), addOne().build(), backEdge(7).events(INC_S2).build(),
                ExitRecord.builder().build()), SLOTS, 100);
        assertEquals(SimResult.Status.EXIT, onBranch.status(), onBranch.message());
        assertEquals(16, onBranch.steps());
        assertEquals(7, onBranch.registers().get("r1"));
        assertEquals(7, onBranch.semaphores().get(2));
        SimResult onStep = StreamSimulator.run(stream(move(1, 0), addOne().events(INC_S2).build(), backEdge(7).build(),
                ExitRecord.builder().build()), SLOTS, 100);
        assertEquals(SimResult.Status.EXIT, onStep.status(), onStep.message());
        assertEquals(7, onStep.registers().get("r1"));
        assertEquals(7, onStep.semaphores().get(2));
    }

    /**
     * A register record whose wait cannot hold (S3 >= 1, and nothing updates S3) blocks before it
     * runs: the deadlock names its wait, r1 keeps the move's 5 (the add did not run), and the
     * steps are the move and the blocked record as the faulting step (2, as SemaphoreStepTest counts
     * a blocked EventSemaphore).
     */
    @Test
    void aRegisterRecordWaitsBeforeItRuns() {
        Events wait = Events.builder().waitMode(WaitMode.SEM_GE_IMM).waitIdx(3).semaphoreValue(1).build();
        List<Integer> traced = new ArrayList<>();
        SimResult r = StreamSimulator.run(stream(move(1, 5), addOne().events(wait).build(), ExitRecord.builder().build()), SLOTS, 100,
                traced::add);
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("deadlock: waiting for semaphore 3 >= 1 (it is 0) and no engine can update it", r.message());
        assertEquals(5, r.registers().get("r1"));
        assertEquals(2, r.steps());
        assertEquals(List.of(0, 1), traced); // the blocked record traced once
    }

    /** A synced jump out of the stream updates, then lands outside: the same fault as without EVENTS, with S2 = 1. */
    @Test
    void aSyncedJumpOutsideStillLandsOutside() {
        SimResult r = StreamSimulator.run(stream(UnconditionalBranchRecord.builder().targetMode(BrTargetMode.REL_IMM).target(9)
                .events(INC_S2).build(), ExitRecord.builder().build()), SLOTS, 100);
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("PC 9 is outside the 2-record stream", r.message());
        assertEquals(1, r.semaphores().get(2));
    }
}
