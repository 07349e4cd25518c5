package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;

/** The PE's bulk reads and writes ({@link AccessPattern#readFloats}, {@link AccessPattern#writeFloats}) against the per-element path. */
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
}
