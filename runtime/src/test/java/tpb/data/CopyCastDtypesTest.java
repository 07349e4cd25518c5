package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.CastFlyweight;
import tpb.isa.CopyFlyweight;
import tpb.isa.DtypeWire;

/**
 * COPY and CAST records (built through the encoders) at every pair of the nine dtypes the data
 * level has values for, each input at its dtype's boundaries — max, min, ±0, ±inf, a NaN, the
 * least and largest subnormal, rounding ties of fp16 and bf16, the integer ranges' ends — against
 * a naive oracle written here that shares no code with {@link Elements}, {@link Fp16} or
 * {@link Bf16}:
 *
 * <ul>
 *   <li>equal dtypes move the bits (a NaN's payload and -0 included: the compiler writes a
 *       reinterpreted dtype for a plain move, VectorOps' contract);
 *   <li>a value is decoded exactly (fp16 by its formula, bf16 as the top half of an fp32, integers
 *       by sign extension);
 *   <li>to fp32 it rounds as Java's (float) cast does (JLS: nearest, ties to even); to fp16 and
 *       bf16 it goes through fp32 first (Elements' documented rule), then to the nearest value found
 *       by a binary search over the target's non-negative bit patterns (monotonic in value), ties to
 *       the even pattern, with the first pattern past the largest finite one counting as the next
 *       power of two (IEEE overflow: round as if unbounded, then infinity); the sign is the input's;
 *   <li>a NaN stays a NaN of the same sign with the quiet bit set;
 *   <li>to an integer only an integral value in range is written (two's complement, little-endian);
 *       anything else — a fraction, NaN, an infinity, one past either end — is the fault line
 *       naming the value and the dtype (the sources give no rounding or saturation).
 * </ul>
 *
 * Each element is one record on SBUF partition 127 (the last), src at byte 0x40, dst at 0x80, the
 * dst's neighbouring bytes checked untouched.
 */
class CopyCastDtypesTest {
    /** The dtypes with values (docs/data-level.md), with their element size in bytes. */
    static final Map<DtypeWire, Integer> SIZES = new LinkedHashMap<>();

    static {
        SIZES.put(DtypeWire.FP32, 4);
        SIZES.put(DtypeWire.FP16, 2);
        SIZES.put(DtypeWire.BFLOAT16, 2);
        SIZES.put(DtypeWire.INT32, 4);
        SIZES.put(DtypeWire.UINT32, 4);
        SIZES.put(DtypeWire.INT16, 2);
        SIZES.put(DtypeWire.UINT16, 2);
        SIZES.put(DtypeWire.INT8, 1);
        SIZES.put(DtypeWire.UINT8, 1);
    }

    static long f(float v) {
        return Float.floatToRawIntBits(v) & 0xFFFFFFFFL;
    }

    /** Each dtype's boundary inputs, as raw bits. */
    static long[] inputs(DtypeWire t) {
        return switch (t) {
            case FP32 -> new long[] {0, 0x80000000L, 0x7F7FFFFFL, 0xFF7FFFFFL, 0x7F800000L, 0xFF800000L, 0x7FC00001L, 0xFFC00000L,
                    0x00000001L, 0x007FFFFFL, 0x00800000L, f(1), f(-1), f(0.5f), f(-2.5f), f(65504), f(65520), f(-65520), f(65519.996f),
                    f(1 + 0x1p-11f), f(1 + 3 * 0x1p-11f), f(0x1p-24f), f(0x1p-25f), f(0x1.000002p-25f), f(0x1p-14f), f(0x1.ffcp-15f),
                    f(1 + 0x1p-8f), f(1 + 3 * 0x1p-8f), f(127), f(128), f(-128), f(-129), f(255), f(256), f(32767), f(32768), f(-32768),
                    f(65535), f(65536), f(0x1p31f), f(-0x1p31f), f(0x1p32f), f(16777216)};
            case FP16 -> new long[] {0, 0x8000, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x7D01, 0x0001, 0x03FF, 0x0400, 0x8001,
                    0x3C00, 0xBC00, 0x3800, 0x57F0, 0x5800, 0xD800, 0xD808, 0x5BF8, 0x5C00, 0x77FF, 0x7800, 0x7BFE, 0x3C01};
            case BFLOAT16 -> new long[] {0, 0x8000, 0x7F7F, 0xFF7F, 0x7F80, 0xFF80, 0x7FC0, 0xFFC1, 0x7F81, 0x0001, 0x007F, 0x0080,
                    0x3F80, 0xBF80, 0x3F00, 0x42FE, 0x4300, 0xC300, 0x437F, 0x4380, 0x477F, 0x4780, 0x3F81};
            case INT32 -> new long[] {0, 1, 0xFFFFFFFFL, 0x7FFFFFFFL, 0x80000000L, 0x01000001L, 0x01010001L, 65504, 65519, 65520, 127, -128 & 0xFFFFFFFFL,
                    128, 255, 256, 32767, -32768 & 0xFFFFFFFFL, 32768, 65535, 65536, -129 & 0xFFFFFFFFL};
            case UINT32 -> new long[] {0, 1, 0xFFFFFFFFL, 0x80000000L, 0x7FFFFFFFL, 127, 128, 255, 256, 32767, 32768, 65535, 65536, 65504, 65520};
            case INT16 -> new long[] {0, 1, 0xFFFF, 0x7FFF, 0x8000, 127, 128, 0xFF80, 0xFF7F, 255, 256};
            case UINT16 -> new long[] {0, 1, 0xFFFF, 0x7FFF, 0x8000, 127, 128, 255, 256};
            case INT8 -> new long[] {0, 1, 0xFF, 0x7F, 0x80};
            case UINT8 -> new long[] {0, 1, 0xFF, 0x7F, 0x80};
            default -> throw new IllegalArgumentException(t.toString());
        };
    }

    /** fp16 bits as their exact value: (-1)^s 2^(e-15) (1 + m/1024), subnormals 2^-14 (m/1024). */
    static double fp16(long bits) {
        int s = (int) (bits >> 15) & 1;
        int e = (int) (bits >> 10) & 0x1F;
        int m = (int) bits & 0x3FF;
        double mag = e == 0x1F ? (m == 0 ? Double.POSITIVE_INFINITY : Double.NaN)
                : e == 0 ? Math.scalb((double) m, -24) : Math.scalb(1024.0 + m, e - 25);
        return s == 1 ? -mag : mag;
    }

    static double bf16(long bits) {
        return Float.intBitsToFloat((int) (bits << 16));
    }

    /** The exact value of {@code bits} read as {@code t}. */
    static double value(DtypeWire t, long bits) {
        return switch (t) {
            case FP32 -> Float.intBitsToFloat((int) bits);
            case FP16 -> fp16(bits);
            case BFLOAT16 -> bf16(bits);
            case INT32 -> (int) bits;
            case UINT32 -> bits & 0xFFFFFFFFL;
            case INT16 -> (short) bits;
            case UINT16 -> bits & 0xFFFF;
            case INT8 -> (byte) bits;
            case UINT8 -> bits & 0xFF;
            default -> throw new IllegalArgumentException(t.toString());
        };
    }

    /** The magnitude pattern p of a 16-bit float format (0 <= p <= its +inf) as a value; +inf counts as {@code top}. */
    static BigDecimal magnitude(DtypeWire t, int p, int inf, double top) {
        return new BigDecimal(p == inf ? top : value(t, p));
    }

    /** The nearest fp16/bf16 to fp32 value {@code x}, ties to the even pattern, overflowing to infinity. */
    static long nearest16(DtypeWire t, float x) {
        int inf = t == DtypeWire.FP16 ? 0x7C00 : 0x7F80;
        double top = t == DtypeWire.FP16 ? 65536.0 : 0x1p128;   // the power of two past the largest finite value
        long sign = Float.floatToRawIntBits(x) < 0 ? 0x8000 : 0;
        if (Float.isInfinite(x)) {
            return sign | inf;
        }
        BigDecimal a = new BigDecimal(Math.abs((double) x));
        if (a.compareTo(new BigDecimal(top)) >= 0) {
            return sign | inf;
        }
        // the largest pattern whose value is <= a (binary search: non-negative patterns are ordered by value)
        int lo = 0;
        int hi = inf;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (magnitude(t, mid, inf, top).compareTo(a) <= 0) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int p = lo;
        BigDecimal below = a.subtract(magnitude(t, p, inf, top));
        if (below.signum() == 0) {
            return sign | p;
        }
        BigDecimal above = magnitude(t, p + 1, inf, top).subtract(a);
        int c = below.compareTo(above);
        int pick = c < 0 ? p : c > 0 ? p + 1 : (p % 2 == 0 ? p : p + 1);
        return sign | pick;
    }

    static boolean isFloat(DtypeWire t) {
        return t == DtypeWire.FP32 || t == DtypeWire.FP16 || t == DtypeWire.BFLOAT16;
    }

    /** What the oracle expects: the bits written, or the fault line. */
    record Want(long bits, String fault, boolean nan) {}

    static Want expect(DtypeWire in, DtypeWire out, long bits) {
        if (in == out) {
            return new Want(bits, null, false);
        }
        double v = value(in, bits);
        if (isFloat(out)) {
            if (Double.isNaN(v)) {
                return new Want(Double.doubleToRawLongBits(v) < 0 ? 1 : 0, null, true);
            }
            float x = (float) v;
            return new Want(out == DtypeWire.FP32 ? f(x) : nearest16(out, x), null, false);
        }
        int size = SIZES.get(out);
        boolean unsigned = out == DtypeWire.UINT32 || out == DtypeWire.UINT16 || out == DtypeWire.UINT8;
        double min = unsigned ? 0 : -Math.pow(2, 8 * size - 1);
        double max = unsigned ? Math.pow(2, 8 * size) - 1 : Math.pow(2, 8 * size - 1) - 1;
        if (Double.isNaN(v) || Double.isInfinite(v) || v != Math.floor(v) || v < min || v > max) {
            return new Want(0, "value " + v + " does not fit " + out.specName()
                    + " exactly (no float-to-integer rounding or saturation is modelled)", false);
        }
        long mask = size == 4 ? 0xFFFFFFFFL : (1L << (8 * size)) - 1;
        return new Want((long) v & mask, null, false);
    }

    static final int P = 127;

    static byte[] record(Rig rig, boolean cast, DtypeWire in, DtypeWire out) {
        byte[] b = new byte[64];
        if (cast) {
            CastFlyweight c = new CastFlyweight().wrap(b, 0).reset();
            c.inDtypeRaw(in.value()).outDtypeRaw(out.value()).numActiveChannels(1);
            Rig.pattern(c.srcMemPattern(), c::srcMemPatternStartWordAddress, c::srcMemPatternStep, c::srcMemPatternNum, rig.sb(P, 0x40), 1, 1);
            Rig.pattern(c.dstMemPattern(), c::dstMemPatternStartWordAddress, c::dstMemPatternStep, c::dstMemPatternNum, rig.sb(P, 0x80), 1, 1);
        } else {
            CopyFlyweight c = new CopyFlyweight().wrap(b, 0).reset();
            c.inDtypeRaw(in.value()).outDtypeRaw(out.value()).numActiveChannels(1);
            Rig.pattern(c.srcMemPattern(), c::srcMemPatternStartWordAddress, c::srcMemPatternStep, c::srcMemPatternNum, rig.sb(P, 0x40), 1, 1);
            Rig.pattern(c.dstMemPattern(), c::dstMemPatternStartWordAddress, c::dstMemPatternStep, c::dstMemPatternNum, rig.sb(P, 0x80), 1, 1);
        }
        return b;
    }

    static String name(DtypeWire t) {
        return t.specName();
    }

    @Test
    void everyDtypePairAtItsBoundaries() {
        Rig rig = new Rig();
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (DtypeWire in : SIZES.keySet()) {
            int inSize = SIZES.get(in);
            for (DtypeWire out : SIZES.keySet()) {
                int outSize = SIZES.get(out);
                boolean cast = false;
                for (long bits : inputs(in)) {
                    cast = !cast;   // COPY and CAST take turns: one meaning, two records
                    String what = (cast ? "CAST " : "COPY ") + name(in) + " 0x" + Long.toHexString(bits) + " -> " + name(out);
                    Rig.put(rig.core.sbuf(), P, 0x40, inSize, bits);
                    for (int i = 0; i < 16; i++) {
                        Rig.put(rig.core.sbuf(), P, 0x7C + i, 1, 0x5A);
                    }
                    Want w = expect(in, out, bits);
                    byte[] r = record(rig, cast, in, out);
                    checked++;
                    if (w.fault() != null) {
                        DataFault fault = assertThrows(DataFault.class, () -> rig.run(r), what);
                        if (!w.fault().equals(fault.getMessage())) {
                            wrong.add(what + ": fault \"" + fault.getMessage() + "\", want \"" + w.fault() + "\"");
                        }
                        continue;
                    }
                    String ranges = rig.run(r);
                    String want = "read SBUF p127 [0x40,0x" + Integer.toHexString(0x40 + inSize) + ") " + name(in) + "; wrote SBUF p127 [0x80,0x"
                            + Integer.toHexString(0x80 + outSize) + ") " + name(out);
                    if (!want.equals(ranges)) {
                        wrong.add(what + ": ranges " + ranges);
                    }
                    long got = Rig.get(rig.core.sbuf(), P, 0x80, outSize, 1)[0];
                    if (w.nan()) {
                        boolean ok = switch (out) {
                            case FP32 -> (got & 0x7FC00000L) == 0x7FC00000L && (got >>> 31) == w.bits();
                            case FP16 -> (got & 0x7E00) == 0x7E00 && (got >>> 15) == w.bits();
                            default -> (got & 0x7FC0) == 0x7FC0 && (got >>> 15) == w.bits();
                        };
                        if (!ok) {
                            wrong.add(what + ": 0x" + Long.toHexString(got) + " is not a quiet NaN of sign " + w.bits());
                        }
                    } else if (got != w.bits()) {
                        wrong.add(what + ": 0x" + Long.toHexString(got) + ", want 0x" + Long.toHexString(w.bits()));
                    }
                    long[] before = Rig.get(rig.core.sbuf(), P, 0x7C, 1, 4);
                    long[] after = Rig.get(rig.core.sbuf(), P, 0x80 + outSize, 1, 4);
                    if (!java.util.Arrays.equals(new long[] {0x5A, 0x5A, 0x5A, 0x5A}, before)
                            || !java.util.Arrays.equals(new long[] {0x5A, 0x5A, 0x5A, 0x5A}, after)) {
                        wrong.add(what + ": a neighbouring byte changed");
                    }
                }
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(checked > 1000, checked + " conversions");
    }

    @Test
    void theOracleAgreesWithHandWorkedEdges() {
        // fp16: 65520 is the tie between 65504 (0x7BFF, odd) and 65536 (infinity's place): to even, infinity
        assertEquals(0x7C00, nearest16(DtypeWire.FP16, 65520f));
        assertEquals(0x7BFF, nearest16(DtypeWire.FP16, 65519.996f));
        // 1 + 2^-11 ties 1 (0x3C00, even) and 1 + 2^-10 (0x3C01): even; 1 + 3 * 2^-11 ties 0x3C01 and 0x3C02: even, up
        assertEquals(0x3C00, nearest16(DtypeWire.FP16, 1 + 0x1p-11f));
        assertEquals(0x3C02, nearest16(DtypeWire.FP16, 1 + 3 * 0x1p-11f));
        // 2^-25 ties 0 and the least subnormal 2^-24: even, 0; a hair above goes up; the sign stays
        assertEquals(0x0000, nearest16(DtypeWire.FP16, 0x1p-25f));
        assertEquals(0x0001, nearest16(DtypeWire.FP16, 0x1.000002p-25f));
        assertEquals(0x8000, nearest16(DtypeWire.FP16, -0x1p-26f));
        // the largest subnormal's neighbour: 2^-14 - 2^-25 ties 0x03FF and 0x0400: even, 0x0400
        assertEquals(0x0400, nearest16(DtypeWire.FP16, 0x1.ffcp-15f));
        // bf16: 1 + 2^-8 ties 0x3F80 and 0x3F81: even; fp32's max rounds past bf16's max (0x7F7F) to infinity
        assertEquals(0x3F80, nearest16(DtypeWire.BFLOAT16, 1 + 0x1p-8f));
        assertEquals(0x3F82, nearest16(DtypeWire.BFLOAT16, 1 + 3 * 0x1p-8f));
        assertEquals(0x7F80, nearest16(DtypeWire.BFLOAT16, Float.MAX_VALUE));
        assertEquals(0x0000, nearest16(DtypeWire.BFLOAT16, Float.MIN_VALUE));
        // int32 2^24 + 2^16 + 1 -> bf16 through fp32: fp32 rounds it to 2^24 + 2^16 (a tie at 2, to even), which
        // ties bf16's 2^24 (0x4B80) and 2^24 + 2^17 (0x4B81): even, 0x4B80 (direct rounding would give 0x4B81)
        assertEquals(new Want(0x4B80, null, false), expect(DtypeWire.INT32, DtypeWire.BFLOAT16, 0x01010001L));
        assertEquals(65504.0, fp16(0x7BFF));
        assertEquals(0x1p-24, fp16(1));
        assertEquals(-2.0, fp16(0xC000));
    }

    @Test
    void onlyThePlainFormHasSemantics() {
        Rig rig = new Rig();
        for (boolean cast : new boolean[] {false, true}) {
            String arm = cast ? "CAST" : "COPY";
            String line = arm + " with negated, mask_enable, op or op_dim set has no data-level semantics";
            int noOp = 0;
            while (AluOpWire.isWire(noOp)) {
                noOp++;
            }
            int[][] edits = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, AluOpWire.encode(AluOpType.ADD), 0}, {0, 0, 0, 1}, {0, 0, noOp, 0}};
            for (int[] e : edits) {
                byte[] r = record(rig, cast, DtypeWire.FP32, DtypeWire.FP32);
                if (cast) {
                    new CastFlyweight().wrap(r, 0).negated(e[0]).maskEnable(e[1]).opRaw(e[2]).opDimRaw(e[3]);
                } else {
                    new CopyFlyweight().wrap(r, 0).negated(e[0]).maskEnable(e[1]).opRaw(e[2]).opDimRaw(e[3]);
                }
                assertEquals(line, assertThrows(DataFault.class, () -> rig.run(r)).getMessage(), java.util.Arrays.toString(e));
            }
            // BYPASS by its wire byte is the plain form
            byte[] r = record(rig, cast, DtypeWire.FP32, DtypeWire.FP32);
            if (cast) {
                new CastFlyweight().wrap(r, 0).opRaw(AluOpWire.encode(AluOpType.BYPASS));
            } else {
                new CopyFlyweight().wrap(r, 0).opRaw(AluOpWire.encode(AluOpType.BYPASS));
            }
            assertEquals("read SBUF p127 [0x40,0x44) FP32; wrote SBUF p127 [0x80,0x84) FP32", rig.run(r));
            // a dtype with no values, on either side, names its field
            byte[] in = record(rig, cast, DtypeWire.FP8_EXP4, DtypeWire.FP32);
            assertEquals(arm + " in_dtype FP8_EXP4 has no data-level semantics", assertThrows(DataFault.class, () -> rig.run(in)).getMessage());
            byte[] out = record(rig, cast, DtypeWire.FP32, DtypeWire.INT64);
            assertEquals(arm + " out_dtype INT64 has no data-level semantics", assertThrows(DataFault.class, () -> rig.run(out)).getMessage());
            byte[] none = record(rig, cast, DtypeWire.FP32, DtypeWire.INVALID);
            assertEquals(arm + " out_dtype INVALID has no data-level semantics", assertThrows(DataFault.class, () -> rig.run(none)).getMessage());
        }
    }

    @Test
    void aCopyOverSeveralPartitionsAndAStride() {
        // 3 partitions from p125 (the last three), src every other fp32 (step 2), dst dense fp16: 1.5, -2, 65504 per partition + p
        Rig rig = new Rig();
        for (int p = 125; p < 128; p++) {
            Rig.put(rig.core.sbuf(), p, 0, 4, f(1.5f + p), 0, f(-2f + p), 0, f(65504f + p));
        }
        byte[] b = new byte[64];
        CopyFlyweight c = new CopyFlyweight().wrap(b, 0).reset();
        c.inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP16.value()).numActiveChannels(3);
        Rig.pattern(c.srcMemPattern(), c::srcMemPatternStartWordAddress, c::srcMemPatternStep, c::srcMemPatternNum, rig.sb(125, 0), 2, 3);
        Rig.pattern(c.dstMemPattern(), c::dstMemPatternStartWordAddress, c::dstMemPatternStep, c::dstMemPatternNum, rig.sb(125, 0x100), 1, 3);
        assertEquals("read SBUF p125-127 [0x0,0x14) FP32; wrote SBUF p125-127 [0x100,0x106) FP16", rig.run(b));
        // fp16 (exponent e + 15 << 10 | mantissa): p125 126.5 = 0x57E8, 123 = 0x57B0; p126 127.5 = 0x57F8, 124 = 0x57C0;
        // p127 128.5 = 0x5804, 125 = 0x57D0; 65504 + p is past 65520: infinity, 0x7C00
        assertArrayEquals(new long[] {0x57E8, 0x57B0, 0x7C00}, Rig.get(rig.core.sbuf(), 125, 0x100, 2, 3));
        assertArrayEquals(new long[] {0x57F8, 0x57C0, 0x7C00}, Rig.get(rig.core.sbuf(), 126, 0x100, 2, 3));
        assertArrayEquals(new long[] {0x5804, 0x57D0, 0x7C00}, Rig.get(rig.core.sbuf(), 127, 0x100, 2, 3));
    }
}
