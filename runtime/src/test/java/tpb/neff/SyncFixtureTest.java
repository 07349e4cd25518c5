package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tpb.asm.Disassembler;
import tpb.sim.SyncRun;

/** The fixture NEFF at the synchronisation level, with the final semaphores derived by hand from its streams. */
class SyncFixtureTest {
    static Map<String, SyncRun.Result> runAll(byte[] neff) {
        Map<String, SyncRun.Result> out = new LinkedHashMap<>();
        Neff.of(neff).forEachSubgraph(null, (sg, streams) -> {
            List<SyncRun.Engine> engines = new ArrayList<>();
            streams.forEach(s -> engines.add(new SyncRun.Engine(s.engine(), s.stream())));
            out.put(sg.name(), new SyncRun(engines, Disassembler::text).run());
        });
        return out;
    }

    /**
     * sg00's streams (tpb disasm; sg01's carry the same sync, only a DMA source address differs):
     * <pre>
     * sp   2  dma.2d semaphore=8  sem_increment=16                     -> S8  = 16
     * pool 2  dma.2d semaphore=24 sem_increment=16                     -> S24 = 16
     * pool 3  dma.2d semaphore=25 sem_increment=16                     -> S25 = 16
     * pool 4  dma.2d semaphore=26 sem_increment=16                     -> S26 = 16
     * pool 5  dma.2d wait S4 >= 2, semaphore=27 sem_increment=16       -> S27 = 16
     * pool 6  nop    wait S27 >= 16
     * pe   2  sem    wait S24 >= 16
     * pe   3  ldweights wait S8 >= 16
     * pe   4,6,9,11  matmul  update SEM_INC_COMPLETE S5 (x4)           -> S5  = 4
     * pe   7  sem    wait S25 >= 16;  pe 8 ldweights wait S4 >= 1;  pe 10 ldweights wait S26 >= 16
     * act  3  copy   wait S5 >= 2, update SEM_INC_COMPLETE S4          -> S4  = 1
     * act  4  copy   wait S5 >= 4, update SEM_INC_COMPLETE S4          -> S4  = 2
     * </pre>
     * Every wait is met by an update of another engine or an earlier record, so both subgraphs
     * complete with every record run (act 5, dve 2, pe 12, pool 7, sp 3) and, each on its own bank:
     * S4 = 2, S5 = 4, S8 = 16, S24..S27 = 16, the rest 0. (The semaphore_value 2 and 4 on the copies
     * is their wait threshold; SEM_INC ignores it.)
     */
    @Test
    void bothSubgraphsComplete() {
        Map<String, SyncRun.Result> runs = runAll(Fixture.bytes());
        assertEquals(List.of("sg00", "sg01"), List.copyOf(runs.keySet()));
        for (SyncRun.Result r : runs.values()) {
            assertEquals(SyncRun.Status.COMPLETE, r.status(), r.message());
            assertEquals(Map.of("act", 5, "dve", 2, "pe", 12, "pool", 7, "sp", 3), r.steps());
            assertEquals(Map.of(4, 2L, 5, 4L, 8, 16L, 24, 16L, 25, 16L, 26, 16L, 27, 16L), r.semaphores());
            assertEquals(List.of(), r.blocked());
        }
    }

    static byte[] withPeRecord(String sg, int record, int at, int value) {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        byte[] pe = files.get(sg + "/PE.bin").clone();
        pe[record * 64 + at] = (byte) value;
        files.put(sg + "/PE.bin", pe);
        return NeffWriter.write("mutant.neff", files);
    }

    /**
     * PE record 8 (ldweights, wait S4 >= 1) raised to S4 >= 3. S4 only reaches 1: act record 3
     * (wait S5 >= 2, after PE's matmuls 4 and 6) increments it once, then act record 4 waits for
     * S5 >= 4, which needs PE's matmuls 9 and 11, behind the raised wait; pool record 5 waits for
     * S4 >= 2. So act stops at 4 (S5 = 2 < 4), pe at 8 (S4 = 1 < 3), pool at 5 (S4 = 1 < 2).
     */
    @Test
    void aRaisedWaitThresholdDeadlocks() {
        SyncRun.Result r = runAll(withPeRecord("sg01", 8, 8, 3)).get("sg01");
        assertEquals(SyncRun.Status.DEADLOCK, r.status());
        assertEquals(List.of(
                "act blocked at record 4 (" + text("sg01", "act", 4) + "): waits for semaphore 5 >= 4, it is 2",
                "pe blocked at record 8 (" + text("sg01", "pe", 8).replace("$S[4]>=1", "$S[4]>=3")
                        + "): waits for semaphore 4 >= 3, it is 1",
                "pool blocked at record 5 (" + text("sg01", "pool", 5) + "): waits for semaphore 4 >= 2, it is 1"),
                r.blocked().stream().map(SyncRun.Blocked::toString).toList());
        assertEquals(Map.of("act", 4, "dve", 2, "pe", 8, "pool", 5, "sp", 3), r.steps());
        assertEquals(SyncRun.Status.COMPLETE, runAll(withPeRecord("sg01", 8, 8, 3)).get("sg00").status());
    }

    /**
     * EVENTS wait mode 0x01 (SEM_EQ_IMM, the runtime enum's, facts §1.4) on PE record 2 (S24 == 16):
     * S24 is set once, by pool's DMA to 16, so the run is the fixture's. 0x06 (EVT_SET, an event
     * wait) and 0x08 (no WaitMode value) are faults with their names.
     */
    @Test
    void everySemaphoreWaitModeRunsAndTheRestFault() {
        SyncRun.Result eq = runAll(withPeRecord("sg00", 2, 4, 0x01)).get("sg00");
        assertEquals(SyncRun.Status.COMPLETE, eq.status(), eq.message());
        assertEquals(Map.of(4, 2L, 5, 4L, 8, 16L, 24, 16L, 25, 16L, 26, 16L, 27, 16L), eq.semaphores());
        SyncRun.Result evt = runAll(withPeRecord("sg00", 2, 4, 0x06)).get("sg00");
        assertEquals(SyncRun.Status.FAULT, evt.status());
        assertEquals("pe record 2 (sem $E[24]==1 events.semaphore_value=16): wait mode EVT_SET "
                + "is not simulated: it waits on an event, and the event bank is not modelled (facts §1.4)", evt.message());
        SyncRun.Result raw = runAll(withPeRecord("sg00", 2, 4, 0x08)).get("sg00");
        assertEquals(SyncRun.Status.FAULT, raw.status());
        assertEquals(true, raw.message().endsWith("wait mode 0x08 (no WaitMode value) is not simulated: the WaitMode enum defines no such "
                + "value (facts §1.4)"), raw.message());
    }

    /**
     * EVENTS update 0x03 (SEM_INC_READ) on PE record 4 (a matmul's SEM_INC_COMPLETE): the same +1
     * at this level, so S5 still ends at 4. 0x01 (EVT_SET_READ) sets an event: a fault with its name.
     */
    @Test
    void aReadUpdateRunsAndAnEventUpdateFaults() {
        SyncRun.Result read = runAll(withPeRecord("sg00", 4, 6, 0x03)).get("sg00");
        assertEquals(SyncRun.Status.COMPLETE, read.status(), read.message());
        assertEquals(4L, read.semaphores().get(5));
        SyncRun.Result r = runAll(withPeRecord("sg00", 4, 6, 0x01)).get("sg00");
        assertEquals(SyncRun.Status.FAULT, r.status());
        assertEquals(true, r.message().startsWith("pe record 4 (matmul $E[5]=1@read [0x2000800; 1,0,0; 128,1,1], [0x37b00; 1,0,0; 128,1,1] "),
                r.message());
        assertEquals(true, r.message().endsWith("update mode EVT_SET_READ is not simulated: it sets or clears an event, and the event bank "
                + "is not modelled (facts §1.5)"), r.message());
    }

    static String text(String sg, String engine, int record) {
        String[] out = new String[1];
        Neff.of(Fixture.bytes()).forEachSubgraph(Set.of(sg), (s, streams) -> streams.stream().filter(e -> e.engine().equals(engine))
                .forEach(e -> out[0] = Disassembler.text(e.stream().bytes(), record * 64, e.stream().count())));
        return out[0];
    }
}
