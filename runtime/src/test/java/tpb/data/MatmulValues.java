package tpb.data;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The inputs of a matmul test as a pure function of (seed, index): element i of x (M x K) and of
 * y (K x N) is computed, never stored, so an oracle can recompute any input element without
 * reading the multi-GiB file back, and the file is written a row at a time.
 *
 * <p>The mix (per 2^16 elements, from a 64-bit hash of seed and index): about 1 in 2^6 an fp16
 * subnormal (either sign), 1 in 2^6 zero (either sign), 1 in 2^20 ±65504 (more would push most
 * K = 32768 sums past fp16's range), the rest a random fp16 of magnitude in [2^-4, 2^2) with a
 * random sign and mantissa. Infinities and NaN would make a
 * whole output row or column non-finite, so they are planted at a few positions only
 * ({@link #PLANTED}): x[1][7] = +inf, x[2][K-1] = NaN, y[3][5] = -inf (a column of -inf unless
 * met by a zero or +inf, then NaN) — each must propagate as IEEE fp32 sums do.
 */
public final class MatmulValues {
    /** Planted (row, col, fp16 bits) of x and then of y; see the class comment. */
    public static final int[][] PLANTED_X = {{1, 7, 0x7C00}, {2, -1, 0x7E00}};
    public static final int[][] PLANTED_Y = {{3, 5, 0xFC00}};
    public static final String PLANTED = "x[1][7]=+inf, x[2][K-1]=NaN, y[3][5]=-inf";

    private final long seed;
    private final int rows;
    private final int cols;
    private final int[][] planted;

    private MatmulValues(long seed, int rows, int cols, int[][] planted) {
        this.seed = seed;
        this.rows = rows;
        this.cols = cols;
        this.planted = planted;
    }

    public static MatmulValues x(long seed, int m, int k, boolean edges) {
        return new MatmulValues(seed * 2, m, k, edges ? PLANTED_X : new int[0][]);
    }

    public static MatmulValues y(long seed, int k, int n, boolean edges) {
        return new MatmulValues(seed * 2 + 1, k, n, edges ? PLANTED_Y : new int[0][]);
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    /** fp16 bits of element (r, c). */
    public short bits(int r, int c) {
        for (int[] p : planted) {
            if (p[0] == r && (p[1] < 0 ? cols + p[1] : p[1]) == c) {
                return (short) p[2];
            }
        }
        long h = mix(seed * 0x9E3779B97F4A7C15L + (long) r * cols + c);
        int sel = (int) (h >>> 48);          // 16 bits
        int sign = (int) (h >>> 47) & 1;
        int mant = (int) (h >>> 37) & 0x3FF;
        int bits;
        if ((h & 0xFFFFF) == 0) {
            bits = 0x7BFF;                   // 65504
        } else if (sel < 1024) {
            bits = Math.max(mant, 1);        // subnormal
        } else if (sel < 2048) {
            bits = 0;                        // zero
        } else {
            int exp = 15 - 4 + (int) ((h >>> 32) & 0x3) + (int) ((h >>> 34) & 0x3) / 2 * 2;   // 2^-4 .. 2^1
            bits = exp << 10 | mant;
        }
        return (short) (sign << 15 | bits);
    }

    public float value(int r, int c) {
        return Fp16.toFloat(bits(r, c));
    }

    /** SplitMix64's finaliser (Steele, Lea, Flood 2014): a fixed, well-mixed hash. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Writes the array as a .npy file (fp16, rows x cols), a row at a time. */
    public void write(Path file) throws IOException {
        byte[] header = Npy.headerBytes(NpyType.FLOAT16, new int[] {rows, cols});
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ch.write(ByteBuffer.wrap(header));
            ByteBuffer row = ByteBuffer.allocateDirect(cols * 2).order(ByteOrder.LITTLE_ENDIAN);
            for (int r = 0; r < rows; r++) {
                row.clear();
                for (int c = 0; c < cols; c++) {
                    row.putShort(bits(r, c));
                }
                row.flip();
                while (row.hasRemaining()) {
                    ch.write(row);
                }
            }
        }
    }

    /** {@code MatmulValues DIR SEED M K N}: writes DIR/x.npy and DIR/y.npy (with the planted edges). */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        long seed = Long.parseLong(args[1]);
        int m = Integer.parseInt(args[2]);
        int k = Integer.parseInt(args[3]);
        int n = Integer.parseInt(args[4]);
        x(seed, m, k, true).write(dir.resolve("x.npy"));
        y(seed, k, n, true).write(dir.resolve("y.npy"));
    }
}
