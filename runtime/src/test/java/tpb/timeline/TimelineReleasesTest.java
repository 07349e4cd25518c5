package tpb.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.codec.LittleEndian;
import tpb.isa.Arm;
import tpb.isa.EventSemaphoreFlyweight;
import tpb.isa.UpdateMode;
import tpb.isa.WaitMode;
import tpb.neff.Neff;
import tpb.neff.NeffWriter;
import tpb.sim.SyncRun;

/**
 * The release of each kind of wait, derived by hand, where the semaphore does not only rise:
 * engine a writes S0 := 5, S0 := 3 (a fall: a new rising run starts), adds 1 (S0 = 4), and
 * writes S1 := 1; engine b then waits S0 <= 4, S0 >= 4, S0 == 4, S0 < 6 and S1 > 0. Engine a has
 * no waits, so under the default schedule it runs whole before b, and every wait of b holds.
 *
 * <p>The update since which each wait has held: S0 <= 4 held over the values 3, 4 (not 5): a's
 * record 1 (tick 1), so b0 is blocked at tick 2. S0 >= 4 held over 4 only: a's record 2 (tick 2),
 * tick 3 — b1's own tick anyway. S0 == 4: a2 too. S0 < 6 held over 5, 3, 4 and the initial 0: no
 * update released it. S1 > 0: a3 (tick 3), which b4's own tick 6 is already past. Ticks a: 0..3;
 * b: 2, 3, 4, 5, 6; span 7; one edge, a1 to b0 on S0.
 */
class TimelineReleasesTest {
    private static byte[] record(WaitMode wait, int waitSem, UpdateMode update, int updateSem, long value) {
        byte[] r = new byte[64];
        r[0] = (byte) Arm.NO_OP.opcode();
        r[1] = 0x10;
        r[EventSemaphoreFlyweight.EVENTS_WAIT_MODE_OFFSET] = (byte) wait.value();
        r[EventSemaphoreFlyweight.EVENTS_WAIT_IDX_OFFSET] = (byte) waitSem;
        r[EventSemaphoreFlyweight.EVENTS_UPDATE_MODE_OFFSET] = (byte) update.value();
        r[EventSemaphoreFlyweight.EVENTS_UPDATE_IDX_OFFSET] = (byte) updateSem;
        LittleEndian.put32(r, EventSemaphoreFlyweight.EVENTS_SEMAPHORE_VALUE_OFFSET, (int) value);
        return r;
    }

    private static byte[] stream(byte[]... records) {
        byte[] s = new byte[64 * records.length];
        for (int i = 0; i < records.length; i++) {
            System.arraycopy(records[i], 0, s, 64 * i, 64);
        }
        return s;
    }

    static byte[] neff() {
        byte[] a = stream(record(WaitMode.NONE, 0, UpdateMode.SEM_WR_IMM_READ, 0, 5), record(WaitMode.NONE, 0, UpdateMode.SEM_WR_IMM_READ, 0, 3),
                record(WaitMode.NONE, 0, UpdateMode.SEM_ADD_IMM_READ, 0, 1), record(WaitMode.NONE, 0, UpdateMode.SEM_WR_IMM_READ, 1, 1));
        byte[] b = stream(record(WaitMode.SEM_LE_IMM, 0, UpdateMode.NONE, 0, 4), record(WaitMode.SEM_GE_IMM, 0, UpdateMode.NONE, 0, 4),
                record(WaitMode.SEM_EQ_IMM, 0, UpdateMode.NONE, 0, 4), record(WaitMode.SEM_LT_IMM, 0, UpdateMode.NONE, 0, 6),
                record(WaitMode.SEM_GT_IMM, 1, UpdateMode.NONE, 0, 0));
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("kelf-0.json", "{\"graphs\": [{\"definition\": \"sg00/def.json\", \"name\": \"sg00\"}], \"target\": \"cayman\"}"
                .getBytes(StandardCharsets.UTF_8));
        files.put("sg00/def.json", "{\"var\": {}, \"a_instr\": \"a.bin\", \"b_instr\": \"b.bin\"}".getBytes(StandardCharsets.UTF_8));
        files.put("sg00/a.bin", a);
        files.put("sg00/b.bin", b);
        return NeffWriter.write("releases.neff", files);
    }

    private static final SyncRun.RecordText TEXT = (code, offset, records) -> "rec " + offset / 64 + "\n";

    @Test
    void eachWaitKindIsReleasedByTheUpdateSinceWhichItHeld() {
        List<String> placed = new ArrayList<>();
        Neff.of(neff()).forEachSubgraph(null, (sg, streams) -> {
            List<SyncRun.Engine> engines = new ArrayList<>();
            streams.forEach(s -> engines.add(new SyncRun.Engine(s.engine(), s.stream())));
            SyncRun run = new SyncRun(engines, TEXT);
            Timeline[] t = new Timeline[1];
            t[0] = new Timeline(run, (engine, record, tick, releases) -> placed.add(engine + "/" + record + "@" + tick + " " + releases));
            assertEquals(SyncRun.Status.COMPLETE, run.run(t[0]).status());
            Timeline line = t[0];
            assertEquals(List.of("a", "b"), line.lanes().stream().map(Timeline.Lane::engine).toList());
            assertEquals(List.of(0, 1, 2, 3), ticks(line.lanes().get(0)));
            assertEquals(List.of(2, 3, 4, 5, 6), ticks(line.lanes().get(1)));
            assertEquals(7, line.span());
            assertEquals(List.of(new Timeline.Edge(0, 1, 1, 0, 0)), line.edges());
            assertEquals(Arm.NO_OP, line.lanes().get(1).arm(4));
            int cls = Arm.NO_OP.engine() == null ? Timeline.CLASSES.size() - 1 : Timeline.CLASSES.indexOf(Arm.NO_OP.engine());
            assertEquals(cls, line.lanes().get(1).classIndex(4));
        });
        assertEquals(List.of("0/0@0 []", "0/1@1 []", "0/2@2 []", "0/3@3 []",
                "1/0@2 [" + new Timeline.Release(0, 1, 1, 0, true) + "]",
                "1/1@3 [" + new Timeline.Release(0, 2, 2, 0, false) + "]",
                "1/2@4 [" + new Timeline.Release(0, 2, 2, 0, false) + "]",
                "1/3@5 []",
                "1/4@6 [" + new Timeline.Release(0, 3, 3, 1, false) + "]"), placed);
    }

    @Test
    void theTraceEventsNameWaitsUpdatesAndTheBlockingRelease() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TraceEvents out = new TraceEvents(bytes, TraceEvents.Clock.LOGICAL, Map.of())) {
            Neff.of(neff()).forEachSubgraph(null, (sg, streams) -> {
                List<SyncRun.Engine> engines = new ArrayList<>();
                streams.forEach(s -> engines.add(new SyncRun.Engine(s.engine(), s.stream())));
                SyncRun run = new SyncRun(engines, TEXT);
                run.run(SyncTraceEvents.timeline(out, sg.name(), run, TEXT, null));
            });
        }
        JsonNode trace = new ObjectMapper().readTree(bytes.toByteArray());
        TraceEventsTest.checkFormat(trace);
        List<String> slices = new ArrayList<>();
        List<String> flows = new ArrayList<>();
        for (JsonNode e : trace.get("traceEvents")) {
            switch (e.get("ph").asText()) {
                case "X" -> slices.add(e.get("tid").asInt() + " " + e.get("ts").asText() + " " + e.get("name").asText() + " " + e.get("args"));
                case "s", "f" -> flows.add(e.get("ph").asText() + " " + e.get("name").asText() + " " + e.get("tid").asInt() + " " + e.get("ts").asText());
                default -> { }
            }
        }
        assertEquals(List.of(
                "1001 0 rec 0 {\"record\":0,\"updates\":\"semaphore 0\"}",
                "1001 1 rec 1 {\"record\":1,\"updates\":\"semaphore 0\"}",
                "1001 2 rec 2 {\"record\":2,\"updates\":\"semaphore 0\"}",
                "1001 3 rec 3 {\"record\":3,\"updates\":\"semaphore 1\"}",
                "1002 2 rec 0 {\"record\":0,\"waits\":\"semaphore 0 <= 4\",\"blocked_by\":\"semaphore 0, set by a record 1\"}",
                "1002 3 rec 1 {\"record\":1,\"waits\":\"semaphore 0 >= 4\"}",
                "1002 4 rec 2 {\"record\":2,\"waits\":\"semaphore 0 == 4\"}",
                "1002 5 rec 3 {\"record\":3,\"waits\":\"semaphore 0 < 6\"}",
                "1002 6 rec 4 {\"record\":4,\"waits\":\"semaphore 1 > 0\"}"), slices);
        // an arrow per release, from the middle of the releasing tick to the middle of the waiting one
        assertEquals(List.of("s semaphore 0 1001 1.5", "f semaphore 0 1002 2.5", "s semaphore 0 1001 2.5", "f semaphore 0 1002 3.5",
                "s semaphore 0 1001 2.5", "f semaphore 0 1002 4.5", "s semaphore 1 1001 3.5", "f semaphore 1 1002 6.5"), flows);
    }

    private static List<Integer> ticks(Timeline.Lane lane) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < lane.size(); i++) {
            out.add(lane.tick(i));
        }
        return out;
    }
}
