package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

import tpb.isa.PeLwOrder;

/**
 * NaN, infinity, -0 and subnormal inputs through the fixture NEFF ({@code np.matmul(x, y)}, x
 * fp16 128 x 256, y fp16 256 x 128) on cayman, element for element against an oracle written
 * here. The program transposes x on the PE (MATMUL transpose_mode 1, an identity as the moving
 * tile) before it multiplies; on cayman that transpose moves bits (NKI {@code nc_transpose}:
 * "Starting NeuronCore-v3, all Tensor Engine transpose is bit-accurate"), so a NaN in x[m][k]
 * reaches only output row m, as in numpy. Modelled as a product with the identity, NaN x 0 put
 * it in every column of the transposed tile, hence every output element.
 *
 * <p>The oracle sums in the order the records do, so it is exact, not within a tolerance: the
 * PE matmuls are two K-tiles (sg00 PE records 9 and 11, MULTI_START then MULTI_END, the first
 * over x's columns 0..127), each summed in fp32 from +0 in partition order, the second added to
 * the first in PSUM; the ACT copy rounds the fp32 sum to fp16 (nearest, ties to even). So
 * {@code out[m][n] = fp16(s0 + s1)}, {@code s_t = sum over k in tile t of x[m][k] * y[k][n]},
 * each product exact in fp32. Where the oracle is NaN the output must be a NaN; elsewhere the
 * fp16 bits must be equal, the sign of zero included.
 */
class TransposeFixtureTest {
    static final int M = DataFixtureTest.M;
    static final int K = DataFixtureTest.K;
    static final int N = DataFixtureTest.N;
    static final int TILE = 128;
    static final short NAN = 0x7E00;
    static final short INF = 0x7C00;

    private static float oracle(Npy.Array x, Npy.Array y, int m, int n) {
        float total = 0f;
        for (int t = 0; t < K; t += TILE) {
            float s = 0f;
            for (int k = t; k < t + TILE; k++) {
                s += DataFixtureTest.at(x, m * K + k) * DataFixtureTest.at(y, k * N + n);
            }
            total = t == 0 ? s : total + s;
        }
        return Fp16.toFloat(Fp16.fromFloat(total));
    }

    /** Runs the fixture and checks every element against the oracle; returns the output. */
    private static Npy.Array runChecked(Npy.Array x, Npy.Array y) {
        Npy.Array out = DataFixtureTest.run(DataFixtureTest.IMAGE, x, y, PeLwOrder.LAST_COL_FIRST);
        for (int m = 0; m < M; m++) {
            for (int n = 0; n < N; n++) {
                float want = oracle(x, y, m, n);
                float got = DataFixtureTest.at(out, m * N + n);
                if (Float.isNaN(want)) {
                    assertTrue(Float.isNaN(got), "out[" + m + "][" + n + "] = " + got + ", the oracle NaN");
                } else {
                    assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(got),
                            "out[" + m + "][" + n + "] = " + got + ", the oracle " + want);
                }
            }
        }
        return out;
    }

    /** The output rows that hold a NaN, and how many NaNs there are in all. */
    private record Nans(Set<Integer> rows, int count) {
        static Nans of(Npy.Array out) {
            Set<Integer> rows = new TreeSet<>();
            int count = 0;
            for (int i = 0; i < M * N; i++) {
                if (Float.isNaN(DataFixtureTest.at(out, i))) {
                    rows.add(i / N);
                    count++;
                }
            }
            return new Nans(rows, count);
        }
    }

    private static Npy.Array gaussian(long seed, int rows, int cols, IntUnaryOperator override) {
        Random r = new Random(seed);
        return DataFixtureTest.fp16(rows, cols, i -> {
            int o = override.applyAsInt(i);
            return o >= 0 ? o : Fp16.fromFloat((float) r.nextGaussian()) & 0xFFFF;
        });
    }

    @Test
    void aNanAtX5_7ReachesOnlyRow5() {
        Npy.Array x = gaussian(1, M, K, i -> i == 5 * K + 7 ? NAN : -1);
        Npy.Array y = gaussian(2, K, N, i -> -1);
        assertEquals(new Nans(Set.of(5), N), Nans.of(runChecked(x, y)));   // numpy: the 128 elements of row 5
    }

    /** A NaN in the second K-tile (x[70][200]) and one in y (y[3][9]): row 70 and column 9, which cross once. */
    @Test
    void nansInTheSecondKTileAndInY() {
        Npy.Array x = gaussian(3, M, K, i -> i == 70 * K + 200 ? NAN : -1);
        Npy.Array y = gaussian(4, K, N, i -> i == 3 * N + 9 ? NAN : -1);
        assertEquals(N + M - 1, Nans.of(runChecked(x, y)).count());
    }

    /**
     * x's row 9 all +infinity: against a positive y each element of output row 9 is +infinity
     * (inf x positive, summed); against a y of mixed signs +inf + -inf makes NaN. Either way no
     * other row changes.
     */
    @Test
    void anInfinityRowStaysInItsRow() {
        Npy.Array x = gaussian(5, M, K, i -> i / K == 9 ? INF : -1);
        Random r = new Random(6);
        Npy.Array positive = DataFixtureTest.fp16(K, N, i -> Fp16.fromFloat((float) Math.abs(r.nextGaussian()) + 0x1p-10f) & 0xFFFF);
        Npy.Array out = runChecked(x, positive);
        assertEquals(new Nans(Set.of(), 0), Nans.of(out));
        for (int n = 0; n < N; n++) {
            assertEquals(Float.POSITIVE_INFINITY, DataFixtureTest.at(out, 9 * N + n));
        }
        assertEquals(Set.of(9), Nans.of(runChecked(x, gaussian(7, K, N, i -> -1))).rows());
    }

    /**
     * Signed zeros and subnormals: x's row 3 all -0 (every product ±0, summed from +0: +0), a
     * quarter of the rest subnormal (products down to 2^-48, exact in fp32, summed and rounded
     * to fp16 subnormals or zero), -0 scattered in both; equal bit for bit.
     */
    @Test
    void negativeZerosAndSubnormals() {
        Random r = new Random(8);
        IntUnaryOperator mixed = i -> switch (r.nextInt(8)) {
            case 0, 1 -> r.nextInt(0x400) | (r.nextBoolean() ? 0x8000 : 0);   // subnormal or ±0
            case 2 -> 0x8000;                                                  // -0
            default -> Fp16.fromFloat((float) r.nextGaussian()) & 0xFFFF;
        };
        Npy.Array x = DataFixtureTest.fp16(M, K, i -> i / K == 3 ? 0x8000 : mixed.applyAsInt(i));
        Npy.Array y = DataFixtureTest.fp16(K, N, mixed);
        Npy.Array out = runChecked(x, y);
        assertEquals(new Nans(Set.of(), 0), Nans.of(out));
        for (int n = 0; n < N; n++) {
            assertEquals(0, Float.floatToRawIntBits(DataFixtureTest.at(out, 3 * N + n)), "+0 at row 3");
        }
    }
}
