package tpb.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.isa.Arch;
import tpb.isa.Arm;

/** The cost model's inputs as untrusted data: a profile export and a model file, each refused in one line naming where. */
class CostInputsTest {
    @TempDir
    Path dir;

    String refusal(String json) throws IOException {
        Path p = dir.resolve("p.json");
        Files.writeString(p, json);
        return assertThrows(CostException.class, () -> Profile.read(p)).getMessage();
    }

    static final String SUMMARY = "\"summary\":[{\"total_time\":3.8e-05,\"tensor_engine_active_time\":1e-05,\"scalar_engine_active_time\":1e-05,"
            + "\"vector_engine_active_time\":1e-05,\"gpsimd_engine_active_time\":1e-05,\"sync_engine_active_time\":1e-05,\"dma_active_time\":1e-05}]";

    @Test
    void aProfileIsReadWhetherGzipOrNot() throws IOException {
        String json = "{" + SUMMARY + ",\"instruction\":[{\"subgraph\":\"sg00\",\"subgroup\":\"Tensor\",\"pc\":67,\"opcode\":\"SET_ORDERING_MODE\","
                + "\"operands\":\"ordering_mode=relaxed\",\"timestamp\":13454,\"duration\":44}]}";
        Path plain = dir.resolve("p.json");
        Files.writeString(plain, json);
        Path gz = dir.resolve("p.json.gz");
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(b)) {
            z.write(json.getBytes(StandardCharsets.UTF_8));
        }
        Files.write(gz, b.toByteArray());
        for (Path p : List.of(plain, gz)) {
            Profile r = Profile.read(p);
            assertEquals(38000, r.totalNs(), 1e-6);
            assertEquals(10000, r.activeNs().get("pe"), 1e-6);
            assertEquals(List.of(new Profile.Instruction("sg00", "pe", 67, "SET_ORDERING_MODE", "ordering_mode=relaxed", 13454, 44)), r.instructions());
        }
    }

    @Test
    void badProfilesAreOneLine() throws IOException {
        String f = dir.resolve("p.json").toString();
        String truncated = refusal("{");
        assertEquals(true, truncated.startsWith(f + ": malformed JSON at line 1 column 2: Unexpected end-of-input"), truncated);
        assertEquals(f + ": summary is missing, not an array", refusal("{}"));
        assertEquals(f + ": summary is empty: not a neuron-profile export", refusal("{\"summary\":[]}"));
        assertEquals(f + ": summary[0].total_time is \"soon\", not a time in seconds", refusal("{\"summary\":[{\"total_time\":\"soon\"}]}"));
        assertEquals(f + ": summary[0].total_time is -1.0, not a time in seconds", refusal("{\"summary\":[{\"total_time\":-1.0}]}"));
        assertEquals(f + ": instruction is missing, not an array", refusal("{" + SUMMARY + "}"));
        assertEquals(f + ": instruction[0].subgroup is \"Quantum\", no engine of " + Profile.ENGINES.keySet(),
                refusal("{" + SUMMARY + ",\"instruction\":[{\"subgroup\":\"Quantum\"}]}"));
        assertEquals(f + ": instruction[0].pc is the number -1, outside [0, 2147483647]",
                refusal("{" + SUMMARY + ",\"instruction\":[{\"subgraph\":\"sg00\",\"subgroup\":\"Tensor\",\"pc\":-1}]}"));
        assertEquals(dir.resolve("none.json") + ": no such file",
                assertThrows(CostException.class, () -> Profile.read(dir.resolve("none.json"))).getMessage());
        assertEquals(dir + ": not a regular file", assertThrows(CostException.class, () -> Profile.read(dir)).getMessage());
    }

    /** A gzip bomb: 600 MiB of spaces inflate from about 600 KB; reading stops at the bound, with nothing parsed. */
    @Test
    void aProfileThatInflatesPastTheBoundIsRefused() throws IOException {
        Path gz = dir.resolve("bomb.json.gz");
        try (GZIPOutputStream z = new GZIPOutputStream(Files.newOutputStream(gz))) {
            byte[] spaces = new byte[1 << 20];
            java.util.Arrays.fill(spaces, (byte) ' ');
            for (int i = 0; i < (Profile.MAX_JSON_BYTES >> 20) + 1; i++) {
                z.write(spaces);
            }
        }
        assertEquals(gz + ": inflates past " + Profile.MAX_JSON_BYTES + " bytes of JSON (the bound Profile.MAX_JSON_BYTES)",
                assertThrows(CostException.class, () -> Profile.read(gz)).getMessage());
    }

    static String model(String coefficients) {
        return "arch: CAYMAN\ncoefficients:\n" + coefficients;
    }

    static String all(String except) {
        StringBuilder b = new StringBuilder();
        for (String n : CostModel.NAMES) {
            if (!java.util.List.of(except.split(",")).contains(n)) {
                b.append("  ").append(n).append(": {value: 1, unit: ns, confidence: INFERRED, source: test}\n");
            }
        }
        return b.toString();
    }

    @Test
    void theShippedModelHasEveryCoefficientWithItsSource() {
        CostModel m = CostModel.of(Arch.CAYMAN);
        CostModel.NAMES.forEach(n -> assertEquals(true, m.has(n), n));
        // the figures the model takes from public pages, as the pages give them
        assertEquals(2.4, m.get("pe_clock_ghz"));
        assertEquals(0.96, m.get("dve_clock_ghz"));
        assertEquals(1.2, m.get("act_clock_ghz"));
        m.coefficients().values().forEach(c -> {
            if (c.confidence().equals("INFERRED")) {
                assertEquals(true, c.fit() != null && !c.fit().isBlank(), c.name() + ": a fitted coefficient says what it was fitted on");
            }
        });
    }

    /**
     * A record no arm holds (an opcode outside the spec: the NEFF fuzzer's mutant made one, and the
     * estimate failed with "UNKNOWN has no layout") costs one sync record's time on its engine.
     */
    @Test
    void aRecordOfNoArmCostsOneSyncRecord() {
        CostModel m = CostModel.of(Arch.CAYMAN);
        byte[] b = new byte[64];
        b[0] = (byte) 0xFF;
        RecordCost c = RecordCost.of(m, Arch.CAYMAN, "sp", tpb.isa.Arm.UNKNOWN, b, 0, tpb.sim.DmaQueues.NONE);
        assertEquals(m.get("sync_record_ns"), c.busyNs());
        assertEquals(0, c.macs());
    }

    @Test
    void badModelsAreOneLine() {
        byte[] ok = model(all("")).getBytes(StandardCharsets.UTF_8);
        assertEquals(1.0, CostModel.parse("m.yaml", ok).get("pe_clock_ghz"));
        assertEquals("m.yaml: coefficient pe_clock_ghz is missing",
                assertThrows(CostException.class, () -> CostModel.parse("m.yaml", model(all("pe_clock_ghz")).getBytes(StandardCharsets.UTF_8))).getMessage());
        assertEquals("m.yaml: coefficient warp_speed is not one the model reads", assertThrows(CostException.class, () -> CostModel.parse("m.yaml",
                model(all("") + "  warp_speed: {value: 9, confidence: ASSUMED, source: me}\n").getBytes(StandardCharsets.UTF_8))).getMessage());
        assertEquals("m.yaml: coefficient pe_clock_ghz needs a number value, a source and a confidence of [CONFIRMED, STRONG, INFERRED, "
                + "SPECULATIVE, ASSUMED]", assertThrows(CostException.class, () -> CostModel.parse("m.yaml", model(all("pe_clock_ghz")
                + "  pe_clock_ghz: {value: 2.4, confidence: SURE, source: me}\n").getBytes(StandardCharsets.UTF_8))).getMessage());
        assertEquals("m.yaml: not a cost model (arch: and coefficients: expected)",
                assertThrows(CostException.class, () -> CostModel.parse("m.yaml", "[]".getBytes(StandardCharsets.UTF_8))).getMessage());
        assertEquals("no cost model for MARIANA (the model has figures for CAYMAN and SUNDA: docs/estimate.md)",
                assertThrows(CostException.class, () -> CostModel.of(Arch.MARIANA)).getMessage());
    }

    /**
     * An ACT Copy of 128 elements a partition: act.Copy's 152 ns + 128 x 0.845 = 260.16 ns of
     * interval (active, and its semaphore update at the end); over 128 partitions the next record
     * issues act_pipeline_ns (93) before it ends, so the engine is busy 167.16 ns; over one
     * partition it is busy the whole interval (the profiles' one-partition rows rarely overlap).
     * The same record on the DVE pipelines nothing.
     */
    @Test
    void anActRecordOfManyPartitionsLetsTheNextIssueBeforeItEnds() {
        CostModel m = CostModel.of(Arch.CAYMAN);
        byte[] b = tpb.isa.CopyRecord.builder().build().toBytes();
        java.util.Map<String, Integer> at = offsets(Arm.COPY);
        int numAt = at.get("src_mem_pattern.num");
        b[numAt] = (byte) 128; // num: four u16, 128 x 1 x 1 x 1
        b[numAt + 2] = 1;
        b[numAt + 4] = 1;
        b[numAt + 6] = 1;
        b[at.get("num_active_channels")] = (byte) 128;
        RecordCost c = RecordCost.of(m, Arch.CAYMAN, "act", Arm.COPY, b, 0, tpb.sim.DmaQueues.NONE);
        assertEquals(152 + 128 * 0.845, c.activeNs(), 1e-9);
        assertEquals(152 + 128 * 0.845, c.updateNs(), 1e-9);
        assertEquals(152 + 128 * 0.845 - 93, c.busyNs(), 1e-9);
        b[at.get("num_active_channels")] = 1;
        assertEquals(152 + 128 * 0.845, RecordCost.of(m, Arch.CAYMAN, "act", Arm.COPY, b, 0, tpb.sim.DmaQueues.NONE).busyNs(), 1e-9);
        b[at.get("num_active_channels")] = (byte) 128;
        RecordCost dve = RecordCost.of(m, Arch.CAYMAN, "dve", Arm.COPY, b, 0, tpb.sim.DmaQueues.NONE);
        assertEquals(dve.activeNs(), dve.busyNs(), 1e-9);
    }

    /**
     * A MATMUL's cost, by hand: 512 moving columns of bf16 (fp32_mode NONE) at the 2.4 GHz Tensor
     * clock are 213.3 ns of streaming; its result lands 138 ns later (pe_matmul_latency_ns); 64 active rows x 32 active
     * columns x 512 moving elements = 1,048,576 MACs (the products done, not the whole array's). In
     * fp32 (fp32_mode LOW_HIGH) past 128 columns: two passes, 1,024 columns, 426.7 ns; at 128
     * columns one pass, 53.3 ns. Fewer than 64 columns cost 64 (perf guide).
     */
    @Test
    void aMatmulsCostByHand() {
        CostModel m = CostModel.of(Arch.CAYMAN);
        byte[] b = tpb.isa.MatmulRecord.builder().build().toBytes();
        java.util.Map<String, Integer> at = offsets(Arm.MATMUL);
        int numAt = at.get("src_mem_pattern.num");
        b[numAt] = 0;
        b[numAt + 1] = 2; // 512
        b[numAt + 2] = 1;
        b[numAt + 4] = 1;
        b[at.get("num_active_rows")] = 64;
        b[at.get("num_active_cols")] = 32;
        RecordCost c = RecordCost.of(m, Arch.CAYMAN, "pe", Arm.MATMUL, b, 0, tpb.sim.DmaQueues.NONE);
        assertEquals(512 / 2.4, c.busyNs(), 1e-9);
        assertEquals(512 / 2.4 + 138, c.updateNs(), 1e-9);
        assertEquals(512, c.peColumns());
        assertEquals(64L * 32 * 512, c.macs());
        b[at.get("fp32_mode")] = 3; // LOW_HIGH
        assertEquals(1024, RecordCost.of(m, Arch.CAYMAN, "pe", Arm.MATMUL, b, 0, tpb.sim.DmaQueues.NONE).peColumns());
        assertEquals(1024 / 2.4, RecordCost.of(m, Arch.CAYMAN, "pe", Arm.MATMUL, b, 0, tpb.sim.DmaQueues.NONE).busyNs(), 1e-9);
        b[numAt] = (byte) 128;
        b[numAt + 1] = 0;
        assertEquals(128 / 2.4, RecordCost.of(m, Arch.CAYMAN, "pe", Arm.MATMUL, b, 0, tpb.sim.DmaQueues.NONE).busyNs(), 1e-9);
        b[numAt] = 16;
        // fewer than 64 columns: 64 Tensor cycles at the full clock, and the 16 columns the PE's rate streams (TimedRun)
        assertEquals(64 / 2.4, RecordCost.of(m, Arch.CAYMAN, "pe", Arm.MATMUL, b, 0, tpb.sim.DmaQueues.NONE).busyNs(), 1e-9);
        assertEquals(16, RecordCost.of(m, Arch.CAYMAN, "pe", Arm.MATMUL, b, 0, tpb.sim.DmaQueues.NONE).peColumns());
    }

    /**
     * The PE's ramp, by hand on a model with pe_throttled_rate 0.5 and pe_ramp_ns 1000: 100 ns of
     * full-clock columns at the start take 200 ns; with 900 ns streamed, 100 ns of throttled
     * window is left, worth 50 full-clock ns, so 100 full-clock ns take 100 + 50 = 150 ns; past
     * the window they take 100 ns.
     */
    @Test
    void thePeRampsFromItsThrottledRate() {
        String text = model(all("pe_throttled_rate,pe_ramp_ns") + "  pe_throttled_rate: {value: 0.5, confidence: INFERRED, source: t, fit: t}\n"
                + "  pe_ramp_ns: {value: 1000, confidence: INFERRED, source: t, fit: t}\n");
        CostModel m = CostModel.parse("m.yaml", text.getBytes(StandardCharsets.UTF_8));
        assertEquals(200, TimedRun.streamNs(m, 100, 0), 1e-9);
        assertEquals(150, TimedRun.streamNs(m, 100, 900), 1e-9);
        assertEquals(100, TimedRun.streamNs(m, 100, 1000), 1e-9);
        assertEquals(100, TimedRun.streamNs(m, 100, 5000), 1e-9);
    }

    /**
     * A DMA's transfer, by hand: a DMA_DIRECT2D of src_num_elem [4, 3] runs of 256 bytes moves
     * 3,072 bytes in 12 packets; a descriptor endpoint of sizes [64, 8] steps [1, 128] runs 64
     * contiguous bytes, of sizes [64, 8] steps [1, 64] all 512, and of sizes [1, 8] steps [7, 64]
     * its size-1 dimension is skipped: one byte then 8 runs of one byte (step 64 is not 1).
     */
    @Test
    void aTransfersPacketsByHand() {
        byte[] rec = new byte[64];
        new tpb.isa.DmaDirect2dFlyweight().wrap(rec, 0).srcNumElem(0, 4).srcNumElem(1, 3).srcElemSize(256);
        RecordCost.Transfer t = RecordCost.transfer(Arm.DMA_DIRECT2D, rec, 0, tpb.sim.DmaQueues.NONE, Arch.CAYMAN, 256);
        assertEquals(new RecordCost.Transfer(3072, 12), t);
        assertEquals(64, RecordCost.run(new tpb.neff.DmaDescriptor.Endpoint("a", "uint8", 0, new long[] {64, 8}, new long[] {1, 128})));
        assertEquals(512, RecordCost.run(new tpb.neff.DmaDescriptor.Endpoint("a", "uint8", 0, new long[] {64, 8}, new long[] {1, 64})));
        assertEquals(1, RecordCost.run(new tpb.neff.DmaDescriptor.Endpoint("a", "uint8", 0, new long[] {1, 8}, new long[] {7, 64})));
    }

    /**
     * The cost model reads a DMA_DIRECT2D's walk through the check every level makes: 65,535 x 65,535
     * zero-step runs of 16 bytes (68,717,379,600) into var out's 32 bytes are no transfer to time; the
     * same record without the NEFF's vars (DmaQueues.NONE) is timed as its geometry says (no
     * short-run regime asked: dma_small_run_bytes 0).
     */
    @Test
    void aDirect2dPastItsVarIsNoTransfer() {
        java.util.Map<String, tpb.neff.Subgraph.Var> vars = new java.util.LinkedHashMap<>();
        vars.put("SB", new tpb.neff.Subgraph.Var("state-buffer", 0, 0, null, null));
        vars.put("out", new tpb.neff.Subgraph.Var("output", 32, 3, null, null));
        tpb.sim.DmaQueues queues = tpb.sim.DmaQueues.of(new tpb.neff.Subgraph("sg00", "sg00/def.json", java.util.Map.of(), List.of(), vars, List.of()));
        byte[] rec = new byte[64];
        new tpb.isa.DmaDirect2dFlyweight().wrap(rec, 0).reset().srcStartAddrMode(tpb.isa.Addr8Mode.STATIC_PHYSICAL.value()).srcStartAddrValue(0x100)
                .srcNumElem(0, 0xFFFF).srcNumElem(1, 0xFFFF).srcElemSize(16).dstStartAddrMode(tpb.isa.Addr8Mode.STATIC_PHYSICAL.value())
                .dstStartAddrEntry(3).dstNumElem(0, 0xFFFF).dstNumElem(1, 0xFFFF).dstElemSize(16);
        assertEquals("DMA_DIRECT2D writes 68717379600 bytes (4294836225 runs of 16) into var \"out\" (32 bytes): a write touches each byte once",
                assertThrows(tpb.sim.SimFault.class, () -> RecordCost.transfer(Arm.DMA_DIRECT2D, rec, 0, queues, Arch.CAYMAN, 0)).getMessage());
        assertEquals(new RecordCost.Transfer(68717379600L, 4294836225L), RecordCost.transfer(Arm.DMA_DIRECT2D, rec, 0, tpb.sim.DmaQueues.NONE, Arch.CAYMAN, 0));
    }

    /**
     * The guide's overhead-bound regime, by hand: with dma_small_run_bytes 256, a run of 2 bytes
     * counts (256 - 2) / 256 = 0.9921875 of dma_small_run_ns, one of 192 bytes 0.25, one of 256
     * or more nothing; a DMA_DIRECT2D of [4, 3] runs of 64 bytes has 12 runs of 0.75 each: 9.
     */
    @Test
    void shortRunsCountTowardTheOverheadBoundRegime() {
        assertEquals(254 / 256.0, RecordCost.small(2, 256), 1e-12);
        assertEquals(0.25, RecordCost.small(192, 256), 1e-12);
        assertEquals(0, RecordCost.small(256, 256), 1e-12);
        assertEquals(0, RecordCost.small(4096, 256), 1e-12);
        byte[] rec = new byte[64];
        new tpb.isa.DmaDirect2dFlyweight().wrap(rec, 0).srcNumElem(0, 4).srcNumElem(1, 3).srcElemSize(64);
        assertEquals(new RecordCost.Transfer(768, 12, 9), RecordCost.transfer(Arm.DMA_DIRECT2D, rec, 0, tpb.sim.DmaQueues.NONE, Arch.CAYMAN, 256));
    }

    /**
     * A queue of depth 2 with transfers completing at 100, 200 and 300 ns: at 50 the three are
     * under way, so an issue waits for the first two to complete (200); at 150 the first has
     * completed and is dropped, two are under way, the issue waits for the earlier (200); at 250
     * one is left, and there is room at once. Depth 0: never held.
     */
    @Test
    void anIssueWaitsForRoomOnItsQueue() {
        java.util.ArrayDeque<Double> q = new java.util.ArrayDeque<>(java.util.List.of(100.0, 200.0, 300.0));
        assertEquals(200, TimedRun.roomAt(q.clone(), 50, 2), 1e-12);
        assertEquals(0, TimedRun.roomAt(q.clone(), 0, 0), 1e-12);
        assertEquals(200, TimedRun.roomAt(q, 150, 2), 1e-12);
        assertEquals(2, q.size());
        assertEquals(250, TimedRun.roomAt(q, 250, 2), 1e-12);
        assertEquals(1, q.size());
    }

    /**
     * A DMA_DIRECT2D on Pool, by the shipped model: active for its issue (dma_direct2d_issue_pool_ns,
     * 45 ns), busy that and its descriptor generation (dma_direct2d_pool_dge_ns, 600 ns) more, and
     * its updates (the transfer's start) after both; on SP only the issue (562 ns), busy and active.
     */
    @Test
    void aPoolDmaIssueGeneratesItsDescriptorsUnseen() {
        CostModel m = CostModel.of(Arch.CAYMAN);
        byte[] rec = new byte[64];
        new tpb.isa.DmaDirect2dFlyweight().wrap(rec, 0).srcNumElem(0, 4).srcNumElem(1, 3).srcElemSize(256);
        RecordCost pool = RecordCost.of(m, Arch.CAYMAN, "pool", Arm.DMA_DIRECT2D, rec, 0, tpb.sim.DmaQueues.NONE);
        assertEquals(45, pool.activeNs(), 1e-9);
        assertEquals(645, pool.busyNs(), 1e-9);
        assertEquals(645, pool.updateNs(), 1e-9);
        RecordCost sp = RecordCost.of(m, Arch.CAYMAN, "sp", Arm.DMA_DIRECT2D, rec, 0, tpb.sim.DmaQueues.NONE);
        assertEquals(562, sp.activeNs(), 1e-9);
        assertEquals(562, sp.busyNs(), 1e-9);
    }

    /** Each field's byte offset in {@code arm}'s CAYMAN layout, by name (from the spec). */
    private static java.util.Map<String, Integer> offsets(Arm arm) {
        java.util.Map<String, Integer> at = new java.util.HashMap<>();
        for (tpb.codec.FieldInfo f : tpb.isa.Layouts.fields(arm, Arch.CAYMAN)) {
            at.put(f.name(), f.offset());
        }
        return at;
    }
}
