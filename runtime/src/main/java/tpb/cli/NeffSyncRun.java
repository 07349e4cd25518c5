package tpb.cli;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tpb.asm.Disassembler;
import tpb.neff.EngineStream;
import tpb.neff.NeffLimits;
import tpb.sim.DmaQueues;
import tpb.sim.SyncRun;
import tpb.spec.json.Json;
import tpb.timeline.Timeline;
import tpb.timeline.SyncTraceEvents;
import tpb.timeline.TimelinePage;
import tpb.timeline.TraceEvents;

/**
 * {@code tpb run FILE.neff [--subgraph sgNN] [--json] [--timeline FILE.html] [--trace-events FILE.json]}: each subgraph at the
 * synchronisation level, on a fresh semaphore bank; with a timeline, each run recorded ({@link Timeline}) and drawn into one page,
 * written through {@link Output} once every subgraph has run (nothing half-written); with trace events, each record streamed as
 * it is placed on the logical clock ({@link SyncTraceEvents}) into a temporary sibling that {@link Output} moves into place
 * when every subgraph has run.
 */
final class NeffSyncRun {
    private NeffSyncRun() {}

    /** What the subgraphs' runs came to: whether all completed, the reports, and the timelines (when asked for). */
    private record Runs(boolean ok, List<Object> reports, String text, List<TimelinePage.Run> pictures) {}

    static int run(String file, NeffLimits limits, List<String> subgraphs, boolean json, String timeline, String traceEvents, PrintWriter out) {
        if ("-".equals(timeline) && "-".equals(traceEvents)) {
            throw new CliException("--timeline - and --trace-events - both write to stdout; give one of them a file", Tpb.USAGE);
        }
        // the NEFF itself: refuseAsOutput below, once it is open (stdin is no file); here the writes against each other
        OutputRule.check(List.of(), java.util.Arrays.asList(new OutputRule.Use("--timeline", timeline),
                new OutputRule.Use("--trace-events", traceEvents)));
        NeffInput in = NeffInput.open(file, limits);
        in.refuseAsOutput("--timeline", timeline);
        in.refuseAsOutput("--trace-events", traceEvents);
        Runs runs = traceEvents == null ? runAll(in, subgraphs, timeline != null, null) : runTraced(in, file, subgraphs, timeline != null,
                traceEvents, out);
        int status = runs.ok ? Tpb.OK : Tpb.INVALID_INPUT;
        if (timeline != null) {
            Output.write(timeline, TimelinePage.html(file, runs.pictures), out);
        }
        if ("-".equals(timeline) || "-".equals(traceEvents)) {
            return status;
        }
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("file", file);
            o.put("level", "sync");
            o.put("status", runs.ok ? "complete" : "incomplete");
            o.put("subgraphs", runs.reports);
            out.print(Json.write(o));
        } else {
            out.print(runs.text);
        }
        out.flush();
        return status;
    }

    /**
     * The runs with their trace events streamed to {@code target} as they go: {@code -} is stdout; a file is a temporary
     * sibling, moved into place only once every subgraph has run and the document is closed.
     */
    private static Runs runTraced(NeffInput in, String file, List<String> subgraphs, boolean pictures, String target, PrintWriter out) {
        Map<String, String> about = Map.of("file", file, "level", "sync");
        try {
            if (target.equals("-")) {
                try (TraceEvents trace = new TraceEvents(out, TraceEvents.Clock.LOGICAL, about)) {
                    return runAll(in, subgraphs, pictures, trace);
                }
            }
            try (Output o = Output.open(target, OutputStream.nullOutputStream())) {
                Runs runs;
                try (TraceEvents trace = new TraceEvents(new BufferedOutputStream(o.stream()), TraceEvents.Clock.LOGICAL, about)) {
                    runs = runAll(in, subgraphs, pictures, trace);
                }
                o.commit();
                return runs;
            }
        } catch (TraceEvents.WriteError e) {
            throw new CliException(target + ": cannot write: " + Output.reason(e.getCause()));
        }
    }

    /** Every subgraph chosen, each on a fresh bank; its timeline drawn when {@code pictures}, its records written to {@code trace} when not null. */
    private static Runs runAll(NeffInput in, List<String> subgraphs, boolean pictures, TraceEvents trace) {
        List<Object> reports = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        boolean[] ok = {true};
        List<TimelinePage.Run> drawn = new ArrayList<>();
        in.neffSubgraphs(subgraphs, (sg, streams) -> {
            List<SyncRun.Engine> engines = new ArrayList<>();
            for (EngineStream s : streams) {
                engines.add(new SyncRun.Engine(s.engine(), s.stream()));
            }
            SyncRun.RecordText onArch = (b, off, n) -> Disassembler.text(in.arch(), b, off, n);
            SyncRun sync = new SyncRun(engines, onArch, in.arch(), DmaQueues.of(sg));
            Timeline line = trace != null ? SyncTraceEvents.timeline(trace, sg.name(), sync, onArch, null)
                    : pictures ? new Timeline(sync) : null;
            SyncRun.Result r = sync.run(line);
            if (pictures) {
                Map<String, String> waits = new LinkedHashMap<>();
                r.blocked().forEach(b -> waits.put(b.engine(), "semaphore " + b.semaphore() + " >= " + b.threshold() + ", it is " + b.value()));
                drawn.add(new TimelinePage.Run(sg.name(), r.status().name().toLowerCase(Locale.ROOT), line, waits));
            }
            ok[0] &= r.status() == SyncRun.Status.COMPLETE;
            reports.add(jsonReport(sg.name(), r));
            text.append(textReport(sg.name(), r));
        });
        if (reports.isEmpty()) {
            // a kelf that lists no subgraph: nothing ran, which is no 'complete' (not nothing printed and exit 0)
            throw new CliException(in.file + ": the NEFF lists no subgraph to run");
        }
        return new Runs(ok[0], reports, text.toString(), drawn);
    }

    /** One subgraph's run for {@code --json}: status, steps per engine, semaphores, the waits that blocked. */
    private static Map<String, Object> jsonReport(String subgraph, SyncRun.Result r) {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("subgraph", subgraph);
        j.put("status", r.status().name().toLowerCase(Locale.ROOT));
        if (r.message() != null) {
            j.put("message", r.message());
        }
        j.put("steps", r.steps());
        Map<String, Object> sems = new LinkedHashMap<>();
        r.semaphores().forEach((k, v) -> sems.put(String.valueOf(k), v));
        j.put("semaphores", sems);
        List<Object> blocked = new ArrayList<>();
        for (SyncRun.Blocked b : r.blocked()) {
            Map<String, Object> bj = new LinkedHashMap<>();
            bj.put("engine", b.engine());
            bj.put("pc", b.pc());
            bj.put("record", b.record());
            bj.put("semaphore", b.semaphore());
            bj.put("value", b.value());
            bj.put("threshold", b.threshold());
            blocked.add(bj);
        }
        j.put("blocked", blocked);
        return j;
    }

    /** One subgraph's run as text: status, records run per engine, non-zero semaphores, blocked waits. */
    private static String textReport(String subgraph, SyncRun.Result r) {
        StringBuilder text = new StringBuilder();
        StringBuilder steps = new StringBuilder();
        r.steps().forEach((e, n) -> steps.append(steps.length() == 0 ? "" : ", ").append(e).append(' ').append(n));
        text.append(subgraph).append(": ").append(r.status().name().toLowerCase(Locale.ROOT))
                .append(r.message() == null ? "" : ": " + r.message()).append('\n');
        text.append("  records run: ").append(steps).append('\n');
        StringBuilder s = new StringBuilder();
        r.semaphores().forEach((k, v) -> s.append(s.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        text.append("  semaphores: ").append(s.length() == 0 ? "all zero" : s).append('\n');
        for (SyncRun.Blocked b : r.blocked()) {
            text.append("  ").append(b).append('\n');
        }
        return text.toString();
    }
}
