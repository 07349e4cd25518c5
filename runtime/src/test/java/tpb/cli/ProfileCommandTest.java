package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code tpb profile} on the public attention-fused pair, and {@code estimate --against} an NTFF. */
class ProfileCommandTest {
    static final String DIR = "src/test/resources/neff/real/";
    static final String NTFF = DIR + "profiles/attention-fused.ntff";
    static final String JSON = DIR + "profiles/attention-fused.profile.json.gz";
    static final String NEFF = DIR + "attention-fused.neff";
    static final String OTHER = DIR + "attention-baseline.neff";

    @TempDir
    Path dir;

    @Test
    void theSummaryOfAnNtff() {
        CliRun r = CliRun.of("profile", NTFF, "--neff", NEFF);
        assertEquals(0, r.code(), r.err());
        // total: the header's end less its start, 38,624,106 ps; DMA: the union of 481 packets (docs/ntff.md)
        assertTrue(r.out().contains("\ntotal: 38.62 us\n"), r.out());
        assertTrue(r.out().contains("\npe           17.64 us           40.98 us           185\n"), r.out());
        assertTrue(r.out().contains("\ndma: active 11.89 us, 1313104 bytes in 481 packets\n"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void theJsonOfAnNtffJoinsItsInstructionsToTheNeff() throws IOException {
        CliRun r = CliRun.of("profile", NTFF, "--neff", NEFF, "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(38624.106, j.get("total_ns").doubleValue(), 1e-9);
        for (String e : new String[] {"pe", "act", "dve", "pool", "sp"}) {
            assertTrue(j.get("engines").get(e).has("active_ns") && j.get("engines").get(e).has("instructions"), e);
        }
        assertEquals(185, j.get("engines").get("pe").get("instructions").intValue());
        assertEquals(481, j.get("dma").get("packets").intValue());
        assertEquals(1313104, j.get("dma").get("bytes").longValue());
        assertEquals(0, j.get("unknown_records").intValue());
        assertEquals(442, j.get("instructions").size());
        long joined = 0;
        for (JsonNode i : j.get("instructions")) {
            assertTrue(i.has("engine") && i.has("start_ns") && i.has("duration_ns") && i.has("text") && i.has("record"), i.toString());
            joined += i.get("record").isNull() ? 0 : 1;
        }
        // the kernel's records: the rest are the runtime's prologue and epilogue (ProfileMatch)
        assertTrue(joined > 100, "joined " + joined);
    }

    @Test
    void theTraceEventsHaveATrackPerEngineAndQueue() throws IOException {
        Path out = dir.resolve("t.json");
        CliRun r = CliRun.of("profile", JSON, "--trace-events", out.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode events = new ObjectMapper().readTree(out.toFile()).get("traceEvents");
        Set<String> threads = new HashSet<>();
        long slices = 0;
        for (JsonNode e : events) {
            if (e.get("ph").textValue().equals("M") && e.get("name").textValue().equals("thread_name")) {
                threads.add(e.get("args").get("name").textValue());
            }
            slices += e.get("ph").textValue().equals("X") ? 1 : 0;
        }
        assertTrue(threads.containsAll(Set.of("pe", "act", "dve", "pool", "sp", "dma engine 64 queue 0")), threads.toString());
        assertEquals(442 + 481, slices);
    }

    /**
     * MFU from an NTFF and its NEFF: 2 x the MATMULs' multiply-accumulates (a transpose none) over
     * 2 x two cores' 128 x 128 elements x 2.4 GHz x the total time, the export's own definition; it
     * is the export's figure on every pair (attention-fused: 268,435,456 FLOPs over 1.5729e14 FLOP/s
     * x 38.624 us = 4.42 %).
     */
    @ParameterizedTest
    @ValueSource(strings = {"attention-baseline-bf16-s512", "attention-baseline-fp32-s512", "attention-baseline", "attention-fused-bf16-s512",
            "attention-fused-fp32-s512", "attention-fused"})
    void theMfuOfAnNtffIsTheExports(String name) throws IOException {
        CliRun n = CliRun.of("profile", DIR + "profiles/" + name + ".ntff", "--neff", DIR + name + ".neff", "--json");
        CliRun j = CliRun.of("profile", DIR + "profiles/" + name + ".profile.json.gz", "--json");
        assertEquals(0, n.code(), n.err());
        double mfu = new ObjectMapper().readTree(n.out()).get("mfu_percent").doubleValue();
        double exported = new ObjectMapper().readTree(j.out()).get("mfu_percent").doubleValue();
        assertEquals(exported, mfu, exported * 0.005, name);
        assertTrue(new ObjectMapper().readTree(CliRun.of("profile", DIR + "profiles/" + name + ".ntff", "--json").out()).get("mfu_percent").isNull());
    }

    @Test
    void aProfileOfAnotherNeffIsRefusedNamingBoth() {
        String line = NTFF + ": a profile of \"fused.neff\" (uuid debb20022cc8458dbdc64a792ed6fe4a), not of " + OTHER
                + " (uuid 6ceac95ea7a04369ae2380ea5f38f95d)";
        CliRun r = CliRun.of("profile", NTFF, "--neff", OTHER);
        assertEquals(1, r.code());
        assertEquals("tpb: " + line + "\n", r.err());
        CliRun e = CliRun.of("estimate", OTHER, "--against", NTFF);
        assertEquals(1, e.code());
        assertEquals("tpb: " + line.replace(" not of " + OTHER, " not of " + OTHER) + "\n", e.err());
        CliRun j = CliRun.of("estimate", OTHER, "--against", JSON);
        assertEquals(1, j.code());
        assertEquals("tpb: " + line.replace(NTFF, JSON) + "\n", j.err());
    }

    @Test
    void estimateAgainstAnNtff() {
        CliRun r = CliRun.of("estimate", NEFF, "--against", NTFF);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("measured 38.6 us"), r.out());
    }

    @Test
    void aTruncatedNtffIsOneLineAndExitOne() throws IOException {
        Path cut = dir.resolve("cut.ntff");
        Files.write(cut, Arrays.copyOf(Files.readAllBytes(Path.of(NTFF)), 2000));
        CliRun r = CliRun.of("profile", cut.toString());
        assertEquals(1, r.code());
        assertEquals("tpb: " + cut + ": header length 3160 at byte 1 runs past the end of the file (2000 bytes): truncated\n", r.err());
    }
}
