package tpb.data;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * An oracle for out = x @ y on fp16 inputs written here, independent of the simulator: each
 * out[m][n] is the fp32 sum over k = 0 .. K-1 of x[m][k] * y[k][n] in k order, rounded to fp16 —
 * computed a block of columns at a time from {@link MatmulValues} (never from the input files),
 * so checking a 128 x 65536 output needs a block's memory, not y's 4 GiB.
 *
 * <p>The bound, for any K. Every product of two fp16 values is exact in fp32 (11 + 11 significant
 * bits fit in 24; the smallest, 2^-24 x 2^-24 = 2^-48, is an fp32 normal), and no partial sum can
 * overflow fp32 (K x 65504^2 < 2^47 for K = 32768). The simulator adds the same K products in
 * another order: the PE sums each 128-row K tile in fp32, PSUM and the DVE's TENSOR_TENSOR add
 * those tile sums in fp32 (through RematSpillSave vars when the compiler spills). Any order of
 * fp32 additions of n terms is within gamma(n - 1) * sum|p| of the exact sum, gamma(n) =
 * n*u / (1 - n*u), u = 2^-24 (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed.,
 * §4.2, eq. 4.4 holds for every order), so the two fp32 sums differ by at most
 * 2 * gamma(K - 1) * sum|p|; for K = 32768, gamma(32767) = 32767 x 2^-24 / (1 - 32767 x 2^-24)
 * = 0.0019569 (to 5 figures). Rounding each to fp16 (nearest, monotone) adds at most one fp16 ulp
 * of the larger: |sim - oracle| <= 2 * gamma(K - 1) * sum|p| + ulp16(max(|sim|, |oracle|)), with
 * an fp16 infinity counted as 65536 (the next fp16 step past 65504). Where the exact fp32 sum is
 * not finite (a planted infinity or NaN among the products), the simulator must give the same
 * class bit for bit: NaN where the oracle has NaN, the same signed infinity where it has one.
 */
public final class MatmulOracle {
    private MatmulOracle() {
    }

    /** gamma(n) = n u / (1 - n u), u = 2^-24. */
    public static double gamma(int n) {
        return n * 0x1p-24 / (1 - n * 0x1p-24);
    }

    /** The output elements of columns [n0, n0 + width) outside the bound, described (empty when all agree). */
    public static List<String> check(MatmulValues x, MatmulValues y, Region out, int n0, int width) {
        int m = x.rows();
        int k = x.cols();
        int n = y.cols();
        double g = gamma(k - 1);
        float[] yb = new float[k * width];
        for (int kk = 0; kk < k; kk++) {
            for (int j = 0; j < width; j++) {
                yb[kk * width + j] = y.value(kk, n0 + j);
            }
        }
        float[] xr = new float[k];
        float[] sum = new float[width];
        double[] abs = new double[width];
        byte[] got = new byte[2 * width];
        List<String> bad = new ArrayList<>();
        for (int r = 0; r < m; r++) {
            for (int kk = 0; kk < k; kk++) {
                xr[kk] = x.value(r, kk);
            }
            java.util.Arrays.fill(sum, 0f);
            java.util.Arrays.fill(abs, 0);
            for (int kk = 0; kk < k; kk++) {
                float a = xr[kk];
                int base = kk * width;
                for (int j = 0; j < width; j++) {
                    float p = a * yb[base + j];
                    sum[j] += p;
                    abs[j] += Math.abs(p);
                }
            }
            out.get(((long) r * n + n0) * 2, got, 0, got.length);
            for (int j = 0; j < width; j++) {
                float sim = Fp16.toFloat((short) ((got[2 * j] & 0xFF) | (got[2 * j + 1] & 0xFF) << 8));
                float ref = Fp16.toFloat(Fp16.fromFloat(sum[j]));
                String where = "out[" + r + "][" + (n0 + j) + "]";
                if (!Float.isFinite(sum[j])) {
                    if (Float.isNaN(sum[j]) != Float.isNaN(sim) || (!Float.isNaN(sim) && sim != ref)) {
                        bad.add(where + " = " + sim + ", the oracle's fp32 sum is " + sum[j]);
                    }
                    continue;
                }
                if (Float.isNaN(sim)) {
                    bad.add(where + " = NaN, the oracle's is " + ref);
                    continue;
                }
                double a = Float.isInfinite(sim) ? Math.copySign(65536, sim) : sim;
                double b = Float.isInfinite(ref) ? Math.copySign(65536, ref) : ref;
                double big = Math.min(65504, Math.max(Math.abs(a), Math.abs(b)));
                double ulp = Math.max(Math.ulp(Fp16.toFloat(Fp16.fromFloat((float) big))) * 0x1p13, 0x1p-24);
                double tol = 2 * g * abs[j] + ulp;
                if (Math.abs(a - b) > tol) {
                    bad.add(where + " = " + sim + ", the oracle's is " + ref + " (bound " + tol + ")");
                }
            }
        }
        return bad;
    }

    /** {@code MatmulOracle OUT.npy SEED M K N n0,n0,...}: checks 64-column blocks of OUT against the oracle. */
    public static void main(String[] args) throws IOException {
        long seed = Long.parseLong(args[1]);
        int m = Integer.parseInt(args[2]);
        int k = Integer.parseInt(args[3]);
        int n = Integer.parseInt(args[4]);
        try (FileChannel ch = FileChannel.open(Path.of(args[0]), StandardOpenOption.READ)) {
            Npy.Header h = Npy.header(ch);
            Region out = Region.map(ch, h.dataOffset(), h.dataBytes(), FileChannel.MapMode.READ_ONLY);
            int total = 0;
            for (String s : args[5].split(",")) {
                List<String> bad = check(MatmulValues.x(seed, m, k, true), MatmulValues.y(seed, k, n, true), out,
                        Integer.parseInt(s), 64);
                total += bad.size();
                System.out.println("columns " + s + "+64: " + bad.size() + " outside the bound" + (bad.isEmpty() ? "" : ": " + bad.get(0)));
            }
            System.exit(total == 0 ? 0 : 1);
        }
    }
}
