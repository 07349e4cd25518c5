package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * NaNs whose payload sits in the low mantissa bits, the ones a conversion drops, each result
 * derived by hand from IEEE 754's layouts: fp32 is sign | 8-bit exponent | 23-bit mantissa, fp16
 * sign | 5 | 10, bf16 the top 16 bits of fp32. A NaN keeps its sign and the mantissa's top bits,
 * with the quiet bit (the top mantissa bit) set so that it stays a NaN. (PIT survivors of the
 * element-level run, mutation-survivors.md.)
 */
class ElementNanTest {
    /**
     * 0x7FFFFFFF: mantissa 0x7FFFFF, its top 10 bits 0x3FF, quiet bit set already: fp16 0x7C00 | 0x3FF
     * = 0x7FFF. 0x7F800004 (a signalling NaN with only mantissa bit 2 set): its top 10 bits are 0, so
     * the quiet bit 0x200 alone: 0x7E00, positive (bit 2 must not reach the sign). 0xFF800004: the
     * same negative, 0xFE00.
     */
    @Test
    void fp16KeepsTheTopPayloadBitsAndTheSign() {
        assertEquals((short) 0x7FFF, Fp16.fromFloat(Float.intBitsToFloat(0x7FFF_FFFF)));
        assertEquals((short) 0x7E00, Fp16.fromFloat(Float.intBitsToFloat(0x7F80_0004)));
        assertEquals((short) 0xFE00, Fp16.fromFloat(Float.intBitsToFloat(0xFF80_0004)));
    }

    /**
     * 0x7F800001: a NaN whose top 16 bits, 0x7F80, alone would be +infinity; the quiet bit (1 << 6 of
     * bf16) makes 0x7FC0. 0xFFFFFFFF: top half 0xFFFF, already quiet, and no rounding: 0xFFFF (rounding
     * up as for a number would carry out to 0x0000, +0).
     */
    @Test
    void bf16NaNsStayNaNsWithoutRounding() {
        assertEquals((short) 0x7FC0, Bf16.fromFloat(Float.intBitsToFloat(0x7F80_0001)));
        assertEquals((short) 0xFFFF, Bf16.fromFloat(Float.intBitsToFloat(0xFFFF_FFFF)));
    }
}
