package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;

/**
 * Tensor access patterns (facts §4.3) at their edges, each against a naive walker written here:
 * element (i0, i1, i2) of a {@code num} box sits at byte {@code elementBytes * sum_d i_d * step_d}
 * from the start, i0 innermost. The first and the last partition, the last byte of a partition,
 * one byte past it, counts of 1 and the refusals.
 */
class AccessPatternEdgesTest {
    private final CoreState core = new CoreState(Arch.CAYMAN);
    private final int partitions = (int) Arch.CAYMAN.sbufPartitions();
    private final int rowBytes = (int) Arch.CAYMAN.sbufBytesPerPartition();

    /** The naive walk: byte offsets from the start, in walk order, by three nested loops. */
    private static List<Long> walk(int[] step, int[] num, int elementBytes) {
        List<Long> out = new ArrayList<>();
        for (int i2 = 0; i2 < num[2]; i2++) {
            for (int i1 = 0; i1 < num[1]; i1++) {
                for (int i0 = 0; i0 < num[0]; i0++) {
                    out.add((long) elementBytes * ((long) i0 * step[0] + (long) i1 * step[1] + (long) i2 * step[2]));
                }
            }
        }
        return out;
    }

    @Test
    void aThreeDimensionalWalkReadsTheNaiveWalksElementsOnEveryPartition() {
        int[] step = {3, -1, 20};
        int[] num = {4, 3, 2};
        long start = 0x100;
        // every int16 element of partitions 0 and 127 gets a value naming its byte offset and partition
        for (int p : new int[] {0, partitions - 1}) {
            byte[] row = core.sbuf().row(p, 0, 0x400);
            for (int b = 0; b < 0x200; b += 2) {
                int v = b / 2 + (p == 0 ? 0 : 10000);
                row[0x80 + b] = (byte) v;
                row[0x80 + b + 1] = (byte) (v >> 8);
            }
        }
        List<Long> offsets = walk(step, num, 2);
        for (int p : new int[] {0, partitions - 2}) {
            AccessPattern a = new AccessPattern(new Location(core.sbuf(), p, start), step, num, DtypeWire.INT16, 2);
            assertEquals(24, a.count());
            int[] which = {p, p + 1};
            for (int c = 0; c < 2; c++) {
                if (which[c] != 0 && which[c] != partitions - 1) {
                    continue;
                }
                double[] got = a.read(c);
                float[] bulk = new float[2 * 24];
                a.readFloats(bulk);
                for (int i = 0; i < 24; i++) {
                    long at = start + offsets.get(i);
                    double want = (at - 0x80) / 2 + (which[c] == 0 ? 0 : 10000);
                    assertEquals(want, got[i], "partition " + which[c] + " element " + i);
                    assertEquals((float) want, bulk[c * 24 + i], "bulk, partition " + which[c] + " element " + i);
                }
            }
        }
        // the bytes touched: lowest 0x100 - 2 * 2 (i1 = 2, step -1), highest 0x100 + 2 * (3 * 3 + 20) + 2
        AccessPattern a = new AccessPattern(new Location(core.sbuf(), 0, start), step, num, DtypeWire.INT16, partitions);
        assertEquals("SBUF p0-127 [0xfc,0x13c) INT16", a.range());
        AccessPattern one = new AccessPattern(new Location(core.sbuf(), partitions - 1, start), step, num, DtypeWire.INT16, 1);
        assertEquals("SBUF p127 [0xfc,0x13c) INT16", one.range());
    }

    @Test
    void theLastByteOfAPartitionAndOnePast() {
        // four fp32 elements ending exactly at the row's end, on the last partition
        long start = rowBytes - 16;
        AccessPattern a = new AccessPattern(new Location(core.sbuf(), partitions - 1, start), new int[] {1}, new int[] {4}, DtypeWire.FP32, 1);
        a.write(0, new double[] {1, 2, 3, 4});
        byte[] row = core.sbuf().row(partitions - 1, 0, rowBytes);
        assertEquals(0x40, row[rowBytes - 1]);   // 4.0f = 0x40800000, its top byte last
        assertEquals((byte) 0x80, row[rowBytes - 2]);
        assertEquals("SBUF partition 127 bytes 0x37ff4+16 run outside 0x0..0x38000",
                assertThrows(DataFault.class, () -> new AccessPattern(new Location(core.sbuf(), partitions - 1, start + 4), new int[] {1},
                        new int[] {4}, DtypeWire.FP32, 1)).getMessage());
        // the partitions: the last one exists, one more does not
        assertEquals("SBUF partition 128 does not exist (128 partitions)",
                assertThrows(DataFault.class, () -> new AccessPattern(new Location(core.sbuf(), partitions - 1, 0), new int[] {1},
                        new int[] {4}, DtypeWire.FP32, 2)).getMessage());
        // a backward step below byte 0
        assertEquals("SBUF partition 0 bytes 0x-4+8 run outside 0x0..0x38000".replace("0x-4", "0x" + Long.toHexString(-4)),
                assertThrows(DataFault.class, () -> new AccessPattern(new Location(core.sbuf(), 0, 0), new int[] {-1},
                        new int[] {2}, DtypeWire.FP32, 1)).getMessage());
    }

    @Test
    void refusals() {
        Location l = new Location(core.sbuf(), 0, 0);
        assertEquals("a tensor pattern dimension has num 0 (counts are 1..65535)",
                assertThrows(DataFault.class, () -> new AccessPattern(l, new int[] {1, 1}, new int[] {4, 0}, DtypeWire.FP32, 1)).getMessage());
        assertEquals("step and num differ in length",
                assertThrows(IllegalArgumentException.class, () -> new AccessPattern(l, new int[] {1}, new int[] {4, 1}, DtypeWire.FP32, 1))
                        .getMessage());
        // 65535^2 > 2^31 / 8: refused before any table is made
        assertEquals("a tensor pattern of 4294836225 elements per partition is larger than any memory",
                assertThrows(DataFault.class, () -> new AccessPattern(l, new int[] {0, 0}, new int[] {65535, 65535}, DtypeWire.FP32, 1))
                        .getMessage());
        // exactly 2^31 / 8 - 1 = 268,435,455 elements would pass the size check; one more is refused
        assertEquals("a tensor pattern of 268435456 elements per partition is larger than any memory",
                assertThrows(DataFault.class, () -> new AccessPattern(l, new int[] {0, 0}, new int[] {16384, 16384}, DtypeWire.FP32, 1))
                        .getMessage());
        assertEquals("SBUF pattern with 0 active partitions",
                assertThrows(DataFault.class, () -> new AccessPattern(l, new int[] {1}, new int[] {1}, DtypeWire.FP32, 0)).getMessage());
        assertEquals("PSUM pattern with -1 active partitions",
                assertThrows(DataFault.class, () -> new AccessPattern(new Location(core.psum(), 0, 0), new int[] {1}, new int[] {1},
                        DtypeWire.FP32, -1)).getMessage());
    }

    @Test
    void bulkReadsOfEveryDtypeEqualTheElementReads() {
        // bf16, int8, uint16 and fp16 strided: readFloats equals (float) read, element by element, on two partitions
        DtypeWire[] types = {DtypeWire.BFLOAT16, DtypeWire.INT8, DtypeWire.UINT16, DtypeWire.FP16, DtypeWire.FP32, DtypeWire.INT32};
        for (int k = 0; k < types.length; k++) {
            DtypeWire t = types[k];
            for (int step : new int[] {1, 2}) {
                long at = 0x1000L * (k + 1) + step * 0x400L;
                for (int p = 0; p < 2; p++) {
                    byte[] row = core.sbuf().row(p, at, 64);
                    for (int b = 0; b < 64; b++) {
                        row[(int) at + b] = (byte) (b * 37 + p * 11 + 3);   // bytes with no float meaning in mind: NaNs, subnormals, negatives
                    }
                }
                AccessPattern a = new AccessPattern(new Location(core.sbuf(), 0, at), new int[] {step}, new int[] {5}, t, 2);
                float[] bulk = new float[10];
                a.readFloats(bulk);
                for (int p = 0; p < 2; p++) {
                    double[] one = a.read(p);
                    for (int i = 0; i < 5; i++) {
                        // an independent decode of the element's bytes
                        byte[] row = core.sbuf().row(p, at, 64);
                        int off = (int) at + i * step * Elements.size(t);
                        int u16 = (row[off] & 0xFF) | (row[off + 1] & 0xFF) << 8;
                        int u32 = u16 | (row[off + 2] & 0xFF) << 16 | (row[off + 3] & 0xFF) << 24;
                        float want = switch (t) {
                            case BFLOAT16 -> Float.intBitsToFloat(u16 << 16);
                            case INT8 -> row[off];
                            case UINT16 -> u16;
                            case FP16 -> Fp16.toFloat((short) u16);
                            case FP32 -> Float.intBitsToFloat(u32);
                            default -> u32;
                        };
                        String what = t + " step " + step + " partition " + p + " element " + i;
                        assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(bulk[p * 5 + i]), what);
                        assertEquals(Float.floatToIntBits(want), Float.floatToIntBits((float) one[i]), what);
                    }
                }
            }
        }
    }

    @Test
    void bulkWritesOfEveryDtypeAndARawCopy() {
        float[] v = {1.5f, -2f, 0.25f, 3f, 65504f, -0f};
        for (DtypeWire t : new DtypeWire[] {DtypeWire.FP16, DtypeWire.BFLOAT16, DtypeWire.FP32}) {
            for (int step : new int[] {1, 3}) {
                AccessPattern a = new AccessPattern(new Location(core.sbuf(), partitions - 2, 0x8000), new int[] {step}, new int[] {3}, t, 2);
                a.writeFloats(v);
                for (int p = 0; p < 2; p++) {
                    double[] back = a.read(p);
                    for (int i = 0; i < 3; i++) {
                        double want = t == DtypeWire.BFLOAT16 ? Bf16.toFloat(Bf16.fromFloat(v[p * 3 + i])) : v[p * 3 + i];
                        assertEquals(Double.doubleToRawLongBits(want), Double.doubleToRawLongBits(back[i]), t + " step " + step + " p" + p + " " + i);
                    }
                }
                // the bytes between strided elements stay as they were (zero)
                if (step == 3) {
                    byte[] row = core.sbuf().row(partitions - 1, 0x8000, 64);
                    int eb = Elements.size(t);
                    for (int b = 0; b < 3 * 3 * eb; b++) {
                        if (b % (3 * eb) >= eb) {
                            assertEquals(0, row[0x8000 + b], t + " gap byte " + b);
                        }
                    }
                }
                // clear for the next dtype
                for (int p = partitions - 2; p < partitions; p++) {
                    java.util.Arrays.fill(core.sbuf().row(p, 0x8000, 64), 0x8000, 0x8040, (byte) 0);
                }
            }
        }
        // a raw copy moves each element's bytes, strided to contiguous, on each partition given
        AccessPattern src = new AccessPattern(new Location(core.sbuf(), 0, 0x9000), new int[] {2}, new int[] {3}, DtypeWire.UINT16, 2);
        src.write(0, new double[] {0x1122, 0x3344, 0x5566});
        src.write(1, new double[] {0xAABB, 0xCCDD, 0xEEFF});
        AccessPattern dst = new AccessPattern(new Location(core.sbuf(), 0, 0x9100), new int[] {1}, new int[] {3}, DtypeWire.UINT16, 2);
        src.copyRawTo(1, dst);
        byte[] r1 = core.sbuf().row(1, 0x9100, 6);
        assertArrayEquals(new byte[] {(byte) 0xBB, (byte) 0xAA, (byte) 0xDD, (byte) 0xCC, (byte) 0xFF, (byte) 0xEE},
                java.util.Arrays.copyOfRange(r1, 0x9100, 0x9106));
        assertArrayEquals(new byte[6], java.util.Arrays.copyOfRange(core.sbuf().row(0, 0x9100, 6), 0x9100, 0x9106), "partition 0 not copied");
    }
}
