package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tpb.data.Npy;
import tpb.neff.NeffMutation;
import tpb.neff.NeffParts;

/**
 * A NEFF's DMA descriptors, queues and subgraphs as an attacker writes them, each found once giving
 * a silent wrong result, a hang or an accepted impossibility, each now one line and exit 1 from
 * every command that reads it. The base is {@link NeffParts#withDmaQueue}: block 0 copies var
 * {@code a} (32 bytes) to SBUF 0x100 of partitions 0-1, block 1 copies them to {@code out} (32
 * bytes); the SBUF of cayman is 128 partitions at stride 0x40000 = 2^18, so 2^25 = 33,554,432 bytes of
 * addresses, and 128 x 229,376 bytes (its profile's sbuf_bytes_per_partition) = 29,360,128 bytes.
 */
class HostileDescriptorTest {
    private static final String SBUF = "the SBUF (33554432 bytes of addresses, 29360128 bytes)";

    private static Path write(Path dir, NeffParts p) throws Exception {
        Path n = dir.resolve("in.neff");
        Files.write(n, p.bytes());
        Files.write(dir.resolve("a.npy"), EveryNeffCommand.inputA());
        return n;
    }

    private static CliRun dataRun(Path dir, Path neff) {
        return CliRun.of("run", neff.toString(), "--level", "data", "--input", "a=" + dir.resolve("a.npy"), "--output-dir",
                dir.resolve("o").toString());
    }

    /** Descriptor 0 of block {@code b} with {@code key} set to the raw JSON {@code value}. */
    private static NeffParts edited(int b, String key, String value) {
        NeffParts p = new NeffParts().withDmaQueue();
        p.descriptor(b).put(key, new NeffParts.Raw(value));
        return p;
    }

    /**
     * What the first trigger says at the sync and data levels when a descriptor of Pool.json is refused:
     * none of the list is read (a run never fires half of it: Subgraph#dmaUnread), so block 0 faults with the reason.
     */
    private static String unread(String reason) {
        return "pool record 0 (dma.trigger \"qPoolIO0\", 0): dma.trigger fires block 0 of queue \"qPoolIO0\", which no engine's dma list "
                + "holds (0 blocks); a dma list was not read: sg00/Pool.json: " + reason;
    }

    @Test
    void theUnmutatedQueueCopiesAToOut(@TempDir Path dir) throws Exception {
        Path n = write(dir, new NeffParts().withDmaQueue());
        CliRun r = dataRun(dir, n);
        assertEquals(0, r.code(), r.err());
        assertEquals(Npy.parse(EveryNeffCommand.inputA()), Npy.read(dir.resolve("o/out.npy")));
    }

    /**
     * Block 1's SBUF source at 2^62 (or a row step of 2^62): 2^62 / 2^18 is partition 2^44, which an
     * int cast made partition 0, so the run copied SBUF 0x100 as if from_off were 0x100 and exited 0.
     * The reader now refuses the walk: 2^62 + 0x100 is past the SBUF's 2^25 bytes of addresses.
     */
    @ParameterizedTest
    @ValueSource(strings = {"run", "estimate", "data"})
    void anSbufAddressPast2To44IsRefusedNotAliased(String level, @TempDir Path dir) throws Exception {
        Path n = write(dir, edited(1, "from_off", Long.toString(1L << 62)));
        // 2^62 + (2 - 1) x 2^18 + (16 - 1) x 1: the walk's last byte
        String reason = "dma[1].desc[0]: from touches bytes 4611686018427387904 to 4611686018427650063, outside " + SBUF;
        CliRun r = level.equals("data") ? dataRun(dir, n) : CliRun.of(level, n.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        String all = r.out() + r.err();
        assertEquals(true, all.contains(unread(reason)), all);
        assertEquals(false, Files.exists(dir.resolve("o/out.npy")));
    }

    @Test
    void aStepOf2To62IsRefused(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts().withDmaQueue();
        NeffMutation.set(p.poolJson, List.of("dma", 1, "desc", 0, "from_steps", 1), new NeffParts.Raw(Long.toString(1L << 62)));
        Path n = write(dir, p);
        CliRun r = CliRun.of("neff", "info", n.toString());
        assertEquals(0, r.code(), r.err()); // the lists matter only to a run that fires a queue: info names the reason
        assertEquals(true, r.out().contains("dma[1].desc[0]: from touches bytes 256 to 4611686018427388175, outside " + SBUF), r.out());
        assertEquals(1, dataRun(dir, n).code());
    }

    /** The same walk at the data level without the reader: CoreState's partition is checked as a long, never cast first. */
    @Test
    void theDataLevelsSbufAddressIsCheckedAsALong() {
        tpb.data.CoreState core = new tpb.data.CoreState(tpb.isa.Arch.CAYMAN);
        assertEquals("SBUF partition 17592186044416 does not exist (128 partitions)",
                org.junit.jupiter.api.Assertions.assertThrows(tpb.data.DataFault.class, () -> core.sbufAt(1L << 62)).getMessage());
        assertEquals("SBUF address -1 is negative",
                org.junit.jupiter.api.Assertions.assertThrows(tpb.data.DataFault.class, () -> core.sbufAt(-1)).getMessage());
        assertEquals("SBUF[p127]+0x0", core.sbufAt(127L << 18).toString());
    }

    /** An offset and steps whose extent passes 2^63 are refused as such, not wrapped to a small address. */
    @Test
    void anExtentPastALongIsRefused(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts().withDmaQueue();
        p.descriptor(0).put("from_off", new NeffParts.Raw(Long.toString(1L << 62)));
        NeffMutation.set(p.poolJson, List.of("dma", 0, "desc", 0, "from_steps", 1), new NeffParts.Raw(Long.toString(1L << 62)));
        Path n = write(dir, p);
        CliRun r = dataRun(dir, n);
        assertEquals(1, r.code());
        assertEquals("tpb: " + n + ": sg00 " + unread("dma[0].desc[0]: from_off 4611686018427387904 and from_steps "
                + "reach past 2^63, outside var \"a\" (32 bytes)") + "; nothing written\n", r.err());
    }

    /**
     * One zero-step source of 4 x 2^28 bytes (a 200-byte edit) took 30 s and 4.6 GB before it ran out
     * of memory: it walks 2^30 bytes for the destination's 32, which no conversion explains (a cast
     * reads at most 8 bytes a written byte: 256). Refused where it is read, before any work.
     */
    @ParameterizedTest
    @ValueSource(longs = {1L << 28, 1L << 31, 1L << 32})
    void aZeroStepWalkIsBoundedByItsDestination(long count, @TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts().withDmaQueue();
        NeffMutation.set(p.poolJson, List.of("dma", 0, "desc", 0, "from_sizes"), List.of(new NeffParts.Raw("4"), new NeffParts.Raw(Long.toString(count))));
        NeffMutation.set(p.poolJson, List.of("dma", 0, "desc", 0, "from_steps"), List.of(new NeffParts.Raw("1"), new NeffParts.Raw("0")));
        Path n = write(dir, p);
        CliRun r = dataRun(dir, n);
        assertEquals(1, r.code());
        assertEquals("tpb: " + n + ": sg00 " + unread("dma[0].desc[0]: from_sizes walk " + 4 * count
                + " bytes, more than the 256 a source may read for its destination's (8 for each byte written)") + "; nothing written\n", r.err());
    }

    /** 2^62 bytes into an 8-byte var completed at the sync level and estimated 205 days. */
    @Test
    void aWalkLargerThanItsVarIsRefusedAtEveryLevel(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts().withDmaQueue();
        NeffMutation.set(p.def, List.of("var", "out", "size"), new NeffParts.Raw("8"));
        NeffMutation.set(p.poolJson, List.of("dma", 1, "desc", 0, "to_sizes"), List.of(new NeffParts.Raw("8"), new NeffParts.Raw(Long.toString(1L << 32)),
                new NeffParts.Raw(Long.toString(1L << 27))));
        NeffMutation.set(p.poolJson, List.of("dma", 1, "desc", 0, "to_steps"), List.of(new NeffParts.Raw("1"), new NeffParts.Raw("0"), new NeffParts.Raw("0")));
        Path n = write(dir, p);
        String reason = unread("dma[1].desc[0]: to_sizes walk 4611686018427387904 bytes, more than var \"out\" (8 bytes) holds: a write "
                + "touches each byte once");
        CliRun sync = CliRun.of("run", n.toString());
        assertEquals(1, sync.code());
        assertEquals(true, sync.out().contains(reason), sync.out());
        CliRun est = CliRun.of("estimate", n.toString());
        assertEquals(1, est.code());
        assertEquals(true, (est.out() + est.err()).contains(reason), est.out() + est.err());
    }

    /**
     * A DMA_DIRECT2D record (an engine-stream instruction, not a queue descriptor) moving 65,535 x
     * 65,535 runs with zero steps: the base's record 1 copies SBUF 0x100 (16 bytes of partitions
     * 0-1) into {@code out} (32 bytes). {@code estimate} printed a time for 2^36 bytes with exit 0
     * and the sync level completed; the data level alone refused it. Now the one check every level
     * makes ({@code Direct2dBounds}) refuses it at each: 65,535^2 = 4,294,836,225 runs of 16 bytes
     * is 68,717,379,600 bytes, more than out's 32 (its extent, bytes 0 to 15, lies inside).
     */
    @ParameterizedTest
    @ValueSource(strings = {"run", "estimate", "data"})
    void aDirect2dRecordWritingMoreThanItsVarIsRefusedAtEveryLevel(String level, @TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts();
        tpb.isa.DmaDirect2dFlyweight r = new tpb.isa.DmaDirect2dFlyweight().wrap(p.pool, 64);
        r.srcNumElem(0, 0xFFFF).srcNumElem(1, 0xFFFF).srcStepElem(0, 0).srcStepElem(1, 0)
                .dstNumElem(0, 0xFFFF).dstNumElem(1, 0xFFFF).dstStepElem(0, 0).dstStepElem(1, 0);
        Path n = write(dir, p);
        String why = "DMA_DIRECT2D writes 68717379600 bytes (4294836225 runs of 16) into var \"out\" (32 bytes): a write touches each byte once";
        CliRun c = level.equals("data") ? dataRun(dir, n) : CliRun.of(level, n.toString());
        assertEquals(1, c.code(), c.out() + c.err());
        String all = c.out() + c.err();
        assertEquals(true, all.contains("pool record 1 (dma.2d [0x0; 0x3; 0x0; 0x10; 0,0; 65535,65535; 0x10], [0x100; 0x0; 0x0; 0x10; 0,0; "
                + "65535,65535; 0x10] in_dtype=FP32 out_dtype=FP32): " + why), all);
        if (level.equals("estimate")) { // a fault's estimate covers the records before it: record 0's 32 bytes, not 2^36
            assertEquals(true, c.out().contains("(32 bytes)"), c.out());
        }
        assertEquals(false, Files.exists(dir.resolve("o/out.npy")));
    }

    /** {@code {}} opened as a subgraph with no streams: validate 0, estimate 0.0 us, a data run writing zeros. */
    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"name\": \"sg00\", \"var\": {}}", "{\"pool_instr\": \"Pool.bin\"}"})
    void aSubgraphWithoutItsKeysIsRefused(String def, @TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts();
        p.override.put("sg00/def.json", def);
        Path n = write(dir, p);
        String why = def.contains("_instr") ? "sg00/def.json: var is missing, not an object"
                : "sg00/def.json: no <engine>_instr key: a subgraph names the stream of at least one engine";
        for (CliRun r : List.of(CliRun.of("validate", n.toString()), CliRun.of("estimate", n.toString()), dataRun(dir, n))) {
            assertEquals(1, r.code());
            assertEquals("tpb: " + n + ": " + why + "\n", r.err());
        }
        assertEquals(false, Files.exists(dir.resolve("o/out.npy")));
    }

    /** def.json dma_queue entries the reader accepted: an owner no engine of the subgraph is, or none; no type; a semaphore set of [], [300], null. */
    @Test
    void aQueueWithoutItsKeysIsRefused(@TempDir Path dir) throws Exception {
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put("owner=\"act\"", "dma_queue.qPoolDynamic.owner is \"act\", no engine of this subgraph (its streams: pool)");
        cases.put("owner", "dma_queue.qPoolDynamic.owner is missing, not a string");
        cases.put("type", "dma_queue.qPoolDynamic.type is missing, not a string");
        cases.put("semaphore_set=[]", "dma_queue.qPoolDynamic.semaphore_set is empty: a queue counts on at least one semaphore");
        cases.put("semaphore_set=[300]", "dma_queue.qPoolDynamic.semaphore_set[0] is the number 300, outside [0, 255]");
        cases.put("semaphore_set=null", "dma_queue.qPoolDynamic.semaphore_set is null, not an array");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            NeffParts p = new NeffParts();
            @SuppressWarnings("unchecked")
            Map<String, Object> q = (Map<String, Object>) ((Map<String, Object>) p.def.get("dma_queue")).get("qPoolDynamic");
            String[] kv = c.getKey().split("=", 2);
            if (kv.length == 1) {
                q.remove(kv[0]);
            } else {
                q.put(kv[0], new NeffParts.Raw(kv[1]));
            }
            Path n = write(dir, p);
            CliRun r = CliRun.of("neff", "info", n.toString());
            assertEquals(1, r.code(), c.getKey());
            assertEquals("tpb: " + n + ": sg00/def.json: " + c.getValue() + "\n", r.err(), c.getKey());
        }
    }

    /**
     * Two vars of one var_id: a record names a var by its id, and the levels took different ones (the
     * data level refused the second as it laid out DRAM; the sync level and the cost model resolved a
     * DMA_DIRECT2D's side to the first). The reader refuses it, so no level chooses.
     */
    @Test
    void twoVarsOfOneIdAreRefused(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts();
        NeffMutation.set(p.def, List.of("var", "out", "var_id"), new NeffParts.Raw("1"));
        Path n = write(dir, p);
        for (CliRun r : List.of(CliRun.of("neff", "info", n.toString()), CliRun.of("estimate", n.toString()), dataRun(dir, n))) {
            assertEquals(1, r.code());
            assertEquals("tpb: " + n + ": sg00/def.json: var.out.var_id is 1, which var \"a\" has too: a var id names one var\n", r.err());
        }
    }

    /** asm and disasm of a record stream wrote over their own input, also through a symlink; now the one output rule refuses (exit 2). */
    @Test
    void asmAndDisasmNeverWriteOverTheirInput(@TempDir Path dir) throws Exception {
        Path s = dir.resolve("k.s");
        Files.writeString(s, "exit\n");
        Path link = dir.resolve("link.bin");
        Files.createSymbolicLink(link, s);
        byte[] text = Files.readAllBytes(s);
        CliRun same = CliRun.of("asm", s.toString(), "-o", s.toString());
        assertEquals(2, same.code());
        assertEquals("tpb: " + s + ": -o would write over the input (" + s + "), which this run reads; give another path\n", same.err());
        CliRun viaLink = CliRun.of("asm", s.toString(), "-o", link.toString());
        assertEquals(2, viaLink.code());
        assertEquals("tpb: " + link + ": -o would write over the input (" + s + "), which this run reads; give another path\n", viaLink.err());
        assertArrayEquals(text, Files.readAllBytes(s));
        Path bin = dir.resolve("r.bin");
        assertEquals(0, CliRun.of("asm", s.toString(), "-o", bin.toString()).code());
        byte[] records = Files.readAllBytes(bin);
        CliRun d = CliRun.of("disasm", bin.toString(), "-o", bin.toString());
        assertEquals(2, d.code());
        assertEquals("tpb: " + bin + ": -o would write over the input (" + bin + "), which this run reads; give another path\n", d.err());
        assertArrayEquals(records, Files.readAllBytes(bin));
        Path kernel = dir.resolve("k.yaml");
        Files.copy(Path.of("src/test/resources/kernels/01_count.yaml"), kernel);
        byte[] yaml = Files.readAllBytes(kernel);
        CliRun c = CliRun.of("compile", kernel.toString(), "-o", kernel.toString());
        assertEquals(2, c.code(), c.err());
        assertEquals("tpb: " + kernel + ": -o would write over the kernel (" + kernel + "), which this run reads; give another path\n", c.err());
        assertArrayEquals(yaml, Files.readAllBytes(kernel));
    }

    /** A failed write named the input and said "read": {@code k.s: cannot read: No space left on device}. */
    @Test
    void aFullDeviceIsAWriteErrorNamingTheOutput(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full");
        Path s = dir.resolve("k.s");
        Files.writeString(s, "exit\n");
        CliRun r = CliRun.of("asm", s.toString(), "-o", "/dev/full");
        assertEquals(1, r.code());
        assertEquals("tpb: /dev/full: cannot write: No space left on device\n", r.err());
        Path bin = dir.resolve("r.bin");
        assertEquals(0, CliRun.of("asm", s.toString(), "-o", bin.toString()).code());
        CliRun d = CliRun.of("disasm", bin.toString(), "-o", "/dev/full");
        assertEquals(1, d.code());
        assertEquals("tpb: /dev/full: cannot write: No space left on device\n", d.err());
    }
}
