package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import tpb.isa.Addr8Mode;
import tpb.isa.Arch;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;

/**
 * DMA_DIRECT2D records built through the generated flyweight's setters, in the fixture's shapes
 * (Pool rec 2 loads x's rows into SBUF partitions; Pool rec 5 stores fp32 SBUF rows as fp16).
 */
class Dma2dTest {
    private final CoreState core = new CoreState(Arch.CAYMAN);
    private final long stride = Arch.CAYMAN.sbufPartitionStride();

    /** A zeroed DMA_DIRECT2D record to fill. */
    static DmaDirect2dFlyweight record() {
        return new DmaDirect2dFlyweight().wrap(new byte[64], 0).reset();
    }

    /** A DRAM holding the state buffer (var 0) and {@code vars}. */
    static Dram dram(DramVar... vars) {
        Dram d = new Dram().add(new DramVar("SB", 0, "state-buffer", new byte[0])).stateBuffer(0);
        for (DramVar v : vars) {
            d.add(v);
        }
        return d;
    }

    @Test
    void rowsOfADgeVarGoToSuccessivePartitions() {
        // x: 4 rows of 3 fp16; DGE entry 0 -> var 1; each row to SBUF partition p at 0x100
        byte[] x = new byte[4 * 3 * 2];
        for (int i = 0; i < 12; i++) {
            x[2 * i] = (byte) (i + 1);
            x[2 * i + 1] = (byte) 0x3C;
        }
        Dram d = dram(new DramVar("x", 1, "input", x)).dgeTable(1);
        DmaDirect2dFlyweight r = record().srcStartAddrMode(Addr8Mode.DGE_IMMEDIATE.value()).srcStartAddrEntry(0)
                .srcStepElem(0, 6).srcStepElem(1, 1).srcNumElem(0, 4).srcNumElem(1, 1).srcElemSize(6)
                .dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrValue(0x100)
                .dstStepElem(0, (int) stride).dstStepElem(1, 1).dstNumElem(0, 4).dstNumElem(1, 1).dstElemSize(6)
                .inDtypeRaw(DtypeWire.FP16.value()).outDtypeRaw(DtypeWire.FP16.value());
        String trace = Dma2d.execute(r, d, core);
        for (int p = 0; p < 4; p++) {
            byte[] row = core.sbuf().row(p, 0x100, 6);
            for (int j = 0; j < 6; j++) {
                assertEquals(x[6 * p + j], row[0x100 + j], "partition " + p + " byte " + j);
            }
        }
        assertEquals("read x [0x0,0x18) FP16; wrote SBUF p0-3 [0x100,0x106) FP16", trace);
    }

    @Test
    void fp32RowsAreStoredAsFp16RoundedToNearestEven() {
        Dram d = dram(new DramVar("out", 3, "output", new byte[2 * 2 * 2])).dgeTable(3);
        // partition 0: 1 + 2^-11 (a tie: rounds to 1), 3.0; partition 1: 65520 (to inf), -2^-25 (to -0)
        float[][] v = {{1.00048828125f, 3f}, {65520f, -Math.scalb(1f, -25)}};
        for (int p = 0; p < 2; p++) {
            for (int j = 0; j < 2; j++) {
                Elements.write(core.sbuf().row(p, 0x40, 8), 0x40 + 4 * j, DtypeWire.FP32, v[p][j]);
            }
        }
        DmaDirect2dFlyweight r = record().srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).srcStartAddrValue(0x40)
                .srcStepElem(0, (int) stride).srcNumElem(0, 2).srcNumElem(1, 1).srcElemSize(8)
                .dstStartAddrMode(Addr8Mode.DGE_IMMEDIATE.value()).dstStepElem(0, 4).dstNumElem(0, 2).dstNumElem(1, 1)
                .dstElemSize(4).inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP16.value());
        Dma2d.execute(r, d, core);
        assertArrayEquals(new byte[] {0x00, 0x3C, 0x00, 0x42, 0x00, 0x7C, 0x00, (byte) 0x80}, d.byName("out").bytes());
    }

    @Test
    void anOffsetRegisterAddsItsValueToTheEntrysVar() {
        // x holds bytes 0..7; DGE entry 0 is x (var 1); r5 = 4: the source starts at x + 4, so SBUF p0 gets 4, 5, 6, 7
        Dram d = dram(new DramVar("x", 1, "input", new byte[] {0, 1, 2, 3, 4, 5, 6, 7})).dgeTable(1);
        core.registers().put(5, false, 4);
        DmaDirect2dFlyweight r = record().srcStartAddrMode(Addr8Mode.DGE_OFFSET_REGISTER.value()).srcStartAddrValue(5)
                .srcNumElem(0, 1).srcNumElem(1, 1).srcElemSize(4).dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value())
                .dstNumElem(0, 1).dstNumElem(1, 1).dstElemSize(4)
                .inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value());
        assertEquals("read x [0x4,0x8) FP32; wrote SBUF p0 [0x0,0x4) FP32", Dma2d.execute(r, d, core));
        assertArrayEquals(new byte[] {4, 5, 6, 7}, java.util.Arrays.copyOf(core.sbuf().row(0, 0, 4), 4));
        // the register's value past the var is the var's fault; +1 (reg_hi) set is no single register's id
        core.registers().put(5, false, 6);
        assertEquals("DMA_DIRECT2D source touches bytes 6 to 9, outside var \"x\" (8 bytes)",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        r.srcStartAddrValue(0x105);
        assertEquals("DMA_DIRECT2D ADDR8 offset register 0x105 is no register id",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
    }

    @Test
    void unmodelledModesAndStrayAddressesAreFaultsNamingThem() {
        Dram d = dram(new DramVar("x", 1, "input", new byte[8])).dgeTable(1);
        DmaDirect2dFlyweight r = record().srcStartAddrMode(Addr8Mode.DGE_OFFSET_REGISTER.value() | 0x04)
                .srcNumElem(0, 1).srcNumElem(1, 1).srcElemSize(4).dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value())
                .dstNumElem(0, 1).dstNumElem(1, 1).dstElemSize(4)
                .inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value());
        // the two-register form (facts §4.2: mode 0x28 | 0x04) is not modelled
        assertEquals("DMA_DIRECT2D source ADDR8 mode 0x2c has no data-level semantics",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        r.srcStartAddrMode(Addr8Mode.DGE_IMMEDIATE.value()).srcStartAddrValue(6);
        assertEquals("DMA_DIRECT2D source touches bytes 6 to 9, outside var \"x\" (8 bytes)",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        r.srcStartAddrValue(0).dstStartAddrValue(0x38000 - 2);
        assertEquals("SBUF partition 0 bytes 0x37ffe+4 run outside 0x0..0x38000",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
        r.dstStartAddrValue(0).srcStartAddrEntry(1);
        assertEquals("DGE table entry 1 does not exist (1 entries)",
                assertThrows(DataFault.class, () -> Dma2d.execute(r, d, core)).getMessage());
    }
}
