package tpb.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.asm.Disassembler;
import tpb.cli.Tpb;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.neff.Fixture;
import tpb.neff.Neff;
import tpb.sim.SyncRun;
import tpb.stream.RecordStream;

/**
 * The trace-event file of a synchronisation-level run: the fixture's slices and arrows against the
 * ticks {@link TimelineTest} derives by hand, the file checked against the Trace Event Format's
 * rules, the writer's exact output, and that it streams.
 *
 * <p>The format's rules checked (Trace Event Format, JSON Object Format, Google doc
 * 1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU, as cited by Perfetto's docs/getting-started/
 * other-formats.md): an object whose {@code traceEvents} is an array of events; every event has
 * {@code ph} (one character) and integer {@code pid} and {@code tid}; every non-metadata event a
 * numeric {@code ts} in microseconds and a {@code name}; a complete event ({@code X}) a
 * non-negative {@code dur}; metadata ({@code M}) {@code process_name}/{@code thread_name} with
 * {@code args.name}, {@code *_sort_index} with {@code args.sort_index}; flow events ({@code s},
 * {@code f}) an {@code id} and the same {@code cat} and {@code name} at both ends (Perfetto keys a
 * v1 flow by id, category and name: json_trace_parser_impl.cc), {@code f} with {@code bp = "e"}
 * binding to the enclosing slice. Perfetto's own rules: a tid belongs to one process (its
 * importer keys threads by tid and takes a tid met in another process for a new thread); duration events on one thread nest, so
 * here (one-tick slices) they must not overlap; and each flow end lies strictly inside exactly
 * one slice of its thread, the one it is meant to bind to.
 */
class TraceEventsTest {
    /** Numbers read as written (no double in between), so a tick's middle compares exactly. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /**
     * The waits of sg00 (the disassembly: each record's events.wait_*) and the update that released each — the first update since which the wait has held:
     * pe 2 (S24 >= 16) by pool 2, pe 3 (S8 >= 16) by sp 2, act 3 (S5 >= 2) by pe 6 (pe 4 brought
     * S5 to 1 only), pe 7 (S25 >= 16) by pool 3, pe 8 (S4 >= 1) by act 3, pe 10 (S26 >= 16) by
     * pool 4, act 4 (S5 >= 4) by pe 11, pool 5 (S4 >= 2) by act 4, pool 6 (S27 >= 16) by pool 5.
     * Each as (from lane, from record, to lane, to record, semaphore), lanes as in
     * {@link TimelineTest#FIXTURE_LANES}; the four of {@link TimelineTest#FIXTURE_EDGES} are the blocked ones.
     */
    private static final List<List<Integer>> RELEASES = List.of(List.of(3, 2, 2, 2, 24), List.of(4, 2, 2, 3, 8), List.of(2, 6, 0, 3, 5),
            List.of(3, 3, 2, 7, 25), List.of(0, 3, 2, 8, 4), List.of(3, 4, 2, 10, 26), List.of(2, 11, 0, 4, 5), List.of(0, 4, 3, 5, 4),
            List.of(3, 5, 3, 6, 27));

    /** The file {@code tpb run FIXTURE --trace-events F} writes, parsed. */
    private static JsonNode fixtureTrace(Path dir) throws Exception {
        Path file = dir.resolve("run.json");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(0, Tpb.run(new PrintWriter(out), new PrintWriter(err), "run", Fixture.path().toString(), "--trace-events", file.toString()),
                err.toString());
        return JSON.readTree(file.toFile());
    }

    @Test
    void theFixturesSlicesAndArrowsAreTheTimelinesTicks(@TempDir Path dir) throws Exception {
        JsonNode trace = fixtureTrace(dir);
        checkFormat(trace);
        Map<Integer, String> processes = new LinkedHashMap<>();
        Map<Integer, String> threads = new LinkedHashMap<>();
        Map<Integer, Integer> threadPid = new LinkedHashMap<>();
        for (JsonNode e : trace.get("traceEvents")) {
            if (e.get("name").asText().equals("process_name")) {
                processes.put(e.get("pid").asInt(), e.get("args").get("name").asText());
            } else if (e.get("name").asText().equals("thread_name")) {
                threads.put(e.get("tid").asInt(), e.get("args").get("name").asText());
                threadPid.put(e.get("tid").asInt(), e.get("pid").asInt());
            }
        }
        assertEquals(Map.of(1, "sg00", 2, "sg01"), processes);
        List<String> lanes = TimelineTest.FIXTURE_LANES;
        List<String> expectedThreads = new ArrayList<>(lanes);
        expectedThreads.addAll(lanes);
        assertEquals(expectedThreads, List.copyOf(threads.values()));
        byte[] neff = Fixture.bytes();
        Map<String, List<byte[]>> streams = new LinkedHashMap<>();
        Neff.of(neff).forEachSubgraph(null, (sg, s) -> streams.put(sg.name(), s.stream().map(x -> x.stream().bytes()).toList()));
        for (int pid = 1; pid <= 2; pid++) {
            List<byte[]> code = streams.get(processes.get(pid));
            for (int lane = 0; lane < lanes.size(); lane++) {
                int tid = pid * 1000 + lane + 1;
                assertEquals(pid, threadPid.get(tid));
                List<JsonNode> slices = events(trace, "X", tid);
                List<Integer> ticks = TimelineTest.FIXTURE_TICKS.get(lane);
                assertEquals(ticks.size(), slices.size(), lanes.get(lane));
                for (int r = 0; r < ticks.size(); r++) {
                    JsonNode s = slices.get(r);
                    assertEquals(ticks.get(r).longValue(), s.get("ts").asLong(), lanes.get(lane) + " " + r);
                    assertEquals(1, s.get("dur").asLong());
                    assertEquals(r, s.get("args").get("record").asInt());
                    byte[] c = code.get(lane);
                    assertEquals(Disassembler.text(c, RecordStream.offsetOf(r), 1).strip(), s.get("name").asText());
                    Arm arm = Decoder.identify(c, RecordStream.offsetOf(r));
                    assertEquals(arm.engine() == null ? Timeline.NO_CLASS : arm.engine(), s.get("cat").asText());
                }
            }
            // the blocked records name the update that held them back: TimelineTest's edges
            for (Timeline.Edge edge : TimelineTest.FIXTURE_EDGES) {
                JsonNode to = events(trace, "X", pid * 1000 + edge.toEngine() + 1).get(edge.toRecord());
                assertEquals("semaphore " + edge.semaphore() + ", set by " + lanes.get(edge.fromEngine()) + " record " + edge.fromRecord(),
                        to.get("args").get("blocked_by").asText());
            }
            assertEquals(TimelineTest.FIXTURE_EDGES.size(), countArg(trace, "blocked_by", pid));
            // an arrow per release, from the middle of the updating record's tick to the middle of the waiting record's
            List<JsonNode> starts = new ArrayList<>();
            List<JsonNode> ends = new ArrayList<>();
            for (JsonNode e : trace.get("traceEvents")) {
                if (e.get("pid").asInt() == pid && e.get("ph").asText().equals("s")) {
                    starts.add(e);
                } else if (e.get("pid").asInt() == pid && e.get("ph").asText().equals("f")) {
                    ends.add(e);
                }
            }
            assertEquals(RELEASES.size(), starts.size());
            assertEquals(RELEASES.size(), ends.size());
            Set<List<String>> expected = new HashSet<>();
            for (List<Integer> rel : RELEASES) {
                expected.add(List.of("semaphore " + rel.get(4), String.valueOf(pid * 1000 + rel.get(0) + 1),
                        TimelineTest.FIXTURE_TICKS.get(rel.get(0)).get(rel.get(1)) + ".5", String.valueOf(pid * 1000 + rel.get(2) + 1),
                        TimelineTest.FIXTURE_TICKS.get(rel.get(2)).get(rel.get(3)) + ".5"));
            }
            Set<List<String>> got = new HashSet<>();
            for (int k = 0; k < starts.size(); k++) {
                JsonNode st = starts.get(k);
                JsonNode f = ends.get(k);
                assertEquals(st.get("id"), f.get("id"));
                got.add(List.of(st.get("name").asText(), st.get("tid").asText(), st.get("ts").decimalValue().toPlainString(), f.get("tid").asText(),
                        f.get("ts").decimalValue().toPlainString()));
            }
            assertEquals(expected, got);
        }
    }

    /** The Trace Event Format's rules listed in the class comment, on any file this writer makes. */
    static void checkFormat(JsonNode trace) {
        assertTrue(trace.isObject() && trace.get("traceEvents").isArray(), "an object with a traceEvents array");
        Map<Integer, List<BigDecimal[]>> slices = new LinkedHashMap<>();
        Map<Long, JsonNode> flowStarts = new LinkedHashMap<>();
        Set<Long> flowEnds = new HashSet<>();
        List<JsonNode> flowPoints = new ArrayList<>();
        Map<Integer, Integer> pidOfTid = new LinkedHashMap<>();
        for (JsonNode e : trace.get("traceEvents")) {
            String ph = e.get("ph").asText();
            assertEquals(1, ph.length(), e.toString());
            assertTrue(e.get("pid").isIntegralNumber() && e.get("tid").isIntegralNumber(), e.toString());
            Integer was = pidOfTid.putIfAbsent(e.get("tid").asInt(), e.get("pid").asInt());
            assertTrue(was == null || was == e.get("pid").asInt(), "a tid in one process only: " + e);
            assertTrue(e.get("name").isTextual(), e.toString());
            switch (ph) {
                case "M" -> {
                    String n = e.get("name").asText();
                    assertTrue(n.endsWith("_name") ? e.get("args").get("name").isTextual() : e.get("args").get("sort_index").isInt(), e.toString());
                    assertTrue(List.of("process_name", "thread_name", "process_sort_index", "thread_sort_index").contains(n), n);
                }
                case "X" -> {
                    assertTrue(e.get("ts").isNumber() && e.get("dur").isNumber() && e.get("dur").decimalValue().signum() >= 0, e.toString());
                    BigDecimal ts = e.get("ts").decimalValue();
                    slices.computeIfAbsent(e.get("tid").asInt(), k -> new ArrayList<>()).add(new BigDecimal[] {ts, ts.add(e.get("dur").decimalValue())});
                }
                case "s", "f" -> {
                    assertTrue(e.get("ts").isNumber() && e.get("id").isIntegralNumber() && e.get("cat").isTextual(), e.toString());
                    long id = e.get("id").asLong();
                    if (ph.equals("s")) {
                        assertEquals(null, flowStarts.put(id, e), "one start per id");
                    } else {
                        assertEquals("e", e.get("bp").asText());
                        JsonNode s = flowStarts.get(id);
                        assertTrue(s != null && s.get("cat").equals(e.get("cat")) && s.get("name").equals(e.get("name")), e.toString());
                        assertTrue(flowEnds.add(id), "one end per id");
                    }
                    flowPoints.add(e);
                }
                default -> throw new AssertionError("an event this writer does not make: " + e);
            }
        }
        assertEquals(flowStarts.keySet(), flowEnds);
        for (List<BigDecimal[]> thread : slices.values()) {
            thread.sort((a, b) -> a[0].compareTo(b[0]));
            for (int i = 1; i < thread.size(); i++) {
                assertTrue(thread.get(i)[0].compareTo(thread.get(i - 1)[1]) >= 0, "slices on a thread do not overlap");
            }
        }
        for (JsonNode p : flowPoints) {
            BigDecimal ts = p.get("ts").decimalValue();
            long inside = slices.getOrDefault(p.get("tid").asInt(), List.of()).stream()
                    .filter(s -> s[0].compareTo(ts) < 0 && ts.compareTo(s[1]) < 0).count();
            assertEquals(1, inside, "a flow end strictly inside one slice: " + p);
        }
    }

    /** The writer's exact bytes on the wall clock: times as exact decimals of microseconds, an arrow between the middles. */
    @Test
    void theWritersExactOutput() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TraceEvents t = new TraceEvents(bytes, TraceEvents.Clock.NANOSECONDS, Map.of("file", "x.neff"))) {
            int core = t.core("sg00");
            TraceEvents.Track pe = t.engine(core, "pe");
            TraceEvents.Track act = t.engine(core, "act");
            TraceEvents.Slice mm = new TraceEvents.Slice(pe, 100, 901);
            t.slice(mm, "matmul", "PE", Map.of("macs", 2097152L));
            TraceEvents.Slice a = new TraceEvents.Slice(act, 2000, 3000);
            t.slice(a, "copy", "ACT", Map.of("bytes", 512));
            assertEquals(1, t.flow("semaphore 5", mm, a));
        }
        assertEquals("{\"otherData\":{\"clock\":\"wall clock\",\"file\":\"x.neff\"},\"traceEvents\":["
                + "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"sg00\"}},"
                + "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":1,\"tid\":1,\"args\":{\"sort_index\":1}},"
                + "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1001,\"args\":{\"name\":\"pe\"}},"
                + "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":1,\"tid\":1001,\"args\":{\"sort_index\":1}},"
                + "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1002,\"args\":{\"name\":\"act\"}},"
                + "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":1,\"tid\":1002,\"args\":{\"sort_index\":2}},"
                // 100 ns = 0.1 us, 801 ns = 0.801 us
                + "{\"ph\":\"X\",\"name\":\"matmul\",\"cat\":\"PE\",\"pid\":1,\"tid\":1001,\"ts\":0.1,\"dur\":0.801,\"args\":{\"macs\":2097152}},"
                + "{\"ph\":\"X\",\"name\":\"copy\",\"cat\":\"ACT\",\"pid\":1,\"tid\":1002,\"ts\":2,\"dur\":1,\"args\":{\"bytes\":512}},"
                // the middles: (100 + 901) / 2 = 500.5 ns, (2000 + 3000) / 2 = 2500 ns
                + "{\"ph\":\"s\",\"id\":1,\"name\":\"semaphore 5\",\"cat\":\"flow\",\"pid\":1,\"tid\":1001,\"ts\":0.5005},"
                + "{\"ph\":\"f\",\"id\":1,\"name\":\"semaphore 5\",\"cat\":\"flow\",\"pid\":1,\"tid\":1002,\"ts\":2.5,\"bp\":\"e\"}]}",
                bytes.toString(StandardCharsets.UTF_8));
        assertThrows(IllegalArgumentException.class, () -> new TraceEvents.Slice(new TraceEvents.Track(1, 1), 5, 5));
    }

    /**
     * A level that moves data adds its arguments: here each record's "bytes" is its engine's index
     * times 1000 plus its record index, and the slices carry exactly that, after the sync level's own.
     */
    @Test
    void anotherLevelAddsItsArguments() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TraceEvents t = new TraceEvents(bytes, TraceEvents.Clock.LOGICAL, Map.of())) {
            Neff.of(Fixture.bytes()).forEachSubgraph(Set.of("sg00"), (sg, streams) -> {
                List<SyncRun.Engine> engines = new ArrayList<>();
                streams.forEach(s -> engines.add(new SyncRun.Engine(s.engine(), s.stream())));
                SyncRun run = new SyncRun(engines, Disassembler::text);
                run.run(SyncTraceEvents.timeline(t, sg.name(), run, Disassembler::text, (e, r, args) -> args.put(TraceEvents.BYTES, e * 1000L + r)));
            });
        }
        JsonNode trace = JSON.readTree(bytes.toByteArray());
        checkFormat(trace);
        int slices = 0;
        for (JsonNode e : trace.get("traceEvents")) {
            if (e.get("ph").asText().equals("X")) {
                JsonNode args = e.get("args");
                assertEquals((e.get("tid").asInt() - 1001) * 1000L + args.get(TraceEvents.RECORD).asInt(), args.get(TraceEvents.BYTES).asLong());
                assertEquals(TraceEvents.RECORD, args.fieldNames().next());
                slices++;
            }
        }
        assertEquals(TimelineTest.FIXTURE_TICKS.stream().mapToInt(List::size).sum(), slices);
    }

    /**
     * The writer streams: on TimelineTest's 30,000-record pipeline, by the time the last record is
     * placed most of the file has already reached the output (Jackson's buffer holds 8,000 chars).
     */
    @Test
    void itStreamsAsTheRunGoes() throws Exception {
        long[] written = {0};
        OutputStream counting = new OutputStream() {
            @Override
            public void write(int b) {
                written[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                written[0] += len;
            }
        };
        long[] beforeLast = {-1};
        try (TraceEvents t = new TraceEvents(counting, TraceEvents.Clock.LOGICAL, Map.of())) {
            Neff.of(TimelineTest.pipeline()).forEachSubgraph(null, (sg, streams) -> {
                List<SyncRun.Engine> engines = new ArrayList<>();
                streams.forEach(s -> engines.add(new SyncRun.Engine(s.engine(), s.stream())));
                SyncRun run = new SyncRun(engines, Disassembler::text);
                Timeline line = SyncTraceEvents.timeline(t, sg.name(), run, Disassembler::text, null);
                int[] placed = {0};
                assertEquals(SyncRun.Status.COMPLETE, run.run((e, i) -> {
                    if (++placed[0] == TimelineTest.PIPELINE_ARMS.size() * TimelineTest.PER_ENGINE) {
                        beforeLast[0] = written[0];
                    }
                    line.ran(e, i);
                }).status());
            });
        }
        long total = written[0];
        assertTrue(total > 3_000_000 && beforeLast[0] > total - 20_000, "written before the last record: " + beforeLast[0] + " of " + total);
    }

    private static List<JsonNode> events(JsonNode trace, String ph, int tid) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : trace.get("traceEvents")) {
            if (e.get("ph").asText().equals(ph) && e.get("tid").asInt() == tid) {
                out.add(e);
            }
        }
        return out;
    }

    private static int countArg(JsonNode trace, String arg, int pid) {
        int n = 0;
        for (JsonNode e : trace.get("traceEvents")) {
            n += e.get("pid").asInt() == pid && e.has("args") && e.get("args").has(arg) ? 1 : 0;
        }
        return n;
    }
}
