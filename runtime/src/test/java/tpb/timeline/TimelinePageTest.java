package tpb.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.Arm;
import tpb.neff.Fixture;

/**
 * The timeline page's data without a browser: the JSON in its script element read back and
 * checked against {@link TimelineTest}'s hand-derived ticks and edges of the fixture, the
 * geometry constants, the class colours (cycled past the palette), a blocked lane's text, and a
 * '<' in a name that cannot end the script element.
 */
class TimelinePageTest {
    private static final String OPEN = "<script type=\"application/json\" id=\"data\">";

    private static JsonNode data(byte[] html) throws Exception {
        String page = new String(html, StandardCharsets.UTF_8);
        int at = page.indexOf(OPEN) + OPEN.length();
        int end = page.indexOf("</script>", at);
        return new ObjectMapper().readTree(page.substring(at, end));
    }

    @Test
    void theFixturesPageHoldsTheTimelinesTicksAndEdges() throws Exception {
        Map<String, Timeline> runs = TimelineTest.record(Fixture.bytes());
        List<TimelinePage.Run> pageRuns = new ArrayList<>();
        runs.forEach((sg, t) -> pageRuns.add(new TimelinePage.Run(sg, "complete",  t, sg.equals("sg01") ? Map.of("pe", "waits for semaphore 9 >= 1 <now>") : Map.of())));
        JsonNode d = data(TimelinePage.html("dir/</script>x.neff", pageRuns));
        assertEquals("dir/</script>x.neff", d.get("file").asText());
        JsonNode g = d.get("geometry");
        assertEquals(28, g.get("head").asInt());
        assertEquals(22, g.get("axis").asInt());
        assertEquals(36, g.get("lane").asInt());
        assertEquals(6, g.get("markTop").asInt());
        assertEquals(24, g.get("markHeight").asInt());
        assertEquals(72, g.get("left").asInt());
        assertEquals(16, g.get("right").asInt());
        assertEquals(8, g.get("bottom").asInt());
        assertEquals(Timeline.CLASSES.size(), d.get("classes").size());
        for (int i = 0; i < Timeline.CLASSES.size(); i++) {
            assertEquals(Timeline.CLASSES.get(i), d.get("classes").get(i).get("name").asText());
            assertEquals(String.format("#%06x", TimelinePage.PALETTE.get(i % TimelinePage.PALETTE.size())),
                    d.get("classes").get(i).get("colour").asText());
        }
        assertEquals(Arm.values().length, d.get("arms").size());
        assertEquals(Arm.values()[Arm.values().length - 1].specName(), d.get("arms").get(Arm.values().length - 1).asText());
        assertEquals(2, d.get("subgraphs").size());
        for (int s = 0; s < 2; s++) {
            JsonNode sg = d.get("subgraphs").get(s);
            assertEquals("sg0" + s, sg.get("name").asText());
            assertEquals("complete", sg.get("status").asText());
            assertEquals(16, sg.get("span").asInt());
            for (int lane = 0; lane < TimelineTest.FIXTURE_LANES.size(); lane++) {
                JsonNode l = sg.get("lanes").get(lane);
                assertEquals(TimelineTest.FIXTURE_LANES.get(lane), l.get("engine").asText());
                List<Integer> ticks = new ArrayList<>();
                l.get("tick").forEach(x -> ticks.add(x.asInt()));
                assertEquals(TimelineTest.FIXTURE_TICKS.get(lane), ticks);
                assertEquals(ticks.size(), l.get("cls").size());
                assertEquals(ticks.size(), l.get("arm").size());
                boolean blocked = s == 1 && l.get("engine").asText().equals("pe");
                assertEquals(blocked, l.has("blocked"), "sg0" + s + " " + l.get("engine"));
                if (blocked) {
                    assertEquals("waits for semaphore 9 >= 1 <now>", l.get("blocked").asText());
                }
            }
            // pe's record 4 is a MATMUL: its arm ordinal and its class
            JsonNode pe = sg.get("lanes").get(2);
            assertEquals(Arm.MATMUL.ordinal(), pe.get("arm").get(4).asInt());
            assertEquals(Timeline.CLASSES.indexOf(Arm.MATMUL.engine()), pe.get("cls").get(4).asInt());
            List<Integer> edges = new ArrayList<>();
            sg.get("edges").forEach(x -> edges.add(x.asInt()));
            List<Integer> want = new ArrayList<>();
            for (Timeline.Edge e : TimelineTest.FIXTURE_EDGES) {
                want.addAll(List.of(e.fromEngine(), e.fromRecord(), e.toEngine(), e.toRecord(), e.semaphore()));
            }
            assertEquals(want, edges);
        }
        // no '<' inside the data: the file name's "</script>" cannot close the element early
        String page = new String(TimelinePage.html("dir/</script>x.neff", pageRuns), StandardCharsets.UTF_8);
        String json = page.substring(page.indexOf(OPEN) + OPEN.length(), page.indexOf("</script>", page.indexOf(OPEN)));
        assertFalse(json.contains("<"), json);
        assertTrue(json.contains("\\u003c/script>x.neff"), json);
    }

    @Test
    void geometryAndColours() {
        assertEquals(28 + 22 + 8, TimelinePage.height(0));
        assertEquals(28 + 22 + 5 * 36 + 8, TimelinePage.height(5));
        assertEquals(0x4e79a7, TimelinePage.colour(0));
        assertEquals(0x9c755f, TimelinePage.colour(7));
        assertEquals(0x4e79a7, TimelinePage.colour(8), "cycled past the palette");
        assertEquals(0xf28e2b, TimelinePage.colour(9));
        assertEquals(Timeline.NO_CLASS, Timeline.CLASSES.get(Timeline.CLASSES.size() - 1));
    }
}
