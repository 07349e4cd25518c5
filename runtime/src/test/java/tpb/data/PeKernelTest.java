package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The fast PE kernel against the kernel it replaced, bit for bit: the same fp32 sums in the same
 * k order give the same bits, whatever the loop structure. Inputs are fp16 values as the PE
 * sees them (converted to fp32), drawn so that a tile holds the edges (subnormals, ±0,
 * ±65504, ±infinity and NaN beside ordinary values), or any fp32 bit pattern, in shapes up to
 * the whole array (128 x 128 x 512) with rows, columns and N that are not multiples of the
 * kernel's two-column pass or of any vector width.
 *
 * <p>The fp32 tiles are what catches a fused multiply-add: a product of two fp16 values is exact
 * in fp32, so {@code fma(w, m, acc)} and {@code acc + w * m} agree on fp16 data; on arbitrary fp32
 * operands the product rounds first in one and not in the other.
 *
 * <p>"Bit for bit" compares {@link Float#floatToIntBits}, which folds every NaN into one: Java
 * (JLS §15.4) leaves open which NaN an operation on NaNs returns, so C2's vector and scalar code
 * may carry different NaN payloads; where one kernel has a NaN the other must too.
 */
class PeKernelTest {
    /** fp16 values with the edges over-represented: a quarter of the draws is an edge value. */
    static float fp16Value(Random r) {
        int pick = r.nextInt(40);
        short h = switch (pick) {
            case 0 -> 0x0000;                                           // +0
            case 1 -> (short) 0x8000;                                   // -0
            case 2 -> 0x7BFF;                                           // 65504
            case 3 -> (short) 0xFBFF;                                   // -65504
            case 4 -> 0x7C00;                                           // +inf
            case 5 -> (short) 0xFC00;                                   // -inf
            case 6 -> (short) (0x7C00 | 1 + r.nextInt(0x3FF));          // NaN, any payload
            case 7, 8, 9 -> (short) (r.nextInt(0x400) | (r.nextBoolean() ? 0x8000 : 0));   // subnormal
            default -> Fp16.fromFloat((float) (r.nextGaussian() * (pick % 2 == 0 ? 1 : 300)));
        };
        return Fp16.toFloat(h);
    }

    /** Kinds of tile: fp16 normal values, fp16 with the edges, any fp32 bit pattern (an fp32 MATMUL). */
    static final int FP16 = 0;
    static final int FP16_EDGES = 1;
    static final int FP32_BITS = 2;

    private static float[] tile(Random r, int size, int kind) {
        float[] a = new float[size];
        for (int i = 0; i < size; i++) {
            a[i] = switch (kind) {
                case FP16 -> Fp16.toFloat(Fp16.fromFloat((float) r.nextGaussian()));
                case FP16_EDGES -> fp16Value(r);
                default -> r.nextInt(8) == 0 ? fp16Value(r) : Float.intBitsToFloat(r.nextInt());
            };
        }
        return a;
    }

    private static void assertSameBits(float[] want, float[] got, String what) {
        assertEquals(want.length, got.length);
        for (int i = 0; i < want.length; i++) {
            if (Float.floatToIntBits(want[i]) != Float.floatToIntBits(got[i])) {
                throw new AssertionError(what + ": element " + i + " is " + got[i] + " (0x"
                        + Integer.toHexString(Float.floatToRawIntBits(got[i])) + "), the reference " + want[i] + " (0x"
                        + Integer.toHexString(Float.floatToRawIntBits(want[i])) + ")");
            }
        }
    }

    /** Both kernels on one tile, begin and accumulate; returns the reference's result of the accumulate. */
    private static float[] compare(long seed, int rows, int cols, int n, int kind) {
        Random r = new Random(seed);
        float[] w = tile(r, rows * cols, kind);
        float[] m = tile(r, rows * n, kind);
        float[] old = tile(r, cols * n, kind);
        String what = rows + " x " + cols + " x " + n + " seed " + seed;
        float[] want = new float[cols * n];
        float[] got = new float[cols * n];
        PeKernel.reference(w, rows, cols, m, n, want, true);
        PeKernel kernel = new PeKernel();
        kernel.matmul(w, rows, cols, m, n, got, true);
        assertSameBits(want, got, what + " begin");
        want = old.clone();
        got = old.clone();
        PeKernel.reference(w, rows, cols, m, n, want, false);
        kernel.matmul(w, rows, cols, m, n, got, false);
        assertSameBits(want, got, what + " accumulate");
        return want;
    }

    @Property(tries = 150)
    void fastKernelEqualsTheReferenceBitForBit(@ForAll @IntRange(min = 1, max = 128) int rows,
            @ForAll @IntRange(min = 1, max = 128) int cols, @ForAll @IntRange(min = 1, max = 512) int n,
            @ForAll @IntRange(min = FP16, max = FP32_BITS) int kind, @ForAll long seed) {
        compare(seed, rows, cols, n, kind);
    }

    /** The corners of the shape space, each with and without edge values. */
    @Test
    void shapeCornersAndTheWholeArray() {
        int[][] shapes = {{1, 1, 1}, {1, 128, 512}, {128, 1, 512}, {128, 128, 1}, {128, 128, 512}, {127, 127, 511},
                {3, 5, 17}, {128, 127, 33}, {2, 3, 15}};
        for (int[] s : shapes) {
            for (int kind = FP16; kind <= FP32_BITS; kind++) {
                compare(s[0] * 1_000_003L + s[1] * 1009L + s[2] + kind, s[0], s[1], s[2], kind);
            }
        }
    }

    /**
     * The sum order is what the kernels share and what fixes the bits: k = 0, 1, 2 of
     * 2^24 + 1 + 1 from +0 is 2^24 (each +1 rounds back to the even 2^24), while the other
     * order, 1 + 1 + 2^24, is 2^24 + 2. The first product of a column is added to +0, so a
     * -0 product yields +0, as the reference does; NaN and infinity stay in their column.
     */
    @Test
    void handDerivedSumsAndSignedZero() {
        float big = 0x1p24f;
        // rows 3, cols 4: column 0 = (2^24, 1, 1), column 1 = (-0, -0, -0), column 2 = (NaN, 0, 0), column 3 = (inf, 1, -inf)
        float[] w = {big, -0f, Float.NaN, Float.POSITIVE_INFINITY,
                1f, -0f, 0f, 1f,
                1f, -0f, 0f, Float.NEGATIVE_INFINITY};
        float[] moving = {1f, 1f, 1f};   // n = 1
        float[] out = new float[4];
        new PeKernel().matmul(w, 3, 4, moving, 1, out, true);
        assertEquals(big, out[0]);
        assertEquals(Float.floatToRawIntBits(0f), Float.floatToRawIntBits(out[1]));   // +0, not -0
        assertTrue(Float.isNaN(out[2]));
        assertTrue(Float.isNaN(out[3]));                                                // inf + 1 - inf
        float[] ref = new float[4];
        PeKernel.reference(w, 3, 4, moving, 1, ref, true);
        assertArrayEquals(ref, out);
    }

    /** Accumulating adds the tile's sum to the old value once: old + (sum from +0), not old as the sum's start. */
    @Test
    void accumulateAddsTheTileSumToTheOldValue() {
        // old = 2^24, the tile's products 1 and 1: (1 + 1) + 2^24 = 2^24 + 2; starting the sum at old would give 2^24
        float[] w = {1f, 1f};
        float[] moving = {1f, 1f};
        float[] out = {0x1p24f};
        new PeKernel().matmul(w, 2, 1, moving, 1, out, false);
        assertEquals(0x1p24f + 2, out[0]);
    }
}
