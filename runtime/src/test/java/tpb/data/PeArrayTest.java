package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;

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
        core.pe().order(PeArray.LoadOrder.FIRST_COL_FIRST).loadWeights(reversedWeights(), K, M);
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
}
