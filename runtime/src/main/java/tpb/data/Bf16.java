package tpb.data;

/**
 * bfloat16 (the top half of an fp32) to and from fp32. fp32 to bf16 rounds to nearest, ties to
 * even (ASSUMED, as {@link Fp16}); NaN stays a quiet NaN.
 */
public final class Bf16 {
    /** bfloat16's quiet bit, the top of its 7 mantissa bits: a NaN stays a NaN when truncation would leave its mantissa 0 (number format, not an ISA fact). */
    private static final int QUIET_NAN = 1 << 6;

    private Bf16() {
    }

    public static float toFloat(short b) {
        return Float.intBitsToFloat((b & 0xFFFF) << 16);
    }

    public static short fromFloat(float f) {
        int x = Float.floatToRawIntBits(f);
        if ((x & 0x7F800000) == 0x7F800000 && (x & 0x7FFFFF) != 0) {
            return (short) ((x >>> 16) | QUIET_NAN);
        }
        return (short) ((x >>> 16) + Fp16.roundUp(x, 16));
    }
}
