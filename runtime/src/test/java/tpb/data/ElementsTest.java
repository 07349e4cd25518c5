package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tpb.isa.DtypeWire;
import tpb.isa.DtypeWireBytes;

/**
 * Every dtype's element at its byte and range edges: the little-endian bytes of each read and
 * write laid out by hand, the integer dtypes' both ends and one past each (a fault: no saturation
 * is modelled), and the refusal texts. The value-model set and the float set are written here from
 * the class's contract (the nine dtypes it reads; the three float ones), not taken from the class.
 */
class ElementsTest {
    private static final Set<DtypeWire> VALUES = EnumSet.of(DtypeWire.FP32, DtypeWire.FP16, DtypeWire.BFLOAT16, DtypeWire.INT32,
            DtypeWire.UINT32, DtypeWire.INT16, DtypeWire.UINT16, DtypeWire.INT8, DtypeWire.UINT8);
    private static final Set<DtypeWire> FLOATS = EnumSet.of(DtypeWire.FP32, DtypeWire.FP16, DtypeWire.BFLOAT16);

    @Test
    void eachDtypeHasItsValueModelAndItsSizeFromTheSpec() {
        for (DtypeWire t : DtypeWire.values()) {
            assertEquals(VALUES.contains(t), Elements.hasValues(t), t.specName());
            assertEquals(FLOATS.contains(t), Elements.isFloat(t), t.specName());
            if (DtypeWireBytes.encodes(t)) {
                assertEquals(DtypeWireBytes.encode(t), Elements.size(t), t.specName());
            } else {
                assertEquals("dtype " + t.specName() + " has no element size in the spec",
                        assertThrows(DataFault.class, () -> Elements.size(t)).getMessage());
            }
            if (!VALUES.contains(t)) {
                byte[] b = new byte[16];
                assertEquals("dtype " + t.specName() + " has no value semantics at the data level",
                        assertThrows(DataFault.class, () -> Elements.read(b, 0, t)).getMessage());
                assertEquals("dtype " + t.specName() + " has no value semantics at the data level",
                        assertThrows(DataFault.class, () -> Elements.write(b, 0, t, 0)).getMessage());
                assertArrayEquals(new byte[16], b);
            }
        }
        assertEquals("dtype (unknown tag) has no element size in the spec",
                assertThrows(DataFault.class, () -> Elements.size(null)).getMessage());
        // the sizes a value model needs, from the spec: 4, 2 and 1 bytes
        for (DtypeWire t : VALUES) {
            int want = switch (t) {
                case FP32, INT32, UINT32 -> 4;
                case FP16, BFLOAT16, INT16, UINT16 -> 2;
                default -> 1;
            };
            assertEquals(want, Elements.size(t), t.specName());
        }
    }

    /** {@code v} written as {@code t} at byte 3 of a buffer of 0xAA: the bytes around it untouched, the element's bytes as given, and read back. */
    private static void writes(DtypeWire t, double v, int... le) {
        byte[] b = new byte[12];
        java.util.Arrays.fill(b, (byte) 0xAA);
        Elements.write(b, 3, t, v);
        byte[] want = new byte[12];
        java.util.Arrays.fill(want, (byte) 0xAA);
        for (int i = 0; i < le.length; i++) {
            want[3 + i] = (byte) le[i];
        }
        assertArrayEquals(want, b, t.specName() + " " + v);
        double back = Elements.read(b, 3, t);
        assertEquals(Double.doubleToRawLongBits(v), Double.doubleToRawLongBits(back), t.specName() + " " + v + " read back as " + back);
    }

    @Test
    void integerDtypesAtBothEndsLittleEndian() {
        writes(DtypeWire.INT8, -128, 0x80);
        writes(DtypeWire.INT8, 127, 0x7F);
        writes(DtypeWire.INT8, -1, 0xFF);
        writes(DtypeWire.UINT8, 0, 0x00);
        writes(DtypeWire.UINT8, 255, 0xFF);
        writes(DtypeWire.UINT8, 128, 0x80);
        writes(DtypeWire.INT16, -32768, 0x00, 0x80);
        writes(DtypeWire.INT16, 32767, 0xFF, 0x7F);
        writes(DtypeWire.INT16, -2, 0xFE, 0xFF);
        writes(DtypeWire.INT16, 0x1234, 0x34, 0x12);
        writes(DtypeWire.UINT16, 65535, 0xFF, 0xFF);
        writes(DtypeWire.UINT16, 0x8001, 0x01, 0x80);
        writes(DtypeWire.UINT16, 0, 0x00, 0x00);
        writes(DtypeWire.INT32, -2147483648.0, 0x00, 0x00, 0x00, 0x80);
        writes(DtypeWire.INT32, 2147483647.0, 0xFF, 0xFF, 0xFF, 0x7F);
        writes(DtypeWire.INT32, 0x12345678, 0x78, 0x56, 0x34, 0x12);
        writes(DtypeWire.UINT32, 4294967295.0, 0xFF, 0xFF, 0xFF, 0xFF);
        writes(DtypeWire.UINT32, 2147483648.0, 0x00, 0x00, 0x00, 0x80);
        writes(DtypeWire.UINT32, 0, 0x00, 0x00, 0x00, 0x00);
    }

    @Test
    void floatDtypesLittleEndianWithTheirSpecialValues() {
        // fp32 bits by hand: 1.0 = 0x3F800000, -2.5 = 0xC0200000, +inf = 0x7F800000, -0 = 0x80000000, the smallest subnormal 0x00000001
        writes(DtypeWire.FP32, 1.0, 0x00, 0x00, 0x80, 0x3F);
        writes(DtypeWire.FP32, -2.5, 0x00, 0x00, 0x20, 0xC0);
        writes(DtypeWire.FP32, Double.POSITIVE_INFINITY, 0x00, 0x00, 0x80, 0x7F);
        writes(DtypeWire.FP32, -0.0, 0x00, 0x00, 0x00, 0x80);
        writes(DtypeWire.FP32, Math.scalb(1.0, -149), 0x01, 0x00, 0x00, 0x00);
        // fp16: 1.0 = 0x3C00, 65504 (max) = 0x7BFF, 2^-24 (smallest subnormal) = 0x0001, 2^-14 (smallest normal) = 0x0400, -inf = 0xFC00, -0 = 0x8000
        writes(DtypeWire.FP16, 1.0, 0x00, 0x3C);
        writes(DtypeWire.FP16, 65504, 0xFF, 0x7B);
        writes(DtypeWire.FP16, Math.scalb(1.0, -24), 0x01, 0x00);
        writes(DtypeWire.FP16, Math.scalb(1.0, -14), 0x00, 0x04);
        writes(DtypeWire.FP16, Math.scalb(1023.0, -24), 0xFF, 0x03);   // the largest subnormal
        writes(DtypeWire.FP16, Double.NEGATIVE_INFINITY, 0x00, 0xFC);
        writes(DtypeWire.FP16, -0.0, 0x00, 0x80);
        // bf16 is fp32's top half: 1.0 = 0x3F80, -2.5 = 0xC020, 2^-133 (smallest subnormal) = 0x0001, max 0x7F7F = (2 - 2^-7) * 2^127
        writes(DtypeWire.BFLOAT16, 1.0, 0x80, 0x3F);
        writes(DtypeWire.BFLOAT16, -2.5, 0x20, 0xC0);
        writes(DtypeWire.BFLOAT16, Math.scalb(1.0, -133), 0x01, 0x00);
        writes(DtypeWire.BFLOAT16, Math.scalb(255.0, 120), 0x7F, 0x7F);
        // a value past fp16's range rounds to infinity; fp32 rounds a double to nearest even first
        byte[] b = new byte[4];
        Elements.write(b, 0, DtypeWire.FP16, 65520);
        assertArrayEquals(new byte[] {0x00, 0x7C, 0, 0}, b);
        Elements.write(b, 0, DtypeWire.FP16, 65519.99);
        assertArrayEquals(new byte[] {(byte) 0xFF, 0x7B, 0, 0}, b);
        Elements.write(b, 0, DtypeWire.FP32, 1 + Math.scalb(1.0, -24));   // the tie between 1 and 1 + 2^-23: to even, 1
        assertArrayEquals(new byte[] {0x00, 0x00, (byte) 0x80, 0x3F}, b);
        // NaN stays NaN through every float dtype
        for (DtypeWire t : FLOATS) {
            Elements.write(b, 0, t, Double.NaN);
            assertTrue(Double.isNaN(Elements.read(b, 0, t)), t.specName());
        }
    }

    @Test
    void anIntegerOutsideItsRangeOrNotIntegralIsAFaultNotASaturation() {
        Object[][] bad = {
            {DtypeWire.INT8, -129.0}, {DtypeWire.INT8, 128.0}, {DtypeWire.UINT8, -1.0}, {DtypeWire.UINT8, 256.0},
            {DtypeWire.INT16, -32769.0}, {DtypeWire.INT16, 32768.0}, {DtypeWire.UINT16, -1.0}, {DtypeWire.UINT16, 65536.0},
            {DtypeWire.INT32, -2147483649.0}, {DtypeWire.INT32, 2147483648.0}, {DtypeWire.UINT32, -1.0}, {DtypeWire.UINT32, 4294967296.0},
            {DtypeWire.INT32, 0.5}, {DtypeWire.INT8, -0.5}, {DtypeWire.UINT8, Double.NaN}, {DtypeWire.INT16, Double.POSITIVE_INFINITY},
        };
        for (Object[] c : bad) {
            DtypeWire t = (DtypeWire) c[0];
            double v = (Double) c[1];
            byte[] b = new byte[4];
            DataFault f = assertThrows(DataFault.class, () -> Elements.write(b, 0, t, v), t + " " + v);
            assertEquals("value " + v + " does not fit " + t.specName() + " exactly (no float-to-integer rounding or saturation is modelled)",
                    f.getMessage());
            assertArrayEquals(new byte[4], b, "nothing written: " + t + " " + v);
        }
        assertFalse(Elements.isFloat(null));
    }
}
