package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;

/**
 * AccessPattern's bulk forms against a walk of one element at a time, written here: a pattern's
 * element i of partition p is at byte {@code start + size * sum idx[d] step[d]} (dimension 0
 * innermost; isa/tensor-descriptors.md), and
 * <ul>
 * <li>{@code readFloats} gives its value as fp32: for fp32 the stored bits themselves (a signalling
 * NaN's payload included), fp16 through {@link Fp16#toFloat}, bf16 the bits shifted up 16;
 * <li>{@code readRaw} packs its bytes in walk order;
 * <li>{@code store} of an fp32 row writes each value's bits, or, accumulating, {@code old + sum}
 * as one fp32 add.
 * </ul>
 * The patterns are biased to what the bulk paths cut on: runs of adjacent elements broken by a
 * stride (a conv2d's moving window {@code [1, 224; 222, 2]}), runs of one (step -1, LDWEIGHTS'
 * reversed tile), step 0, short and long runs, every partition count.
 */
class AccessPatternBulkTest {
    static final DtypeWire[] FLOAT_TYPES = {DtypeWire.FP32, DtypeWire.FP16, DtypeWire.BFLOAT16};
    static final int BASE = 0x8000;   // room below the start for negative steps

    record Shape(int[] step, int[] num, int channels, int startPartition) {
    }

    @Provide
    Arbitrary<Shape> shapes() {
        Arbitrary<Integer> step0 = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, Arbitraries.just(1)),
                net.jqwik.api.Tuple.of(2, Arbitraries.just(-1)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(0)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(-40, 40)));
        Arbitrary<Integer> outer = Arbitraries.integers().between(-300, 300);
        Arbitrary<Integer> num0 = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(1, 20)),
                net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(15, 240)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(222)));
        Arbitrary<Integer> numOuter = Arbitraries.integers().between(1, 4);
        Arbitrary<Integer> channels = Arbitraries.of(1, 2, 7, 128);
        return net.jqwik.api.Combinators.combine(step0, outer, outer, num0, numOuter, numOuter, channels)
                .as((s0, s1, s2, n0, n1, n2, ch) -> new Shape(new int[] {s0, s1, s2}, new int[] {n0, n1, n2}, ch,
                        ch == 128 ? 0 : 128 - ch))
                .filter(s -> extent(s) < 0x7000 / 4);   // inside the window below and above BASE at 4 bytes an element
    }

    private static int extent(Shape s) {
        int most = 0;
        for (int d = 0; d < 3; d++) {
            most += Math.abs(s.step[d]) * (s.num[d] - 1);
        }
        return most;
    }

    @Property(tries = 300)
    void readsEqualTheOneElementWalk(@ForAll("shapes") Shape s, @ForAll @IntRange(min = 0, max = 2) int type,
                                     @ForAll long seed) {
        DtypeWire dtype = FLOAT_TYPES[type];
        int eb = Elements.size(dtype);
        CoreState core = new CoreState(Arch.CAYMAN);
        fill(core, s, seed);
        AccessPattern ap = new AccessPattern(new Location(core.sbuf(), s.startPartition, BASE), s.step, s.num, dtype, s.channels);
        int[] offsets = walk(s, eb);
        float[] got = new float[offsets.length + 3];
        byte[] raw = new byte[offsets.length * eb + 5];
        for (int p = 0; p < s.channels; p++) {
            byte[] row = core.sbuf().row(s.startPartition + p, 0, 0x10000);
            ap.readFloats(p, got, 3);
            ap.readRaw(p, raw, 5);
            for (int i = 0; i < offsets.length; i++) {
                int at = BASE + offsets[i];
                int want = switch (dtype) {
                    case FP32 -> le32(row, at);
                    case FP16 -> Float.floatToRawIntBits(Fp16.toFloat((short) le16(row, at)));
                    default -> le16(row, at) << 16;
                };
                assertEquals(want, Float.floatToRawIntBits(got[3 + i]), "partition " + p + " element " + i);
                for (int b = 0; b < eb; b++) {
                    assertEquals(row[at + b], raw[5 + i * eb + b], "raw partition " + p + " element " + i + " byte " + b);
                }
            }
        }
    }

    @Property(tries = 200)
    void storeOfAnFp32RowWritesOrAddsEachValue(@ForAll @IntRange(min = 1, max = 600) int n, @ForAll boolean begin,
                                               @ForAll long seed) {
        CoreState core = new CoreState(Arch.CAYMAN);
        Random r = new Random(seed);
        AccessPattern psum = new AccessPattern(new Location(core.psum(), 0, 8), new int[] {1, 0, 0}, new int[] {n, 1, 1},
                DtypeWire.FP32, 2);
        byte[] row = core.psum().row(1, 0, 8 + 4 * n + 4);
        float[] old = new float[n];
        float[] sum = new float[n];
        for (int i = 0; i < n; i++) {
            old[i] = value(r);
            sum[i] = value(r);
            put32(row, 8 + 4 * i, Float.floatToRawIntBits(old[i]));
        }
        put32(row, 4, 0x7fa00001);
        put32(row, 8 + 4 * n, 0x7fa00002);
        psum.store(1, sum.clone(), n, begin);
        for (int i = 0; i < n; i++) {
            float want = begin ? sum[i] : old[i] + sum[i];
            int got = le32(row, 8 + 4 * i);
            if (begin) {
                assertEquals(Float.floatToRawIntBits(want), got, "element " + i);
            } else {   // which NaN a NaN sum carries is the JIT's (PeKernel)
                assertEquals(Float.floatToIntBits(want), Float.floatToIntBits(Float.intBitsToFloat(got)), "element " + i);
            }
        }
        assertEquals(0x7fa00001, le32(row, 4), "the element before the row");
        assertEquals(0x7fa00002, le32(row, 8 + 4 * n), "the element after the row");
    }

    /** The conv2d's moving window reads as two runs of 222 and gives the walk's values (the case the bulk path was made for). */
    @Test
    void aConvWindowIsReadRowByRow() {
        Shape s = new Shape(new int[] {1, 224, 0}, new int[] {222, 2, 1}, 128, 0);
        for (DtypeWire dtype : FLOAT_TYPES) {
            CoreState core = new CoreState(Arch.CAYMAN);
            fill(core, s, 7);
            AccessPattern ap = new AccessPattern(new Location(core.sbuf(), 0, BASE), s.step, s.num, dtype, 128);
            float[] got = new float[444];
            ap.readFloats(127, got, 0);
            byte[] row = core.sbuf().row(127, 0, 0x10000);
            int eb = Elements.size(dtype);
            // element 222 is the second image row's first: 224 elements on from the start
            assertEquals(Elements.read(row, BASE + 224 * eb, dtype), got[222], 0.0, dtype.specName());
            assertEquals(Elements.read(row, BASE + (224 + 221) * eb, dtype), got[443], 0.0, dtype.specName());
            assertEquals(Elements.read(row, BASE + 221 * eb, dtype), got[221], 0.0, dtype.specName());
        }
    }

    private static int[] walk(Shape s, int eb) {
        int[] out = new int[s.num[0] * s.num[1] * s.num[2]];
        int i = 0;
        for (int c = 0; c < s.num[2]; c++) {
            for (int b = 0; b < s.num[1]; b++) {
                for (int a = 0; a < s.num[0]; a++) {
                    out[i++] = eb * (a * s.step[0] + b * s.step[1] + c * s.step[2]);
                }
            }
        }
        return out;
    }

    /** Random bytes over each partition's window, with NaNs (signalling ones too), infinities and -0 planted. */
    private static void fill(CoreState core, Shape s, long seed) {
        Random r = new Random(seed);
        int[] planted = {0x7f800001, 0x7fc00000, 0xffa5a5a5, 0x7f800000, 0x80000000, 0x00000001, 0x7e00, 0xfc01, 0x8000};
        for (int p = s.startPartition; p < s.startPartition + s.channels; p++) {
            byte[] row = core.sbuf().row(p, 0, 0x10000);
            r.nextBytes(row);
            for (int k = 0; k < 64; k++) {
                put32(row, 4 * r.nextInt(0x10000 / 4), planted[r.nextInt(planted.length)]);
            }
        }
    }

    private static float value(Random r) {
        return switch (r.nextInt(12)) {
            case 0 -> Float.intBitsToFloat(0x7fa00000 | r.nextInt(0x1000));   // a signalling NaN
            case 1 -> Float.POSITIVE_INFINITY;
            case 2 -> -0f;
            case 3 -> Float.intBitsToFloat(r.nextInt(0x800000));              // subnormal
            default -> (float) r.nextGaussian() * (1 << r.nextInt(20));
        };
    }

    private static int le32(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | b[at + 3] << 24;
    }

    private static int le16(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
    }

    private static void put32(byte[] b, int at, int v) {
        for (int i = 0; i < 4; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }
}
