package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;

/**
 * The PE's bulk reads and writes ({@link AccessPattern#readFloats}, {@link AccessPattern#writeFloats},
 * {@link AccessPattern#readRaw}, and {@link AccessPattern#store}, where a MATMUL's rows land)
 * against the per-element path and values derived by hand.
 */
class AccessPatternTest {
    /**
     * Every one of the 65,536 fp16 bit patterns, laid out in 2 partitions x 32,768 elements, read
     * contiguously (step 1) and backwards (step -1, the offset-table path): each fp32 equals
     * Fp16.toFloat of its bits, NaN payloads included (compared as raw bits).
     */
    @Test
    void fp16BulkReadEqualsEveryPattern() {
        CoreState core = new CoreState(Arch.CAYMAN);
        for (int p = 0; p < 2; p++) {
            byte[] row = core.sbuf().row(p, 0, 65536);
            for (int i = 0; i < 32768; i++) {
                int h = p * 32768 + i;
                row[2 * i] = (byte) h;
                row[2 * i + 1] = (byte) (h >>> 8);
            }
        }
        float[] fwd = new float[65536];
        new AccessPattern(core.sbufAt(0), new int[] {1}, new int[] {32768}, DtypeWire.FP16, 2).readFloats(fwd);
        float[] back = new float[65536];
        new AccessPattern(core.sbufAt(2 * 32767), new int[] {-1}, new int[] {32768}, DtypeWire.FP16, 2).readFloats(back);
        for (int h = 0; h < 65536; h++) {
            int want = Float.floatToRawIntBits(Fp16.toFloat((short) h));
            assertEquals(want, Float.floatToRawIntBits(fwd[h]), "fp16 0x" + Integer.toHexString(h));
            int p = h / 32768;
            int i = h % 32768;
            assertEquals(want, Float.floatToRawIntBits(back[p * 32768 + 32767 - i]), "backwards 0x" + Integer.toHexString(h));
        }
    }

    /** fp32 written in bulk (contiguous and strided) lands bit for bit, a signalling NaN's payload included. */
    @Test
    void fp32BulkWriteThenRead() {
        CoreState core = new CoreState(Arch.CAYMAN);
        float[] v = {1.5f, -0f, Float.NaN, Float.intBitsToFloat(0x7FA00001), Float.MIN_VALUE, -65504f};
        float[] two = new float[12];
        System.arraycopy(v, 0, two, 0, 6);
        System.arraycopy(v, 0, two, 6, 6);
        new AccessPattern(core.sbufAt(0x100), new int[] {1}, new int[] {6}, DtypeWire.FP32, 2).writeFloats(two);
        new AccessPattern(core.sbufAt(0x200), new int[] {2}, new int[] {6}, DtypeWire.FP32, 2).writeFloats(two);
        for (int p = 0; p < 2; p++) {
            for (int i = 0; i < 6; i++) {
                int want = Float.floatToRawIntBits(v[i]);
                byte[] r = core.sbuf().row(p, 0, 1);
                for (int at : new int[] {0x100 + 4 * i, 0x200 + 8 * i}) {
                    assertEquals(want, (r[at] & 0xFF) | (r[at + 1] & 0xFF) << 8 | (r[at + 2] & 0xFF) << 16 | (r[at + 3] & 0xFF) << 24);
                }
            }
        }
        // and read back in bulk, contiguous and strided: the same bits
        for (AccessPattern a : new AccessPattern[] {
                new AccessPattern(core.sbufAt(0x100), new int[] {1}, new int[] {6}, DtypeWire.FP32, 2),
                new AccessPattern(core.sbufAt(0x200), new int[] {2}, new int[] {6}, DtypeWire.FP32, 2)}) {
            float[] back = new float[12];
            a.readFloats(back);
            for (int i = 0; i < 12; i++) {
                assertEquals(Float.floatToRawIntBits(two[i]), Float.floatToRawIntBits(back[i]), a.range() + " element " + i);
            }
        }
    }

    /**
     * A result row into a contiguous fp32 run: begin writes the sums' bits; otherwise each element is
     * old + sum in one fp32 add. By hand: 1 + 2^-24 is halfway between 1 and its successor 1 + 2^-23
     * and rounds to even, 1; 1 + 3 * 2^-24 is halfway between 1 + 2^-23 (odd) and 1 + 2^-22 (even)
     * and rounds to 1 + 2^-22; -0 + -0 = -0; 65504 + 65504 = 131008 (exact in fp32, no fp16 here).
     */
    @Test
    void storeWritesOrAddsInFp32() {
        CoreState core = new CoreState(Arch.CAYMAN);
        AccessPattern psum = new AccessPattern(new Location(core.psum(), 3, 0x40), new int[] {1}, new int[] {4}, DtypeWire.FP32, 2);
        float[] old = {1f, 1f, -0f, 65504f};
        psum.store(1, old, 4, true);
        float[] sum = {0x1p-24f, 3 * 0x1p-24f, -0f, 65504f};
        psum.store(1, sum, 4, false);
        double[] got = psum.read(1);
        float[] want = {1f, 1f + 0x1p-22f, -0f, 131008f};
        for (int i = 0; i < 4; i++) {
            assertEquals(Float.floatToRawIntBits(want[i]), Float.floatToRawIntBits((float) got[i]), "element " + i);
        }
        // partition 0 of the pattern (PSUM partition 3) was never stored: still zero
        assertEquals(0.0, psum.read(0)[0]);
        assertEquals("4 values for a pattern of 3 elements", assertThrows(IllegalArgumentException.class,
                () -> new AccessPattern(new Location(core.psum(), 0, 0), new int[] {1}, new int[] {3}, DtypeWire.FP32, 1)
                        .store(0, sum, 4, true)).getMessage());
    }

    /**
     * Any other pattern: the fp32 sum is rounded to the pattern's dtype when written, and every old
     * value is read before any is written. bf16 keeps 7 fraction bits, so the fp32 sum 1 + 2^-8 is
     * halfway between 1 and 1 + 2^-7 and rounds to even, 1; 1 + 3 * 2^-8 is halfway between
     * 1 + 2^-7 (odd) and 1 + 2^-6 (even) and rounds to 1 + 2^-6. A step-0 pattern walks one element three times: with old
     * value 1 and sums 1, 2, 4 the three writes are 2, 3, 5 in walk order, and the last one stays.
     */
    @Test
    void storeToOtherPatternsRoundsAndReadsFirst() {
        CoreState core = new CoreState(Arch.CAYMAN);
        AccessPattern bf16 = new AccessPattern(new Location(core.sbuf(), 0, 0x100), new int[] {2}, new int[] {2}, DtypeWire.BFLOAT16, 1);
        bf16.store(0, new float[] {1f, 1f}, 2, true);
        bf16.store(0, new float[] {0x1p-8f, 3 * 0x1p-8f}, 2, false);
        double[] got = bf16.read(0);
        assertEquals(1.0, got[0]);
        assertEquals(1.0 + 0x1p-6, got[1]);
        AccessPattern same = new AccessPattern(new Location(core.sbuf(), 0, 0x200), new int[] {0}, new int[] {3}, DtypeWire.FP32, 1);
        new AccessPattern(new Location(core.sbuf(), 0, 0x200), new int[] {1}, new int[] {1}, DtypeWire.FP32, 1)
                .store(0, new float[] {1f}, 1, true);
        same.store(0, new float[] {1f, 2f, 4f}, 3, false);
        assertEquals(5.0, same.read(0)[0]);
    }

    /** Raw bytes packed in walk order: a contiguous run, a backwards fp16 walk and a strided fp32 one. */
    @Test
    void readRawPacksTheWalkedBytes() {
        CoreState core = new CoreState(Arch.CAYMAN);
        byte[] row = core.sbuf().row(1, 0, 0x40);
        for (int i = 0; i < 0x40; i++) {
            row[i] = (byte) (0xA0 + i);
        }
        byte[] out = new byte[12];
        new AccessPattern(new Location(core.sbuf(), 0, 0x4), new int[] {1}, new int[] {3}, DtypeWire.FP16, 2).readRaw(1, out, 1);
        assertEquals("00a4a5a6a7a8a90000000000", hex(out, 12));
        out = new byte[12];
        new AccessPattern(new Location(core.sbuf(), 0, 0x8), new int[] {-1}, new int[] {3}, DtypeWire.FP16, 2).readRaw(1, out, 0);
        assertEquals("a8a9a6a7a4a5000000000000", hex(out, 12));   // elements at 0x8, 0x6, 0x4
        out = new byte[12];
        new AccessPattern(new Location(core.sbuf(), 0, 0x0), new int[] {3}, new int[] {3}, DtypeWire.FP32, 2).readRaw(1, out, 0);
        assertEquals("a0a1a2a3acadaeafb8b9babb", hex(out, 12));   // elements at 0x0, 0xc, 0x18
    }

    private static String hex(byte[] b, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(n, b.length); i++) {
            s.append(String.format("%02x", b[i] & 0xFF));
        }
        return s.toString();
    }
}
