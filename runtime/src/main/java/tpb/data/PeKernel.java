package tpb.data;

import java.util.Arrays;

/**
 * The PE array's arithmetic on plain fp32 arrays: {@code out[c][i] = sum_k w[k][c] * moving[k][i]}
 * (stationary^T @ moving, NKI {@code nc_matmul}), each output element summed from +0 in k order
 * 0, 1, … in fp32, a multiply then an add per step (never fused: Java does not contract
 * {@code a += w * m}, and C2 emits no FMA for it). Products of fp16 or bf16 inputs are exact in
 * fp32, so only the order of the adds shapes the answer, and it is fixed: every kernel here gives
 * the same bits (up to which NaN a NaN sum carries, which Java leaves open), on any machine.
 *
 * <p>Layouts: {@code w} is {@code rows x cols} ({@code w[k * cols + c]}), the moving tile
 * {@code rows x n} (partition k's n elements, row-major, or one array per partition), the result
 * {@code cols x n} row-major. {@code begin} (the BEGIN_MATMUL_GROUP bit) overwrites the result;
 * otherwise the tile's sum is added to what the result holds ({@code old + sum}, one fp32 add),
 * as the PSUM accumulates.
 *
 * <p>{@link #matmul} is the fast kernel: it computes two output columns a pass, so each moving
 * row is read once per pair, into accumulator rows that stay in L1 (2 x 2 KiB for n = 512), four
 * moving rows at a time, so each accumulator element is loaded and stored once per four
 * products, with a loop over i that C2 vectorises (AVX-512 here). The accumulators and the
 * moving rows are separate arrays indexed by the loop variable alone: with an invariant offset (the row-major
 * {@code acc[c * n + i]} of {@link #reference}) C2's SuperWord cannot tell the references apart
 * and leaves the loop scalar. Blocking over n as well measured slower (the shorter loops pay
 * their pre- and post-loops), and so did four columns or eight moving rows a pass (C2 stops
 * vectorising). {@code jdk.incubator.vector} with eight accumulators in registers was 5-22 %
 * faster in two runs, not enough to ship the module flag, whose "Using incubator modules" warning the JVM
 * prints on stderr at every start with no option to silence it (docs/performance.md).
 *
 * <p>{@link #reference} is the kernel PeArray used before, one PE row at a time over the whole
 * result; it stays as the baseline the tests compare bit for bit and DataBench times.
 *
 * <p>An instance keeps its scratch rows between calls: one per core (thread), as each
 * {@link PeArray} holds its own.
 */
public final class PeKernel {
    private float[][] movingRows = new float[0][];
    private float[] acc0 = new float[0];
    private float[] acc1 = new float[0];

    /**
     * The fast kernel on a row-major moving tile ({@code moving[k * n + i]}, {@code rows x n}):
     * copied once into one array per partition (the layout C2 vectorises), then
     * {@link #matmulRows}.
     */
    public void matmul(float[] w, int rows, int cols, float[] moving, int n, float[] out, boolean begin) {
        check(w, rows, cols, moving.length >= (long) rows * n, n, out);
        float[][] m = rowsOf(rows, n);
        for (int k = 0; k < rows; k++) {
            System.arraycopy(moving, k * n, m[k], 0, n);
        }
        matmulRows(w, rows, cols, m, n, out, begin);
    }

    /** Scratch rows for a moving tile of {@code rows x n}, reused between calls; fill them and pass them to {@link #matmulRows}. */
    public float[][] rowsOf(int rows, int n) {
        int width = movingRows.length == 0 ? 0 : movingRows[0].length;
        if (movingRows.length < rows || width < n) {
            movingRows = new float[Math.max(rows, movingRows.length)][Math.max(n, width)];
        }
        return movingRows;
    }

    /**
     * Where the kernel puts each finished output row: {@code sum} (its first n elements) written to
     * elements {@code [from, from + n)} of row c ({@code begin}) or added to what they hold
     * ({@code old + sum}, one fp32 add, as PSUM accumulates). {@link AccessPattern} is one, so a
     * MATMUL's rows go straight to PSUM's bytes with no fp32 copy of the PSUM tile between.
     */
    public interface Rows {
        void store(int c, float[] sum, int from, int n, boolean begin);
    }

    /** The fast kernel on a moving tile given as one array per partition ({@code moving[k][i]}, at least n long each). */
    public void matmulRows(float[] w, int rows, int cols, float[][] moving, int n, float[] out, boolean begin) {
        check(w, rows, cols, moving.length >= rows, n, out);
        arrayRows.out = out;
        arrayRows.width = n;
        try {
            matmulRows(w, rows, cols, moving, n, arrayRows, 0, begin);
        } finally {
            arrayRows.out = null;   // the caller's array is not kept past the call
        }
    }

    /** A row-major result array as {@link Rows}, kept so that a call allocates nothing. */
    private static final class ArrayRows implements Rows {
        float[] out;
        int width;

        @Override
        public void store(int c, float[] sum, int from, int n, boolean begin) {
            PeKernel.store(sum, out, c * width + from, n, begin);
        }
    }

    private final ArrayRows arrayRows = new ArrayRows();

    /**
     * As {@link #matmulRows(float[], int, int, float[][], int, float[], boolean)}, each output row given to
     * {@code out} as its elements {@code [from, from + n)}: the moving tile is then that part of a wider
     * one, whose elements' sums depend on their own moving column alone, so any cut of the columns
     * gives every element the bits of one call over the whole tile.
     */
    public void matmulRows(float[] w, int rows, int cols, float[][] moving, int n, Rows out, int from, boolean begin) {
        matmulRows(w, rows, cols, moving, n, out, from, begin, 0, cols);
    }

    /**
     * As {@link #matmulRows(float[], int, int, float[][], int, Rows, int, boolean)}, output rows
     * {@code [c0, c1)} alone: an output row's sums depend on its own stationary column alone, so any
     * cut of the rows, computed by any threads each with its own kernel (scratch), gives the bits of
     * one call. The moving rows are only read: two threads may share them.
     */
    public void matmulRows(float[] w, int rows, int cols, float[][] moving, int n, Rows out, int from, boolean begin,
                           int c0, int c1) {
        check(w, rows, cols, moving.length >= rows, n, null);
        if (c0 < 0 || c1 > cols || c0 > c1) {
            throw new IllegalArgumentException("output rows [" + c0 + ", " + c1 + ") of " + cols);
        }
        if (acc0.length < n) {
            acc0 = new float[n];
            acc1 = new float[n];
        }
        float[] a0 = acc0;
        float[] a1 = acc1;
        int c = c0;
        for (; c + 1 < c1; c += 2) {
            Arrays.fill(a0, 0, n, 0f);
            Arrays.fill(a1, 0, n, 0f);
            int k = 0;
            for (; k + K_STEP <= rows; k += K_STEP) {
                twoColumnsFourRows(w, cols, c, moving, k, n, a0, a1);
            }
            for (; k < rows; k++) {
                twoColumnsOneRow(w[k * cols + c], w[k * cols + c + 1], moving[k], n, a0, a1);
            }
            out.store(c, a0, from, n, begin);
            out.store(c + 1, a1, from, n, begin);
        }
        if (c < c1) {
            Arrays.fill(a0, 0, n, 0f);
            for (int k = 0; k < rows; k++) {
                float w0 = w[k * cols + c];
                float[] m = moving[k];
                for (int i = 0; i < n; i++) {
                    a0[i] += w0 * m[i];
                }
            }
            out.store(c, a0, from, n, begin);
        }
    }

    /** Moving rows a pass: each accumulator element is read and written once per four products. */
    private static final int K_STEP = 4;

    /**
     * Columns c and c + 1, moving rows k .. k + 3: {@code a[i] = a[i] + w_k * m_k[i] + … + w_k+3 * m_k+3[i]},
     * which Java evaluates left to right, so each element still adds its products in k order.
     */
    private static void twoColumnsFourRows(float[] w, int cols, int c, float[][] moving, int k, int n, float[] a0, float[] a1) {
        float[] m0 = moving[k];
        float[] m1 = moving[k + 1];
        float[] m2 = moving[k + 2];
        float[] m3 = moving[k + 3];
        int r0 = k * cols + c;
        int r1 = r0 + cols;
        int r2 = r1 + cols;
        int r3 = r2 + cols;
        float w00 = w[r0];
        float w01 = w[r1];
        float w02 = w[r2];
        float w03 = w[r3];
        float w10 = w[r0 + 1];
        float w11 = w[r1 + 1];
        float w12 = w[r2 + 1];
        float w13 = w[r3 + 1];
        for (int i = 0; i < n; i++) {
            float x0 = m0[i];
            float x1 = m1[i];
            float x2 = m2[i];
            float x3 = m3[i];
            a0[i] = a0[i] + w00 * x0 + w01 * x1 + w02 * x2 + w03 * x3;
            a1[i] = a1[i] + w10 * x0 + w11 * x1 + w12 * x2 + w13 * x3;
        }
    }

    private static void twoColumnsOneRow(float w0, float w1, float[] m, int n, float[] a0, float[] a1) {
        for (int i = 0; i < n; i++) {
            float x = m[i];
            a0[i] += w0 * x;
            a1[i] += w1 * x;
        }
    }

    /** One finished output row: written, or added to the old value ({@code old + sum}, as PSUM accumulation). */
    private static void store(float[] sum, float[] out, int at, int n, boolean begin) {
        if (begin) {
            System.arraycopy(sum, 0, out, at, n);
        } else {
            for (int i = 0; i < n; i++) {
                out[at + i] = out[at + i] + sum[i];
            }
        }
    }

    /**
     * The baseline: the kernel PeArray ran before this class, one PE row k at a time
     * ({@code acc[c][i] += w[k][c] * m[k][i]} over the whole {@code cols x n} sum, which C2 leaves
     * scalar), then written or added to {@code out}. Same arguments as {@link #matmul}.
     */
    public static void reference(float[] w, int rows, int cols, float[] moving, int n, float[] out, boolean begin) {
        check(w, rows, cols, moving.length >= (long) rows * n, n, out);
        float[] acc = new float[cols * n];
        float[] m = new float[n];
        for (int k = 0; k < rows; k++) {
            System.arraycopy(moving, k * n, m, 0, n);
            for (int c = 0; c < cols; c++) {
                float wc = w[k * cols + c];
                int base = c * n;
                for (int i = 0; i < n; i++) {
                    acc[base + i] += wc * m[i];
                }
            }
        }
        for (int c = 0; c < cols; c++) {
            store(Arrays.copyOfRange(acc, c * n, c * n + n), out, c * n, n, begin);
        }
    }

    private static void check(float[] w, int rows, int cols, boolean movingFits, int n, float[] out) {
        if (rows < 0 || cols < 0 || n < 0 || w.length < (long) rows * cols || !movingFits
                || out != null && out.length < (long) cols * n) {
            throw new IllegalArgumentException("PE tile " + rows + " x " + cols + " x " + n + " does not fit its arrays");
        }
    }
}
