package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.neff.Fixture;

/**
 * The exact {@code --json} reports of validate and diff: every key, in order, and the keys that
 * are there only sometimes ({@code "error"} only for a stream that has one). The expected text is
 * written out here as a reader of the JSON would see it.
 */
class JsonReportsTest {
    @TempDir
    Path dir;

    /** A valid one-record stream: no "error" key at all (not "error": null). */
    /**
     * With --json a refused input's error is the JSON on stdout too (the docs'
     * convention), still one line on stderr and exit 1: a NEFF cut after 3,000 bytes, through every
     * NEFF command that takes --json.
     */
    /**
     * check-spec --json: the counts the text summary gives, and for a broken spec
     * every diagnostic of the text report as file, line, column and message, exit 1.
     */
    /** disasm --stats --json: one object per stream with the figures the text lines give; --json alone is a usage error. */
    /** asm --json: the records written, or every error as line, column and message; nothing written then. */
    /** neff extract --json and doc --json: the counts and pages they report are the files they wrote. */
    /** compile --json: per engine the figures the text lines give, and the file each went to. */
    /** demo --json: the text's figures as JSON; every expectation of the text's "expect" lines, ok. */
    @Test
    void demoAsJson() {
        CliRun text = CliRun.of("demo");
        CliRun json = CliRun.of("demo", "--json");
        assertEquals(0, json.code(), json.err());
        long expectLines = text.out().lines().filter(l -> l.matches("\\s+\\S+\\s+expect .*")).count();
        Matcher m = Pattern.compile("\"register\": \"(\\w+)\",\\s*\"expect\": (\\d+),\\s*\"ir\": (\\d+),\\s*\"stream\": (\\d+),\\s*\"ok\": true")
                .matcher(json.out());
        long found = 0;
        while (m.find()) {
            found++;
            assertEquals(true, text.out().contains(m.group(1)), m.group(1));
        }
        assertEquals(expectLines, found);
        assertEquals(true, json.out().endsWith("\"ok\": true\n}\n"), json.out());
        assertEquals(true, json.out().contains("\"ir\": {\n    \"status\": \"EXIT\","), json.out());
    }

    @Test
    void compileAsJson() {
        String kernel = "src/test/resources/kernels/19_two_engines.yaml";
        Path out = dir.resolve("k.bin");
        List<String> text = CliRun.of("compile", kernel, "-o", out.toString()).out().lines().toList();
        CliRun json = CliRun.of("compile", kernel, "-o", out.toString(), "--json");
        assertEquals(0, json.code(), json.err());
        Matcher m = Pattern.compile("\"engine\": \"(\\w+)\",\\s*\"file\": \"([^\"]*)\",\\s*\"records\": (\\d+),\\s*\"opcodes\": (\\d+),"
                + "\\s*\"spilled\": (\\d+)").matcher(json.out());
        List<String> fromJson = new ArrayList<>();
        while (m.find()) {
            fromJson.add(m.group(1) + ": " + m.group(3) + " records, " + m.group(4) + " opcodes, Number of registers spilled = " + m.group(5));
            assertEquals(true, Files.exists(Path.of(m.group(2))), m.group(2));
        }
        assertEquals(text, fromJson);
        assertEquals(2, fromJson.size());
        assertEquals(2, CliRun.of("compile", kernel, "-o", "-", "--json").code());
    }

    @Test
    void extractAndDocAsJson() throws Exception {
        Path ex = dir.resolve("ex");
        CliRun r = CliRun.of("neff", "extract", "src/test/resources/neff/matmul_small.neff", "-o", ex.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        List<Path> files;
        try (var walk = Files.walk(ex)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
        }
        assertEquals("{\n  \"file\": \"src/test/resources/neff/matmul_small.neff\",\n  \"output\": \"" + ex + "\",\n  \"files\": "
                + files.size() + ",\n  \"bytes\": " + bytes + "\n}\n", r.out());
        Path doc = dir.resolve("doc");
        CliRun d = CliRun.of("doc", "-o", doc.toString(), "--json");
        assertEquals(0, d.code(), d.err());
        List<String> pages;
        try (var walk = Files.walk(doc)) {
            pages = walk.filter(p -> p.toString().endsWith(".html")).map(p -> "\"" + doc.relativize(p).toString().replace('\\', '/') + "\"")
                    .sorted().toList();
        }
        for (String page : pages) {
            assertEquals(true, d.out().contains(page), page);
        }
        assertEquals(pages.size(), d.out().lines().filter(l -> l.trim().matches("\".*\\.html\",?")).count());
    }

    @Test
    void asmAsJson() throws Exception {
        Path ok = dir.resolve("ok.s");
        Files.writeString(ok, "nop\nexit\n");
        CliRun good = CliRun.of("asm", ok.toString(), "-o", dir.resolve("ok.bin").toString(), "--json");
        assertEquals(0, good.code(), good.err());
        assertEquals("{\n  \"file\": \"" + ok + "\",\n  \"output\": \"" + dir.resolve("ok.bin") + "\",\n  \"ok\": true,\n  \"records\": 2\n}\n",
                good.out());
        Path bad = dir.resolve("bad.s");
        Files.writeString(bad, "nop $S[24]>=-1\nexit\nbogus\n");
        CliRun r = CliRun.of("asm", bad.toString(), "-o", dir.resolve("bad.bin").toString(), "--json");
        assertEquals(1, r.code());
        assertEquals("", r.err());
        assertEquals(true, r.out().contains("\"ok\": false,\n  \"errors\": 2,"), r.out());
        assertEquals(true, r.out().contains("\"line\": 1,\n      \"column\": 5,\n      \"message\": \"'$S[24]>=-1': -1 does not fit "
                + "events.semaphore_value (u32)\""), r.out());
        assertEquals(true, r.out().contains("\"line\": 3,\n      \"column\": 1,\n      \"message\": \"unknown mnemonic 'bogus'\""), r.out());
        assertEquals(false, Files.exists(dir.resolve("bad.bin")));
        assertEquals(2, CliRun.of("asm", ok.toString(), "-o", "-", "--json").code());
    }

    @Test
    void disasmStatsAsJson() {
        String neff = "src/test/resources/neff/matmul_small.neff";
        List<String> text = CliRun.of("disasm", neff, "--stats").out().lines().toList();
        CliRun json = CliRun.of("disasm", neff, "--stats", "--json");
        assertEquals(0, json.code(), json.err());
        Matcher m = Pattern.compile("\"stream\": \"([^\"]*)\",\\s*\"records\": (\\d+),\\s*\"typed\": (\\d+),\\s*\"opaque_arm\": (\\d+),"
                + "\\s*\"raw\": (\\d+)").matcher(json.out());
        List<String> fromJson = new ArrayList<>();
        while (m.find()) {
            long records = Long.parseLong(m.group(2));
            long typed = Long.parseLong(m.group(3));
            fromJson.add(String.format(java.util.Locale.ROOT, "%s: %d records: %d typed (%.1f %%), %s opaque arm, %s raw", m.group(1), records,
                    typed, records == 0 ? 100.0 : 100.0 * typed / records, m.group(4), m.group(5)));
        }
        assertEquals(text, fromJson);
        assertEquals(true, json.out().startsWith("{\n  \"file\": \"" + neff + "\",\n  \"arch\": \"CAYMAN\","), json.out());
        CliRun listing = CliRun.of("disasm", neff, "--json");
        assertEquals(2, listing.code());
        assertEquals("tpb: --json goes with --stats (a listing is text: tpb disasm FILE --stats --json)\n", listing.err());
    }

    @Test
    void checkSpecAsJson() throws Exception {
        CliRun text = CliRun.of("check-spec", "builtin");
        CliRun json = CliRun.of("check-spec", "builtin", "--json");
        assertEquals(0, json.code(), json.err());
        Matcher counts = Pattern.compile("ok: (\\d+) arms \\((\\d+) with a layout\\), (\\d+) enums").matcher(text.out());
        assertEquals(true, counts.find(), text.out());
        assertEquals(true, json.out().contains("\"ok\": true,\n  \"arms\": " + counts.group(1) + ",\n  \"arms_with_layout\": "
                + counts.group(2) + ",\n  \"enums\": " + counts.group(3) + ","), json.out());
        Path spec = SpecToolsTest.copy(dir.resolve("spec"));
        SpecToolsTest.edit(spec.resolve("isa/tpb/enums/opcode.yaml"), "enum: Opcode\n", "enum: Opcodee\n");
        CliRun bad = CliRun.of("check-spec", spec.toString());
        CliRun badJson = CliRun.of("check-spec", spec.toString(), "--json");
        assertEquals(1, badJson.code());
        List<String> lines = bad.err().lines().filter(l -> !l.startsWith("tpb: ")).toList();
        Matcher d = Pattern.compile("\"file\": \"([^\"]*)\",\\s*\"line\": (\\d+),\\s*\"column\": (\\d+),\\s*\"message\": \"([^\"]*)\"")
                .matcher(badJson.out());
        List<String> fromJson = new ArrayList<>();
        while (d.find()) {
            fromJson.add(d.group(1) + ":" + d.group(2) + ":" + d.group(3) + ": " + d.group(4).replace("\\\"", "\""));
        }
        assertEquals(lines, fromJson);
        assertEquals(true, badJson.out().contains("\"ok\": false,\n  \"errors\": " + lines.size() + ","), badJson.out());
    }

    @Test
    void aRefusedNeffIsJsonToo() throws Exception {
        Path bad = dir.resolve("bad.neff");
        byte[] whole = Files.readAllBytes(Path.of("src/test/resources/neff/matmul_small.neff"));
        Files.write(bad, Arrays.copyOf(whole, 3000));
        String error = bad + ": truncated: the header promises 61440 payload bytes, the file has 1976";
        for (List<String> c : List.of(List.of("run", bad.toString(), "--json"), List.of("neff", "info", bad.toString(), "--json"),
                List.of("validate", bad.toString(), "--json"), List.of("estimate", bad.toString(), "--json"))) {
            CliRun r = CliRun.of(c.toArray(String[]::new));
            assertEquals(1, r.code(), c.toString());
            assertEquals("tpb: " + error + "\n", r.err(), c.toString());
            assertEquals("{\n  \"status\": \"refused\",\n  \"error\": \"" + error + "\",\n  \"exit_code\": 1\n}", r.out().strip(), c.toString());
        }
        // without --json stdout stays empty
        assertEquals("", CliRun.of("run", bad.toString()).out());
    }

    @Test
    void aValidStreamHasNoErrorKey() throws Exception {
        Path bin = StreamCommandsTest.assemble(dir, "exit", "exit\n");
        CliRun r = CliRun.of("validate", bin.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        assertEquals("""
                {
                  "file": "%s",
                  "arch": null,
                  "stage": "loaded",
                  "records": 1,
                  "valid": true,
                  "violations": [],
                  "suppressed": 0
                }
                """.formatted(bin), r.out());
    }

    /** Two EXIT records and 3 bytes more (131 bytes): the stream error under "error", between "valid" and "violations"; exit 1. */
    @Test
    void aStreamErrorIsItsErrorKey() throws Exception {
        Path bin = StreamCommandsTest.assemble(dir, "two", "exit\nexit\n");
        byte[] b = Files.readAllBytes(bin);
        Path odd = Files.write(dir.resolve("odd.bin"), Arrays.copyOf(b, b.length + 3));
        CliRun r = CliRun.of("validate", odd.toString(), "--json");
        assertEquals(1, r.code(), r.err());
        assertEquals("", r.err());
        assertEquals("""
                {
                  "file": "%s",
                  "arch": null,
                  "stage": "loaded",
                  "records": 2,
                  "valid": false,
                  "error": "stream length 131 is not a multiple of 64: 3 trailing bytes after record 1",
                  "violations": [],
                  "suppressed": 0
                }
                """.formatted(odd), r.out());
    }

    private static final Pattern STREAM = Pattern.compile("(?m)^    \\{\\n((?:      .*\\n)+)    \\}");
    private static final Pattern KEY = Pattern.compile("(?m)^      \"([a-z]+)\": (.*?),?$");

    /**
     * The fixture at the neff stage: valid, and each of its 10 streams (NeffCommandsTest: "10 of
     * 10 streams") reports exactly these seven keys, no "error"; their records add up to the
     * fixture's 58 (fixtures/neff/README: RecordAuditTest decodes 58).
     */
    @Test
    void aValidNeffsStreamsHaveNoErrorKey() {
        CliRun r = CliRun.of("validate", Fixture.path().toString(), "--json");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        assertEquals("{\n  \"file\": \"" + Fixture.path() + "\",\n  \"arch\": \"CAYMAN\",\n  \"stage\": \"neff\",\n  \"valid\": true,\n  \"streams\": [\n",
                r.out().substring(0, r.out().indexOf("    {")));
        Matcher m = STREAM.matcher(r.out());
        int streams = 0;
        long records = 0;
        while (m.find()) {
            streams++;
            List<String> keys = new ArrayList<>();
            Matcher k = KEY.matcher(m.group(1));
            while (k.find()) {
                keys.add(k.group(1));
                if (k.group(1).equals("records")) {
                    records += Long.parseLong(k.group(2));
                }
            }
            assertEquals(List.of("subgraph", "engine", "path", "records", "valid", "violations", "suppressed"), keys, m.group());
        }
        assertEquals(10, streams, r.out());
        assertEquals(58, records);
    }

    /** diff --json: "breaking" over all changes, then each change's own flag and text; exit 1 when one breaks, 0 and no changes for the same spec. */
    @Test
    void diffAsJson() throws Exception {
        Path spec = SpecToolsTest.copy(dir.resolve("spec"));
        Path pe = spec.resolve("isa/tpb/arms/datapath-pe.yaml");
        SpecToolsTest.edit(pe, "name: flags\n      at: 0x2A\n      type: u8", "name: flags\n      at: 0x2A\n      type: i8");
        SpecToolsTest.edit(pe, "transpose_mode, at: 0x22, type: u8, doc: \"the cayman offset, carried to mariana (the mariana struct body is not quoted)\", "
                + "source: {ref: \"dpfacts §2.2 («PEPATH» §3.2 gives +0x22 for cayman only)\", confidence: INFERRED}",
                "transpose_mode, at: 0x22, type: u8, doc: \"the cayman offset, carried to mariana (the mariana struct body is not quoted)\", "
                + "source: {ref: \"dpfacts §2.2 («PEPATH» §3.2 gives +0x22 for cayman only)\", confidence: STRONG}");
        CliRun r = CliRun.of("diff", "builtin", spec.toString(), "--json");
        assertEquals(1, r.code(), r.err());
        assertEquals("", r.err());
        assertEquals("""
                {
                  "breaking": true,
                  "changes": [
                    {
                      "breaking": true,
                      "change": "arm Matmul on MARIANA: field flags encoding u8 raw -> i8 raw"
                    },
                    {
                      "breaking": false,
                      "change": "arm Ldweights on MARIANA: field transpose_mode confidence INFERRED -> STRONG"
                    }
                  ]
                }
                """, r.out());
        CliRun same = CliRun.of("diff", "builtin", SpecToolsTest.SHIPPED.toString(), "--json");
        assertEquals(0, same.code(), same.err());
        assertEquals("{\n  \"breaking\": false,\n  \"changes\": []\n}\n", same.out());
    }
}
