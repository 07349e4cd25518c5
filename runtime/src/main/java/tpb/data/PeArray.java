package tpb.data;

import tpb.isa.DtypeWire;
import tpb.isa.PeFp32Mode;
import tpb.isa.PeLwOrder;

/**
 * The PE (tensor engine) array of one core: the stationary tile LDWEIGHTS loads, and MATMUL,
 * which computes {@code dst[c][n] = sum_k W[k][c] * moving[k][n]} (stationary^T @ moving; NKI
 * {@code nc_matmul}, datapath-facts §2.1) with an fp32 sum in row order k = 0, 1, …
 * ({@link PeKernel}).
 *
 * <p>LDWEIGHTS reads partition k's pattern and places its j-th element in column
 * {@code cols - 1 - j} ({@link PeLwOrder#LAST_COL_FIRST}) or {@code j} (FIRST_COL_FIRST), the order
 * {@link #order(PeLwOrder)} sets. Which order a record loads in is the spec's: {@link LoadOrder}
 * reads it (the record's load_order bit on v4+, else the arch profile's {@code pe_lw_load_order}).
 * With LAST_COL_FIRST the fixture's backward rows (step -1) come out in memory order and the program
 * computes x @ y; with FIRST_COL_FIRST its output rows come out reversed (DataFixtureTest checks both).
 *
 * <p>Two ways in: the record-level methods take {@link AccessPattern}s (SBUF and PSUM as the
 * records address them: the moving tile is converted once, straight into the kernel's rows, and
 * each result row goes straight into PSUM's bytes, no fp32 copy of either tile between); the
 * array-level methods take fp32 arrays (the moving tile {@code rows x n} and the result
 * {@code cols x n}, row-major), for a caller that holds its tiles as floats.
 *
 * <p>A PE transpose ({@code transpose_mode} 1, NKI {@code nc_transpose}: the data as the
 * stationary, an identity as the moving tile) is {@link #transpose}: the stationary's elements
 * moved bit for bit where the arch profile's {@code pe_transpose_bit_exact} says the generation
 * does so, the product otherwise.
 */
public final class PeArray {
    private final PeKernel kernel = new PeKernel();
    private PeLwOrder order = PeLwOrder.LAST_COL_FIRST;
    private float[] weights = new float[0];   // [k * cols + c]
    private byte[] rawWeights = new byte[0];  // the same elements' bytes as read, in load order [k * cols + j], for the bit-exact transpose
    private boolean rawUp;                    // rawWeights holds each partition's elements in memory order (a reversed read's), [k * cols + cols - 1 - j]
    private DtypeWire weightsDtype;
    private PeLwOrder loadedOrder;            // the order the loaded tile was placed in
    private float[] values = new float[0];    // one partition of a load as fp32: scratch kept between records
    private int rows;
    private int cols;
    private boolean loaded;
    private SpareProcessor spare;             // null: every MATMUL on the core's thread

    public PeArray order(PeLwOrder o) {
        order = o;
        return this;
    }

    public PeLwOrder order() {
        return order;
    }

    /** Rows (partitions) of the loaded stationary tile. */
    public int rows() {
        return rows;
    }

    /** Columns of the loaded stationary tile. */
    public int cols() {
        return cols;
    }

    /** LDWEIGHTS: {@code rows} partitions of {@code src}, {@code cols} elements each. */
    public void loadWeights(AccessPattern src, int rows, int cols) {
        loadWeights(src, rows, cols, PeFp32Mode.NONE);
    }

    /**
     * LDWEIGHTS keeping {@code part} of each fp32 value ({@link #keepFp32Part(PeFp32Mode)}), split a
     * partition at a time as it is placed, while the partition's 128 values are in the L1 cache: an
     * fp32 conv2d loads every stationary tile twice (LOW, then HIGH), 16,384 elements a load.
     */
    public void loadWeights(AccessPattern src, int rows, int cols, PeFp32Mode part) {
        if (src.channels() != rows || src.count() != cols) {
            throw new DataFault("LDWEIGHTS reads " + src.channels() + " partitions x " + src.count()
                    + " elements but loads " + rows + " rows x " + cols + " columns");
        }
        if (spare != null) {
            spare.expect(rows, cols);
        }
        int eb = Elements.size(src.dtype());
        size(rows, cols, eb);
        if (values.length < cols) {
            values = new float[cols];
        }
        // a step -1 read (every conv2d's LDWEIGHTS) takes its bytes in one move, lowest address first,
        // which LAST_COL_FIRST places as they lie: the partition is one bulk decode and one copy
        rawUp = src.reversed();
        boolean flip = (order == PeLwOrder.LAST_COL_FIRST) != rawUp;   // values placed last first
        for (int k = 0; k < rows; k++) {
            int raw = k * cols * eb;
            if (rawUp) {
                src.readRawUp(k, rawWeights, raw);
            } else {
                src.readRaw(k, rawWeights, raw);
            }
            AccessPattern.decode(rawWeights, raw, src.dtype(), values, 0, cols);
            keepFp32Part(values, cols, part);
            int row = k * cols;
            if (flip) {
                for (int j = 0, c = row + cols - 1; j < cols; j++, c--) {
                    weights[c] = values[j];
                }
            } else {
                System.arraycopy(values, 0, weights, row, cols);
            }
        }
        weightsDtype = src.dtype();
        loadedOrder = order;
        loaded = true;
    }

    /**
     * LDWEIGHTS from fp32 values: {@code src} holds {@code rows} partitions of {@code cols}
     * elements in the order they are read ({@code src[k * cols + j]}). No bytes are kept, so a
     * later transpose takes them as fp32.
     */
    public void loadWeights(float[] src, int rows, int cols) {
        if (src.length < rows * cols) {
            throw new IllegalArgumentException(src.length + " values cannot fill " + rows + " x " + cols + " weights");
        }
        size(rows, cols, Float.BYTES);
        rawUp = false;
        for (int k = 0; k < rows; k++) {
            for (int j = 0; j < cols; j++) {
                int at = k * cols + column(j, cols);
                weights[at] = src[k * cols + j];
                int b = Float.floatToRawIntBits(src[k * cols + j]);
                for (int i = 0; i < Float.BYTES; i++) {
                    rawWeights[(k * cols + j) * Float.BYTES + i] = (byte) (b >>> (8 * i));   // little-endian, as memory holds it
                }
            }
        }
        weightsDtype = DtypeWire.FP32;
        loadedOrder = order;
        loaded = true;
    }

    /**
     * An fp32 matmul's part of the loaded fp32 weights: the compiler loads each fp32 stationary tile
     * twice, fp32_mode LOW then HIGH, each followed by a MATMUL of the same moving tile into the same
     * PSUM group (the attention NEFFs, neuronx-cc 2.23; the sunda conv2d NEFFs, 2.18), so the two
     * products add up in PSUM. How the hardware splits a value is not public; the split here is
     * ASSUMED ({@link #keepFp32Part(float[], int, PeFp32Mode)}), and LOW + HIGH is the weight itself, so the pair computes the fp32
     * product to within fp32 rounding, whatever the real split. NONE keeps the whole value.
     */
    public void keepFp32Part(PeFp32Mode part) {
        if (part == PeFp32Mode.NONE) {
            return;
        }
        keepFp32Part(weights, rows * cols, part);
    }

    /**
     * {@code part} of the first {@code n} values (in place): HIGH the bfloat16-truncated value (its top
     * 16 bits), LOW the exact rest, LOW_HIGH and NONE the whole value. The same split serves the
     * stationary tile (LDWEIGHTS fp32_mode) and the moving one (MATMUL fp32_mode).
     */
    static void keepFp32Part(float[] values, int n, PeFp32Mode part) {
        if (part != PeFp32Mode.LOW && part != PeFp32Mode.HIGH) {
            return;
        }
        if (part == PeFp32Mode.HIGH) {
            for (int i = 0; i < n; i++) {
                values[i] = Float.intBitsToFloat(Float.floatToRawIntBits(values[i]) & 0xFFFF0000);
            }
        } else {
            for (int i = 0; i < n; i++) {
                values[i] = values[i] - Float.intBitsToFloat(Float.floatToRawIntBits(values[i]) & 0xFFFF0000);
            }
        }
    }

    private void size(int rows, int cols, int elementBytes) {
        this.rows = rows;
        this.cols = cols;
        if (weights.length < rows * cols) {
            weights = new float[rows * cols];
        }
        if (rawWeights.length < rows * cols * elementBytes) {
            rawWeights = new byte[rows * cols * elementBytes];
        }
    }

    private int column(int j, int cols) {
        return order == PeLwOrder.LAST_COL_FIRST ? cols - 1 - j : j;
    }

    /**
     * MATMUL: the stationary tile against {@code moving} ({@code rows} partitions x N), into
     * {@code dst} ({@code cols} partitions x N). {@code begin} (the BEGIN_MATMUL_GROUP bit)
     * overwrites dst; otherwise the result is added to what dst holds, in fp32.
     */
    public void matmul(AccessPattern moving, AccessPattern dst, int rows, int cols, boolean begin) {
        matmul(moving, PeFp32Mode.NONE, dst, rows, cols, begin);
    }

    /**
     * As {@link #matmul(AccessPattern, AccessPattern, int, int, boolean)}, with {@code part} of the
     * moving tile ({@link #keepFp32Part(float[], int, PeFp32Mode)}). With a {@link #spare} processor
     * a large MATMUL's moving tile is converted here and its output rows (the stationary columns)
     * cut into pieces, which this thread and the spare share: only where dst's elements own their
     * bytes (no element written twice) and the moving tile's bytes are not dst's.
     */
    public void matmul(AccessPattern moving, PeFp32Mode part, AccessPattern dst, int rows, int cols, boolean begin) {
        int n = fits(moving, dst, rows, cols, "MATMUL");
        SpareProcessor s = spare;
        if (s == null || !s.worthSplitting(rows, cols, n) || !dst.ascending() || moving.overlaps(dst)) {
            product(kernel, weights, rows, cols, moving, part, dst, begin, n);
            return;
        }
        s.matmul(kernel, weights, rows, cols, converted(kernel, rows, moving, part, n), dst, begin, n);
    }

    /** A MATMUL with {@code kernel}'s scratch rows: the moving tile converted, then every output row into dst's bytes. */
    static void product(PeKernel kernel, float[] w, int rows, int cols, AccessPattern moving, PeFp32Mode part,
                        AccessPattern dst, boolean begin, int n) {
        kernel.matmulRows(w, rows, cols, converted(kernel, rows, moving, part, n), n, dst, 0, begin);
    }

    /**
     * The moving tile's {@code rows} partitions, each's part converted once to fp32, straight into
     * {@code kernel}'s scratch rows (returned).
     */
    static float[][] converted(PeKernel kernel, int rows, AccessPattern moving, PeFp32Mode part, int n) {
        float[][] m = kernel.rowsOf(rows, n);
        for (int k = 0; k < rows; k++) {
            moving.readFloats(k, m[k], 0, 0, n);
            keepFp32Part(m[k], n, part);
        }
        return m;
    }

    /**
     * Lends this PE a processor no core thread holds ({@link SpareProcessor}), or takes it back
     * (null): every MATMUL then runs on the core's thread.
     */
    public PeArray spare(SpareProcessor s) {
        spare = s;
        return this;
    }

    /**
     * MATMUL on fp32 arrays: {@code moving} is {@code rows() x n} ({@code moving[k * n + i]}),
     * {@code psum} is {@code cols() x n} and receives the result ({@code begin}) or has it added.
     */
    public void matmul(float[] moving, int n, float[] psum, boolean begin) {
        loaded("MATMUL");
        kernel.matmul(weights, rows, cols, moving, n, psum, begin);
    }

    /**
     * MATMUL with {@code transpose_mode} 1: NKI {@code nc_transpose} on the Tensor Engine, "a
     * matrix multiplication between data as the stationary tensor and an identity matrix as the
     * moving tensor", whose result has the data's dtype. {@code bitExact} (the arch profile's
     * {@code pe_transpose_bit_exact}: "Starting NeuronCore-v3, all Tensor Engine transpose is
     * bit-accurate") moves each stationary element {@code W[j][c]} to {@code dst[c][j]} as the
     * bytes LDWEIGHTS read, NaN payloads, infinities and -0 included; otherwise (NeuronCore-v2:
     * "not bit-accurate if the input data contains NaN/Inf") it is the product, where a NaN or an
     * infinity times the identity's zeros reaches its whole output column. Either way the moving
     * tile must be the {@code rows x rows} identity: no source says what a transpose of anything
     * else computes.
     */
    public void transpose(AccessPattern moving, AccessPattern dst, int rows, int cols, boolean bitExact) {
        int n = fits(moving, dst, rows, cols, "MATMUL transpose");
        if (n != rows) {
            throw new DataFault("MATMUL transpose moves " + n + " elements a partition but the stationary tile has "
                    + rows + " rows (the identity is rows x rows)");
        }
        for (int k = 0; k < rows; k++) {
            double[] mk = moving.read(k);
            for (int j = 0; j < n; j++) {
                double want = j == k ? 1.0 : 0.0;
                if (Double.doubleToRawLongBits(mk[j]) != Double.doubleToRawLongBits(want)) {
                    throw new DataFault("MATMUL transpose: the moving tile is not the identity (partition " + k + " element "
                            + j + " is " + mk[j] + "); no source gives a PE transpose of anything else");
                }
            }
        }
        if (!bitExact) {
            matmul(moving, dst, rows, cols, true);
            return;
        }
        if (dst.dtype() != weightsDtype) {
            throw new DataFault("MATMUL transpose writes " + dst.dtype().specName() + " but LDWEIGHTS loaded "
                    + weightsDtype.specName() + " (a transpose keeps the data's dtype)");
        }
        int eb = Elements.size(weightsDtype);
        for (int c = 0; c < cols; c++) {
            byte[] row = dst.row(c);
            for (int j = 0; j < n; j++) {
                // W[j][c] was element column(c) of partition j's load, in the load's order (column() is its own inverse)
                int loadedAt = loadedOrder == PeLwOrder.LAST_COL_FIRST ? cols - 1 - c : c;
                int at = rawUp ? cols - 1 - loadedAt : loadedAt;   // a reversed read's bytes are kept in memory order
                System.arraycopy(rawWeights, (j * cols + at) * eb, row, dst.byteOffset(j), eb);
            }
        }
    }

    private void loaded(String what) {
        if (!loaded) {
            throw new DataFault(what + " before any LDWEIGHTS: the PE array holds no stationary tile");
        }
    }

    /** Checks the shapes of a MATMUL against the loaded tile; returns N, the moving elements a partition. */
    private int fits(AccessPattern moving, AccessPattern dst, int rows, int cols, String what) {
        loaded("MATMUL");
        if (rows != this.rows || cols != this.cols) {
            throw new DataFault(what + " uses " + rows + " x " + cols + " of the PE array but LDWEIGHTS loaded "
                    + this.rows + " x " + this.cols);
        }
        int n = moving.count();
        if (moving.channels() != rows || dst.channels() != cols || dst.count() != n) {
            throw new DataFault(what + " moving " + moving.channels() + " x " + n + " and dst " + dst.channels() + " x "
                    + dst.count() + " do not fit a " + rows + " x " + cols + " stationary tile");
        }
        return n;
    }
}
