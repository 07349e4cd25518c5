package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tpb.sim.SyncRunEdgesTest.TEXT;
import static tpb.sim.SyncRunEdgesTest.nop;
import static tpb.sim.SyncRunEdgesTest.set;
import static tpb.sim.SyncRunEdgesTest.sync;
import static tpb.sim.SyncRunTest.events;
import static tpb.sim.SyncRunTest.stream;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.BirUpdateMode;
import tpb.isa.SemTest;
import tpb.isa.WaitMode;

/**
 * What a SyncRun tells about itself and its records, derived by hand: the engines as given, the
 * bank's size per arch profile, and {@code sync}'s reading of an update alone and of a wait with
 * an update, at the bank's last semaphore. (PIT survivors and no-coverage mutants of the
 * sync-level run, mutation-survivors.md.)
 */
class SyncRunReadsTest {
    /** The engines come back in the order given, with their names: a hook's engine number indexes them. */
    @Test
    void theEnginesAreTheOnesGivenInOrder() {
        SyncRun s = sync(stream(nop()), stream(nop(), nop()));
        assertEquals(List.of("e0", "e1"), s.engines().stream().map(SyncRun.Engine::name).toList());
        assertEquals(List.of(1, 2), s.engines().stream().map(e -> e.stream().count()).toList());
    }

    /** The bank's size is the arch profile's num_semaphores, on every profile the spec defines. */
    @Test
    void theBankHoldsTheArchsSemaphores() {
        for (Arch a : Arch.values()) {
            SyncRun s = new SyncRun(List.of(new SyncRun.Engine("e0", stream(nop()))), TEXT, a);
            assertEquals(a.numSemaphores(), s.semaphores(), a.name());
        }
    }

    /**
     * S255 is the last semaphore of the 256 (facts §6) and the top of the one-byte index. Record 0
     * writes S255 := 7 and waits on nothing: no wait, S255 updated. Record 1 waits S3 >= 2 and
     * increments S255: one wait (S3, GE, 2), S255 updated. Run after e1 sets S3 := 2: S255 = 7 + 1 = 8.
     */
    @Test
    void syncReadsAnUpdateAloneAndAWaitWithAnUpdate() {
        int last = (int) Arch.SUNDA.numSemaphores() - 1;
        byte[] write = set(last, 7);
        byte[] waitThenInc = events(nop(), WaitMode.SEM_GE_IMM.value(), 3, BirUpdateMode.SEM_INC, last, 2);
        SyncRun s = sync(stream(write, waitThenInc), stream(set(3, 2)));
        assertEquals(new SyncRun.Sync(List.of(), List.of(last)), s.sync(0, 0));
        assertEquals(new SyncRun.Sync(List.of(new SyncRun.Wait(3, SemTest.GE, 2)), List.of(last)), s.sync(0, 1));
        SyncRun.Result r = s.run();
        assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
        assertEquals(Map.of(3, 2L, last, 8L), r.semaphores());
        assertEquals(8L, s.semaphore(last));
    }
}
