package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.isa.PeLwOrder;

/**
 * LDWEIGHTS' step -1 read (one run from its top element down, as every conv2d NEFF reads a
 * stationary tile; its bytes taken in one move) against the same elements read forward: a
 * backward walk placed LAST_COL_FIRST puts memory element c of each partition in column c, as a
 * forward walk placed FIRST_COL_FIRST does (walk element j in column j), and the other two
 * pairings agree the same way. Each pair's tile is checked through a bit-exact PE transpose
 * ({@code dst[c][k] = W[k][c]} as the bytes LDWEIGHTS read: NaN payloads, -0, subnormals) and
 * through a MATMUL, byte for byte.
 */
class PeArrayReversedLoadTest {
    static final DtypeWire[] TYPES = {DtypeWire.FP16, DtypeWire.BFLOAT16, DtypeWire.FP32};
    static final int AT = 0x400;      // the weights: partition k's cols elements from here
    static final int EYE = 0x2000;    // the identity, rows x rows
    static final int MOVING = 0x3000; // a moving tile, rows x 5

    @Property(tries = 100)
    void aBackwardReadIsTheForwardReadInTheOtherOrder(@ForAll @IntRange(min = 1, max = 128) int rows,
                                                     @ForAll @IntRange(min = 2, max = 128) int cols,
                                                     @ForAll @IntRange(min = 0, max = 2) int type, @ForAll boolean lastFirst,
                                                     @ForAll long seed) {
        DtypeWire dtype = TYPES[type];
        int eb = Elements.size(dtype);
        CoreState backward = core(rows, cols, dtype, seed);
        CoreState forward = core(rows, cols, dtype, seed);
        AccessPattern down = new AccessPattern(new Location(backward.sbuf(), 0, AT + (long) eb * (cols - 1)), new int[] {-1, 0, 0},
                new int[] {cols, 1, 1}, dtype, rows);
        AccessPattern up = new AccessPattern(new Location(forward.sbuf(), 0, AT), new int[] {1, 0, 0}, new int[] {cols, 1, 1},
                dtype, rows);
        assertTrue(down.reversed());
        backward.pe().order(lastFirst ? PeLwOrder.LAST_COL_FIRST : PeLwOrder.FIRST_COL_FIRST).loadWeights(down, rows, cols);
        forward.pe().order(lastFirst ? PeLwOrder.FIRST_COL_FIRST : PeLwOrder.LAST_COL_FIRST).loadWeights(up, rows, cols);
        for (CoreState c : new CoreState[] {backward, forward}) {
            AccessPattern eye = new AccessPattern(new Location(c.sbuf(), 0, EYE), new int[] {1, 0, 0}, new int[] {rows, 1, 1}, dtype, rows);
            AccessPattern dst = new AccessPattern(new Location(c.psum(), 0, 0), new int[] {1, 0, 0}, new int[] {rows, 1, 1}, dtype, cols);
            c.pe().transpose(eye, dst, rows, cols, true);
            AccessPattern moving = new AccessPattern(new Location(c.sbuf(), 0, MOVING), new int[] {1, 0, 0}, new int[] {5, 1, 1}, dtype,
                    rows);
            AccessPattern psum = new AccessPattern(new Location(c.psum(), 0, 0x800), new int[] {1, 0, 0}, new int[] {5, 1, 1},
                    DtypeWire.FP32, cols);
            c.pe().matmul(moving, psum, rows, cols, true);
        }
        for (int c = 0; c < cols; c++) {
            assertArrayEquals(backward.psum().row(c, 0, 0x800 + 20), forward.psum().row(c, 0, 0x800 + 20), "PSUM partition " + c);
        }
    }

    /** Weights of random bits (NaNs with payloads, infinities, subnormals among them), the identity and a moving tile of small integers. */
    private static CoreState core(int rows, int cols, DtypeWire dtype, long seed) {
        CoreState core = new CoreState(Arch.CAYMAN);
        Random r = new Random(seed);
        int eb = Elements.size(dtype);
        for (int k = 0; k < rows; k++) {
            byte[] row = core.sbuf().row(k, 0, MOVING + 5 * eb);
            for (int c = 0; c < cols; c++) {
                int bits = r.nextInt();
                for (int i = 0; i < eb; i++) {
                    row[AT + c * eb + i] = (byte) (bits >>> (8 * i));   // any bit pattern: NaN payloads, -0, subnormals
                }
            }
            for (int j = 0; j < rows; j++) {
                Elements.write(row, EYE + j * eb, dtype, j == k ? 1 : 0);
            }
            for (int i = 0; i < 5; i++) {
                Elements.write(row, MOVING + i * eb, dtype, r.nextInt(7) - 3);
            }
        }
        return core;
    }
}
