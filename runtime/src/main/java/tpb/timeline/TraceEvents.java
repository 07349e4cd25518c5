package tpb.timeline;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A run written as trace-event JSON (the Chrome/Perfetto "Trace Event Format", JSON object form:
 * {@code {"otherData": {…}, "traceEvents": [ … ]}}), streamed through
 * Jackson's generator as events arrive, so memory does not grow with the run. It opens in the
 * Perfetto UI (ui.perfetto.dev) and in {@code chrome://tracing}.
 *
 * <p><b>API.</b> {@link #core} declares a process track (pid, with a {@code process_name}
 * metadata event); {@link #engine} a thread track inside it (tid {@code pid * 1000 + k}, with
 * {@code thread_name}; unique across the file). {@link #slice}
 * writes one complete event ({@code "ph":"X"}) on a track from {@code start} to {@code end} on
 * the writer's {@link Clock} ({@code end > start}); {@link #flow} writes an arrow between two
 * slices as a v1 flow pair ({@code "ph":"s"} then {@code "ph":"f"} with {@code "bp":"e"}, one
 * fresh id each). {@link #close} ends the document; until then the output is not valid JSON, so
 * write to a temporary file that is moved into place when the run succeeds (tpb.cli.Output).
 * A failed write throws {@link WriteError}. Every method is {@code synchronized}: cores run on their own threads may share one writer.
 *
 * <pre>{@code
 * try (TraceEvents t = new TraceEvents(out, TraceEvents.Clock.NANOSECONDS, Map.of("file", "x.neff"))) {
 *     int core = t.core("sg00");
 *     TraceEvents.Track pe = t.engine(core, "pe"), act = t.engine(core, "act");
 *     TraceEvents.Slice mm = new TraceEvents.Slice(pe, 100, 900);
 *     t.slice(mm, "matmul …", "PE", Map.of(TraceEvents.RECORD, 4, TraceEvents.MACS, 2097152L));
 *     TraceEvents.Slice a = new TraceEvents.Slice(act, 950, 1000);
 *     t.slice(a, "activate …", "ACT", Map.of(TraceEvents.RECORD, 3, TraceEvents.BYTES, 65536L));
 *     t.flow("semaphore 5", mm, a);
 * }
 * }</pre>
 *
 * <p><b>Flow binding.</b> Each end of an arrow is placed at the middle of its slice, strictly
 * inside it, so the importer's "enclosing slice" binding (the flow start always binds that way,
 * the end with {@code "bp":"e"}) finds that slice whatever order it sorts equal timestamps in.
 * Perfetto's JSON importer keys a v1 flow by id, category and name
 * (google/perfetto src/trace_processor/importers/json/json_trace_parser_impl.cc, case 's'/'f').
 *
 * <p><b>Time.</b> {@code ts} and {@code dur} are microseconds in the format; {@link Clock} says
 * what a tick is. They are written as exact decimals (a half tick of the logical clock is
 * {@code 0.5}), never through a double.
 */
public final class TraceEvents implements Closeable {
    /** A slice's argument: the record's index in its engine's stream. */
    public static final String RECORD = "record";
    /** A slice's argument: the bytes the record moved. */
    public static final String BYTES = "bytes";
    /** A slice's argument: the multiply-accumulates the record did. */
    public static final String MACS = "macs";
    /** The tid stride between cores: a core's engine tracks are tids {@code pid * 1000 + 1}, {@code + 2}, …. */
    private static final int ENGINES_PER_CORE = 1000;

    /** What one tick of the times given to this writer is. */
    public enum Clock {
        /** The synchronisation level's logical clock ({@link Timeline}): one tick shows as one microsecond. */
        LOGICAL(1),
        /** Wall-clock nanoseconds. */
        NANOSECONDS(1000);

        final long ticksPerMicrosecond;

        Clock(long ticksPerMicrosecond) {
            this.ticksPerMicrosecond = ticksPerMicrosecond;
        }
    }

    /** The output failed (a full disk, a closed pipe): the document is incomplete. */
    public static final class WriteError extends UncheckedIOException {
        WriteError(IOException cause) {
            super(cause);
        }
    }

    /** A thread track: the pid of its core, and its own tid. */
    public record Track(int pid, int tid) {}

    /** A slice's place: its track and its ticks, {@code start} inclusive, {@code end} exclusive. */
    public record Slice(Track track, long start, long end) {
        public Slice {
            if (end <= start) {
                throw new IllegalArgumentException("a slice ends after it starts: [" + start + ", " + end + ")");
            }
        }
    }

    private final JsonGenerator json;
    private final Clock clock;
    private int pids;
    /** Per pid: how many engine tracks it has. */
    private final List<Integer> engines = new ArrayList<>();
    private long flows;

    /**
     * Starts the document on {@code out} (not closed by {@link #close}): the clock and
     * {@code about} as {@code otherData} (string values, as the format defines it), then the event array.
     */
    public TraceEvents(OutputStream out, Clock clock, Map<String, String> about) {
        this(generator(g -> g.createGenerator(out, JsonEncoding.UTF8)), clock, about);
    }

    /** As {@link #TraceEvents(OutputStream, Clock, Map)}, on characters ({@code stdout}'s writer). */
    public TraceEvents(Writer out, Clock clock, Map<String, String> about) {
        this(generator(g -> g.createGenerator(out)), clock, about);
    }

    private TraceEvents(JsonGenerator json, Clock clock, Map<String, String> about) {
        this.json = json;
        this.clock = clock;
        try {
            json.writeStartObject();
            json.writeObjectFieldStart("otherData");
            json.writeStringField("clock", clock == Clock.LOGICAL ? "logical: one tick of the synchronisation level = 1 us" : "wall clock");
            for (Map.Entry<String, String> e : about.entrySet()) {
                json.writeStringField(e.getKey(), e.getValue());
            }
            json.writeEndObject();
            json.writeArrayFieldStart("traceEvents");
        } catch (IOException e) {
            throw new WriteError(e);
        }
    }

    /**
     * A new process track named {@code name} (a core, a subgraph); returns its pid (1, 2, … in
     * call order). Its metadata events carry {@code tid = pid}, the process's main thread by the
     * Linux convention the format follows, which no engine track uses.
     */
    public synchronized int core(String name) {
        int pid = ++pids;
        engines.add(0);
        metadata("process_name", pid, pid, name);
        metadata("process_sort_index", pid, pid, pid);
        return pid;
    }

    /**
     * A new thread track named {@code name} in process {@code core}: tid {@code core * 1000 + k}
     * for its k-th engine (k from 1), so tids are unique across the file, never 0 and never a
     * pid (Perfetto's importer finds a thread by tid and pid, starts a new one for a tid met in
     * another process, and maps tid 0 to the idle process: ProcessTracker::UpdateThread in
     * google/perfetto src/trace_processor/importers/common/process_tracker.cc).
     */
    public synchronized Track engine(int core, String name) {
        int k = engines.get(core - 1) + 1;
        if (k >= ENGINES_PER_CORE) {
            throw new IllegalStateException("more than " + (ENGINES_PER_CORE - 1) + " engine tracks in process " + core);
        }
        engines.set(core - 1, k);
        Track t = new Track(core, core * ENGINES_PER_CORE + k);
        metadata("thread_name", core, t.tid, name);
        metadata("thread_sort_index", core, t.tid, k);
        return t;
    }

    /**
     * One complete event: {@code name} (the record's disassembly), category {@code cat} (its
     * opcode class), and {@code args} (numbers and strings: record index, bytes moved, MACs, …).
     */
    public synchronized void slice(Slice s, String name, String cat, Map<String, ?> args) {
        try {
            json.writeStartObject();
            json.writeStringField("ph", "X");
            json.writeStringField("name", name);
            json.writeStringField("cat", cat);
            track(s.track);
            time("ts", s.start, 1);
            time("dur", s.end - s.start, 1);
            json.writeObjectFieldStart("args");
            for (Map.Entry<String, ?> e : args.entrySet()) {
                json.writeFieldName(e.getKey());
                Object v = e.getValue();
                if (v instanceof Long || v instanceof Integer) {
                    json.writeNumber(((Number) v).longValue());
                } else {
                    json.writeString(String.valueOf(v));
                }
            }
            json.writeEndObject();
            json.writeEndObject();
        } catch (IOException e) {
            throw new WriteError(e);
        }
    }

    /** An arrow named {@code name} from slice {@code from} to slice {@code to} (category {@code "flow"}); returns its id. */
    public synchronized long flow(String name, Slice from, Slice to) {
        long id = ++flows;
        flowEnd("s", id, name, from);
        flowEnd("f", id, name, to);
        return id;
    }

    /** Ends the event array and the document and flushes; the stream given stays open. */
    @Override
    public synchronized void close() {
        try {
            if (!json.isClosed()) {
                json.writeEndArray();
                json.writeEndObject();
                json.close();
            }
        } catch (IOException e) {
            throw new WriteError(e);
        }
    }

    private interface Opener {
        JsonGenerator open(JsonFactory f) throws IOException;
    }

    private static JsonGenerator generator(Opener opener) {
        try {
            return opener.open(new JsonFactory()).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        } catch (IOException e) {
            throw new WriteError(e);
        }
    }

    private void flowEnd(String ph, long id, String name, Slice s) {
        try {
            json.writeStartObject();
            json.writeStringField("ph", ph);
            json.writeNumberField("id", id);
            json.writeStringField("name", name);
            json.writeStringField("cat", "flow");
            track(s.track);
            time("ts", s.start + s.end, 2);
            if (ph.equals("f")) {
                json.writeStringField("bp", "e");
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new WriteError(e);
        }
    }

    private void metadata(String name, int pid, int tid, Object value) {
        try {
            json.writeStartObject();
            json.writeStringField("ph", "M");
            json.writeStringField("name", name);
            json.writeNumberField("pid", pid);
            json.writeNumberField("tid", tid);
            json.writeObjectFieldStart("args");
            if (value instanceof Integer i) {
                json.writeNumberField("sort_index", i);
            } else {
                json.writeStringField("name", (String) value);
            }
            json.writeEndObject();
            json.writeEndObject();
        } catch (IOException e) {
            throw new WriteError(e);
        }
    }

    private void track(Track t) throws IOException {
        json.writeNumberField("pid", t.pid);
        json.writeNumberField("tid", t.tid);
    }

    /** {@code ticks / divisor} ticks in microseconds, as an exact decimal (every divisor here makes a terminating one). */
    private void time(String field, long ticks, long divisor) throws IOException {
        json.writeFieldName(field);
        long per = divisor * clock.ticksPerMicrosecond;
        if (ticks % per == 0) {
            json.writeNumber(ticks / per);
            return;
        }
        BigDecimal us = BigDecimal.valueOf(ticks).divide(BigDecimal.valueOf(per));
        json.writeNumber(us.toPlainString());
    }
}
