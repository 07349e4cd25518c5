package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import tpb.asm.Disassembler;
import tpb.sim.DmaQueues;
import tpb.sim.SyncRun;

/**
 * DMA queues: every engine's {@code <Engine>.json} {@code dma} list read through
 * NeffJson, every shared NEFF complete at the synchronisation level with its DMATriggers firing
 * their blocks, the final queue semaphores derived by hand, and the reader's refusals.
 */
class DmaQueueTest {
    static byte[] resource(String name) {
        try (InputStream in = DmaQueueTest.class.getResourceAsStream("/neff/" + name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, byte[]> files(byte[] neff) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        Neff.of(neff).forEachEntry((path, size, data) -> files.put(path, data.readAllBytes()));
        return files;
    }

    /** Every subgraph at the synchronisation level, its DMA queues run ({@link DmaQueues#of}). */
    static Map<String, SyncRun.Result> runAll(byte[] neff) {
        Map<String, SyncRun.Result> out = new LinkedHashMap<>();
        Neff n = Neff.of(neff);
        n.forEachSubgraph(null, (sg, streams) -> {
            List<SyncRun.Engine> engines = new ArrayList<>();
            streams.forEach(s -> engines.add(new SyncRun.Engine(s.engine(), s.stream())));
            out.put(sg.name(), new SyncRun(engines, Disassembler::text, tpb.sim.MachineConfig.NONE.arch(), DmaQueues.of(sg)).run());
        });
        return out;
    }

    @ParameterizedTest
    @MethodSource("tpb.neff.Fixture#sharedNeffs")
    void everySharedNeffCompletes(String name) {
        runAll(resource(name)).forEach((sg, r) -> assertEquals(SyncRun.Status.COMPLETE, r.status(), name + " " + sg + ": " + r.message()
                + " " + r.blocked()));
    }

    /**
     * The queue model is deadlock-free under every turn order the scheduler can take (each engine
     * first with whole turns and with one record a turn, each as late as it can go), not only the
     * default one, and the final semaphores do not depend on the order (every update is an add).
     */
    @ParameterizedTest
    @ValueSource(strings = {"real/qwen3-attn-tkg-v6.neff", "real/qwen3-moe-captured.neff", "real/qwen3-moe-tkg-v6b.neff"})
    void everyScheduleCompletesAlike(String name) {
        Neff n = Neff.of(resource(name));
        n.forEachSubgraph(java.util.Set.of("sg00"), (sg, streams) -> {
            List<SyncRun.Engine> engines = new ArrayList<>();
            streams.forEach(s -> engines.add(new SyncRun.Engine(s.engine(), s.stream())));
            SyncRun run = new SyncRun(engines, Disassembler::text, tpb.sim.MachineConfig.NONE.arch(), DmaQueues.of(sg));
            Map<Integer, Long> first = null;
            for (SyncRun.Schedule s : SyncRun.Schedule.all(engines.size())) {
                SyncRun.Result r = run.run(null, s);
                assertEquals(SyncRun.Status.COMPLETE, r.status(), name + " " + s + ": " + r.blocked());
                if (first == null) {
                    first = r.semaphores();
                }
                assertEquals(first, r.semaphores(), name + " " + s);
            }
        });
    }

    /** The final values of {@code from..to} (0 when absent). */
    static Map<Integer, Long> range(SyncRun.Result r, int from, int to) {
        Map<Integer, Long> m = new TreeMap<>();
        for (int s = from; s <= to; s++) {
            m.put(s, r.semaphores().getOrDefault(s, 0L));
        }
        return m;
    }

    /**
     * qwen3-attn-tkg-v6 sg00: DVE.json lists 20 blocks of qDVESpillReload0 (num_queues 16,
     * semaphore_set 24..39), block {@code i} on semaphore {@code 24 + i % 16}, one descriptor each;
     * DVE fires each once ({@code dma.trigger "qDVESpillReload0", 0} .. 19). Each completion adds
     * 16, so S24..S27 (blocks 0-3 and 16-19) end at 2 x 16 = 32 and S28..S39 at 16: what the
     * stream's own waits say ({@code $S[24]>=16} before block 16 reuses it, {@code $S[24]>=32} after).
     */
    @Test
    void qwen3AttentionQueueSemaphores() {
        SyncRun.Result r = runAll(resource("real/qwen3-attn-tkg-v6.neff")).get("sg00");
        Map<Integer, Long> want = new TreeMap<>();
        for (int s = 24; s <= 39; s++) {
            want.put(s, s <= 27 ? 32L : 16L);
        }
        assertEquals(want, range(r, 24, 39));
        assertEquals(Map.of("act", 149, "dve", 667, "pe", 781, "pool", 338, "sp", 26), r.steps());
    }

    /**
     * Both qwen3-moe NEFFs, sg00: SP.json lists 9 blocks of qSPIO0 (ids 0..8 on semaphores 24..32,
     * one descriptor each: input1's 32 bytes, then input0's eight floats one by one), Pool.json 16
     * of qPoolIO0 (ids 0..15 on 40..55: output0 in 256-byte pieces); SP and Pool fire each once.
     * 16 per block: S24..S32 = 16, S33..S39 = 0 (the rest of qSPIO0's set, unused), S40..S55 = 16.
     */
    @ParameterizedTest
    @ValueSource(strings = {"real/qwen3-moe-captured.neff", "real/qwen3-moe-tkg-v6b.neff"})
    void qwen3MoeQueueSemaphores(String name) {
        SyncRun.Result r = runAll(resource(name)).get("sg00");
        Map<Integer, Long> want = new TreeMap<>();
        for (int s = 24; s <= 55; s++) {
            want.put(s, s <= 32 || s >= 40 ? 16L : 0L);
        }
        assertEquals(want, range(r, 24, 55));
    }

    /** The blocks as read: queue, id, semaphore, one descriptor, its bytes (sizes are bytes: 32, then 4 a float). */
    @Test
    void theMoeBlocksAsRead() {
        Subgraph sg = Neff.of(resource("real/qwen3-moe-captured.neff")).subgraph("sg00");
        assertEquals(25, sg.dmaBlocks().size());
        DmaBlock b0 = sg.dmaBlock("qSPIO0", 0);
        assertEquals("sp", b0.engine());
        assertEquals("sg00/SP.json", b0.file());
        assertEquals(24, b0.semaphore());
        DmaDescriptor d = b0.descriptors().get(0);
        assertEquals(new DmaDescriptor(new DmaDescriptor.Endpoint("input1", "int32", 0, new long[] {32, 1}, new long[] {1, 32}),
                new DmaDescriptor.Endpoint("SB", "int32", 65792, new long[] {32, 1}, new long[] {1, 1}), "copy"), d);
        assertEquals(32, b0.bytes());
        assertEquals(4, sg.dmaBlock("qSPIO0", 8).bytes());
        assertEquals(256, sg.dmaBlock("qPoolIO0", 15).bytes());
        DmaQueues.Fire f = DmaQueues.of(sg).fire("qPoolIO0", 15);
        assertEquals(55, f.semaphore());
        assertEquals(16, f.increment());
    }

    /** moe-captured with SP record 2 ({@code dma.trigger $S[6]>=1 "qSPIO0", 0}) made a set_ordering_mode (record 0's opcode), its EVENTS kept. */
    @Test
    void withoutItsTriggerTheMoeDeadlocksWhereBlockZeroIsAwaited() {
        Map<String, byte[]> files = files(resource("real/qwen3-moe-captured.neff"));
        byte[] sp = files.get("sg00/SP.bin").clone();
        sp[2 * 64] = sp[0];
        files.put("sg00/SP.bin", sp);
        SyncRun.Result r = runAll(NeffWriter.write("mutant.neff", files)).get("sg00");
        assertEquals(SyncRun.Status.DEADLOCK, r.status());
        // Pool's first tload reads what block 0 writes (SB 0x10100) once $S[24] >= 16: nothing adds to S24 now
        assertEquals(List.of("pool 6 24 16 0"), r.blocked().stream().filter(b -> b.semaphore() == 24)
                .map(b -> b.engine() + " " + b.pc() + " " + b.semaphore() + " " + b.threshold() + " " + b.value()).toList());
    }

    /** A trigger of a block no engine file lists: a fault naming the queue and the block. */
    @Test
    void aTriggerOfAnUnlistedBlockFaults() {
        Map<String, byte[]> files = files(resource("real/qwen3-moe-captured.neff"));
        byte[] sp = files.get("sg00/SP.bin").clone();
        sp[2 * 64 + 0x30] = 9; // block 9: qSPIO0 has 0..8
        files.put("sg00/SP.bin", sp);
        SyncRun.Result r = runAll(NeffWriter.write("mutant.neff", files)).get("sg00");
        assertEquals(SyncRun.Status.FAULT, r.status());
        assertEquals("sp record 2 (dma.trigger $S[6]>=1 \"qSPIO0\", 9): dma.trigger fires block 9 of queue \"qSPIO0\", "
                + "which no engine's dma list holds (9 blocks)", r.message());
    }

    // ---- the reader's refusals: the fixture with sg00/PE.json's dma list replaced ----

    static String refusal(String dma) {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        files.put("sg00/PE.json", ("{\"dma\":" + dma + ",\"instr\":\"PE.bin\",\"name\":\"PE.json\"}").getBytes(StandardCharsets.UTF_8));
        byte[] neff = NeffWriter.write("hostile.neff", files);
        // not a refusal of the NEFF: the reason is kept, and a run that fires a queue names it (Subgraph.dmaUnread)
        String unread = Neff.of(neff).subgraph("sg00").dmaUnread();
        assertNotNull(unread);
        return unread;
    }

    static String block(String desc) {
        return "[{\"queue\":\"qPoolDynamic\",\"id\":0,\"semaphore\":24,\"desc\":[" + desc + "]}]";
    }

    static String desc(String fromSizes) {
        return "{\"from\":\"x\",\"from_dtype\":\"float32\",\"from_off\":0,\"from_sizes\":" + fromSizes + ",\"from_steps\":[1,512],"
                + "\"op\":\"copy\",\"to\":\"SB\",\"to_dtype\":\"float32\",\"to_off\":0,\"to_sizes\":[512,1],\"to_steps\":[1,1]}";
    }

    /** moe-captured with its SP.json's dma list not an array: the NEFF opens as before; its first trigger names why it cannot fire. */
    @Test
    void anUnreadListStillOpensAndItsTriggerFaultsNamingWhy() {
        byte[] real = resource("real/qwen3-moe-captured.neff");
        Map<String, byte[]> files = files(real);
        files.put("sg00/SP.json", "{\"dma\":{}}".getBytes(StandardCharsets.UTF_8));
        byte[] other = NeffWriter.write("other.neff", files);
        // the streams are all there (disasm, validate and info read them); only the lists are missing
        assertEquals(Neff.of(real).subgraph("sg00").streams(), Neff.of(other).subgraph("sg00").streams());
        assertEquals(List.of(), Neff.of(other).subgraph("sg00").dmaBlocks());
        SyncRun.Result r = runAll(other).get("sg00");
        assertEquals(SyncRun.Status.FAULT, r.status());
        assertEquals("sp record 2 (dma.trigger $S[6]>=1 \"qSPIO0\", 0): dma.trigger fires block 0 of queue \"qSPIO0\", "
                + "which no engine's dma list holds (0 blocks); a dma list was not read: sg00/SP.json: dma is an object, not an array", r.message());
    }

    @Test
    void aGoodListReads() {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        files.put("sg00/PE.json", ("{\"dma\":" + block(desc("[512,1]")) + "}").getBytes(StandardCharsets.UTF_8));
        Subgraph sg = Neff.of(NeffWriter.write("good.neff", files)).subgraph("sg00");
        assertEquals(512, sg.dmaBlock("qPoolDynamic", 0).bytes());
        assertEquals("pe", sg.dmaBlock("qPoolDynamic", 0).engine());
    }

    /** A DMA transpose (the CS149 conv2d NEFFs, neuronx-cc 2.21): transpose_* keys where the others have op. */
    @Test
    void aTransposeDescriptorReads() {
        String t = desc("[512,1]").replace("\"op\":\"copy\",", "")
                .replace("}", ",\"transpose_element_size\":4,\"transpose_op\":\"WZXY\",\"transpose_shape\":[1,1,8,16]}");
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        files.put("sg00/PE.json", ("{\"dma\":" + block(t) + "}").getBytes(StandardCharsets.UTF_8));
        DmaDescriptor d = Neff.of(NeffWriter.write("good.neff", files)).subgraph("sg00").dmaBlock("qPoolDynamic", 0).descriptors().get(0);
        assertEquals(DmaDescriptor.TRANSPOSE, d.op());
        assertEquals(new DmaDescriptor.Transpose("WZXY", new long[] {1, 1, 8, 16}, 4), d.transpose());
        assertEquals("sg00/PE.json: dma[0].desc[0].transpose_shape has 2 elements; 4 (WZYX) were expected",
                refusal(block(t.replace("[1,1,8,16]", "[8,16]"))));
        assertEquals("sg00/PE.json: dma[0].desc[0].transpose_element_size is the number 0, outside [1, 8]",
                refusal(block(t.replace("\"transpose_element_size\":4", "\"transpose_element_size\":0"))));
        // neither op nor transpose_op
        assertEquals("sg00/PE.json: dma[0].desc[0].op is missing, not a string", refusal(block(desc("[512,1]").replace("\"op\":\"copy\",", ""))));
    }

    @Test
    void refusals() {
        assertEquals("sg00/PE.json: dma is an object, not an array", refusal("{}"));
        assertEquals("sg00/PE.json: dma[0].queue is the number 7, not a string", refusal("[{\"queue\":7}]"));
        assertEquals("sg00/PE.json: dma[0].queue names queue \"qNone\", which def.json's dma_queue does not declare",
                refusal("[{\"queue\":\"qNone\",\"id\":0,\"semaphore\":1,\"desc\":[]}]"));
        assertEquals("sg00/PE.json: dma[0].id is the number -1, outside [0, 2147483647]",
                refusal("[{\"queue\":\"qPoolDynamic\",\"id\":-1,\"semaphore\":1,\"desc\":[]}]"));
        assertEquals("sg00/PE.json: dma[0].desc is missing, not an array", refusal("[{\"queue\":\"qPoolDynamic\",\"id\":0,\"semaphore\":1}]"));
        assertEquals("sg00/PE.json: dma[0].desc[0].from_sizes[0] is the number -4, outside [0, 4294967296]", refusal(block(desc("[-4,1]"))));
        assertEquals("sg00/PE.json: dma[0].desc[0].from_sizes and dma[0].desc[0].from_steps have 3 and 2 elements; one to 8 dimensions, "
                + "as many steps as sizes, were expected", refusal(block(desc("[4,1,1]"))));
        assertEquals("sg00/PE.json: dma[0].desc[0].from_sizes walks more than 4611686018427387904 bytes",
                refusal(block(desc("[4294967296,4294967296]"))));
        assertEquals("sg00/PE.json: dma[0].desc[0].from names \"w\", which is no var of def.json",
                refusal(block(desc("[512,1]").replace("\"from\":\"x\"", "\"from\":\"w\""))));
        assertEquals("sg00/PE.json: dma[0].desc[0].from_dtype is the boolean true, not a string",
                refusal(block(desc("[512,1]").replace("\"from_dtype\":\"float32\"", "\"from_dtype\":true"))));
    }
}
