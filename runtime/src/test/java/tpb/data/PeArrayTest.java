package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.isa.PeLwOrder;

/**
 * LDWEIGHTS + MATMUL on hand-placed SBUF data, against sums computed here: K = 4 partitions,
 * M = 3 columns, N = 5 moving elements. The stationary tile is read backwards, as every
 * LDWEIGHTS of the fixture does (step -1 from the row's last element).
 */
class PeArrayTest {
    private static final int K = 4;
    private static final int M = 3;
    private static final int N = 5;
    private final CoreState core = new CoreState(Arch.CAYMAN);
    private final float[][] w = new float[K][M];
    private final float[][] mv = new float[K][N];

    PeArrayTest() {
        Random r = new Random(7);
        for (int k = 0; k < K; k++) {
            for (int c = 0; c < M; c++) {
                w[k][c] = Fp16.toFloat(Fp16.fromFloat((float) r.nextGaussian()));
                sbufFp16(k, 0x100 + 2 * c, w[k][c]);
            }
            for (int n = 0; n < N; n++) {
                mv[k][n] = Fp16.toFloat(Fp16.fromFloat((float) r.nextGaussian()));
                sbufFp16(k, 0x200 + 2 * n, mv[k][n]);
            }
        }
    }

    private void sbufFp16(int p, int at, float v) {
        Elements.write(core.sbuf().row(p, at, 2), at, DtypeWire.FP16, v);
    }

    private AccessPattern reversedWeights() {
        return new AccessPattern(new Location(core.sbuf(), 0, 0x100 + 2 * (M - 1)), new int[] {-1, 0, 0},
                new int[] {M, 1, 1}, DtypeWire.FP16, K);
    }

    private AccessPattern moving() {
        return new AccessPattern(new Location(core.sbuf(), 0, 0x200), new int[] {1, 0, 0}, new int[] {N, 1, 1},
                DtypeWire.FP16, K);
    }

    private AccessPattern psum() {
        return new AccessPattern(new Location(core.psum(), 0, 0x800), new int[] {1, 0, 0}, new int[] {N, 1, 1},
                DtypeWire.FP32, M);
    }

    private float expected(int c, int n) {
        float s = 0;
        for (int k = 0; k < K; k++) {
            s += w[k][c] * mv[k][n];
        }
        return s;
    }

    @Test
    void lastColumnFirstComputesStationaryTransposedTimesMoving() {
        core.pe().loadWeights(reversedWeights(), K, M);
        core.pe().matmul(moving(), psum(), K, M, true);
        for (int c = 0; c < M; c++) {
            double[] row = psum().read(c);
            for (int n = 0; n < N; n++) {
                assertEquals(expected(c, n), row[n], 0.0, "dst[" + c + "][" + n + "]");
            }
        }
    }

    @Test
    void firstColumnFirstWouldReverseTheColumns() {
        core.pe().order(PeLwOrder.FIRST_COL_FIRST).loadWeights(reversedWeights(), K, M);
        core.pe().matmul(moving(), psum(), K, M, true);
        for (int c = 0; c < M; c++) {
            double[] row = psum().read(c);
            for (int n = 0; n < N; n++) {
                assertEquals(expected(M - 1 - c, n), row[n], 0.0);
            }
        }
    }

    @Test
    void withoutBeginTheProductIsAddedToPsum() {
        core.pe().loadWeights(reversedWeights(), K, M);
        core.pe().matmul(moving(), psum(), K, M, true);
        core.pe().matmul(moving(), psum(), K, M, false);
        for (int c = 0; c < M; c++) {
            double[] row = psum().read(c);
            for (int n = 0; n < N; n++) {
                assertEquals(expected(c, n) + expected(c, n), row[n], 0.0);
            }
        }
    }

    @Test
    void shapesThatDoNotFitAreFaults() {
        assertEquals("MATMUL before any LDWEIGHTS: the PE array holds no stationary tile",
                assertThrows(DataFault.class, () -> core.pe().matmul(moving(), psum(), K, M, true)).getMessage());
        assertEquals("LDWEIGHTS reads 4 partitions x 3 elements but loads 4 rows x 4 columns",
                assertThrows(DataFault.class, () -> core.pe().loadWeights(reversedWeights(), K, 4)).getMessage());
    }

    /**
     * The 4 x 3 fp16 edge tile at SBUF 0x300 (a signalling NaN 0x7C01, -0, the smallest subnormal
     * 0x0001, -infinity; [k][j] as stored) and the 4 x 4 fp16 identity at 0x400; returns the tile.
     */
    private short[][] edgeTileAndIdentity() {
        short[][] edge = {{0x7C01, (short) 0x8000, 0x3C00}, {0x0001, 0x4000, (short) 0xFC00}, {0x3800, 0x3400, 0x3000},
                {0x2C00, 0x2800, 0x2400}};
        for (int k = 0; k < K; k++) {
            byte[] row = core.sbuf().row(k, 0x300, 2 * M);
            for (int j = 0; j < M; j++) {
                row[0x300 + 2 * j] = (byte) edge[k][j];
                row[0x300 + 2 * j + 1] = (byte) (edge[k][j] >> 8);
            }
            for (int j = 0; j < K; j++) {
                sbufFp16(k, 0x400 + 2 * j, j == k ? 1f : 0f);
            }
        }
        return edge;
    }

    private AccessPattern identity() {
        return new AccessPattern(new Location(core.sbuf(), 0, 0x400), new int[] {1, 0, 0}, new int[] {K, 1, 1}, DtypeWire.FP16, K);
    }

    private AccessPattern transposeDst() {
        return new AccessPattern(new Location(core.psum(), 0, 0x800), new int[] {1, 0, 0}, new int[] {K, 1, 1}, DtypeWire.FP16, M);
    }

    /** PSUM partition c at 0x800 holds W[j][c] = edge[j][c]'s two bytes, j = 0..K-1. */
    private void assertTransposed(short[][] edge) {
        for (int c = 0; c < M; c++) {
            byte[] row = core.psum().row(c, 0x800, 2 * K);
            for (int j = 0; j < K; j++) {
                int bits = (row[0x800 + 2 * j] & 0xFF) | (row[0x800 + 2 * j + 1] & 0xFF) << 8;
                assertEquals(edge[j][c] & 0xFFFF, bits, "dst[" + c + "][" + j + "]");
            }
        }
    }

    /**
     * A transpose of a 4 x 3 fp16 stationary tile whose elements are the edges (a signalling NaN
     * 0x7C01, -0, the smallest subnormal 0x0001, -infinity), against the 4 x 4 identity.
     * Bit-exact (cayman's pe_transpose_bit_exact): dst[c][j] holds W[j][c]'s two bytes as they
     * were loaded. As the product (sunda): the NaN times the identity's zeros makes its whole
     * output column c NaN, -infinity x 0 likewise (but for -infinity x 1), and -0 comes out +0
     * (summed from +0).
     */
    @Test
    void transposeMovesBitsOrComputesTheProduct() {
        short[][] edge = edgeTileAndIdentity();
        AccessPattern stationary = new AccessPattern(new Location(core.sbuf(), 0, 0x300), new int[] {1, 0, 0},
                new int[] {M, 1, 1}, DtypeWire.FP16, K);
        AccessPattern identity = identity();
        AccessPattern dst = transposeDst();
        core.pe().order(PeLwOrder.FIRST_COL_FIRST).loadWeights(stationary, K, M);
        core.pe().transpose(identity, dst, K, M, true);
        assertTransposed(edge);
        core.pe().transpose(identity, dst, K, M, false);
        double[] c0 = dst.read(0);   // W[.][0] = NaN, subnormal, 0.5, 0.0625: the NaN is everywhere
        double[] c1 = dst.read(1);   // -0, 2, 0.25, 0.03125: exact, and -0 is +0
        double[] c2 = dst.read(2);   // 1, -inf, ...: -inf x 0 = NaN everywhere but j = 1, where -inf x 1 = -inf
        for (int j = 0; j < K; j++) {
            assertTrue(Double.isNaN(c0[j]), "column 0 element " + j + ": " + c0[j]);
            assertTrue(j == 1 ? c2[j] == Double.NEGATIVE_INFINITY : Double.isNaN(c2[j]), "column 2 element " + j + ": " + c2[j]);
        }
        assertEquals(0L, Double.doubleToRawLongBits(c1[0]));
        assertEquals(2.0, c1[1]);
        assertEquals(0.25, c1[2]);
        assertEquals(0.03125, c1[3]);
    }

    /**
     * The bit-exact transpose places each element where the load put it, whatever the order is
     * when the MATMUL runs: the same edge tile read backwards (step -1, the fixture's LDWEIGHTS)
     * under LAST_COL_FIRST puts walk element i (stored element M - 1 - i) in column M - 1 - i, so
     * W[k][c] is stored element c, and dst[c][j] = edge[j][c] as in the test above; the order is
     * then switched to FIRST_COL_FIRST before the transpose, which must not move anything.
     */
    @Test
    void transposeKeepsTheLoadsOrder() {
        short[][] edge = edgeTileAndIdentity();
        AccessPattern backwards = new AccessPattern(new Location(core.sbuf(), 0, 0x300 + 2 * (M - 1)), new int[] {-1, 0, 0},
                new int[] {M, 1, 1}, DtypeWire.FP16, K);
        AccessPattern identity = identity();
        AccessPattern dst = transposeDst();
        core.pe().order(PeLwOrder.LAST_COL_FIRST).loadWeights(backwards, K, M);
        core.pe().order(PeLwOrder.FIRST_COL_FIRST).transpose(identity, dst, K, M, true);
        assertTransposed(edge);
    }

    @Test
    void transposeNeedsTheSquareIdentity() {
        core.pe().loadWeights(reversedWeights(), K, M);
        AccessPattern notSquare = moving();   // K x 5: the identity is K x K
        assertEquals("MATMUL transpose moves 5 elements a partition but the stationary tile has 4 rows (the identity is rows x rows)",
                assertThrows(DataFault.class, () -> core.pe().transpose(notSquare, psum(), K, M, true)).getMessage());
        AccessPattern square = new AccessPattern(new Location(core.sbuf(), 0, 0x200), new int[] {1, 0, 0}, new int[] {K, 1, 1},
                DtypeWire.FP16, K);
        AccessPattern dst = new AccessPattern(new Location(core.psum(), 0, 0x800), new int[] {1, 0, 0}, new int[] {K, 1, 1},
                DtypeWire.FP16, M);
        assertEquals("MATMUL transpose: the moving tile is not the identity (partition 0 element 0 is " + (double) mv[0][0]
                + "); no source gives a PE transpose of anything else",
                assertThrows(DataFault.class, () -> core.pe().transpose(square, dst, K, M, true)).getMessage());
    }
}
