package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link AccessLog} where ranges meet: adjacent and overlapping runs, a run continuing the last,
 * the reads of a read-only input (not kept), and {@link AccessLog#overlap} against a byte-by-byte
 * intersection written here.
 */
class AccessLogEdgesTest {
    private final DramVar v = new DramVar("v", 1, "output", new byte[64]);
    private final DramVar w = new DramVar("w", 2, "output", new byte[64]);

    @Test
    void runsThatMeetMergeAndRunsWithAGapDoNot() {
        AccessLog log = new AccessLog();
        log.write(v, 10, 5);    // [10, 15)
        log.write(v, 15, 5);    // continues it: [10, 20)
        log.write(v, 21, 1);    // a one-byte gap: its own range
        log.write(v, 0, 10);    // ends where the first starts: merges in the sweep
        assertArrayEquals(new long[] {0, 20, 21, 22}, log.ranges(v, true));
        log.write(v, 20, 1);    // fills the gap
        assertArrayEquals(new long[] {0, 22}, log.ranges(v, true));
        // nested and equal ranges
        AccessLog n = new AccessLog();
        n.write(v, 5, 10);
        n.write(v, 7, 2);
        n.write(v, 5, 10);
        assertArrayEquals(new long[] {5, 15}, n.ranges(v, true));
        assertArrayEquals(new long[0], n.ranges(v, false));
        assertArrayEquals(new long[0], n.ranges(w, true));
        assertEquals(List.of(v), iterable(n.written()));
    }

    private static List<DramVar> iterable(Iterable<DramVar> it) {
        List<DramVar> out = new java.util.ArrayList<>();
        it.forEach(out::add);
        return out;
    }

    @Test
    void manyContinuingRunsAreOneRangeAndManySeparateOnesGrowTheTable() {
        AccessLog log = new AccessLog();
        for (int i = 0; i < 1000; i++) {
            log.read(v, 4L * i, 4);
        }
        assertArrayEquals(new long[] {0, 4000}, log.ranges(v, false));
        for (int i = 0; i < 40; i++) {
            log.read(w, 10L * (39 - i), 5);   // descending, past the first table of 16 pairs
        }
        long[] r = log.ranges(w, false);
        assertEquals(80, r.length);
        for (int i = 0; i < 40; i++) {
            assertEquals(10L * i, r[2 * i]);
            assertEquals(10L * i + 5, r[2 * i + 1]);
        }
        assertEquals(List.of(), iterable(log.written()));
    }

    @Test
    void readsOfAReadOnlyInputAreNotKept(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("x.bin");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(16);
        }
        Region ro;
        try (FileChannel ch = FileChannel.open(f)) {
            ro = Region.map(ch, 0, 16, FileChannel.MapMode.READ_ONLY);
        }
        DramVar in = new DramVar("x", 3, "input", ro);
        AccessLog log = new AccessLog();
        log.read(in, 0, 16);
        assertArrayEquals(new long[0], log.ranges(in, false));
        log.read(v, 0, 16);
        assertArrayEquals(new long[] {0, 16}, log.ranges(v, false));
    }

    /** The first common byte range of two merged lists, by marking bytes: the oracle for overlap. */
    private static long[] byBytes(long[] a, long[] b) {
        boolean[] inA = new boolean[200];
        for (int i = 0; i < a.length; i += 2) {
            for (long x = a[i]; x < a[i + 1]; x++) {
                inA[(int) x] = true;
            }
        }
        boolean[] both = new boolean[200];
        for (int i = 0; i < b.length; i += 2) {
            for (long x = b[i]; x < b[i + 1]; x++) {
                both[(int) x] = inA[(int) x];
            }
        }
        for (int x = 0; x < 200; x++) {
            if (both[x]) {
                int e = x;
                while (e < 200 && both[e]) {
                    e++;
                }
                return new long[] {x, e};
            }
        }
        return null;
    }

    @Test
    void overlapAgainstTheByteByByteIntersection() {
        assertNull(AccessLog.overlap(new long[0], new long[] {0, 10}));
        assertNull(AccessLog.overlap(new long[] {0, 10}, new long[0]));
        assertArrayEquals(new long[] {9, 10}, AccessLog.overlap(new long[] {0, 10}, new long[] {9, 20}));
        assertArrayEquals(new long[] {0, 1}, AccessLog.overlap(new long[] {0, 1}, new long[] {0, 1}));
        assertArrayEquals(new long[] {59, 60}, AccessLog.overlap(new long[] {0, 10, 20, 30, 50, 60}, new long[] {10, 20, 30, 50, 59, 70}));
        Random r = new Random(26);
        for (int trial = 0; trial < 2000; trial++) {
            long[] a = randomMerged(r);
            long[] b = randomMerged(r);
            assertArrayEquals(byBytes(a, b), AccessLog.overlap(a, b), java.util.Arrays.toString(a) + " " + java.util.Arrays.toString(b));
        }
    }

    /** Sorted, disjoint, non-adjacent ranges in [0, 200), as a merged list. */
    private static long[] randomMerged(Random r) {
        AccessLog log = new AccessLog();
        int n = r.nextInt(6);
        for (int i = 0; i < n; i++) {
            int a = r.nextInt(190);
            log.write(TMP, a, 1 + r.nextInt(10));
        }
        return log.ranges(TMP, true);
    }

    private static final DramVar TMP = new DramVar("t", 9, "output", new byte[0]);
}
