package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The data level's progress lines, drawn into a buffer instead of a terminal: one line per core,
 * redrawn in place (the first frame as is, each later one after ESC[nF, cursor up n lines), the
 * counts exact, the rates and the time left consistent with the elapsed time each frame prints.
 */
class ProgressTest {
    /** One core's line: name, done/total records, G MAC/s, elapsed, left. */
    private static final Pattern LINE = Pattern.compile("\033\\[K(\\S+)  ([0-9,]+)/([0-9,]+) records  ([0-9.]+) G MAC/s  ([0-9.]+) s elapsed  (\\?|[0-9]+ s) left");

    private record Line(String core, long done, long total, double gmacs, double elapsed, String left) {}

    private static List<Line> lines(String frame) {
        List<Line> out = new ArrayList<>();
        for (String l : frame.split("\n", -1)) {
            if (l.isEmpty()) {
                continue;
            }
            Matcher m = LINE.matcher(l);
            assertTrue(m.matches(), l);
            out.add(new Line(m.group(1), Long.parseLong(m.group(2).replace(",", "")), Long.parseLong(m.group(3).replace(",", "")),
                    Double.parseDouble(m.group(4)), Double.parseDouble(m.group(5)), m.group(6)));
        }
        return out;
    }

    @Test
    void linesPerCoreRedrawnInPlace() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = new Progress(List.of("sg00", "sg01"), List.of(12_345L, 4L), new PrintStream(bytes, false, StandardCharsets.UTF_8));
        long macs = 3_000_000_000L;
        for (int i = 0; i < 3_000; i++) {
            p.record("sg00", "pe", i, 0, 0, 0, i < 3 ? macs / 3 : 0); // 3,000 records, 3 G MACs in all
        }
        Thread.sleep(1_100); // four frames or so, one each 250 ms
        p.record("sg01", "act", 0, 0, 0, 0, 0);
        p.record("sg01", "act", 1, 0, 0, 0, 0);
        p.close(); // and the last frame, drawn by close: the only one to see sg01's two records
        String all = bytes.toString(StandardCharsets.UTF_8);
        assertFalse(all.startsWith("\033["+ "2F"), "the first frame is drawn where the cursor is");
        assertTrue(all.startsWith("\033[K"), all);
        String[] frames = all.split("\033\\[2F", -1);
        assertTrue(frames.length >= 2 && frames.length <= 7, frames.length + " frames in 1.1 s at one a 250 ms, and close's:\n" + all);
        List<Line> last = lines(frames[frames.length - 1]);
        assertEquals(2, last.size(), frames[frames.length - 1]);
        Line a = last.get(0);
        Line b = last.get(1);
        assertEquals(List.of("sg00", 3_000L, 12_345L), List.of(a.core(), a.done(), a.total()));
        assertEquals(List.of("sg01", 2L, 4L, 0.0), List.of(b.core(), b.done(), b.total(), b.gmacs()));
        Line before = lines(frames[frames.length - 2]).get(1);
        assertEquals(List.of("sg01", 0L, 4L, 0.0, "?"), List.of(before.core(), before.done(), before.total(), before.gmacs(), before.left()),
                "no record yet: no estimate");
        assertTrue(frames[frames.length - 1].contains("3,000/12,345 records"), "thousands grouped");
        assertTrue(a.elapsed() >= 1.0 && a.elapsed() < 60, a.toString());
        // the elapsed time is printed to 0.1 s: each value derived from it lies between its two ends
        double lo = a.elapsed() - 0.05;
        double hi = a.elapsed() + 0.05;
        assertTrue(a.gmacs() >= 3 / hi - 0.005 && a.gmacs() <= 3 / lo + 0.005, a + ": 3 G MAC over the elapsed time");
        long left = Long.parseLong(a.left().replace(" s", ""));
        assertTrue(left >= Math.round(lo * (12_345 - 3_000) / 3_000) && left <= Math.round(hi * (12_345 - 3_000) / 3_000),
                a + ": the time left at the rate so far");
        int linesOut = (int) all.chars().filter(c -> c == '\n').count();
        assertEquals(2 * frames.length, linesOut, "two lines a frame");
    }

    /** Closed from an interrupted thread: the last frame is still drawn, and the interrupt is kept for the caller. */
    @Test
    void closingKeepsTheCallersInterrupt() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = new Progress(List.of("sg00"), List.of(2L), new PrintStream(bytes, false, StandardCharsets.UTF_8));
        p.record("sg00", "pe", 0, 0, 0, 0, 0);
        Thread.currentThread().interrupt();
        p.close();
        assertTrue(Thread.interrupted(), "the interrupt is the caller's: close sets it again");
        String all = bytes.toString(StandardCharsets.UTF_8);
        String[] frames = all.split("\033\\[1F", -1);
        assertEquals(1, lines(frames[frames.length - 1]).get(0).done(), all);
    }

    /** No progress without a terminal (as in any test: System.console() is null), nor for --json or --quiet. */
    @Test
    void wantedOnlyOnATerminal() {
        assertEquals(null, System.console(), "a test run has no console");
        assertFalse(Progress.wanted(false, false));
        assertFalse(Progress.wanted(true, false));
        assertFalse(Progress.wanted(false, true));
        assertFalse(Progress.wanted(true, true));
    }
}
