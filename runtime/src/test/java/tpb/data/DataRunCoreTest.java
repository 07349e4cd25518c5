package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.Addr8Mode;
import tpb.isa.Arch;
import tpb.isa.CopyFlyweight;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.LdweightsMarianaFlyweight;
import tpb.isa.PeLwOrder;
import tpb.isa.PsumAccumulateFlags;
import tpb.neff.Neff;
import tpb.neff.NeffException;
import tpb.neff.NeffLimits;
import tpb.neff.NeffWriter;

/**
 * A whole NEFF run on one core, built here through the encoders, for what {@link DataRun} decides
 * around the records: which LDWEIGHTS load order applies (the spec's per record — the profile's on
 * cayman, the record's load_order bit on mariana — or the caller's override for every record), what
 * the record listener hears, how a virtual var's backing_variable_off is checked, an Error and an
 * interrupt on the caller's thread; and what {@link NeffImage} reads under the entry-size bound.
 *
 * <p>The program (Pool engine): DMA w (fp32 2 x 3) into SBUF p0-1 byte 0, DMA m (fp32 2 x 2) into
 * p0-1 byte 0x100, LDWEIGHTS 2 x 3, MATMUL SINGLE into PSUM p0-2, COPY PSUM p0-2 to SBUF p0-2 byte
 * 0x200, DMA that to out (fp32 3 x 2). With w = ((1, 2, 3), (4, 5, 6)) and m = ((1, 10), (100, 1000)),
 * out is PeArmsTest.LAST in LAST_COL_FIRST order and PeArmsTest.FIRST in FIRST_COL_FIRST order
 * (worked there by hand).
 */
class DataRunCoreTest {
    static final long STRIDE = Arch.CAYMAN.sbufPartitionStride();

    /** DMA {@code runs} runs of {@code run} bytes between var {@code var} (dense) and SBUF byte {@code sbuf} of partitions 0.. (one run each). */
    static byte[] dma(int var, long sbuf, int runs, int run, boolean toSbuf) {
        byte[] b = new byte[64];
        DmaDirect2dFlyweight d = new DmaDirect2dFlyweight().wrap(b, 0).reset();
        d.srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value());
        if (toSbuf) {
            d.srcStartAddrEntry(var).srcStepElem(0, run).dstStartAddrEntry(0).dstStartAddrValue(sbuf).dstStepElem(0, (int) STRIDE);
        } else {
            d.srcStartAddrEntry(0).srcStartAddrValue(sbuf).srcStepElem(0, (int) STRIDE).dstStartAddrEntry(var).dstStepElem(0, run);
        }
        d.srcStepElem(1, 0).dstStepElem(1, 0).srcNumElem(0, runs).srcNumElem(1, 1).dstNumElem(0, runs).dstNumElem(1, 1)
                .srcElemSize(run).dstElemSize(run).inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value());
        return b;
    }

    static final Rig CAYMAN = new Rig();

    /** The program above; {@code order}: the LDWEIGHTS record's load_order bit (mariana's flags byte; cayman has none and ignores it). */
    static byte[] program(PeLwOrder order) {
        byte[] ldw = PeArmsTest.ldweights(CAYMAN, DtypeWire.FP32, 2, 3, 0);
        new LdweightsMarianaFlyweight().wrap(ldw, 0).flagsLoadOrder(order.value());
        byte[] copy = new byte[64];
        CopyFlyweight c = new CopyFlyweight().wrap(copy, 0).reset().inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value())
                .numActiveChannels(3);
        Rig.pattern(c.srcMemPattern(), c::srcMemPatternStartWordAddress, c::srcMemPatternStep, c::srcMemPatternNum, CAYMAN.ps(0, 0), 1, 2);
        Rig.pattern(c.dstMemPattern(), c::dstMemPatternStartWordAddress, c::dstMemPatternStep, c::dstMemPatternNum, 0x200, 1, 2);
        return concat(dma(1, 0, 2, 12, true), dma(2, 0x100, 2, 8, true), ldw,
                PeArmsTest.matmul(CAYMAN, DtypeWire.FP32, 2, 3, 2, 0x100, CAYMAN.ps(0, 0), PsumAccumulateFlags.SINGLE), copy,
                dma(3, 0x200, 3, 8, false));
    }

    static byte[] concat(byte[]... records) {
        byte[] out = new byte[64 * records.length];
        for (int i = 0; i < records.length; i++) {
            System.arraycopy(records[i], 0, out, 64 * i, 64);
        }
        return out;
    }

    static final String VARS = "\"SB\": {\"type\": \"state-buffer\", \"var_id\": 0},"
            + "\"w\": {\"type\": \"input\", \"size\": 24, \"var_id\": 1},"
            + "\"m\": {\"type\": \"input\", \"size\": 16, \"var_id\": 2},"
            + "\"out\": {\"type\": \"output\", \"size\": 24, \"var_id\": 3}";

    static Map<String, byte[]> files(String vars, byte[] pool) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("kelf-0.json", "{\"graphs\": [{\"definition\": \"sg00/def.json\", \"name\": \"sg00\"}], \"target\": \"cayman\"}"
                .getBytes(StandardCharsets.UTF_8));
        files.put("sg00/def.json", ("{\"pool_instr\": \"Pool.bin\", \"var\": {" + vars + "}}").getBytes(StandardCharsets.UTF_8));
        files.put("sg00/Pool.bin", pool);
        return files;
    }

    static NeffImage image(String vars, byte[] pool) {
        return NeffImage.read(Neff.of(NeffWriter.write("core.neff", files(vars, pool))));
    }

    static Npy.Array fp32(float... v) {
        byte[] b = new byte[4 * v.length];
        for (int i = 0; i < v.length; i++) {
            int x = Float.floatToRawIntBits(v[i]);
            for (int k = 0; k < 4; k++) {
                b[4 * i + k] = (byte) (x >>> (8 * k));
            }
        }
        return new Npy.Array(NpyType.FLOAT32, new int[] {v.length}, b);
    }

    static Map<String, Npy.Array> inputs() {
        return Map.of("w", fp32(1, 2, 3, 4, 5, 6), "m", fp32(1, 10, 100, 1000));
    }

    /** out's six values as longs (each an integer here). */
    static long[] out(DataRun run) {
        byte[] b = run.run(null).get("out").data();
        long[] v = new long[6];
        for (int i = 0; i < 6; i++) {
            int x = (b[4 * i] & 0xFF) | (b[4 * i + 1] & 0xFF) << 8 | (b[4 * i + 2] & 0xFF) << 16 | (b[4 * i + 3] & 0xFF) << 24;
            v[i] = (long) Float.intBitsToFloat(x);
        }
        return v;
    }

    static long[] flat(long[][] m) {
        return new long[] {m[0][0], m[0][1], m[1][0], m[1][1], m[2][0], m[2][1]};
    }

    @Test
    void theLoadOrderIsTheSpecsPerRecordUnlessTheCallerSetsOne() {
        NeffImage first = image(VARS, program(PeLwOrder.FIRST_COL_FIRST));
        NeffImage last = image(VARS, program(PeLwOrder.LAST_COL_FIRST));
        // cayman: no flags byte, the profile's LAST_COL_FIRST whatever byte 0x2F holds
        assertArrayEquals(flat(PeArmsTest.LAST), out(new DataRun(first, Arch.CAYMAN, inputs())));
        // mariana: the record's own bit, each way
        assertArrayEquals(flat(PeArmsTest.FIRST), out(new DataRun(first, Arch.MARIANA, inputs())));
        assertArrayEquals(flat(PeArmsTest.LAST), out(new DataRun(last, Arch.MARIANA, inputs())));
        // the caller's order overrides both, on every record
        assertArrayEquals(flat(PeArmsTest.FIRST), out(new DataRun(first, Arch.CAYMAN, inputs()).loadOrder(PeLwOrder.FIRST_COL_FIRST)));
        assertArrayEquals(flat(PeArmsTest.FIRST), out(new DataRun(last, Arch.MARIANA, inputs()).loadOrder(PeLwOrder.FIRST_COL_FIRST)));
        assertArrayEquals(flat(PeArmsTest.LAST), out(new DataRun(first, Arch.MARIANA, inputs()).loadOrder(PeLwOrder.LAST_COL_FIRST)));
    }

    record Heard(String core, String engine, int index, long start, long end, long bytes, long macs) {}

    @Test
    void theListenerHearsEveryRecordWithItsBytesAndMacs() {
        List<Heard> heard = new ArrayList<>();
        long before = System.nanoTime();
        new DataRun(image(VARS, program(PeLwOrder.LAST_COL_FIRST)), Arch.CAYMAN, inputs())
                .execute(null, (core, engine, index, start, end, bytes, macs) -> heard.add(new Heard(core, engine, index, start, end, bytes, macs)),
                        EventOrder.Schedule.DEFAULT);
        long after = System.nanoTime();
        // bytes: the DMAs' source bytes (2 x 12, 2 x 8, 3 x 8); MACs: the MATMUL's 2 rows x 3 columns x 2 moving elements
        long[][] want = {{24, 0}, {16, 0}, {0, 0}, {0, 12}, {0, 0}, {24, 0}};
        assertEquals(6, heard.size());
        for (int i = 0; i < 6; i++) {
            Heard h = heard.get(i);
            assertEquals("sg00", h.core());
            assertEquals("pool", h.engine());
            assertEquals(i, h.index());
            assertEquals(want[i][0], h.bytes(), "record " + i + " bytes");
            assertEquals(want[i][1], h.macs(), "record " + i + " MACs");
            assertTrue(before <= h.start() && h.start() <= h.end() && h.end() <= after, "record " + i + " times within the run");
        }
    }

    @Test
    void anErrorInACoreReachesTheCallerAsItself() {
        AssertionError boom = new AssertionError("boom");
        DataRun run = new DataRun(image(VARS, program(PeLwOrder.LAST_COL_FIRST)), Arch.CAYMAN, inputs());
        AssertionError thrown = assertThrows(AssertionError.class, () -> run.execute(null, (c, e, i, s, t, b, m) -> {
            throw boom;
        }, EventOrder.Schedule.DEFAULT));
        assertSame(boom, thrown);
    }

    @Test
    void anInterruptedCallerGetsAFaultAndKeepsItsInterrupt() {
        DataRun run = new DataRun(image(VARS, program(PeLwOrder.LAST_COL_FIRST)), Arch.CAYMAN, inputs());
        // the core waits in its first record until the pool is shut down, so the caller's wait is what the interrupt meets
        RecordListener slow = (c, e, i, s, t, b, m) -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
            }
        };
        Thread.currentThread().interrupt();
        try {
            assertEquals("interrupted", assertThrows(DataFault.class, () -> run.execute(null, slow, EventOrder.Schedule.DEFAULT)).getMessage());
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is restored");
        } finally {
            Thread.interrupted();
        }
    }

    /** A virtual var v of {@code size} bytes, at {@code off} (null: no backing_variable_off) and a one-byte DMA into it. */
    static NeffImage virtual(long size, Long off) {
        String vars = "\"x\": {\"type\": \"input\", \"size\": 1, \"var_id\": 1}, \"v\": {\"type\": \"virtual\", \"size\": " + size
                + ", \"var_id\": 2" + (off == null ? "" : ", \"backing_variable_off\": " + off) + "}";
        byte[] b = new byte[64];
        new DmaDirect2dFlyweight().wrap(b, 0).reset().srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).srcStartAddrEntry(1)
                .dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrEntry(size == 0 ? 1 : 2).srcNumElem(0, 1).srcNumElem(1, 1)
                .dstNumElem(0, 1).dstNumElem(1, 1).srcElemSize(1).dstElemSize(1).inDtypeRaw(DtypeWire.UINT8.value())
                .outDtypeRaw(DtypeWire.UINT8.value());
        return image(vars, b);
    }

    static Map<String, Npy.Array> oneByte() {
        return Map.of("x", new Npy.Array(NpyType.UINT8, new int[] {1}, new byte[] {42}));
    }

    @Test
    void aVirtualVarsBackingOffsetIsChecked() {
        // no backing_variable_off: the reader gives -1
        assertEquals("sg00 virtual var v: backing_variable_off -1 and size 8 lay out no bytes",
                assertThrows(DataFault.class, () -> new DataRun(virtual(8, null), Arch.CAYMAN, oneByte())).getMessage());
        // the largest offset the reader takes (2^62) minus the size: past Long.MAX_VALUE / 2 = 2^62 - 1 by one
        long off = (1L << 62) - 8;
        assertEquals("sg00 virtual var v: backing_variable_off " + off + " and size 8 lay out no bytes",
                assertThrows(DataFault.class, () -> new DataRun(virtual(8, off), Arch.CAYMAN, oneByte())).getMessage());
        // a virtual var of size 0 at offset 0 lays out nothing and is no fault; one of 8 at 8 is bytes [8, 16) of the backing space
        DataRun empty = new DataRun(virtual(0, 0L), Arch.CAYMAN, oneByte());
        assertEquals(0, empty.dram(0).byName("v").size());
        DataRun eight = new DataRun(virtual(8, 8L), Arch.CAYMAN, oneByte());
        eight.run(null);
        assertArrayEquals(new byte[] {42, 0, 0, 0, 0, 0, 0, 0}, eight.dram(0).byName("v").bytes());
    }

    /** An archive of the program with a tensor_map.json of exactly {@code jsonBytes} bytes beside its def.json. */
    static Neff withTensorMap(int jsonBytes, long maxEntry) {
        return withJson("sg00/tensor_map.json", jsonBytes, maxEntry);
    }

    /** An archive of the program with a JSON entry {@code path} of exactly {@code jsonBytes} bytes. */
    static Neff withJson(String path, int jsonBytes, long maxEntry) {
        Map<String, byte[]> files = files(VARS, program(PeLwOrder.LAST_COL_FIRST));
        String head = "{\"w\": {\"dtype\": \"float32\", \"tf_shape\": [6], \"kind\": \"input\"}";
        StringBuilder json = new StringBuilder(head);
        while (json.length() < jsonBytes - 1) {
            json.append(' ');
        }
        json.append('}');
        files.put(path, json.toString().getBytes(StandardCharsets.UTF_8));
        byte[] neff = NeffWriter.write("core.neff", files);
        return Neff.open(new Neff.Source() {
            @Override
            public InputStream open() {
                return new ByteArrayInputStream(neff);
            }

            @Override
            public long size() {
                return neff.length;
            }
        }, new NeffLimits(maxEntry, NeffLimits.AUTO));
    }

    @Test
    void aJsonEntryAtTheBoundIsReadAndOnePastItIsNamedWhenNeeded() {
        int n = 4096;
        // exactly the bound: read, its dtype and shape checked against the input
        NeffImage at = NeffImage.read(withTensorMap(n, n));
        assertEquals("float32", at.cores().get(0).tensors().get("w").dtype());
        assertArrayEquals(new int[] {6}, at.cores().get(0).tensors().get("w").shape());
        // one byte past it: skipped when read, then named with the bound because the run needs it
        NeffException e = assertThrows(NeffException.class, () -> NeffImage.read(withTensorMap(n + 1, n)));
        assertEquals("sg00/tensor_map.json: a 4097-byte entry, larger than the 4096 bytes tpb reads whole (--max-entry-size)", e.getMessage());
        // a JSON entry beside def.json that the run never reads may be any size: skipped, never named
        NeffImage other = NeffImage.read(withJson("sg00/notes.json", n + 1, n));
        assertEquals(null, other.file("sg00/notes.json"));
        assertEquals(List.of("pool"), List.copyOf(other.cores().get(0).streams().keySet()));
    }
}
