package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.isa.PeLwOrder;

/**
 * The PE array's fp32-array entry points and its remaining refusals, each product written out by
 * hand: a 2 x 3 stationary tile W (rows k, columns c, as read j = 0, 1, 2) in both load orders,
 * begin and accumulate, a bit-exact transpose of fp32 weights (whose bytes PeArray lays out itself,
 * little-endian), and each shape check's line.
 */
class PeArrayEdgesTest {
    private final CoreState core = new CoreState(Arch.CAYMAN);

    /** As read: partition 0 gives 1, 2, 3; partition 1 gives 4, 5, 6. */
    private static final float[] READ = {1, 2, 3, 4, 5, 6};

    @Test
    void bothLoadOrdersOnFloatArrays() {
        // moving (2 x 1): 10, 100. FIRST_COL_FIRST: W[k][c] = read[k][c]: out[c] = 10 * read[0][c] + 100 * read[1][c] = 410, 520, 630
        PeArray pe = new PeArray().order(PeLwOrder.FIRST_COL_FIRST);
        assertEquals(PeLwOrder.FIRST_COL_FIRST, pe.order());
        pe.loadWeights(READ, 2, 3);
        assertEquals(2, pe.rows());
        assertEquals(3, pe.cols());
        float[] out = new float[3];
        pe.matmul(new float[] {10, 100}, 1, out, true);
        assertArrayEquals(new float[] {410, 520, 630}, out);
        // accumulate adds: 820, 1040, 1260
        pe.matmul(new float[] {10, 100}, 1, out, false);
        assertArrayEquals(new float[] {820, 1040, 1260}, out);
        // LAST_COL_FIRST (the default): element j lands in column cols - 1 - j: the columns come out reversed
        PeArray last = new PeArray();
        assertEquals(PeLwOrder.LAST_COL_FIRST, last.order());
        last.loadWeights(READ, 2, 3);
        last.matmul(new float[] {10, 100}, 1, out, true);
        assertArrayEquals(new float[] {630, 520, 410}, out);
        // a longer source array is fine; a shorter one is refused
        last.loadWeights(new float[] {1, 2, 3, 4, 5, 6, 7}, 2, 3);
        assertEquals("5 values cannot fill 2 x 3 weights",
                assertThrows(IllegalArgumentException.class, () -> last.loadWeights(new float[5], 2, 3)).getMessage());
        assertEquals("MATMUL before any LDWEIGHTS: the PE array holds no stationary tile",
                assertThrows(DataFault.class, () -> new PeArray().matmul(new float[2], 1, new float[3], true)).getMessage());
    }

    @Test
    void aSmallerTileAfterALargerOneUsesOnlyItsOwnWeights() {
        PeArray pe = new PeArray().order(PeLwOrder.FIRST_COL_FIRST);
        pe.loadWeights(new float[] {9, 9, 9, 9, 9, 9, 9, 9, 9}, 3, 3);
        pe.loadWeights(new float[] {1, 2, 3, 4}, 2, 2);
        float[] out = new float[2];
        // W = [[1, 2], [3, 4]], moving (1, 1): out = 1 + 3, 2 + 4
        pe.matmul(new float[] {1, 1}, 1, out, true);
        assertArrayEquals(new float[] {4, 6}, out);
    }

    @Test
    void aLargerTileAfterASmallerOneGetsRoomForItsBytes() {
        // 1 x 1 first (4 bytes kept), then 2 x 3 fp32 (24 bytes): the transpose reads every byte back
        PeArray pe = core.pe().order(PeLwOrder.FIRST_COL_FIRST);
        pe.loadWeights(new float[] {7}, 1, 1);
        pe.loadWeights(READ, 2, 3);
        AccessPattern identity = new AccessPattern(new Location(core.sbuf(), 0, 0x100), new int[] {1}, new int[] {2}, DtypeWire.FP32, 2);
        identity.write(0, new double[] {1, 0});
        identity.write(1, new double[] {0, 1});
        // the partition after the identity holds data: only rows 0 and 1 are the moving tile
        new AccessPattern(new Location(core.sbuf(), 2, 0x100), new int[] {1}, new int[] {2}, DtypeWire.FP32, 1).write(0, new double[] {5, 5});
        AccessPattern dst = new AccessPattern(new Location(core.psum(), 0, 0x100), new int[] {1}, new int[] {2}, DtypeWire.FP32, 3);
        pe.transpose(identity, dst, 2, 3, true);
        // dst[c][j] = W[j][c]: W = [[1, 2, 3], [4, 5, 6]]
        assertArrayEquals(new double[] {1, 4}, dst.read(0));
        assertArrayEquals(new double[] {2, 5}, dst.read(1));
        assertArrayEquals(new double[] {3, 6}, dst.read(2));
    }

    @Test
    void aBitExactTransposeOfFp32Weights() {
        // weights loaded from fp32 values keep their bits, NaN payloads and -0 included
        float nan = Float.intBitsToFloat(0x7FA00001);
        float[] read = {nan, -0f, 1.5f, 3f};                     // 2 x 2, FIRST_COL_FIRST: W = [[nan, -0], [1.5, 3]]
        PeArray pe = core.pe().order(PeLwOrder.FIRST_COL_FIRST);
        pe.loadWeights(read, 2, 2);
        AccessPattern identity = new AccessPattern(new Location(core.sbuf(), 0, 0), new int[] {1}, new int[] {2}, DtypeWire.FP32, 2);
        identity.write(0, new double[] {1, 0});
        identity.write(1, new double[] {0, 1});
        AccessPattern dst = new AccessPattern(new Location(core.psum(), 0, 0x40), new int[] {1}, new int[] {2}, DtypeWire.FP32, 2);
        pe.transpose(identity, dst, 2, 2, true);
        // dst[c][j] = W[j][c]: column 0 = (nan, 1.5), column 1 = (-0, 3), as bytes
        assertArrayEquals(new byte[] {0x01, 0x00, (byte) 0xA0, 0x7F, 0x00, 0x00, (byte) 0xC0, 0x3F},
                java.util.Arrays.copyOfRange(core.psum().row(0, 0x40, 8), 0x40, 0x48));
        assertArrayEquals(new byte[] {0x00, 0x00, 0x00, (byte) 0x80, 0x00, 0x00, 0x40, 0x40},
                java.util.Arrays.copyOfRange(core.psum().row(1, 0x40, 8), 0x40, 0x48));
        // the output dtype must be the data's
        AccessPattern half = new AccessPattern(new Location(core.psum(), 0, 0x80), new int[] {1}, new int[] {2}, DtypeWire.FP16, 2);
        assertEquals("MATMUL transpose writes FP16 but LDWEIGHTS loaded FP32 (a transpose keeps the data's dtype)",
                assertThrows(DataFault.class, () -> pe.transpose(identity, half, 2, 2, true)).getMessage());
        // and the identity checked element by element: a 1 off the diagonal
        identity.write(1, new double[] {1, 1});
        assertEquals("MATMUL transpose: the moving tile is not the identity (partition 1 element 0 is 1.0); no source gives a PE transpose "
                + "of anything else", assertThrows(DataFault.class, () -> pe.transpose(identity, dst, 2, 2, true)).getMessage());
        // -0 on the diagonal's off-elements is not the identity's +0
        identity.write(1, new double[] {-0.0, 1});
        assertEquals("MATMUL transpose: the moving tile is not the identity (partition 1 element 0 is -0.0); no source gives a PE transpose "
                + "of anything else", assertThrows(DataFault.class, () -> pe.transpose(identity, dst, 2, 2, true)).getMessage());
    }

    @Test
    void eachShapeCheckOfAMatmul() {
        PeArray pe = core.pe();
        AccessPattern w = new AccessPattern(new Location(core.sbuf(), 0, 0), new int[] {1}, new int[] {3}, DtypeWire.FP32, 2);
        pe.loadWeights(w, 2, 3);
        AccessPattern moving = new AccessPattern(new Location(core.sbuf(), 0, 0x40), new int[] {1}, new int[] {4}, DtypeWire.FP32, 2);
        AccessPattern dst = new AccessPattern(new Location(core.psum(), 0, 0), new int[] {1}, new int[] {4}, DtypeWire.FP32, 3);
        pe.matmul(moving, dst, 2, 3, true);   // fits
        assertEquals("MATMUL uses 2 x 2 of the PE array but LDWEIGHTS loaded 2 x 3",
                assertThrows(DataFault.class, () -> pe.matmul(moving, dst, 2, 2, true)).getMessage());
        assertEquals("MATMUL uses 1 x 3 of the PE array but LDWEIGHTS loaded 2 x 3",
                assertThrows(DataFault.class, () -> pe.matmul(moving, dst, 1, 3, true)).getMessage());
        AccessPattern moving1 = new AccessPattern(new Location(core.sbuf(), 0, 0x40), new int[] {1}, new int[] {4}, DtypeWire.FP32, 1);
        assertEquals("MATMUL moving 1 x 4 and dst 3 x 4 do not fit a 2 x 3 stationary tile",
                assertThrows(DataFault.class, () -> pe.matmul(moving1, dst, 2, 3, true)).getMessage());
        AccessPattern dst2 = new AccessPattern(new Location(core.psum(), 0, 0), new int[] {1}, new int[] {4}, DtypeWire.FP32, 2);
        assertEquals("MATMUL moving 2 x 4 and dst 2 x 4 do not fit a 2 x 3 stationary tile",
                assertThrows(DataFault.class, () -> pe.matmul(moving, dst2, 2, 3, true)).getMessage());
        AccessPattern dst5 = new AccessPattern(new Location(core.psum(), 0, 0), new int[] {1}, new int[] {5}, DtypeWire.FP32, 3);
        assertEquals("MATMUL moving 2 x 4 and dst 3 x 5 do not fit a 2 x 3 stationary tile",
                assertThrows(DataFault.class, () -> pe.matmul(moving, dst5, 2, 3, true)).getMessage());
        assertEquals("LDWEIGHTS reads 2 partitions x 3 elements but loads 3 rows x 3 columns",
                assertThrows(DataFault.class, () -> pe.loadWeights(w, 3, 3)).getMessage());
    }
}
