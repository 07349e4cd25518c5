package tpb.timeline;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.isa.Arm;
import tpb.sim.IntList;
import tpb.spec.json.Json;

/**
 * One self-contained HTML page (no network: the script and its data are inline) drawing
 * {@link Timeline}s on canvases, one per subgraph: a lane per engine, a mark per record at its
 * tick coloured by its opcode class, the releasing edges, and the blocked engines of a deadlock.
 * A pixel column holding several records shows the class most of them have, so a 30,000-record
 * run is a few canvases, not 30,000 elements; the wheel zooms about the pointer, a drag pans, a
 * double click resets, hovering names the record.
 *
 * <p>The geometry is fixed here (and read by the page), so a test can find a lane's pixels:
 * canvas {@code k} starts at the sum of the earlier canvases' {@link #height}s; lane {@code i}'s
 * marks fill rows {@code HEAD + AXIS + i * LANE + MARK_TOP} to {@code + MARK_HEIGHT}; tick
 * {@code t} of a run spanning {@code s} ticks starts at {@code LEFT + t * (width - LEFT - RIGHT) / s}.
 */
public final class TimelinePage {
    public static final int HEAD = 28;
    public static final int AXIS = 22;
    public static final int LANE = 36;
    public static final int MARK_TOP = 6;
    public static final int MARK_HEIGHT = 24;
    public static final int LEFT = 72;
    public static final int RIGHT = 16;
    public static final int BOTTOM = 8;
    /** Class colours, by {@link Timeline#CLASSES} index (cycled if the spec ever has more classes). */
    public static final List<Integer> PALETTE = List.of(0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0xb07aa1, 0xedc948, 0x76b7b2, 0x9c755f);

    /** One subgraph's run: its name, how it ended, and the recorded timeline; {@code blocked}: per blocked engine, its lane and what it waits for. */
    public record Run(String subgraph, String status, Timeline timeline, Map<String, String> blocked) {}

    private TimelinePage() {}

    /** The colour of class {@code index} as 0xRRGGBB. */
    public static int colour(int index) {
        return PALETTE.get(index % PALETTE.size());
    }

    /** A canvas's CSS height for {@code lanes} lanes. */
    public static int height(int lanes) {
        return HEAD + AXIS + lanes * LANE + BOTTOM;
    }

    /** The page for {@code runs} of {@code file}, as UTF-8 bytes. */
    public static byte[] html(String file, List<Run> runs) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("file", file);
        Map<String, Object> geometry = new LinkedHashMap<>();
        geometry.put("head", HEAD);
        geometry.put("axis", AXIS);
        geometry.put("lane", LANE);
        geometry.put("markTop", MARK_TOP);
        geometry.put("markHeight", MARK_HEIGHT);
        geometry.put("left", LEFT);
        geometry.put("right", RIGHT);
        geometry.put("bottom", BOTTOM);
        data.put("geometry", geometry);
        List<Object> classes = new ArrayList<>();
        for (int i = 0; i < Timeline.CLASSES.size(); i++) {
            classes.add(Map.of("name", Timeline.CLASSES.get(i), "colour", String.format("#%06x", colour(i))));
        }
        data.put("classes", classes);
        List<String> arms = new ArrayList<>();
        for (Arm a : Arm.values()) {
            arms.add(a.specName());
        }
        data.put("arms", arms);
        List<Object> subgraphs = new ArrayList<>();
        for (Run r : runs) {
            subgraphs.add(subgraph(r));
        }
        data.put("subgraphs", subgraphs);
        // the data sits in a script element: a '<' (only ever inside a JSON string) is escaped so no "</script>" can end it
        String json = Json.write(data).replace("<", "\\u003c");
        return template().replace("/*DATA*/", json).getBytes(StandardCharsets.UTF_8);
    }

    private static Map<String, Object> subgraph(Run r) {
        Timeline t = r.timeline();
        Map<String, Object> sg = new LinkedHashMap<>();
        sg.put("name", r.subgraph());
        sg.put("status", r.status());
        sg.put("span", t.span());
        List<Object> lanes = new ArrayList<>();
        for (Timeline.Lane lane : t.lanes()) {
            Map<String, Object> l = new LinkedHashMap<>();
            l.put("engine", lane.engine());
            l.put("tick", ints(lane.tick));
            l.put("cls", ints(lane.cls));
            l.put("arm", ints(lane.arm));
            String b = r.blocked().get(lane.engine());
            if (b != null) {
                l.put("blocked", b);
            }
            lanes.add(l);
        }
        sg.put("lanes", lanes);
        List<Integer> edges = new ArrayList<>();
        for (Timeline.Edge e : t.edges()) {
            edges.addAll(List.of(e.fromEngine(), e.fromRecord(), e.toEngine(), e.toRecord(), e.semaphore()));
        }
        sg.put("edges", edges);
        return sg;
    }

    private static List<Integer> ints(IntList a) {
        List<Integer> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            out.add(a.at(i));
        }
        return out;
    }

    private static String template() {
        try (InputStream in = TimelinePage.class.getResourceAsStream("timeline.html")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
