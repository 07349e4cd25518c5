package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.BirWaitMode;
import tpb.isa.DMATriggerFlyweight;
import tpb.isa.SwitchQueueInstanceFlyweight;
import tpb.isa.WaitModeWire;
import tpb.neff.DmaBlock;
import tpb.neff.DmaDescriptor;
import tpb.neff.DmaQueue;
import tpb.neff.Subgraph;
import tpb.stream.RecordStream;

/**
 * DMA queues at the synchronisation level on hand-built streams: queue {@code q} (num_queues 4,
 * semaphore_set [40, 41]) with blocks 0 on S40 and 1 on S41, one 8-byte descriptor each. Every
 * expected semaphore is worked out here: a trigger adds num_queues (4) to its block's semaphore,
 * SwitchQueueInstance sets the set to 0 (facts §7.5).
 */
class DmaQueueSyncTest {
    static final DmaDescriptor.Endpoint SIDE = new DmaDescriptor.Endpoint("a", "float32", 0, new long[] {8, 1}, new long[] {1, 8});
    static final Subgraph SG = new Subgraph("sg00", "sg00/def.json", Map.of(), List.of(new DmaQueue("q", "sp", "in", 4, List.of(40, 41))),
            Map.of(), List.of(), List.of(new DmaBlock("sp", "sg00/SP.json", "q", 0, 40, List.of(new DmaDescriptor(SIDE, SIDE, "copy"))),
                    new DmaBlock("sp", "sg00/SP.json", "q", 1, 41, List.of(new DmaDescriptor(SIDE, SIDE, "copy")))));

    static byte[] trigger(int block, int waitSem, int threshold) {
        byte[] r = new byte[64];
        DMATriggerFlyweight t = new DMATriggerFlyweight().wrap(r, 0).reset().queueName("q").blockId(block);
        if (threshold > 0) {
            t.eventsWaitModeRaw(WaitModeWire.map(BirWaitMode.SEM_GE_IMM).value()).eventsWaitIdx(waitSem).eventsSemaphoreValue(threshold);
        }
        return r;
    }

    static byte[] switchQueue() {
        byte[] r = new byte[64];
        new SwitchQueueInstanceFlyweight().wrap(r, 0).reset().queueName("q");
        return r;
    }

    static SyncRun.Result run(byte[]... records) {
        byte[] s = new byte[64 * records.length];
        for (int i = 0; i < records.length; i++) {
            System.arraycopy(records[i], 0, s, 64 * i, 64);
        }
        return new SyncRun(List.of(new SyncRun.Engine("sp", RecordStream.of(s))), (c, o, n) -> "r" + o / 64,
                MachineConfig.NONE.arch(), DmaQueues.of(SG)).run();
    }

    /** Blocks 0, 1, then 0 again once S40 >= 4: S40 = 4 + 4 = 8, S41 = 4. */
    @Test
    void eachTriggerAddsNumQueuesToItsBlocksSemaphore() {
        SyncRun.Result r = run(trigger(0, 0, 0), trigger(1, 0, 0), trigger(0, 40, 4));
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        assertEquals(Map.of(40, 8L, 41, 4L), r.semaphores());
    }

    /** Blocks 0 and 1, a switch (S40 = S41 = 0), block 0 again: S40 = 4, S41 = 0. */
    @Test
    void aSwitchClearsTheQueuesSemaphores() {
        SyncRun.Result r = run(trigger(0, 0, 0), trigger(1, 0, 0), switchQueue(), trigger(0, 0, 0));
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        assertEquals(Map.of(40, 4L), r.semaphores());
    }

    /** After the switch S41 is 0, so a trigger waiting for S41 >= 4 never runs: a deadlock naming it. */
    @Test
    void aWaitOnAClearedSemaphoreDeadlocks() {
        SyncRun.Result r = run(trigger(1, 0, 0), switchQueue(), trigger(0, 41, 4));
        assertEquals(SyncRun.Status.DEADLOCK, r.status());
        assertEquals("sp blocked at record 2 (r2): waits for semaphore 41 >= 4, it is 0", r.blocked().get(0).toString());
    }

    /** Without queues (a stream run alone) a trigger is its EVENTS tuple: nothing counts. */
    @Test
    void withoutQueuesATriggerCountsNothing() {
        byte[] s = trigger(0, 0, 0);
        SyncRun.Result r = new SyncRun(List.of(new SyncRun.Engine("sp", RecordStream.of(s))), (c, o, n) -> "r").run();
        assertEquals(Map.of(), r.semaphores());
    }

    /** The cost model's view of a record: the block a trigger fires, its bytes, semaphore and increment; null for other records. */
    @Test
    void firedGivesTheBlock() {
        DmaQueues q = DmaQueues.of(SG);
        DmaQueues.Fire f = q.fired(trigger(1, 0, 0), 0);
        assertEquals(1, f.block().id());
        assertEquals(8, f.bytes());
        assertEquals(1, f.descriptors());
        assertEquals(41, f.semaphore());
        assertEquals(4, f.increment());
        assertEquals(null, q.fired(switchQueue(), 0));
    }
}
