package tpb.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.asm.Disassembler;
import tpb.codec.LittleEndian;
import tpb.isa.Arm;
import tpb.isa.BirUpdateMode;
import tpb.isa.BirWaitMode;
import tpb.isa.EventSemaphoreFlyweight;
import tpb.isa.UpdateModeWire;
import tpb.isa.WaitModeWire;
import tpb.neff.Fixture;
import tpb.neff.Neff;
import tpb.neff.NeffWriter;
import tpb.sim.SyncRun;

/** The logical time and the release edges of {@link Timeline}, derived by hand, on the fixture and on a synthetic 30,000-record pipeline. */
class TimelineTest {
    /** Every subgraph of {@code neff} run at the sync level with a timeline. */
    static Map<String, Timeline> record(byte[] neff) {
        Map<String, Timeline> out = new LinkedHashMap<>();
        Neff.of(neff).forEachSubgraph(null, (sg, streams) -> {
            List<SyncRun.Engine> engines = new ArrayList<>();
            streams.forEach(s -> engines.add(new SyncRun.Engine(s.engine(), s.stream())));
            SyncRun run = new SyncRun(engines, Disassembler::text);
            Timeline t = new Timeline(run);
            assertEquals(SyncRun.Status.COMPLETE, run.run(t).status());
            out.put(sg.name(), t);
        });
        return out;
    }

    /**
     * The fixture's sg00 (streams as listed in SyncFixtureTest; lanes act, dve, pe, pool, sp).
     * Every engine's records 0 and 1 (SetOrderingMode, PseudoBranchLabel) take ticks 0 and 1.
     * sp 2 (dma, S8 = 16) tick 2; pool 2, 3, 4 (dma S24, S25, S26) ticks 2, 3, 4. pe 2 waits
     * S24 >= 16: released by pool 2 (tick 2), so tick 3 where pe alone would be at 2: an edge.
     * pe 3..7 follow at 4..8 (pe 3's S8 was met at tick 3, pe 7's S25 at 4: no later than pe's
     * own); pe 4 and 6 (matmuls) bring S5 to 1 and 2. act 2 at tick 2; act 3 waits S5 >= 2:
     * released by pe 6 (tick 7), the first S5 update after which S5 >= 2 held, so tick 8: an
     * edge. pe 8 waits S4 >= 1, released by act 3 at 8, so tick 9 — equal to pe's own 9: no edge.
     * pe 9, 10, 11 at 10, 11, 12 (pe 11, the fourth matmul, brings S5 to 4). act 4 waits S5 >= 4:
     * released by pe 11 (tick 12), tick 13, an edge; pool 5 waits S4 >= 2: released by act 4,
     * tick 14, an edge; pool 6 waits S27 >= 16, set by pool 5: tick 15. Span 16.
     */
    static final List<String> FIXTURE_LANES = List.of("act", "dve", "pe", "pool", "sp");
    /** Per lane of {@link #FIXTURE_LANES}, each record's tick, as derived above. */
    static final List<List<Integer>> FIXTURE_TICKS = List.of(List.of(0, 1, 2, 8, 13), List.of(0, 1),
            List.of(0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), List.of(0, 1, 2, 3, 4, 14, 15), List.of(0, 1, 2));
    /** The blocked records' edges, as derived above. */
    static final List<Timeline.Edge> FIXTURE_EDGES = List.of(new Timeline.Edge(3, 2, 2, 2, 24), new Timeline.Edge(2, 6, 0, 3, 5),
            new Timeline.Edge(2, 11, 0, 4, 5), new Timeline.Edge(0, 4, 3, 5, 4));

    @Test
    void theFixturesTicksAndEdges() {
        for (Timeline t : record(Fixture.bytes()).values()) {
            assertEquals(FIXTURE_LANES, t.lanes().stream().map(Timeline.Lane::engine).toList());
            for (int i = 0; i < FIXTURE_TICKS.size(); i++) {
                assertEquals(FIXTURE_TICKS.get(i), ticks(t.lanes().get(i)));
            }
            assertEquals(16, t.span());
            assertEquals(FIXTURE_EDGES, t.edges());
            assertEquals(Arm.MATMUL, t.lanes().get(2).arm(4));
            assertEquals(Timeline.CLASSES.indexOf(Arm.MATMUL.engine()), t.lanes().get(2).classIndex(4));
        }
    }

    /** The synthetic pipeline's engines, lanes and their arms: one opcode class each. */
    static final List<Arm> PIPELINE_ARMS = List.of(Arm.MATMUL, Arm.ACTIVATE, Arm.TENSOR_TENSOR_ARITH, Arm.IOTA, Arm.NO_OP);
    static final int PER_ENGINE = 6000;
    static final int LEAD = 1000;

    /**
     * Five engines of 6,000 records (30,000): engine e's record k increments semaphore e and (for
     * e > 0) waits for semaphore e-1 >= min(k + LEAD, 5999) + 1, i.e. for engine e-1's record
     * min(k + 1000, 5999). All of engine e's records are {@code PIPELINE_ARMS.get(e)}.
     */
    static byte[] pipeline() {
        int waitGe = WaitModeWire.map(BirWaitMode.SEM_GE_IMM).value();
        int inc = UpdateModeWire.encode(BirUpdateMode.SEM_INC);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("kelf-0.json", "{\"graphs\": [{\"definition\": \"sg00/def.json\", \"name\": \"sg00\"}], \"target\": \"cayman\"}"
                .getBytes(StandardCharsets.UTF_8));
        StringBuilder def = new StringBuilder("{\"var\": {}, ");
        for (int e = 0; e < PIPELINE_ARMS.size(); e++) {
            byte[] s = new byte[PER_ENGINE * 64];
            for (int k = 0; k < PER_ENGINE; k++) {
                int at = k * 64;
                s[at] = (byte) PIPELINE_ARMS.get(e).opcode();
                s[at + 1] = 0x10;
                if (e > 0) {
                    s[at + EventSemaphoreFlyweight.EVENTS_WAIT_MODE_OFFSET] = (byte) waitGe;
                    s[at + EventSemaphoreFlyweight.EVENTS_WAIT_IDX_OFFSET] = (byte) (e - 1);
                    LittleEndian.put32(s, at + EventSemaphoreFlyweight.EVENTS_SEMAPHORE_VALUE_OFFSET,
                            Math.min(k + LEAD, PER_ENGINE - 1) + 1);
                }
                s[at + EventSemaphoreFlyweight.EVENTS_UPDATE_MODE_OFFSET] = (byte) inc;
                s[at + EventSemaphoreFlyweight.EVENTS_UPDATE_IDX_OFFSET] = (byte) e;
            }
            files.put("sg00/e" + e + ".bin", s);
            def.append(e == 0 ? "" : ", ").append("\"e").append(e).append("_instr\": \"e").append(e).append(".bin\"");
        }
        files.put("sg00/def.json", def.append('}').toString().getBytes(StandardCharsets.UTF_8));
        return NeffWriter.write("pipeline.neff", files);
    }

    /**
     * T(0, k) = k. For e > 0, T(e, k) = max(T(e, k-1) + 1, T(e-1, min(k + 1000, 5999)) + 1); by
     * induction T(e, k) = k + 1001 e: for k < 5000 both terms are k + 1001 e (k > 0) — a tie, so no
     * edge — and for k >= 5000 the wait's term T(e-1, 5999) + 1 = 6000 + 1001 (e-1) is below the
     * engine's own. Only each record 0 is blocked (1001 e against 0): four edges, from engine
     * e-1's record 1000. Span: T(4, 5999) + 1 = 10004.
     */
    @Test
    void aPipelinesTicksFollowTheFormula() {
        Timeline t = record(pipeline()).get("sg00");
        for (int e = 0; e < PIPELINE_ARMS.size(); e++) {
            Timeline.Lane lane = t.lanes().get(e);
            assertEquals(PER_ENGINE, lane.size());
            for (int k = 0; k < PER_ENGINE; k++) {
                assertEquals(k + 1001 * e, lane.tick(k), "engine " + e + " record " + k);
            }
            assertEquals(PIPELINE_ARMS.get(e), lane.arm(PER_ENGINE - 1));
        }
        assertEquals(10_004, t.span());
        assertEquals(List.of(new Timeline.Edge(0, 1000, 1, 0, 0), new Timeline.Edge(1, 1000, 2, 0, 1), new Timeline.Edge(2, 1000, 3, 0, 2),
                new Timeline.Edge(3, 1000, 4, 0, 3)), t.edges());
    }

    private static List<Integer> ticks(Timeline.Lane lane) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < lane.size(); i++) {
            out.add(lane.tick(i));
        }
        return out;
    }
}
