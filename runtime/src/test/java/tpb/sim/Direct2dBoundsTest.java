package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.Addr8Mode;
import tpb.isa.Arch;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;
import tpb.neff.Subgraph;
import tpb.stream.RecordStream;

/**
 * DMA_DIRECT2D records checked against what their sides name ({@code tpb.neff.Direct2dBounds}, read
 * through {@link DmaQueues#direct2d}) on hand-built records over def.json's vars: {@code SB} the
 * state buffer (id 0), {@code a} (id 1) and {@code out} (id 3) 32 bytes each, the dge-table [1, 3].
 * Cayman's SBUF: 128 partitions at stride 2^18 = 33,554,432 bytes of addresses, 128 x 229,376 =
 * 29,360,128 bytes. Every expected figure is worked out beside it.
 */
class Direct2dBoundsTest {
    private static final Arch CAYMAN = Arch.CAYMAN;
    private static final long STRIDE = CAYMAN.sbufPartitionStride();
    private static final String SBUF = "the SBUF (33554432 bytes of addresses, 29360128 bytes)";
    private static final DmaQueues QUEUES = DmaQueues.of(subgraph());

    private static Subgraph subgraph() {
        Map<String, Subgraph.Var> vars = new LinkedHashMap<>();
        vars.put("SB", new Subgraph.Var("state-buffer", 0, 0, null, null));
        vars.put("a", new Subgraph.Var("input", 32, 1, null, null));
        vars.put("out", new Subgraph.Var("output", 32, 3, null, null));
        vars.put("DGETable0", new Subgraph.Var("dge-table", 0, 5, null, new int[] {1, 3}));
        return new Subgraph("sg00", "sg00/def.json", Map.of("pool", "sg00/Pool.bin"), List.of(), vars, List.of());
    }

    /** The base record: {@code a}'s two 16-byte rows (DGE entry 0) to SBUF 0x100 of partitions 0 and 1. */
    private static DmaDirect2dFlyweight load(byte[] b) {
        return new DmaDirect2dFlyweight().wrap(b, 0).reset()
                .srcStartAddrMode(Addr8Mode.DGE_IMMEDIATE.value()).srcStartAddrEntry(0).srcStepElem(0, 16).srcNumElem(0, 2).srcNumElem(1, 1)
                .srcElemSize(16).dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrValue(0x100).dstStepElem(0, (int) STRIDE)
                .dstNumElem(0, 2).dstNumElem(1, 1).dstElemSize(16).inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value());
    }

    /** Why the record in {@code b} is refused. */
    private static String refusal(byte[] b) {
        return assertThrows(SimFault.class, () -> QUEUES.direct2d(b, 0, CAYMAN)).getMessage();
    }

    @Test
    void theBaseRecordPassesAndMovesItsBytes() {
        byte[] b = new byte[64];
        load(b);
        assertEquals(32, QUEUES.direct2d(b, 0, CAYMAN).bytes());
        // streams without a NEFF name no vars: read unchecked
        load(b).srcNumElem(0, 0xFFFF).srcNumElem(1, 0xFFFF);
        assertEquals(16L * 0xFFFF * 0xFFFF, DmaQueues.NONE.direct2d(b, 0, CAYMAN).bytes());
    }

    /** 65,535 x 65,535 zero-step runs of 16 bytes into out's 32: 4,294,836,225 x 16 = 68,717,379,600 bytes written. */
    @Test
    void aDestinationWritesAtMostWhatItsVarHolds() {
        byte[] b = new byte[64];
        DmaDirect2dFlyweight r = load(b).dstStartAddrEntry(3).dstStartAddrValue(0).dstStepElem(0, 0).dstNumElem(0, 0xFFFF).dstNumElem(1, 0xFFFF);
        assertEquals("DMA_DIRECT2D writes 68717379600 bytes (4294836225 runs of 16) into var \"out\" (32 bytes): a write touches each byte once",
                refusal(b));
        // into the SBUF at zero steps, 2^15 x 2^15 runs of 16 = 2^34 bytes: more than its 29,360,128
        r.dstStartAddrEntry(0).dstNumElem(0, 0x8000).dstNumElem(1, 0x8000);
        assertEquals("DMA_DIRECT2D writes 17179869184 bytes (1073741824 runs of 16) into " + SBUF + ": a write touches each byte once", refusal(b));
    }

    @Test
    void everyByteTouchedLiesInsideItsVarOrTheSbuf() {
        byte[] b = new byte[64];
        // the last partition's next: 128 x 2^18 = 33,554,432, one row of 16 to 33,554,447
        load(b).dstStartAddrValue(128 * STRIDE).dstNumElem(0, 1).srcNumElem(0, 1);
        assertEquals("DMA_DIRECT2D destination touches bytes 33554432 to 33554447, outside " + SBUF, refusal(b));
        // a's rows one byte later: 1 + 16 + 15 = 32, a's size
        load(b).srcStartAddrValue(1);
        assertEquals("DMA_DIRECT2D source touches bytes 1 to 32, outside var \"a\" (32 bytes)", refusal(b));
        // a negative step below the var's first byte: 0 + (2 - 1) x -16 = -16, and 0 + 15 the highest
        load(b).srcStepElem(0, -16);
        assertEquals("DMA_DIRECT2D source touches bytes -16 to 15, outside var \"a\" (32 bytes)", refusal(b));
    }

    /** An offset register's value is not known before the data level runs: the walk's width alone is checked, 3 rows of 16 = 48 > 32. */
    @Test
    void aRegisterOffsetSideIsCheckedForItsWidth() {
        byte[] b = new byte[64];
        DmaDirect2dFlyweight r = load(b).srcStartAddrMode(Addr8Mode.DGE_OFFSET_REGISTER.value()).srcStartAddrValue(31);
        assertEquals(32, QUEUES.direct2d(b, 0, CAYMAN).bytes()); // 2 rows: 32 bytes wide, whatever register 31 holds
        r.srcNumElem(0, 3).dstNumElem(0, 3);
        assertEquals("DMA_DIRECT2D source spans 48 bytes from the offset its register holds, wider than var \"a\" (32 bytes)", refusal(b));
    }

    /** 65,535 x 65,535 runs of 0x10000 bytes (elem_size 0) from SBUF 0x100 at zero steps, for out's 32 written: 4,294,836,225 x 65,536 bytes. */
    @Test
    void aSourceReadsAtMostEightBytesForEachWritten() {
        byte[] b = new byte[64];
        load(b).srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).srcStartAddrEntry(0).srcStartAddrValue(0x100).srcStepElem(0, 0)
                .srcElemSize(0).srcNumElem(0, 0xFFFF).srcNumElem(1, 0xFFFF).dstStartAddrEntry(3).dstStartAddrValue(0).dstStepElem(0, 16);
        assertEquals("DMA_DIRECT2D reads 281466386841600 bytes (4294836225 runs of 65536) for the 32 it writes: a source reads at most 8 "
                + "for each byte written", refusal(b));
    }

    @Test
    void aSideThatNamesNoVarIsRefused() {
        byte[] b = new byte[64];
        load(b).dstStartAddrEntry(7);
        assertEquals("DMA_DIRECT2D destination names var id 7, which def.json does not declare", refusal(b));
        load(b).dstStartAddrEntry(3).dstStartAddrVarHi(1); // entry 3 | 1 << 16
        assertEquals("DMA_DIRECT2D destination names var id 65539, which def.json does not declare", refusal(b));
        load(b).srcStartAddrEntry(2);
        assertEquals("DMA_DIRECT2D source names DGE table entry 2, which def.json's dge-table does not hold (2 entries)", refusal(b));
        load(b).dstStartAddrMode(0xEE);
        assertEquals("DMA_DIRECT2D destination ADDR8 mode 0xee names no var", refusal(b));
    }

    /** The sync level faults on the record before its completion counts, and reports it where it stands. */
    @Test
    void theSyncLevelFaultsOnTheRecord() {
        byte[] s = new byte[128];
        byte[] b = new byte[64];
        load(b);
        System.arraycopy(b, 0, s, 0, 64);
        load(b).dstStepElem(0, 0).dstNumElem(0, 0xFFFF).dstNumElem(1, 0xFFFF).semaphore(3).semIncrement(1);
        System.arraycopy(b, 0, s, 64, 64);
        SyncRun.Result r = new SyncRun(List.of(new SyncRun.Engine("pool", RecordStream.of(s))), (c, o, n) -> "r" + o / 64, CAYMAN, QUEUES).run();
        assertEquals(SyncRun.Status.FAULT, r.status());
        assertEquals("pool record 1 (r1): DMA_DIRECT2D writes 68717379600 bytes (4294836225 runs of 16) into " + SBUF
                + ": a write touches each byte once", r.message());
        assertEquals(Map.of(), r.semaphores());
        // without the NEFF's vars the same stream completes: its completion adds 1 to semaphore 3
        SyncRun.Result alone = new SyncRun(List.of(new SyncRun.Engine("pool", RecordStream.of(s))), (c, o, n) -> "r" + o / 64, CAYMAN,
                DmaQueues.NONE).run();
        assertEquals(SyncRun.Status.COMPLETE, alone.status(), alone.message());
        assertEquals(Map.of(3, 1L), alone.semaphores());
    }
}
