package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import tpb.isa.Addr8Mode;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;

/**
 * The one descriptor model the levels read: a side's extent in exact arithmetic, and a DMA_DIRECT2D
 * record as a descriptor (the cost model's bytes, the data level's walk), each value derived by hand.
 */
class DmaDescriptorModelTest {
    private static DmaDescriptor.Endpoint side(long off, long[] sizes, long[] steps) {
        return new DmaDescriptor.Endpoint("v", "uint8", off, sizes, steps);
    }

    /** [16, 2, 3] at steps [1, 0x40000, -32] from 100: first 100 + 2 x -32 = 36, last 100 + 15 + 0x40000 = 262259. */
    @Test
    void anExtentReachesEachWayAndIsExact() {
        DmaDescriptor.Extent x = side(100, new long[] {16, 2, 3}, new long[] {1, 0x40000, -32}).extent();
        assertEquals(new DmaDescriptor.Extent(36, 262259), x);
        assertEquals(true, x.within(262260));
        assertEquals(false, x.within(262259));
        assertEquals(false, side(10, new long[] {4}, new long[] {-4}).extent().within(100)); // 10 - 12 = -2
        // a zero size touches nothing, whatever another dimension would reach
        assertNull(side(0, new long[] {1L << 32, 0}, new long[] {1L << 62, 1}).extent());
        // 2^62 + (2^32 - 1) x 2^62 is past a long: refused, never wrapped to a small address
        assertThrows(ArithmeticException.class, () -> side(1L << 62, new long[] {2, 1L << 32}, new long[] {1, 1L << 62}).extent());
    }

    /**
     * A DMA_DIRECT2D of 2 x 3 runs of 16 bytes, source steps 0x40000 and 32 (facts §3.11: num[0] innermost):
     * sizes [16, 2, 3] at [1, 0x40000, 32], 96 bytes; elem_size 0 is a run of 0x10000.
     */
    @Test
    void aDirect2dRecordIsADescriptor() {
        byte[] b = new byte[64];
        DmaDirect2dFlyweight r = new DmaDirect2dFlyweight().wrap(b, 0).reset().srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value())
                .srcStartAddrEntry(1).srcStartAddrValue(0x100).srcStepElem(0, 0x40000).srcStepElem(1, 32).srcNumElem(0, 2).srcNumElem(1, 3)
                .srcElemSize(16).dstElemSize(0).dstNumElem(0, 1).dstNumElem(1, 1).inDtypeRaw(DtypeWire.FP32.value())
                .outDtypeRaw(DtypeWire.FP32.value());
        DmaDescriptor d = DmaDescriptor.direct2d(r);
        assertArrayEquals(new long[] {16, 2, 3}, d.from().sizes());
        assertArrayEquals(new long[] {1, 0x40000, 32}, d.from().steps());
        assertEquals(0x100, d.from().offset());
        assertEquals(96, d.bytes());
        assertEquals(new DmaDescriptor.Extent(0x100, 0x100 + 15 + 0x40000 + 64), d.from().extent());
        assertEquals(0x10000, d.to().bytes());
        assertEquals("copy", d.op());
    }
}
