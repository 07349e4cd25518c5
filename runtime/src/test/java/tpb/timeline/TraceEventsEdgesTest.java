package tpb.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The trace-event writer at its edges: the last engine track a process may have (tid
 * {@code pid * 1000 + 999}) and the one past it, a second close, the output stream left open, the
 * writer form, the logical clock's half ticks, argument kinds, and a failing output.
 */
class TraceEventsEdgesTest {
    /** An output that counts its bytes and remembers whether it was closed. */
    private static final class Out extends ByteArrayOutputStream {
        boolean closed;

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void aProcessHas999EngineTracksAndNotOneMore() {
        Out out = new Out();
        try (TraceEvents t = new TraceEvents(out, TraceEvents.Clock.LOGICAL, Map.of())) {
            assertEquals(1, t.core("a"));
            assertEquals(2, t.core("b"));
            TraceEvents.Track last = null;
            for (int k = 1; k <= 999; k++) {
                last = t.engine(2, "e" + k);
                assertEquals(new TraceEvents.Track(2, 2000 + k), last);
            }
            assertEquals(new TraceEvents.Track(2, 2999), last);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> t.engine(2, "one too many"));
            assertEquals("more than 999 engine tracks in process 2", e.getMessage());
            // the other process still starts at its first
            assertEquals(new TraceEvents.Track(1, 1001), t.engine(1, "x"));
        }
    }

    @Test
    void closeEndsTheDocumentOnceAndLeavesTheStreamOpen() {
        Out out = new Out();
        TraceEvents t = new TraceEvents(out, TraceEvents.Clock.LOGICAL, Map.of());
        t.close();
        String once = out.toString(StandardCharsets.UTF_8);
        assertEquals("{\"otherData\":{\"clock\":\"logical: one tick of the synchronisation level = 1 us\"},\"traceEvents\":[]}", once);
        t.close();
        assertEquals(once, out.toString(StandardCharsets.UTF_8), "a second close writes nothing");
        assertFalse(out.closed, "the stream given stays open");
    }

    @Test
    void theWriterFormLogicalHalfTicksAndArgumentKinds() {
        StringWriter w = new StringWriter();
        Map<String, String> about = new LinkedHashMap<>();
        about.put("file", "x.neff");
        about.put("subgraphs", "2");
        try (TraceEvents t = new TraceEvents(w, TraceEvents.Clock.LOGICAL, about)) {
            int core = t.core("sg00");
            TraceEvents.Track a = t.engine(core, "pe");
            TraceEvents.Slice s = new TraceEvents.Slice(a, 3, 4);
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("record", 7);
            args.put("bytes", 1L << 40);
            args.put("ratio", 0.5);           // neither Integer nor Long: written as a string
            args.put("text", "semaphore 5 >= 1");
            t.slice(s, "rec", "PE", args);
            assertEquals(1, t.flow("f", s, s));
            assertEquals(2, t.flow("g", s, s));
        }
        String json = w.toString();
        assertTrue(json.startsWith("{\"otherData\":{\"clock\":\"logical: one tick of the synchronisation level = 1 us\",\"file\":\"x.neff\",\"subgraphs\":\"2\"}"),
                json);
        assertTrue(json.contains("{\"ph\":\"X\",\"name\":\"rec\",\"cat\":\"PE\",\"pid\":1,\"tid\":1001,\"ts\":3,\"dur\":1,"
                + "\"args\":{\"record\":7,\"bytes\":1099511627776,\"ratio\":\"0.5\",\"text\":\"semaphore 5 >= 1\"}}"), json);
        // a one-tick slice's middle is the half tick 3.5
        assertTrue(json.contains("{\"ph\":\"s\",\"id\":1,\"name\":\"f\",\"cat\":\"flow\",\"pid\":1,\"tid\":1001,\"ts\":3.5}"), json);
        assertTrue(json.contains("{\"ph\":\"f\",\"id\":2,\"name\":\"g\",\"cat\":\"flow\",\"pid\":1,\"tid\":1001,\"ts\":3.5,\"bp\":\"e\"}"), json);
        assertTrue(json.endsWith("]}"), json);
    }

    @Test
    void nanosecondTimesAreExactDecimals() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (TraceEvents t = new TraceEvents(out, TraceEvents.Clock.NANOSECONDS, Map.of())) {
            TraceEvents.Track a = t.engine(t.core("c"), "e");
            // 1 ns = 0.001 us; 999 ns; 1000 ns = 1 us exactly; the middle of [0, 1) is 0.5 ns = 0.0005 us
            t.slice(new TraceEvents.Slice(a, 1, 1000), "a", "A", Map.of());
            t.slice(new TraceEvents.Slice(a, 1000, 3001), "b", "A", Map.of());
            t.flow("m", new TraceEvents.Slice(a, 0, 1), new TraceEvents.Slice(a, 1000, 3000));
        }
        String json = out.toString(StandardCharsets.UTF_8);
        assertTrue(json.contains("\"ts\":0.001,\"dur\":0.999,"), json);
        assertTrue(json.contains("\"ts\":1,\"dur\":2.001,"), json);
        assertTrue(json.contains("\"ts\":0.0005}"), json);
        assertTrue(json.contains("\"ts\":2,\"bp\":\"e\"}"), json);
        assertEquals("a slice ends after it starts: [5, 4)",
                assertThrows(IllegalArgumentException.class, () -> new TraceEvents.Slice(new TraceEvents.Track(1, 1), 5, 4)).getMessage());
    }

    @Test
    void aFailingOutputIsAWriteError() {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        TraceEvents t = new TraceEvents(broken, TraceEvents.Clock.LOGICAL, Map.of());
        TraceEvents.WriteError e = assertThrows(TraceEvents.WriteError.class, t::close);
        assertEquals("No space left on device", e.getCause().getMessage());
        // a failure in the middle of a slice, once the buffer fills
        TraceEvents u = new TraceEvents(broken, TraceEvents.Clock.LOGICAL, Map.of());
        TraceEvents.Track a = u.engine(u.core("c"), "e");
        String big = "x".repeat(20_000);
        assertThrows(TraceEvents.WriteError.class, () -> u.slice(new TraceEvents.Slice(a, 0, 1), big, "A", Map.of()));
    }
}
