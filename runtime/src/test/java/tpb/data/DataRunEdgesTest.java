package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.Addr8Mode;
import tpb.isa.Arch;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.EventSemaphoreFlyweight;
import tpb.isa.WaitModeWire;
import tpb.isa.BirWaitMode;
import tpb.neff.Neff;
import tpb.neff.NeffWriter;

/**
 * Two cores built here through the encoders, each one Pool stream of DMAs, so that which bytes
 * each core touches is known by hand: the cross-core race check's exact lines (a write against a
 * write, a write against a read, adjacent ranges that do not meet), per-core virtual vars, the
 * input checks, a record's fault prefixed with its core, engine and index, a deadlock, and the
 * progress denominator.
 */
class DataRunEdgesTest {
    /** One DMA of {@code bytes} bytes from var {@code from} at {@code fromAt} to var {@code to} at {@code toAt}, as UINT8. */
    private static byte[] dma(int from, long fromAt, int to, long toAt, int bytes) {
        byte[] s = new byte[64];
        new DmaDirect2dFlyweight().wrap(s, 0).reset().srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).srcStartAddrEntry(from)
                .srcStartAddrValue(fromAt).dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrEntry(to).dstStartAddrValue(toAt)
                .srcNumElem(0, 1).srcNumElem(1, 1).dstNumElem(0, 1).dstNumElem(1, 1).srcElemSize(bytes).dstElemSize(bytes)
                .inDtypeRaw(DtypeWire.UINT8.value()).outDtypeRaw(DtypeWire.UINT8.value());
        return s;
    }

    private static byte[] concat(byte[]... records) {
        byte[] out = new byte[64 * records.length];
        for (int i = 0; i < records.length; i++) {
            System.arraycopy(records[i], 0, out, 64 * i, 64);
        }
        return out;
    }

    /** vars of each core: x (input, 16 B, id 1), out (output, 16 B, id 2), out2 (output, 16 B, id 3), v (virtual, 8 B at backing 0, id 4). */
    private static final String VARS = "\"var\": {\"x\": {\"type\": \"input\", \"size\": 16, \"var_id\": 1},"
            + "\"out\": {\"type\": \"output\", \"size\": 16, \"var_id\": 2},"
            + "\"out2\": {\"type\": \"output\", \"size\": 16, \"var_id\": 3},"
            + "\"v\": {\"type\": \"virtual\", \"size\": 8, \"var_id\": 4, \"backing_variable_off\": 0}}";

    private static NeffImage image(byte[]... pools) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        StringBuilder graphs = new StringBuilder();
        for (int c = 0; c < pools.length; c++) {
            graphs.append(c == 0 ? "" : ", ").append("{\"definition\": \"sg0").append(c).append("/def.json\", \"name\": \"sg0").append(c).append("\"}");
        }
        files.put("kelf-0.json", ("{\"graphs\": [" + graphs + "], \"target\": \"cayman\"}").getBytes(StandardCharsets.UTF_8));
        for (int c = 0; c < pools.length; c++) {
            files.put("sg0" + c + "/def.json", ("{\"pool_instr\": \"Pool.bin\", " + VARS + "}").getBytes(StandardCharsets.UTF_8));
            files.put("sg0" + c + "/Pool.bin", pools[c]);
        }
        return NeffImage.read(Neff.of(NeffWriter.write("two.neff", files)));
    }

    private static final byte[] X = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

    private static Map<String, Npy.Array> inputs() {
        return Map.of("x", new Npy.Array(NpyType.UINT8, new int[] {16}, X.clone()));
    }

    private static List<String> races(NeffImage image) {
        DataRun r = new DataRun(image, Arch.CAYMAN, inputs());
        r.execute(null, null, EventOrder.Schedule.DEFAULT);
        return r.crossCoreRaces();
    }

    @Test
    void adjacentHalvesDoNotRaceAndTheOutputsAreTheBytesMoved() {
        NeffImage image = image(dma(1, 0, 2, 0, 8), dma(1, 8, 2, 8, 8));
        assertEquals(List.of(), races(image));
        Map<String, Npy.Array> out = new DataRun(image, Arch.CAYMAN, inputs()).threads(1).run(null);
        assertArrayEquals(X, out.get("out").data());
        assertArrayEquals(new byte[16], out.get("out2").data());
        assertEquals(List.of("out", "out2"), List.copyOf(out.keySet()));
        assertEquals(NpyType.UINT8, out.get("out").type());
        assertArrayEquals(new int[] {16}, out.get("out").shape());
        assertEquals(List.of(1L, 1L), new DataRun(image, Arch.CAYMAN, inputs()).recordCounts());
    }

    @Test
    void aWriteAgainstAWriteAndAgainstARead() {
        // sg01 writes out [4, 12): the bytes both write are [4, 8)
        assertEquals(List.of("sg00 writes out [0x4,0x8) that sg01 also writes (cores share no semaphores)"),
                races(image(dma(1, 0, 2, 0, 8), dma(1, 0, 2, 4, 8))));
        // the other way round: sg00 writes out [8, 16), sg01 writes [0, 9): [8, 9)
        assertEquals(List.of("sg00 writes out [0x8,0x9) that sg01 also writes (cores share no semaphores)"),
                races(image(dma(1, 0, 2, 8, 8), dma(1, 0, 2, 0, 9))));
        // sg01 reads out [6, 10) into out2 while sg00 writes out [0, 8): [6, 8)
        assertEquals(List.of("sg00 writes out [0x6,0x8) that sg01 reads (cores share no semaphores)"),
                races(image(dma(1, 0, 2, 0, 8), dma(2, 6, 3, 0, 4))));
        // and sg00 the reader: sg01 writes out [12, 16), sg00 reads out [15, 16)
        assertEquals(List.of("sg01 writes out [0xf,0x10) that sg00 reads (cores share no semaphores)"),
                races(image(dma(2, 15, 3, 0, 1), dma(1, 0, 2, 12, 4))));
        // a race is a fault of the run, naming the first
        DataFault f = assertThrows(DataFault.class, () -> new DataRun(image(dma(1, 0, 2, 0, 8), dma(1, 0, 2, 4, 8)), Arch.CAYMAN, inputs())
                .run(null));
        assertEquals("race: sg00 writes out [0x4,0x8) that sg01 also writes (cores share no semaphores)", f.getMessage());
        // reads of the input x by both cores are no race
        assertEquals(List.of(), races(image(dma(1, 0, 2, 0, 8), dma(1, 0, 3, 0, 8))));
    }

    @Test
    void virtualVarsArePerCore() {
        // each core copies x through its own v into its half of out: the same v offsets, no race
        NeffImage image = image(concat(dma(1, 0, 4, 0, 8), dma(4, 0, 2, 0, 8)), concat(dma(1, 8, 4, 0, 8), dma(4, 0, 2, 8, 8)));
        assertEquals(List.of(), races(image));
        DataRun r = new DataRun(image, Arch.CAYMAN, inputs());
        assertArrayEquals(X, r.run(null).get("out").data());
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, r.dram(0).byName("v").bytes());
        assertArrayEquals(new byte[] {9, 10, 11, 12, 13, 14, 15, 16}, r.dram(1).byName("v").bytes());
        assertEquals(List.of(2L, 2L), r.recordCounts());
        assertEquals(List.of("x", "out", "out2"), List.copyOf(r.vars().keySet()));
        assertEquals(List.of("out", "out2"), List.copyOf(r.outputs().keySet()));
    }

    @Test
    void theInputsAreCheckedByName() {
        NeffImage image = image(dma(1, 0, 2, 0, 8));
        Map<String, Npy.Array> extra = new LinkedHashMap<>(inputs());
        extra.put("z", new Npy.Array(NpyType.UINT8, new int[] {1}, new byte[1]));
        assertEquals("input z: the NEFF has no input of that name (inputs: x)",
                assertThrows(DataFault.class, () -> new DataRun(image, Arch.CAYMAN, extra)).getMessage());
        assertEquals("input x is not given (--input x=FILE.npy)", assertThrows(DataFault.class, () -> new DataRun(image, Arch.CAYMAN, Map.of()))
                .getMessage());
        assertEquals("input x holds 15 bytes; the NEFF's var is 16", assertThrows(DataFault.class,
                () -> new DataRun(image, Arch.CAYMAN, Map.of("x", new Npy.Array(NpyType.UINT8, new int[] {15}, new byte[15])))).getMessage());
    }

    @Test
    void aRecordsFaultNamesItsCoreEngineAndIndex() {
        // sg01's second record reads x [12, 20): past x's 16 bytes
        NeffImage image = image(dma(1, 0, 2, 0, 8), concat(dma(1, 8, 2, 8, 8), dma(1, 12, 3, 0, 8)));
        DataFault f = assertThrows(DataFault.class, () -> new DataRun(image, Arch.CAYMAN, inputs()).threads(1).run(null));
        assertEquals("sg01 pool record 1 (DmaDirect2d): DMA_DIRECT2D source touches bytes 12 to 19, outside var \"x\" (16 bytes)", f.getMessage());
        // and on one thread or many the first fault is the one thrown
        f = assertThrows(DataFault.class, () -> new DataRun(image, Arch.CAYMAN, inputs()).threads(0).run(null));
        assertEquals("sg01 pool record 1 (DmaDirect2d): DMA_DIRECT2D source touches bytes 12 to 19, outside var \"x\" (16 bytes)", f.getMessage());
    }

    @Test
    void aTraceLinePerRecordAndADeadlock() {
        NeffImage image = image(concat(dma(1, 0, 2, 0, 8), dma(1, 8, 2, 8, 8)));
        List<String> lines = new ArrayList<>();
        new DataRun(image, Arch.CAYMAN, inputs()).run(lines::add);
        String arm = tpb.isa.Arm.DMA_DIRECT2D.specName();   // a run without a disassembler writes the arm's name
        assertEquals(List.of("sg00 pool   0  " + arm + "  | read x [0x0,0x8) UINT8; wrote out [0x0,0x8) UINT8",
                "sg00 pool   1  " + arm + "  | read x [0x8,0x10) UINT8; wrote out [0x8,0x10) UINT8"), lines);
        // a wait on semaphore 3 >= 1 that nothing sets
        byte[] waits = dma(1, 0, 2, 0, 8);
        waits[EventSemaphoreFlyweight.EVENTS_WAIT_MODE_OFFSET] = (byte) WaitModeWire.map(BirWaitMode.SEM_GE_IMM).value();
        waits[EventSemaphoreFlyweight.EVENTS_WAIT_IDX_OFFSET] = 3;
        waits[EventSemaphoreFlyweight.EVENTS_SEMAPHORE_VALUE_OFFSET] = 1;
        DataFault f = assertThrows(DataFault.class, () -> new DataRun(image(waits), Arch.CAYMAN, inputs()).run(null));
        assertTrue(f.getMessage().startsWith("sg00 deadlock: pool"), f.getMessage());
        assertTrue(f.getMessage().contains("semaphore 3"), f.getMessage());
    }
}
