package tpb.data;

/**
 * The PE (tensor engine) array of one core: the stationary tile LDWEIGHTS loads, and MATMUL,
 * which computes {@code dst[c][n] = sum_k W[k][c] * moving[k][n]} (stationary^T @ moving; NKI
 * {@code nc_matmul}, datapath-facts §2.1) with an fp32 sum in row order k = 0, 1, ….
 *
 * <p>LDWEIGHTS reads partition k's pattern and places its j-th element in column
 * {@code cols - 1 - j} ({@link LoadOrder#LAST_COL_FIRST}). The sources state that default only
 * for v4+ («PEPATH» §3.1); for cayman it is INFERRED from the fixture, whose LDWEIGHTS read each
 * row backwards (step -1 from the last element): with LAST_COL_FIRST the columns come out in
 * memory order and the program computes x @ y; with FIRST_COL_FIRST its output rows come out
 * reversed (DataFixtureTest checks both).
 *
 * <p>The sum is in fp32 with a multiply and an add per step (never fused: Java does not contract
 * {@code a += w * m}); products of fp16 or bf16 inputs are exact in fp32. The kernel is plain Java,
 * one PE row at a time: a counted float loop over the moving free axis that C2 auto-vectorises
 * (SuperWord). No library: the fp32 sum order per element must stay k = 0, 1, … so PSUM sums are
 * reproducible, which a BLAS does not promise. (An 8 x 64 tiled variant measured slower here:
 * README, Speed.)
 */
public final class PeArray {
    /** Where LDWEIGHTS puts the first element it reads. */
    public enum LoadOrder { LAST_COL_FIRST, FIRST_COL_FIRST }

    private LoadOrder order = LoadOrder.LAST_COL_FIRST;
    private float[] weights = new float[0];   // [k * cols + c]
    private int rows;
    private int cols;
    private boolean loaded;

    public PeArray order(LoadOrder o) {
        order = o;
        return this;
    }

    public LoadOrder order() {
        return order;
    }

    /** LDWEIGHTS: {@code rows} partitions of {@code src}, {@code cols} elements each. */
    public void loadWeights(AccessPattern src, int rows, int cols) {
        if (src.channels() != rows || src.count() != cols) {
            throw new DataFault("LDWEIGHTS reads " + src.channels() + " partitions x " + src.count()
                    + " elements but loads " + rows + " rows x " + cols + " columns");
        }
        this.rows = rows;
        this.cols = cols;
        if (weights.length < rows * cols) {
            weights = new float[rows * cols];
        }
        for (int k = 0; k < rows; k++) {
            double[] v = src.read(k);
            for (int j = 0; j < cols; j++) {
                int c = order == LoadOrder.LAST_COL_FIRST ? cols - 1 - j : j;
                weights[k * cols + c] = (float) v[j];
            }
        }
        loaded = true;
    }

    /**
     * MATMUL: the stationary tile against {@code moving} ({@code rows} partitions x N), into
     * {@code dst} ({@code cols} partitions x N). {@code begin} (the BEGIN_MATMUL_GROUP bit)
     * overwrites dst; otherwise the result is added to what dst holds, in fp32.
     */
    public void matmul(AccessPattern moving, AccessPattern dst, int rows, int cols, boolean begin) {
        if (!loaded) {
            throw new DataFault("MATMUL before any LDWEIGHTS: the PE array holds no stationary tile");
        }
        if (rows != this.rows || cols != this.cols) {
            throw new DataFault("MATMUL uses " + rows + " x " + cols + " of the PE array but LDWEIGHTS loaded "
                    + this.rows + " x " + this.cols);
        }
        int n = moving.count();
        if (moving.channels() != rows || dst.channels() != cols || dst.count() != n) {
            throw new DataFault("MATMUL moving " + moving.channels() + " x " + n + " and dst " + dst.channels() + " x "
                    + dst.count() + " do not fit a " + rows + " x " + cols + " stationary tile");
        }
        float[] acc = new float[cols * n];
        float[] m = new float[n];
        for (int k = 0; k < rows; k++) {
            double[] mk = moving.read(k);
            for (int i = 0; i < n; i++) {
                m[i] = (float) mk[i];
            }
            multiplyAdd(weights, k * cols, cols, m, acc, n);
        }
        for (int c = 0; c < cols; c++) {
            double[] out = new double[n];
            double[] old = begin ? null : dst.read(c);
            for (int i = 0; i < n; i++) {
                float v = acc[c * n + i];
                out[i] = begin ? v : (float) ((float) old[i] + v);
            }
            dst.write(c, out);
        }
    }

    /**
     * One PE row k: {@code acc[c][i] += w[k][c] * m[i]} for every column c and moving element i
     * ({@code w} from {@code wOff}, {@code cols} wide; {@code acc} is cols x n). The loop over i is
     * independent per element, so C2 vectorises it; the sum order over k stays 0, 1, … per
     * element. Public for the JMH benchmark (DataBench).
     */
    public static void multiplyAdd(float[] w, int wOff, int cols, float[] m, float[] acc, int n) {
        for (int c = 0; c < cols; c++) {
            float wc = w[wOff + c];
            int base = c * n;
            for (int i = 0; i < n; i++) {
                acc[base + i] += wc * m[i];
            }
        }
    }
}
