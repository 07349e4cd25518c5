package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link PeKernel}'s three entry points on arrays of exactly the tile's size (no slack past the
 * last column, row or element), one element short of it (refused with the one message), and on
 * empty tiles; the products against a naive sum written here (small integers, exact in fp32).
 */
class PeKernelEdgesTest {
    private interface Kernel {
        void run(float[] w, int rows, int cols, float[] moving, int n, float[] out, boolean begin);
    }

    private static final Kernel FAST = (w, rows, cols, moving, n, out, begin) -> new PeKernel().matmul(w, rows, cols, moving, n, out, begin);
    private static final Kernel REFERENCE = PeKernel::reference;
    /** matmulRows, given the moving tile one array per partition, each exactly n long. */
    private static final Kernel ROWS = (w, rows, cols, moving, n, out, begin) -> {
        float[][] m = new float[rows][n];
        for (int k = 0; k < rows; k++) {
            System.arraycopy(moving, k * n, m[k], 0, n);
        }
        new PeKernel().matmulRows(w, rows, cols, m, n, out, begin);
    };

    /** out[c][i] = sum_k w[k][c] * m[k][i], by the definition. */
    private static float[] naive(float[] w, int rows, int cols, float[] m, int n) {
        float[] out = new float[cols * n];
        for (int c = 0; c < cols; c++) {
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int k = 0; k < rows; k++) {
                    s += (double) w[k * cols + c] * m[k * n + i];
                }
                out[c * n + i] = (float) s;
            }
        }
        return out;
    }

    private static float[] values(int length, int seed) {
        float[] v = new float[length];
        for (int i = 0; i < length; i++) {
            v[i] = (i * seed + 3) % 7 - 3;   // -3 .. 3
        }
        return v;
    }

    @Test
    void exactlySizedArraysAtEveryShapeAroundTheKernelsSteps() {
        // rows around the four-row step (3, 4, 5, 8), cols even and odd (the two-column pass and the last odd column)
        for (Kernel kern : new Kernel[] {FAST, REFERENCE, ROWS}) {
            for (int rows : new int[] {1, 3, 4, 5, 8}) {
                for (int cols : new int[] {1, 2, 3, 4}) {
                    for (int n : new int[] {1, 3}) {
                        float[] w = values(rows * cols, 5);
                        float[] m = values(rows * n, 3);
                        float[] want = naive(w, rows, cols, m, n);
                        float[] out = new float[cols * n];
                        kern.run(w, rows, cols, m, n, out, true);
                        String what = rows + " x " + cols + " x " + n;
                        assertArrayEquals(want, out, what);
                        // accumulate: old + sum
                        kern.run(w, rows, cols, m, n, out, false);
                        float[] twice = new float[want.length];
                        for (int i = 0; i < want.length; i++) {
                            twice[i] = want[i] + want[i];
                        }
                        assertArrayEquals(twice, out, what + " accumulated");
                    }
                }
            }
        }
    }

    @Test
    void anArrayOneElementShortOrANegativeDimensionIsRefused() {
        int rows = 4;
        int cols = 2;
        int n = 3;
        for (Kernel kern : new Kernel[] {FAST, REFERENCE}) {
            float[] w = new float[rows * cols];
            float[] m = new float[rows * n];
            float[] out = new float[cols * n];
            String msg = "PE tile 4 x 2 x 3 does not fit its arrays";
            assertEquals(msg, assertThrows(IllegalArgumentException.class, () -> kern.run(new float[rows * cols - 1], rows, cols, m, n, out, true))
                    .getMessage());
            assertEquals(msg, assertThrows(IllegalArgumentException.class, () -> kern.run(w, rows, cols, new float[rows * n - 1], n, out, true))
                    .getMessage());
            assertEquals(msg, assertThrows(IllegalArgumentException.class, () -> kern.run(w, rows, cols, m, n, new float[cols * n - 1], true))
                    .getMessage());
            assertEquals("PE tile -1 x 2 x 3 does not fit its arrays",
                    assertThrows(IllegalArgumentException.class, () -> kern.run(w, -1, cols, m, n, out, true)).getMessage());
            assertEquals("PE tile 4 x -1 x 3 does not fit its arrays",
                    assertThrows(IllegalArgumentException.class, () -> kern.run(w, rows, -1, m, n, out, true)).getMessage());
            assertEquals("PE tile 4 x 2 x -1 does not fit its arrays",
                    assertThrows(IllegalArgumentException.class, () -> kern.run(w, rows, cols, m, -1, out, true)).getMessage());
        }
        // matmulRows: fewer partition arrays than rows
        assertEquals("PE tile 4 x 2 x 3 does not fit its arrays", assertThrows(IllegalArgumentException.class,
                () -> new PeKernel().matmulRows(new float[8], 4, 2, new float[3][3], 3, new float[6], true)).getMessage());
        assertEquals("PE tile 4 x 2 x 3 does not fit its arrays", assertThrows(IllegalArgumentException.class,
                () -> new PeKernel().matmulRows(new float[8], 4, 2, new float[4][3], 3, new float[5], true)).getMessage());
    }

    @Test
    void emptyTilesWriteZerosOrLeaveTheOldValues() {
        for (Kernel kern : new Kernel[] {FAST, REFERENCE, ROWS}) {
            // no rows: every sum is +0; begin writes it, accumulate adds it
            float[] out = {7f, -0f, 5f, 6f};
            kern.run(new float[0], 0, 2, new float[0], 2, out, false);
            assertArrayEquals(new float[] {7f, -0f + 0f, 5f, 6f}, out);
            kern.run(new float[0], 0, 2, new float[0], 2, out, true);
            assertArrayEquals(new float[] {0f, 0f, 0f, 0f}, out);
            // no columns or no elements: nothing written
            float[] keep = {1f, 2f};
            kern.run(new float[0], 3, 0, new float[6], 2, keep, true);
            kern.run(new float[6], 3, 2, new float[0], 0, keep, true);
            assertArrayEquals(new float[] {1f, 2f}, keep);
        }
    }

    @Test
    void scratchRowsGrowAndAreReusedAcrossCalls() {
        PeKernel k = new PeKernel();
        float[][] a = k.rowsOf(2, 3);
        assertEquals(2, a.length);
        assertEquals(3, a[0].length);
        assertEquals(a, k.rowsOf(1, 2));        // smaller: the same rows
        float[][] b = k.rowsOf(2, 5);           // wider: new rows, as many as before at least
        assertEquals(2, b.length);
        assertEquals(5, b[0].length);
        float[][] c = k.rowsOf(4, 1);           // more rows: keeps the width
        assertEquals(4, c.length);
        assertEquals(5, c[0].length);
        // a kernel reused for a wider tile after a narrow one computes the wide one whole
        float[] w = {1f, 2f};
        k.matmul(w, 1, 2, new float[] {3f}, 1, new float[2], true);
        float[] out = new float[2 * 7];
        float[] m = values(7, 1);
        k.matmul(w, 1, 2, m, 7, out, true);
        assertArrayEquals(naive(w, 1, 2, m, 7), out);
    }
}
