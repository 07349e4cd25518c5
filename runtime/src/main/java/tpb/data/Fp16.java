package tpb.data;

/**
 * IEEE 754 binary16 ("fp16", numpy {@code float16}) to and from fp32. Java 17 has no
 * {@code Float.float16ToFloat}, so both directions are written here.
 *
 * <p>fp32 to fp16 rounds to nearest, ties to even, the IEEE default and numpy's
 * {@code astype(np.float16)}; values at or past 65520 become infinity, NaN stays a quiet NaN with
 * the top payload bits. The datapath sources name no other rounding mode for fp16 results
 * (ASSUMED; see docs/data-level.md).
 */
public final class Fp16 {
    private Fp16() {
    }

    /** The fp32 value of fp16 bits {@code h} (exact: every fp16 value is an fp32 value). */
    public static float toFloat(short h) {
        int bits = h & 0xFFFF;
        int sign = (bits & 0x8000) << 16;
        int exp = (bits >>> 10) & 0x1F;
        int mant = bits & 0x3FF;
        if (exp == 0x1F) {
            return Float.intBitsToFloat(sign | 0x7F800000 | (mant << 13));
        }
        if (exp != 0) {
            return Float.intBitsToFloat(sign | ((exp + 112) << 23) | (mant << 13));
        }
        if (mant == 0) {
            return Float.intBitsToFloat(sign);
        }
        // subnormal: mant x 2^-24, normalised into fp32
        int shift = Integer.numberOfLeadingZeros(mant) - 21;
        return Float.intBitsToFloat(sign | ((113 - shift) << 23) | (((mant << shift) & 0x3FF) << 13));
    }

    /** {@code f} rounded to the nearest fp16, ties to even. */
    public static short fromFloat(float f) {
        int x = Float.floatToRawIntBits(f);
        int sign = (x >>> 16) & 0x8000;
        int exp = (x >>> 23) & 0xFF;
        int mant = x & 0x7FFFFF;
        if (exp == 0xFF) {
            return (short) (sign | 0x7C00 | (mant == 0 ? 0 : 0x200 | (mant >>> 13)));
        }
        int e = exp - 112;                       // fp16 biased exponent
        if (e >= 0x1F) {
            return (short) (sign | 0x7C00);
        }
        if (e <= 0) {
            if (e < -10) {
                return (short) sign;             // below half the smallest subnormal
            }
            // subnormal result: the 24-bit significand in units of 2^-24
            return (short) (sign | roundShift(mant | 0x800000, 14 - e));
        }
        // normal: drop 13 bits; a carry runs into the exponent (and to infinity at the top)
        return (short) (sign | (((e << 10) | (mant >>> 13)) + roundUp(mant, 13)));
    }

    static int roundShift(int value, int shift) {
        return (value >>> shift) + roundUp(value, shift);
    }

    /** 1 when dropping the low {@code shift} bits of {@code value} rounds up (nearest, ties to even). */
    static int roundUp(int value, int shift) {
        int rem = value & ((1 << shift) - 1);
        int half = 1 << (shift - 1);
        return rem > half || (rem == half && ((value >>> shift) & 1) == 1) ? 1 : 0;
    }
}
