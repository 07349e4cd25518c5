package tpb.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.cli.Tpb;
import tpb.isa.Arm;
import tpb.neff.Fixture;
import tpb.testing.Chromium;

/**
 * {@code tpb run FILE.neff --timeline} pages in a real headless Chromium: the fixture's lanes carry
 * the class colours at the ticks {@link TimelineTest} derives, an edge crosses the lane between
 * the engines it joins, and a 30,000-record run is drawn on canvases (a handful of elements) with
 * every lane's colour where its records are and nothing before they start.
 * {@link Chromium#require} skips these (with a notice) on a machine without a browser, fails them in CI.
 */
@Tag("browser")
class TimelineScreenshotTest {
    static final int WIDTH = 1280;

    @Test
    void theFixturesTimeline(@TempDir Path dir) throws Exception {
        Chromium browser = Chromium.require("the fixture's run timeline (TimelineScreenshotTest)");
        Path page = dir.resolve("fixture.html");
        assertEquals(0, run("run", Fixture.path().toString(), "--timeline", page.toString()));
        String dom = browser.dumpDom(dir, page);
        assertEquals("58", attribute(dom, "data-records"), "both subgraphs' 29 records each");
        int elements = Integer.parseInt(attribute(dom, "data-elements"));
        // html head meta title style body div script script + one canvas per subgraph
        assertEquals(9 + 2, elements, dom);
        BufferedImage img = browser.screenshot(dir, page, WIDTH, 700);
        ImageIO.write(img, "png", Path.of("target/timeline-fixture.png").toFile());
        double ppt = (WIDTH - TimelinePage.LEFT - TimelinePage.RIGHT) / 16.0; // sg00 and sg01 both span 16 ticks
        int second = TimelinePage.height(5);
        for (int top : List.of(0, second)) {
            // lanes act 0, dve 1, pe 2, pool 3, sp 4; ticks from TimelineTest
            for (int lane = 0; lane < 5; lane++) {
                assertEquals(colourOf(Arm.SET_ORDERING_MODE), at(img, top, lane, 0, ppt), "lane " + lane + " tick 0: SetOrderingMode");
            }
            assertEquals(colourOf(Arm.EVENT_SEMAPHORE), at(img, top, 2, 3, ppt), "pe record 2 at tick 3");
            assertEquals(colourOf(Arm.MATMUL), at(img, top, 2, 5, ppt), "pe record 4 (matmul) at tick 5");
            assertEquals(colourOf(Arm.COPY), at(img, top, 0, 8, ppt), "act record 3 (copy) at tick 8");
            assertEquals(colourOf(Arm.DMA_DIRECT2D), at(img, top, 3, 14, ppt), "pool record 5 (dma) at tick 14");
            assertEquals(0xf4f4f4, at(img, top, 1, 5, ppt), "dve runs nothing at tick 5: its lane's background");
            // the edge pe 6 (tick 7) -> act 3 (tick 8) crosses dve's lane between the middle of tick 7 and the start of tick 8
            int dveTop = top + TimelinePage.HEAD + TimelinePage.AXIS + TimelinePage.LANE;
            int x0 = (int) Math.ceil(TimelinePage.LEFT + 7.5 * ppt) + 1;
            int x1 = (int) Math.floor(TimelinePage.LEFT + 8 * ppt) - 1;
            assertTrue(grey(img, x0, x1, dveTop, dveTop + TimelinePage.LANE) > 10, "edge pixels on dve's lane at ticks 7.5..8");
            // and no edge crosses dve's lane at ticks 3..4
            assertEquals(0, grey(img, (int) (TimelinePage.LEFT + 3 * ppt) + 2, (int) (TimelinePage.LEFT + 4 * ppt) - 2, dveTop,
                    dveTop + TimelinePage.LANE), "no edge at ticks 3..4");
        }
    }

    /** TimelineTest's pipeline: 5 engines x 6,000 records, engine e's records at ticks k + 1001 e, one class per lane; span 10,004. */
    @Test
    void aThirtyThousandRecordTimeline(@TempDir Path dir) throws Exception {
        Chromium browser = Chromium.require("the 30,000-record run timeline (TimelineScreenshotTest)");
        Path neff = dir.resolve("pipeline.neff");
        Files.write(neff, TimelineTest.pipeline());
        Path page = dir.resolve("pipeline.html");
        assertEquals(0, run("run", neff.toString(), "--timeline", page.toString()));
        long started = System.nanoTime();
        String dom = browser.dumpDom(dir, page);
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;
        assertTrue(seconds < 60, "the page loaded and drew in " + seconds + " s");
        assertEquals("30000", attribute(dom, "data-records"));
        assertEquals(9 + 1, Integer.parseInt(attribute(dom, "data-elements")), "one canvas, not 30,000 elements");
        BufferedImage img = browser.screenshot(dir, page, WIDTH, 400);
        ImageIO.write(img, "png", Path.of("target/timeline-30k.png").toFile());
        double ppt = (WIDTH - TimelinePage.LEFT - TimelinePage.RIGHT) / 10_004.0;
        Set<Integer> colours = new HashSet<>();
        for (int e = 0; e < TimelineTest.PIPELINE_ARMS.size(); e++) {
            int colour = colourOf(TimelineTest.PIPELINE_ARMS.get(e));
            colours.add(colour);
            int y = TimelinePage.HEAD + TimelinePage.AXIS + e * TimelinePage.LANE + TimelinePage.MARK_TOP + 2;
            int start = (int) Math.floor(TimelinePage.LEFT + 1001 * e * ppt);
            int end = (int) Math.floor(TimelinePage.LEFT + (TimelineTest.PER_ENGINE + 1001 * e) * ppt);
            for (int x = start + 1; x < end; x++) {
                if (nearEdge(x, ppt)) {
                    continue;
                }
                assertEquals(colour, img.getRGB(x, y) & 0xFFFFFF, "engine " + e + " at x " + x);
            }
            int background = e % 2 == 0 ? 0xfafafa : 0xf4f4f4;
            for (int x = TimelinePage.LEFT + 1; x < start - 1; x++) {
                if (nearEdge(x, ppt)) {
                    continue;
                }
                assertEquals(background, img.getRGB(x, y) & 0xFFFFFF, "engine " + e + " has not started at x " + x);
            }
            for (int x = end + 2; x < WIDTH - TimelinePage.RIGHT - 1; x++) {
                assertEquals(background, img.getRGB(x, y) & 0xFFFFFF, "engine " + e + " has ended at x " + x);
            }
        }
        assertEquals(5, colours.size(), "five lanes, five classes, five colours");
    }

    /** The four edges (engine e-1's record 1000 -> engine e's record 0) are drawn at ticks 1001 e: columns within 2 px are skipped. */
    private static boolean nearEdge(int x, double ppt) {
        for (int e = 1; e < TimelineTest.PIPELINE_ARMS.size(); e++) {
            if (Math.abs(x - (TimelinePage.LEFT + 1001 * e * ppt)) <= 2) {
                return true;
            }
        }
        return false;
    }

    private static int run(String... args) {
        return Tpb.run(new PrintWriter(new StringWriter()), new PrintWriter(System.err), args);
    }

    static int colourOf(Arm arm) {
        int index = Timeline.CLASSES.indexOf(arm.engine() == null ? Timeline.NO_CLASS : arm.engine());
        return TimelinePage.colour(index);
    }

    /** The pixel near the top of tick {@code t}'s mark in lane {@code lane} of the canvas at {@code top} (above the arm name). */
    private static int at(BufferedImage img, int top, int lane, int t, double ppt) {
        int x = (int) (TimelinePage.LEFT + (t + 0.5) * ppt);
        int y = top + TimelinePage.HEAD + TimelinePage.AXIS + lane * TimelinePage.LANE + TimelinePage.MARK_TOP + 2;
        return img.getRGB(x, y) & 0xFFFFFF;
    }

    /** Pixels in the box that are a grey darker than the lane backgrounds and the grid (#ddd): an edge's stroke. */
    private static int grey(BufferedImage img, int x0, int x1, int y0, int y1) {
        int n = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x <= x1; x++) {
                int p = img.getRGB(x, y) & 0xFFFFFF;
                int r = p >> 16, g = p >> 8 & 0xFF, b = p & 0xFF;
                if (r == g && g == b && r < 0xC8) {
                    n++;
                }
            }
        }
        return n;
    }

    private static String attribute(String dom, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(dom);
        assertTrue(m.find(), name + " in " + dom.substring(0, Math.min(400, dom.length())));
        return m.group(1);
    }
}
