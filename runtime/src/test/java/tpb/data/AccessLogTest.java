package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link AccessLog}'s merged ranges against a bitmap of the bytes touched, and the overlap of two lists. */
class AccessLogTest {
    @Test
    void mergedRangesAreTheUnionOfRandomRanges() {
        DramVar v = new DramVar("v", 1, "output", new byte[4]);
        for (long seed = 0; seed < 200; seed++) {
            Random r = new Random(seed);
            AccessLog log = new AccessLog();
            boolean[] touched = new boolean[300];
            int n = 1 + r.nextInt(40);
            for (int i = 0; i < n; i++) {
                int a = r.nextInt(280);
                int len = 1 + r.nextInt(20);
                log.write(v, a, len);
                for (int b = a; b < a + len; b++) {
                    touched[b] = true;
                }
            }
            // the union by hand from the bitmap: maximal runs of touched bytes
            long[] want = new long[0];
            for (int b = 0; b < touched.length; b++) {
                if (touched[b] && (b == 0 || !touched[b - 1])) {
                    int e = b;
                    while (e < touched.length && touched[e]) {
                        e++;
                    }
                    want = java.util.Arrays.copyOf(want, want.length + 2);
                    want[want.length - 2] = b;
                    want[want.length - 1] = e;
                }
            }
            assertArrayEquals(want, log.ranges(v, true), "seed " + seed);
        }
    }

    @Test
    void overlapFindsTheFirstCommonBytes() {
        assertArrayEquals(new long[] {12, 14}, AccessLog.overlap(new long[] {0, 4, 10, 14}, new long[] {5, 9, 12, 20}));
        assertNull(AccessLog.overlap(new long[] {0, 4, 10, 14}, new long[] {4, 10, 14, 20}));
    }
}
