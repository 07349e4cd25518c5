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
            if (!n.equals(except)) {
                b.append("  ").append(n).append(": {value: 1, unit: ns, confidence: INFERRED, source: test}\n");
            }
        }
        return b.toString();
    }

    @Test
    void theShippedModelHasEveryCoefficientWithItsSource() {
        CostModel m = CostModel.of(Arch.CAYMAN);
        assertEquals(CostModel.NAMES.size(), m.coefficients().size());
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
        assertEquals("no cost model for SUNDA (the model has figures for CAYMAN only: docs/estimate.md)",
                assertThrows(CostException.class, () -> CostModel.of(Arch.SUNDA)).getMessage());
    }

    /**
     * A MATMUL's cost, by hand: 512 moving columns of bf16 (fp32_mode NONE) at 1.2 columns a ns is
     * 426.7 ns busy; its result lands 200 ns later; 128 x 128 x 512 MACs. In fp32 (fp32_mode
     * LOW_HIGH) past 128 columns: two passes, 853.3 ns; at 128 columns one pass, 106.7 ns.
     */
    @Test
    void aMatmulsCostByHand() {
        CostModel m = CostModel.of(Arch.CAYMAN);
        byte[] b = tpb.isa.MatmulRecord.builder().build().toBytes();
        int numAt = -1;
        int fp32At = -1;
        for (tpb.codec.FieldInfo f : tpb.isa.Layouts.fields(Arm.MATMUL, Arch.CAYMAN)) {
            if (f.name().equals("src_mem_pattern.num")) {
                numAt = f.offset();
            }
            if (f.name().equals("fp32_mode")) {
                fp32At = f.offset();
            }
        }
        b[numAt] = 0;
        b[numAt + 1] = 2; // 512
        b[numAt + 2] = 1;
        b[numAt + 4] = 1;
        RecordCost c = RecordCost.of(m, Arch.CAYMAN, "pe", Arm.MATMUL, b, 0, tpb.sim.DmaQueues.NONE);
        assertEquals(512 / 1.2, c.busyNs(), 1e-9);
        assertEquals(512 / 1.2 + 200, c.updateNs(), 1e-9);
        assertEquals(128L * 128 * 512, c.macs());
        b[fp32At] = 3; // LOW_HIGH
        assertEquals(2 * 512 / 1.2, RecordCost.of(m, Arch.CAYMAN, "pe", Arm.MATMUL, b, 0, tpb.sim.DmaQueues.NONE).busyNs(), 1e-9);
        b[numAt] = (byte) 128;
        b[numAt + 1] = 0;
        assertEquals(128 / 1.2, RecordCost.of(m, Arch.CAYMAN, "pe", Arm.MATMUL, b, 0, tpb.sim.DmaQueues.NONE).busyNs(), 1e-9);
    }
}
