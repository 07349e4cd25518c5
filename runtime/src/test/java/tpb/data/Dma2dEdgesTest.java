package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static tpb.data.Dma2dTest.dram;
import static tpb.data.Dma2dTest.record;

import org.junit.jupiter.api.Test;
import tpb.isa.Addr8Mode;
import tpb.isa.Arch;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;

/**
 * DMA_DIRECT2D at the edges the layout allows (facts §3.11): a run of elem_size 0 (0x10000 bytes),
 * a run of one byte, the 2-D walk against a naive walker written here (run i at
 * {@code base + (i % num0) * step0 + (i / num0) * step1}, the nested loops read literally:
 * dimension 0 innermost), negative steps, the last run ending exactly at a var's end and one byte
 * past it, the var id of a STATIC_PHYSICAL address (entry | var_hi << 16), and every refusal's text.
 */
class Dma2dEdgesTest {
    private final CoreState core = new CoreState(Arch.CAYMAN);
    private final long stride = Arch.CAYMAN.sbufPartitionStride();


    private static byte[] counting(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + (i >>> 8));
        }
        return b;
    }

    /** A DRAM-to-DRAM copy between var 1 (src) and var 2 (dst), both by DGE entry. */
    private static DmaDirect2dFlyweight dramToDram(int run, DtypeWire t) {
        return record().srcStartAddrMode(Addr8Mode.DGE_IMMEDIATE.value()).srcStartAddrEntry(0)
                .dstStartAddrMode(Addr8Mode.DGE_IMMEDIATE.value()).dstStartAddrEntry(1)
                .srcElemSize(run).dstElemSize(run).inDtypeRaw(t.value()).outDtypeRaw(t.value());
    }

    /**
     * 65,535 x 65,535 runs (the u16 fields' top) overflowed an int count to -131,071: the record moved
     * nothing and "succeeded". The count is a long now, and the write is bounded by its target before
     * any byte moves: 4,294,836,225 runs of 4 bytes into y's 8 bytes is refused; a count of 0 moves nothing.
     */
    @Test
    void aRunCountPastAnIntIsBoundedByTheTarget() {
        Dram d = dram(new DramVar("x", 1, "input", counting(8)), new DramVar("y", 2, "output", new byte[8])).dgeTable(1, 2);
        DmaDirect2dFlyweight r = dramToDram(4, DtypeWire.UINT8).srcNumElem(0, 0xFFFF).srcNumElem(1, 0xFFFF).dstNumElem(0, 0xFFFF)
                .dstNumElem(1, 0xFFFF);
        assertEquals(4L * 0xFFFF * 0xFFFF, Dma2d.bytes(r));
        assertEquals("DMA_DIRECT2D writes 17179344900 bytes (4294836225 runs of 4) into var \"y\" (8 bytes): a write touches each byte once",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        assertArrayEquals(new byte[8], d.byName("y").bytes());
        DmaDirect2dFlyweight none = dramToDram(4, DtypeWire.UINT8).srcNumElem(0, 0).srcNumElem(1, 7).dstNumElem(0, 0).dstNumElem(1, 7);
        assertEquals("moves no run (num_elem 0 x 7)", Dma2d.execute(none, d, core));
    }

    @Test
    void elemSizeZeroIsARunOf0x10000Bytes() {
        byte[] x = counting(0x10000 + 4);
        Dram d = dram(new DramVar("x", 1, "input", x), new DramVar("y", 2, "output", new byte[0x10000 + 4])).dgeTable(1, 2);
        DmaDirect2dFlyweight r = dramToDram(0, DtypeWire.UINT8).srcNumElem(0, 1).srcNumElem(1, 1).dstNumElem(0, 1).dstNumElem(1, 1)
                .srcStartAddrValue(4);
        assertEquals(0x10000, Dma2d.bytes(r));
        assertEquals("read x [0x4,0x10004) UINT8; wrote y [0x0,0x10000) UINT8", Dma2d.execute(r, d, core));
        byte[] want = new byte[0x10000 + 4];
        System.arraycopy(x, 4, want, 0, 0x10000);
        assertArrayEquals(want, d.byName("y").bytes());
        // the top of the field, 0xFFFF, is 65,535 bytes (not 0x10000): the last byte stays 0
        byte[] y2 = new byte[0x10000];
        Dram d2 = dram(new DramVar("x", 1, "input", x), new DramVar("y", 2, "output", y2)).dgeTable(1, 2);
        DmaDirect2dFlyweight r2 = dramToDram(0xFFFF, DtypeWire.UINT8).srcNumElem(0, 1).srcNumElem(1, 1).dstNumElem(0, 1).dstNumElem(1, 1);
        assertEquals(0xFFFF, Dma2d.bytes(r2));
        Dma2d.execute(r2, d2, core);
        assertEquals(0, y2[0xFFFF]);
        assertEquals(x[0xFFFE], y2[0xFFFE]);
        // 0 against fp32 -> fp16: 16,384 elements a side when the destination run is 0x8000
        byte[] f = new byte[0x10000];
        for (int i = 0; i < 0x4000; i++) {
            Elements.write(f, 4 * i, DtypeWire.FP32, i % 2048);   // integers below 2048 are exact in fp16
        }
        byte[] h = new byte[0x8000];
        Dram d3 = dram(new DramVar("f", 1, "input", f), new DramVar("h", 2, "output", h)).dgeTable(1, 2);
        DmaDirect2dFlyweight r3 = dramToDram(0, DtypeWire.FP32).dstElemSize(0x8000).outDtypeRaw(DtypeWire.FP16.value())
                .srcNumElem(0, 1).srcNumElem(1, 1).dstNumElem(0, 1).dstNumElem(1, 1);
        Dma2d.execute(r3, d3, core);
        for (int i = 0; i < 0x4000; i++) {
            assertEquals(i % 2048, Elements.read(h, 2 * i, DtypeWire.FP16), "element " + i);
        }
    }

    @Test
    void theTwoDimensionalWalkMatchesNestedLoops() {
        // num (3, 2), steps (16, 100), runs of 4 bytes; the destination packs the runs densely
        int[] num = {3, 2};
        int[] step = {16, 100};
        int run = 4;
        long base = 8;
        byte[] x = counting(256);
        byte[] y = new byte[3 * 2 * run];
        Dram d = dram(new DramVar("x", 1, "input", x), new DramVar("y", 2, "output", y)).dgeTable(1, 2);
        DmaDirect2dFlyweight r = dramToDram(run, DtypeWire.UINT8).srcStartAddrValue(base)
                .srcStepElem(0, step[0]).srcStepElem(1, step[1]).srcNumElem(0, num[0]).srcNumElem(1, num[1])
                .dstStepElem(0, run).dstStepElem(1, num[0] * run).dstNumElem(0, num[0]).dstNumElem(1, num[1]);
        String trace = Dma2d.execute(r, d, core);
        byte[] want = new byte[y.length];
        int k = 0;
        for (int j1 = 0; j1 < num[1]; j1++) {
            for (int j0 = 0; j0 < num[0]; j0++) {
                long at = base + (long) j0 * step[0] + (long) j1 * step[1];
                System.arraycopy(x, (int) at, want, k * run, run);
                k++;
            }
        }
        assertArrayEquals(want, y);
        // first run at 8, last at 8 + 2 * 16 + 100 = 140, its end 144; the destination's last run ends at 24
        assertEquals("read x [0x8,0x90) UINT8; wrote y [0x0,0x18) UINT8", trace);
        assertEquals(6 * 4, Dma2d.bytes(r));
        // the DRAM log: x is an input but not read-only here (a heap region), so both sides are logged, each run its range
        assertArrayEquals(new long[] {0, 24}, d.log().ranges(d.byName("y"), true));
        assertArrayEquals(new long[] {8, 12, 24, 28, 40, 44, 108, 112, 124, 128, 140, 144}, d.log().ranges(d.byName("x"), false));
    }

    @Test
    void negativeStepsWalkBackwardsAndTheTraceSpansBothEnds() {
        // source runs at 40, 32, 24 (step -8): reversed into y
        byte[] x = counting(64);
        byte[] y = new byte[12];
        Dram d = dram(new DramVar("x", 1, "input", x), new DramVar("y", 2, "output", y)).dgeTable(1, 2);
        DmaDirect2dFlyweight r = dramToDram(4, DtypeWire.UINT8).srcStartAddrValue(40).srcStepElem(0, -8).srcNumElem(0, 3).srcNumElem(1, 1)
                .dstStepElem(0, 4).dstNumElem(0, 3).dstNumElem(1, 1);
        assertEquals("read x [0x18,0x2c) UINT8; wrote y [0x0,0xc) UINT8", Dma2d.execute(r, d, core));
        byte[] want = new byte[12];
        System.arraycopy(x, 40, want, 0, 4);
        System.arraycopy(x, 32, want, 4, 4);
        System.arraycopy(x, 24, want, 8, 4);
        assertArrayEquals(want, y);
        // a walk that steps below the var's first byte: 8 + 2 x -8 = -8 to 8 + 3
        r.srcStartAddrValue(8);
        assertEquals("DMA_DIRECT2D source touches bytes -8 to 11, outside var \"x\" (64 bytes)",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
    }

    @Test
    void theLastRunMayEndAtTheVarsLastByteAndNotOnePast() {
        byte[] x = counting(20);
        byte[] y = new byte[16];
        Dram d = dram(new DramVar("x", 1, "input", x), new DramVar("y", 2, "output", y)).dgeTable(1, 2);
        // runs at 4 and 12 of 8 bytes each... the second ends at 20, the var's size
        DmaDirect2dFlyweight r = dramToDram(8, DtypeWire.UINT8).srcStartAddrValue(4).srcStepElem(0, 8).srcNumElem(0, 2).srcNumElem(1, 1)
                .dstStepElem(0, 8).dstNumElem(0, 2).dstNumElem(1, 1);
        assertEquals("read x [0x4,0x14) UINT8; wrote y [0x0,0x10) UINT8", Dma2d.execute(r, d, core));
        r.srcStartAddrValue(5);
        assertEquals("DMA_DIRECT2D source touches bytes 5 to 20, outside var \"x\" (20 bytes)",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        // the destination's last run one byte past its end
        r.srcStartAddrValue(4).dstStartAddrValue(1);
        assertEquals("DMA_DIRECT2D destination touches bytes 1 to 16, outside var \"y\" (16 bytes)",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
    }

    @Test
    void aStaticAddressNamesItsVarByEntryAndVarHi() {
        // var id 0x2_0003 = entry 3 | var_hi 2 << 16
        byte[] x = counting(8);
        byte[] y = new byte[8];
        Dram d = dram(new DramVar("x", 0x20003, "input", x), new DramVar("y", 3, "output", y));
        DmaDirect2dFlyweight r = record().srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).srcStartAddrEntry(3).srcStartAddrVarHi(2)
                .dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrEntry(3)
                .srcElemSize(8).dstElemSize(8).srcNumElem(0, 1).srcNumElem(1, 1).dstNumElem(0, 1).dstNumElem(1, 1)
                .inDtypeRaw(DtypeWire.INT32.value()).outDtypeRaw(DtypeWire.INT32.value());
        assertEquals("read x [0x0,0x8) INT32; wrote y [0x0,0x8) INT32", Dma2d.execute(r, d, core));
        assertArrayEquals(x, y);
        r.srcStartAddrVarHi(1);
        assertEquals("no DRAM var with id 65539", assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
    }

    @Test
    void sbufSidesNameTheirPartitions() {
        // one run from partition 2 byte 0x10 to partition 127 (the last) byte 0x20; SBUF to SBUF
        Dram d = dram();
        byte[] p2 = core.sbuf().row(2, 0x10, 4);
        p2[0x10] = 1;
        p2[0x13] = 4;
        DmaDirect2dFlyweight r = record().srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).srcStartAddrValue(2 * stride + 0x10)
                .dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrValue(127 * stride + 0x20)
                .srcElemSize(4).dstElemSize(4).srcNumElem(0, 1).srcNumElem(1, 1).dstNumElem(0, 1).dstNumElem(1, 1)
                .inDtypeRaw(DtypeWire.UINT8.value()).outDtypeRaw(DtypeWire.UINT8.value());
        assertEquals("read SBUF p2 [0x10,0x14) UINT8; wrote SBUF p127 [0x20,0x24) UINT8", Dma2d.execute(r, d, core));
        byte[] p127 = core.sbuf().row(127, 0x20, 4);
        assertArrayEquals(new byte[] {1, 0, 0, 4}, java.util.Arrays.copyOfRange(p127, 0x20, 0x24));
        // partition 128 does not exist: 128 x 2^18 = 33,554,432 is the SBUF's first address past its last
        r.dstStartAddrValue(128 * stride);
        assertEquals("DMA_DIRECT2D destination touches bytes 33554432 to 33554435, outside the SBUF (33554432 bytes of addresses, 29360128 bytes)",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
    }

    @Test
    void everyRefusalNamesWhatItRefuses() {
        Dram d = dram(new DramVar("x", 1, "input", new byte[64]), new DramVar("y", 2, "output", new byte[64])).dgeTable(1, 2);
        DmaDirect2dFlyweight r = dramToDram(8, DtypeWire.FP32).srcNumElem(0, 1).srcNumElem(1, 1).dstNumElem(0, 1).dstNumElem(1, 1);
        r.inDtypeRaw(0x20);
        assertEquals("DMA_DIRECT2D dtype tag 32 -> 10 is not a dtype", assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        r.inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(0x20);
        assertEquals("DMA_DIRECT2D dtype tag 10 -> 32 is not a dtype", assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        r.outDtypeRaw(DtypeWire.FP32.value()).computeOp(1);
        assertEquals("DMA_DIRECT2D compute_op 1 has no data-level semantics (only 0, the fixture's, is modelled)",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        r.computeOp(0);
        // 8 B of fp32 is 2 elements, 6 B of fp16 is 3
        r.outDtypeRaw(DtypeWire.FP16.value()).dstElemSize(6);
        assertEquals("DMA_DIRECT2D runs of 8 B FP32 and 6 B FP16 hold different element counts",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        // a run that is no whole number of elements, on either side
        r.outDtypeRaw(DtypeWire.FP32.value()).srcElemSize(6).dstElemSize(6);
        assertEquals("DMA_DIRECT2D runs of 6 B FP32 and 6 B FP32 hold different element counts",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        r.srcElemSize(8).dstElemSize(4).outDtypeRaw(DtypeWire.FP16.value());
        Dma2d.execute(r, d, core);   // 2 fp32 -> 2 fp16: fine
        r.dstElemSize(5);
        assertEquals("DMA_DIRECT2D runs of 8 B FP32 and 5 B FP16 hold different element counts",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        r.dstElemSize(8).outDtypeRaw(DtypeWire.FP32.value());
        // run counts: 2 x 2 against 3 x 1
        r.srcNumElem(0, 2).srcNumElem(1, 2).dstNumElem(0, 3).dstNumElem(1, 1);
        assertEquals("DMA_DIRECT2D moves 4 source runs into 3 destination runs",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        r.srcNumElem(0, 1).srcNumElem(1, 1).dstNumElem(0, 1);
        r.dstStartAddrMode(0xEE);
        assertEquals("DMA_DIRECT2D destination ADDR8 mode 0xee has no data-level semantics",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        // dtype INVALID (tag 0) is a dtype with no element size
        r.dstStartAddrMode(Addr8Mode.DGE_IMMEDIATE.value()).inDtypeRaw(0);
        assertEquals("dtype INVALID has no element size in the spec", assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        assertArrayEquals(new byte[64], d.byName("y").bytes());
    }
}
