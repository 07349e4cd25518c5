package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * fp16 and bf16 against independent definitions: every one of the 65,536 bit patterns decodes
 * to sign x 2^(e-15) x 1.m (or m x 2^-24 when e = 0), computed here in double with Math.scalb;
 * every finite pattern survives the round trip; every midpoint between neighbours rounds to the
 * even one and a hair either side rounds to the nearer; random floats land on a nearest value.
 *
 * <p>The same bits on every JDK: {@link Fp16} converts through {@code Float.float16ToFloat} and
 * {@code floatToFloat16} on Java 20+ and through a table and bit arithmetic before, so every fp16
 * pattern's fp32 bits are pinned here (a NaN's payload and its quiet bit included), and the
 * conversion in use is compared with the bit arithmetic on all 65,536 patterns and on a sample of
 * float patterns: 10^6 in the default suite, 10^8 with {@code -Dtpb.fp16.sample=100000000} (about
 * a minute). CI runs the suite on Java 17 and 25, so both implementations are held to these bits.
 */
class Fp16Test {
    private static double fp16Value(int h) {
        int e = (h >>> 10) & 0x1F;
        int m = h & 0x3FF;
        double sign = (h & 0x8000) != 0 ? -1 : 1;
        if (e == 0x1F) {
            return m == 0 ? sign * Double.POSITIVE_INFINITY : Double.NaN;
        }
        return sign * (e == 0 ? Math.scalb((double) m, -24) : Math.scalb((double) (1024 + m), e - 25));
    }

    @Test
    void everyFp16PatternDecodes() {
        for (int h = 0; h < 0x10000; h++) {
            double want = fp16Value(h);
            float got = Fp16.toFloat((short) h);
            if (Double.isNaN(want)) {
                assertTrue(Float.isNaN(got), () -> "NaN pattern decodes to a number");
            } else {
                assertEquals(want, got, 0.0, "pattern " + Integer.toHexString(h));
                assertEquals(want == 0 && (h & 0x8000) != 0, Float.floatToRawIntBits(got) == 0x80000000);
            }
        }
    }

    /** Every pattern's exact fp32 bits: a NaN keeps its payload in the top mantissa bits and comes out quiet. */
    @Test
    void everyFp16PatternHasItsBitsOnThisJdk() {
        for (int pattern = 0; pattern < 0x10000; pattern++) {
            int h = pattern;
            int sign = (h & 0x8000) << 16;
            int e = (h >>> 10) & 0x1F;
            int m = h & 0x3FF;
            int want = e == 0x1F && m != 0 ? sign | 0x7FC00000 | (m << 13) : Float.floatToRawIntBits((float) fp16Value(h));
            int got = Float.floatToRawIntBits(Fp16.toFloat((short) h));
            assertEquals(want, got, () -> "pattern " + Integer.toHexString(h) + (Fp16.intrinsic() ? " (Float.float16ToFloat)" : " (table)"));
            assertEquals(want, Float.floatToRawIntBits(Fp16.toFloatBits((short) h)), () -> "arithmetic, pattern " + Integer.toHexString(h));
        }
    }

    /** Java 20 and later have the JDK's conversions, and the probe takes them on this machine (x86 F16C or Arm FCVT). */
    @Test
    void theJdksConversionIsUsedWhereItExists() {
        assertEquals(Runtime.version().feature() >= 20, Fp16.intrinsic(), "Java " + Runtime.version());
    }

    /**
     * float to fp16 on a sample of float bit patterns drawn uniformly from all 2^32 (NaN payloads
     * among them): the conversion in use gives the arithmetic's bits, and a finite result is a
     * nearest fp16 with ties to even, checked against the exact values in double.
     */
    @Test
    void aSampleOfFloatsRoundsToNearestEvenOnThisJdk() {
        long n = Long.getLong("tpb.fp16.sample", 1_000_000L);
        java.util.SplittableRandom r = new java.util.SplittableRandom(16);
        for (long i = 0; i < n; i++) {
            int x = r.nextInt();
            float f = Float.intBitsToFloat(x);
            short got = Fp16.fromFloat(f);
            if (got != Fp16.fromFloatBits(f)) {
                throw new AssertionError("float bits " + Integer.toHexString(x) + ": " + Integer.toHexString(got & 0xFFFF) + " against the arithmetic's "
                        + Integer.toHexString(Fp16.fromFloatBits(f) & 0xFFFF));
            }
            if (Float.isNaN(f)) {
                if ((got & 0x7E00) != 0x7E00 || (got & 0x1FF) != ((x >>> 13) & 0x1FF) || (got & 0x8000) != ((x >>> 16) & 0x8000)) {
                    throw new AssertionError("NaN " + Integer.toHexString(x) + " -> " + Integer.toHexString(got & 0xFFFF));
                }
                continue;
            }
            nearestEven(f, got & 0xFFFF);
        }
    }

    /** {@code h} is the fp16 nearest {@code f}, the even one of two as near; infinity from 65520 on. */
    private static void nearestEven(float f, int h) {
        double v = f;
        int sign = (h & 0x8000);
        if (Math.abs(v) >= 65520) {
            if ((h & 0x7FFF) != 0x7C00 || (sign != 0) != (v < 0)) {
                throw new AssertionError(f + " -> " + Integer.toHexString(h) + ", not infinity");
            }
            return;
        }
        int mag = h & 0x7FFF;
        double d = Math.abs(fp16Value(h) - v);
        for (int other : new int[] {mag - 1, mag + 1}) {
            if (other < 0 || other > 0x7BFF) {
                continue;
            }
            double e = Math.abs(fp16Value(sign | other) - v);
            if (e < d || (e == d && (mag & 1) == 1)) {
                throw new AssertionError(f + " -> " + Integer.toHexString(h) + ", but " + Integer.toHexString(sign | other) + " is nearer or even");
            }
        }
    }

    @Test
    void everyFiniteFp16RoundTrips() {
        for (int h = 0; h < 0x10000; h++) {
            if (((h >>> 10) & 0x1F) != 0x1F || (h & 0x3FF) == 0) {
                assertEquals(h, Fp16.fromFloat(Fp16.toFloat((short) h)) & 0xFFFF, "pattern " + Integer.toHexString(h));
            } else {
                assertTrue(Float.isNaN(Fp16.toFloat(Fp16.fromFloat(Fp16.toFloat((short) h)))));
            }
        }
    }

    @Test
    void midpointsRoundToEvenAndNeighboursToNearest() {
        for (int sign = 0; sign <= 0x8000; sign += 0x8000) {
            for (int h = 0; h < 0x7C00; h++) {   // h and h + 1, up to max finite and infinity
                float a = (float) fp16Value(sign | h);
                float b = (float) fp16Value(sign | (h + 1));
                float mid = (float) ((fp16Value(sign | h) + fp16Value(sign | (h + 1))) / 2);
                if (Float.isInfinite(b)) {
                    mid = sign == 0 ? 65520f : -65520f;   // the would-be next value is 2^16
                }
                int even = (h & 1) == 0 ? h : h + 1;
                assertEquals(sign | even, Fp16.fromFloat(mid) & 0xFFFF, "midpoint of " + a + " and " + b);
                float towardsA = sign == 0 ? Math.nextDown(mid) : Math.nextUp(mid);
                float towardsB = sign == 0 ? Math.nextUp(mid) : Math.nextDown(mid);
                assertEquals(sign | h, Fp16.fromFloat(towardsA) & 0xFFFF);
                assertEquals(sign | (h + 1), Fp16.fromFloat(towardsB) & 0xFFFF);
            }
        }
    }

    @Test
    void edges() {
        assertEquals(0x7BFF, Fp16.fromFloat(65504f));
        assertEquals(0x7C00, Fp16.fromFloat(65520f));                  // ties to even: up to infinity
        assertEquals(0x7C00, Fp16.fromFloat(Float.MAX_VALUE));
        assertEquals(0xFC00, Fp16.fromFloat(Float.NEGATIVE_INFINITY) & 0xFFFF);
        assertEquals(0x0001, Fp16.fromFloat(Math.scalb(1f, -24)));     // smallest subnormal
        assertEquals(0x0000, Fp16.fromFloat(Math.scalb(1f, -25)));     // half of it: ties to even 0
        assertEquals(0x0001, Fp16.fromFloat(Math.nextUp(Math.scalb(1f, -25))));
        assertEquals(0x8000, Fp16.fromFloat(-0f) & 0xFFFF);
        assertEquals(0x0000, Fp16.fromFloat(Float.MIN_VALUE));
        assertTrue(Float.isNaN(Fp16.toFloat(Fp16.fromFloat(Float.NaN))));
        assertEquals(0x3C00, Fp16.fromFloat(1f));
        assertEquals(0x3C00, Fp16.fromFloat(1.00048828125f));          // 1 + 2^-11: tie, even is 1
        assertEquals(0x3C02, Fp16.fromFloat(1.00146484375f));          // 1 + 3 x 2^-11: tie, even is 1 + 2^-9
    }

    @Property(tries = 3000)
    void randomFloatsLandOnANearestFp16(@ForAll float f) {
        if (Float.isNaN(f) || Math.abs(f) >= 65520f) {
            return;
        }
        int h = Fp16.fromFloat(f) & 0xFFFF;
        double d = Math.abs(fp16Value(h) - f);
        int mag = h & 0x7FFF;
        int sign = h & 0x8000;
        if (mag > 0) {
            assertTrue(Math.abs(fp16Value(sign | (mag - 1)) - f) >= d);
        }
        if (mag < 0x7BFF) {
            assertTrue(Math.abs(fp16Value(sign | (mag + 1)) - f) >= d);
        }
    }

    /** bf16 to fp32 is a bit move on every JDK: all 65,536 patterns, a signalling NaN's payload unchanged. */
    @Test
    void bf16EveryPatternAndEveryMidpoint() {
        for (int b = 0; b < 0x10000; b++) {
            float v = Bf16.toFloat((short) b);
            assertEquals(b << 16, Float.floatToRawIntBits(v));
            if (!Float.isNaN(v)) {
                assertEquals(b, Bf16.fromFloat(v) & 0xFFFF);
            } else {
                assertTrue(Float.isNaN(Bf16.toFloat(Bf16.fromFloat(v))));
            }
        }
        for (int b = 0; b < 0x7F7F; b++) {   // positive finite neighbours below max
            float mid = Float.intBitsToFloat((b << 16) | 0x8000);
            assertEquals((b & 1) == 0 ? b : b + 1, Bf16.fromFloat(mid) & 0xFFFF);
            assertEquals(b, Bf16.fromFloat(Math.nextDown(mid)) & 0xFFFF);
            assertEquals(b + 1, Bf16.fromFloat(Math.nextUp(mid)) & 0xFFFF);
        }
        assertEquals(0x7F80, Bf16.fromFloat(Float.MAX_VALUE) & 0xFFFF);   // rounds past the top: infinity
    }
}
