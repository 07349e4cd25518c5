package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.isa.PeFp32Mode;
import tpb.isa.PeLwOrder;

/**
 * LDWEIGHTS with an fp32 part kept as it loads ({@code loadWeights(src, rows, cols, part)}) against
 * the stationary tile written here from the SBUF's bytes: partition k's element j (read from the
 * row's last element backwards, step -1, as the conv2d NEFFs read it) goes to column
 * {@code cols - 1 - j} (LAST_COL_FIRST) or {@code j} (FIRST_COL_FIRST); HIGH keeps the value's top
 * 16 bits, LOW the value minus them, NONE and LOW_HIGH the value. The tile is then multiplied by a
 * random moving tile through the array-level MATMUL and compared bit for bit with
 * {@link PeKernel#reference} on the tile built here.
 */
class PeArrayFp32LoadTest {
    static final PeFp32Mode[] PARTS = {PeFp32Mode.NONE, PeFp32Mode.LOW, PeFp32Mode.HIGH, PeFp32Mode.LOW_HIGH};

    @Property(tries = 120)
    void aPartIsKeptAsTheTileLoads(@ForAll @IntRange(min = 1, max = 128) int rows, @ForAll @IntRange(min = 1, max = 128) int cols,
                                   @ForAll @IntRange(min = 0, max = 3) int partIndex, @ForAll boolean lastColumnFirst,
                                   @ForAll long seed) {
        PeFp32Mode part = PARTS[partIndex];
        CoreState core = new CoreState(Arch.CAYMAN);
        Random r = new Random(seed);
        int at = 0x400;
        float[] want = new float[rows * cols];
        for (int k = 0; k < rows; k++) {
            byte[] row = core.sbuf().row(k, 0, at + 4 * cols);
            for (int c = 0; c < cols; c++) {
                float v = r.nextInt(50) == 0 ? -0f : (float) r.nextGaussian() * (1 << r.nextInt(12));
                Elements.write(row, at + 4 * c, DtypeWire.FP32, v);
            }
            for (int j = 0; j < cols; j++) {   // element j of the backward read is the row's element cols - 1 - j
                float v = Float.intBitsToFloat(le32(row, at + 4 * (cols - 1 - j)));
                float high = Float.intBitsToFloat(Float.floatToRawIntBits(v) & 0xFFFF0000);
                float kept = part == PeFp32Mode.HIGH ? high : part == PeFp32Mode.LOW ? v - high : v;
                want[k * cols + (lastColumnFirst ? cols - 1 - j : j)] = kept;
            }
        }
        AccessPattern src = new AccessPattern(new Location(core.sbuf(), 0, at + 4 * (cols - 1)), new int[] {-1, 0, 0},
                new int[] {cols, 1, 1}, DtypeWire.FP32, rows);
        PeArray pe = core.pe().order(lastColumnFirst ? PeLwOrder.LAST_COL_FIRST : PeLwOrder.FIRST_COL_FIRST);
        pe.loadWeights(src, rows, cols, part);
        int n = 1 + r.nextInt(40);
        float[] moving = new float[rows * n];
        for (int i = 0; i < moving.length; i++) {
            moving[i] = (float) r.nextGaussian();
        }
        float[] expected = new float[cols * n];
        PeKernel.reference(want, rows, cols, moving, n, expected, true);
        float[] got = new float[cols * n];
        pe.matmul(moving, n, got, true);
        for (int i = 0; i < got.length; i++) {
            assertEquals(Float.floatToRawIntBits(expected[i]), Float.floatToRawIntBits(got[i]), "output element " + i);
        }
    }

    private static int le32(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | b[at + 3] << 24;
    }
}
