package tpb.timeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.sim.SemaphoreBank;
import tpb.sim.SyncRun;
import tpb.stream.RecordStream;

/**
 * One subgraph's synchronisation-level run written as trace events while it runs: a
 * {@link Timeline.Listener} that puts each record, as the timeline places it, on its engine's
 * track as a one-tick slice of the {@link TraceEvents.Clock#LOGICAL logical clock} (named by its
 * disassembly, its opcode class as the category), and draws an arrow from the update that
 * released each of its waits. The subgraph is one process track, each engine a thread track in
 * def.json order. The sync level moves no data, so a slice's arguments are what this level
 * knows: the record's index, its waits and updates, and the wait that held it back
 * ({@code blocked_by}, the timeline's {@link Timeline.Edge}); a level that moves data adds its
 * own ({@link RecordArgs}: {@link TraceEvents#BYTES}, {@link TraceEvents#MACS}).
 */
public final class SyncTraceEvents implements Timeline.Listener {
    /** Adds what another level knows of a record that just ran (the data level: bytes moved, MACs) to its slice's arguments. */
    @FunctionalInterface
    public interface RecordArgs {
        void add(int engine, int record, Map<String, Object> args);
    }

    private final TraceEvents out;
    private final SyncRun run;
    private final SyncRun.RecordText text;
    private final RecordArgs more;
    private final List<TraceEvents.Track> tracks = new ArrayList<>();
    private final Timeline timeline;

    private SyncTraceEvents(TraceEvents out, String subgraph, SyncRun run, SyncRun.RecordText text, RecordArgs more) {
        this.out = out;
        this.run = run;
        this.text = text;
        this.more = more;
        int core = out.core(subgraph);
        for (SyncRun.Engine e : run.engines()) {
            tracks.add(out.engine(core, e.name()));
        }
        this.timeline = new Timeline(run, this);
    }

    /**
     * Declares {@code subgraph}'s tracks on {@code out} and returns the timeline that writes the
     * run there as it goes: pass it to {@link SyncRun#run(SyncRun.Hook)} (or call its
     * {@code ran} from a hook of your own, after the record's other effects, so {@code more}
     * sees them). {@code text} writes a record's disassembly; {@code more} may be null.
     */
    public static Timeline timeline(TraceEvents out, String subgraph, SyncRun run, SyncRun.RecordText text, RecordArgs more) {
        return new SyncTraceEvents(out, subgraph, run, text, more).timeline;
    }

    @Override
    public void placed(int engine, int record, int tick, List<Timeline.Release> releases) {
        TraceEvents.Slice slice = new TraceEvents.Slice(tracks.get(engine), tick, tick + 1L);
        byte[] code = run.engines().get(engine).stream().bytes();
        Timeline.Lane lane = timeline.lanes().get(engine);
        Map<String, Object> args = new LinkedHashMap<>();
        args.put(TraceEvents.RECORD, record);
        SyncRun.Sync sync = run.sync(engine, record);
        if (!sync.waits().isEmpty()) {
            args.put("waits", String.join(", ", sync.waits().stream()
                    .map(w -> "semaphore " + w.semaphore() + " " + SemaphoreBank.relation(w.test()) + " " + w.threshold()).toList()));
        }
        if (!sync.updated().isEmpty()) {
            args.put("updates", String.join(", ", sync.updated().stream().map(s -> "semaphore " + s).toList()));
        }
        for (Timeline.Release r : releases) {
            if (r.blocked()) {
                args.put("blocked_by", "semaphore " + r.semaphore() + ", set by " + run.engines().get(r.fromEngine()).name()
                        + " record " + r.fromRecord());
            }
        }
        if (more != null) {
            more.add(engine, record, args);
        }
        out.slice(slice, text.text(code, RecordStream.offsetOf(record), 1).strip(), Timeline.CLASSES.get(lane.classIndex(record)), args);
        for (Timeline.Release r : releases) {
            out.flow("semaphore " + r.semaphore(), new TraceEvents.Slice(tracks.get(r.fromEngine()), r.fromTick(), r.fromTick() + 1L), slice);
        }
    }
}
