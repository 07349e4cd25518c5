package tpb.data;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * IEEE 754 binary16 ("fp16", numpy {@code float16}) to and from fp32.
 *
 * <p>fp16 to fp32 is exact; a NaN keeps its payload and comes out quiet, as IEEE 754 (§6.2: a
 * conversion delivers a quiet NaN for a signalling one) and the processors' conversion
 * instructions (x86 F16C {@code VCVTPH2PS}, Arm {@code FCVT}) do. fp32 to fp16 rounds to nearest,
 * ties to even, the IEEE default and numpy's {@code astype(np.float16)}; values at or past 65520
 * become infinity, NaN stays a quiet NaN with the top payload bits. The datapath sources name no
 * other rounding mode for fp16 results (ASSUMED; see docs/data-level.md).
 *
 * <p>Two implementations with the same bits. On Java 20 and later, {@code Float.float16ToFloat}
 * and {@code Float.floatToFloat16}, which C2 compiles to those instructions and vectorises in a
 * loop (this class compiles for Java 17, so they are method handles bound once, in
 * {@code static final} fields the JIT inlines as a direct call); they are used only after a probe
 * at class initialisation finds them giving this class's bits on the cases where conversions
 * differ (NaN payloads, subnormals, rounding ties, overflow). Before Java 20, fp16 to fp32 is a
 * table of all 65,536 results (one load an element) and fp32 to fp16 the bit arithmetic below.
 * {@code Fp16Test} compares both with the definition on every fp16 pattern and on a sample of
 * floats.
 */
public final class Fp16 {
    /** {@code Float.float16ToFloat}, or null where the JDK has none or it gives other bits. */
    private static final MethodHandle TO_FLOAT;
    /** {@code Float.floatToFloat16}, likewise. */
    private static final MethodHandle FROM_FLOAT;

    static {
        MethodHandle to = null;
        MethodHandle from = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            to = lookup.findStatic(Float.class, "float16ToFloat", MethodType.methodType(float.class, short.class));
            from = lookup.findStatic(Float.class, "floatToFloat16", MethodType.methodType(short.class, float.class));
        } catch (NoSuchMethodException | IllegalAccessException beforeJava20) {
            // the table and the arithmetic below
        }
        boolean agree = to != null && agrees(to, from);
        TO_FLOAT = agree ? to : null;
        FROM_FLOAT = agree ? from : null;
    }

    private Fp16() {
    }

    /** Whether the JDK's conversions run here (Java 20+, and they gave this class's bits). */
    public static boolean intrinsic() {
        return TO_FLOAT != null;
    }

    /** The JDK's conversions against this class's on the patterns where implementations part. */
    private static boolean agrees(MethodHandle to, MethodHandle from) {
        try {
            short[] halves = {0x0000, (short) 0x8000, 0x0001, 0x03FF, 0x0400, 0x3C00, 0x7BFF, 0x7C00, (short) 0xFC00, 0x7C01,
                (short) 0xFC01, 0x7D55, 0x7E00, 0x7FFF, (short) 0xFFFF};
            for (short h : halves) {
                if (Float.floatToRawIntBits((float) to.invokeExact(h)) != Float.floatToRawIntBits(toFloatBits(h))) {
                    return false;
                }
            }
            int[] floats = {0x7F800001, 0x7FC00001, 0x7F802000, 0xFFFFFFFF, 0x7F800000, 0x477FF000, 0x477FEFFF, 0x33000000,
                0x33000001, 0x387FC000, 0x3F801000, 0x3F803000, 0x00000001, 0x80000000, 0x7F7FFFFF};
            for (int x : floats) {
                float f = Float.intBitsToFloat(x);
                if ((short) from.invokeExact(f) != fromFloatBits(f)) {
                    return false;
                }
            }
            return true;
        } catch (Throwable e) {
            return false;
        }
    }

    /** fp16 bits -> fp32 before Java 20, all 65,536 of them (256 KiB): built on first use. */
    private static final class Table {
        static final float[] FP16 = new float[1 << 16];

        static {
            for (int h = 0; h < FP16.length; h++) {
                FP16[h] = toFloatBits((short) h);
            }
        }
    }

    /** The fp32 value of fp16 bits {@code h} (exact: every fp16 value is an fp32 value; a NaN comes out quiet). */
    public static float toFloat(short h) {
        if (TO_FLOAT != null) {
            try {
                return (float) TO_FLOAT.invokeExact(h);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
        return Table.FP16[h & 0xFFFF];
    }

    /** {@code f} rounded to the nearest fp16, ties to even. */
    public static short fromFloat(float f) {
        if (FROM_FLOAT != null) {
            try {
                return (short) FROM_FLOAT.invokeExact(f);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
        return fromFloatBits(f);
    }

    /** {@link #toFloat} by arithmetic on the bits: the definition the table is built from. */
    static float toFloatBits(short h) {
        int bits = h & 0xFFFF;
        int sign = (bits & 0x8000) << 16;
        int exp = (bits >>> 10) & 0x1F;
        int mant = bits & 0x3FF;
        if (exp == 0x1F) {
            // infinity, or a NaN: its payload in the top mantissa bits, and quiet
            return Float.intBitsToFloat(sign | 0x7F800000 | (mant << 13) | (mant == 0 ? 0 : 0x400000));
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

    /** {@link #fromFloat} by arithmetic on the bits. */
    static short fromFloatBits(float f) {
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
