package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.asm.Assembler;
import tpb.asm.Disassembler;
import tpb.isa.Stage;
import tpb.neff.Fixture;
import tpb.neff.Neff;
import tpb.neff.NeffWriter;
import tpb.neff.SyncFixtureTestAccess;
import tpb.stream.StreamValidator;

/** tpb neff info/extract, disasm and validate on the real fixture NEFF and on damaged copies of it. */
class NeffCommandsTest {
    static final String FIXTURE = Fixture.path().toString();

    @Test
    void infoText() {
        CliRun r = CliRun.of("neff", "info", FIXTURE);
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(FIXTURE + ": NEFF packaging version 2, 61440 payload bytes, MD5 ok (4-byte words byte-reversed)", lines[0]);
        assertEquals("name file.neff, kelp 2.0, num_tpb 1", lines[1]);
        assertEquals("tool 2.23.6484.0+3b612583", lines[2]);
        assertEquals("target cayman (CAYMAN)", lines[3]);
        assertEquals("sg00 (sg00/def.json): features [neff_feature_vnc]", lines[4]);
        assertEquals("  act   sg00/Activation.bin            5 records  ActivationTableLoad 1, Copy 2, PseudoBranchLabel 1, SetOrderingMode 1",
                lines[5]);
        assertEquals("  pe    sg00/PE.bin                   12 records  EventSemaphore 2, Ldweights 4, Matmul 4, PseudoBranchLabel 1, SetOrderingMode 1",
                lines[7]);
        assertEquals("  dma   qPoolDynamic: owner pool, 16 queues, semaphores "
                + "[24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39], 0 blocks, 0 descriptors, 0 bytes", lines[10]);
        assertEquals("  data  every record's arm has data-level semantics", lines[12]);
        // the pre-flight: every input and output with its tensor_map.json dtype and shape, once (both subgraphs share them)
        assertEquals(List.of("input  x float16 (128, 256), 65536 bytes", "input  y float16 (256, 128), 65536 bytes",
                "output output0 float16 (128, 128), 32768 bytes"), List.of(lines).subList(lines.length - 3, lines.length));
        assertEquals(4 + 2 * 9 + 3, lines.length);
    }

    @Test
    @SuppressWarnings("unchecked")
    void infoJson() throws Exception {
        CliRun r = CliRun.of("neff", "info", FIXTURE, "--json");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> j = new ObjectMapper().readValue(r.out(), Map.class);
        assertEquals("2.23.6484.0+3b612583", j.get("tool_version"));
        assertEquals("cayman", j.get("target"));
        assertEquals("CAYMAN", j.get("arch"));
        Map<String, Object> h = (Map<String, Object>) j.get("header");
        assertEquals("word_reversed", h.get("hash_order"));
        assertEquals("bcb3e9ef77301698cd8b4cb9471ff5ac", h.get("hash"));
        List<Object> sgs = (List<Object>) j.get("subgraphs");
        assertEquals(2, sgs.size());
        for (Object o : sgs) {
            List<Object> engines = (List<Object>) ((Map<String, Object>) o).get("engines");
            assertEquals(5, engines.size());
            Map<String, Number> counts = new LinkedHashMap<>();
            engines.forEach(e -> counts.put((String) ((Map<String, Object>) e).get("engine"), (Number) ((Map<String, Object>) e).get("records")));
            assertEquals("{act=5, dve=2, pe=12, pool=7, sp=3}", counts.toString());
        }
    }

    @Test
    void extract(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("x");
        CliRun r = CliRun.of("neff", "extract", FIXTURE, "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(FIXTURE + ": 72 files, " + sizeOf() + " bytes -> " + out + "\n", r.out());
        Map<String, byte[]> files = Fixture.files();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            assertArrayEquals(f.getValue(), Files.readAllBytes(out.resolve(f.getKey())), f.getKey());
        }
        CliRun again = CliRun.of("neff", "extract", FIXTURE, "-o", out.toString());
        assertEquals(1, again.code());
        assertEquals("tpb: " + out + ": exists and is not an empty directory\n", again.err());
    }

    private static String sizeOf() {
        return String.valueOf(Fixture.files().values().stream().mapToLong(b -> b.length).sum());
    }

    @Test
    void extractOfADamagedNeffLeavesNothing(@TempDir Path dir) throws Exception {
        byte[] b = Fixture.bytes();
        Path bad = dir.resolve("bad.neff");
        Files.write(bad, Arrays.copyOf(b, b.length - 10));
        Path out = dir.resolve("x");
        CliRun r = CliRun.of("neff", "extract", bad.toString(), "-o", out.toString());
        assertEquals(1, r.code());
        assertEquals("tpb: " + bad + ": truncated: the header promises 61440 payload bytes, the file has 61430\n", r.err());
        assertEquals(List.of("bad.neff"), Files.list(dir).map(p -> p.getFileName().toString()).toList());
    }

    /** asm(disasm(x)) == x for every stream of the NEFF, each listing cut at its header line. */
    @Test
    void disasmRoundTripsEveryStream() {
        CliRun r = CliRun.of("disasm", FIXTURE);
        assertEquals(0, r.code(), r.err());
        List<String> titles = new ArrayList<>();
        List<StringBuilder> chunks = new ArrayList<>();
        for (String line : r.out().split("\n")) {
            if (line.startsWith("; sg")) {
                titles.add(line);
                chunks.add(new StringBuilder());
            } else {
                chunks.get(chunks.size() - 1).append(line).append('\n');
            }
        }
        assertEquals("; sg00 act (sg00/Activation.bin, 5 records), CAYMAN layouts", titles.get(0));
        List<byte[]> streams = new ArrayList<>();
        Neff.open(Fixture.path()).forEachSubgraph(null, (sg, s) -> s.forEach(e -> streams.add(e.stream().bytes())));
        assertEquals(10, titles.size());
        for (int i = 0; i < streams.size(); i++) {
            assertArrayEquals(streams.get(i), new Assembler().assemble(chunks.get(i).toString()), titles.get(i));
        }
    }

    @Test
    void disasmOneSubgraphAndEngine() {
        CliRun r = CliRun.of("disasm", FIXTURE, "--subgraph", "sg01", "--engine", "sp");
        assertEquals(0, r.code(), r.err());
        assertEquals("""
                ; sg01 sp (sg01/SP.bin, 3 records), CAYMAN layouts
                     0  0x000000  set_ordering_mode
                     1  0x000040  pseudo_branch_label
                """, r.out().substring(0, r.out().indexOf("     2  0x000080")));
        CliRun none = CliRun.of("disasm", FIXTURE, "--subgraph", "sg07");
        assertEquals(2, none.code());
        assertEquals("tpb: " + FIXTURE + ": no subgraph sg07; there are [sg00, sg01]\n", none.err());
        CliRun eng = CliRun.of("disasm", FIXTURE, "--engine", "gpsimd");
        assertEquals(2, eng.code());
        assertEquals("tpb: " + FIXTURE + ": no engine gpsimd; there are [act, dve, pe, pool, sp]\n", eng.err());
    }

    @Test
    void damagedNeffIsOneLine(@TempDir Path dir) throws Exception {
        byte[] b = Fixture.bytes();
        b[1024 + 2000] ^= 0x55;
        Path bad = dir.resolve("bad.neff");
        Files.write(bad, b);
        for (String cmd : List.of("disasm", "info")) {
            CliRun r = cmd.equals("info") ? CliRun.of("neff", "info", bad.toString()) : CliRun.of(cmd, bad.toString());
            assertEquals(1, r.code());
            assertEquals("", r.out());
            assertTrue(r.err().startsWith("tpb: " + bad + ": bad hash: the payload's MD5 is "), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
    }
    /** Real compiler output is clean at the stage it is in (the spec's neff stage: no load-time stream rules). */
    @Test
    void validateTheFixtureAtItsStage() {
        CliRun r = CliRun.of("validate", FIXTURE);
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals("""
                sg00 act (sg00/Activation.bin, 5 records): valid on CAYMAN at stage neff
                sg00 dve (sg00/DVE.bin, 2 records): valid on CAYMAN at stage neff
                sg00 pe (sg00/PE.bin, 12 records): valid on CAYMAN at stage neff
                sg00 pool (sg00/Pool.bin, 7 records): valid on CAYMAN at stage neff
                sg00 sp (sg00/SP.bin, 3 records): valid on CAYMAN at stage neff
                sg01 act (sg01/Activation.bin, 5 records): valid on CAYMAN at stage neff
                sg01 dve (sg01/DVE.bin, 2 records): valid on CAYMAN at stage neff
                sg01 pe (sg01/PE.bin, 12 records): valid on CAYMAN at stage neff
                sg01 pool (sg01/Pool.bin, 7 records): valid on CAYMAN at stage neff
                sg01 sp (sg01/SP.bin, 3 records): valid on CAYMAN at stage neff
                """, r.out());
    }

    /**
     * At the loaded stage the runtime's load-time rules apply, and the NEFF's streams (before host
     * lowering) fail them. As for a stream (README: stderr carries what says the input is wrong):
     * each violation a line on stderr, headed by subgraph and engine, then the one `tpb:` line;
     * nothing on stdout (no stream is valid). Each of the 10 streams breaks both rules: 20.
     */
    @Test
    void theLoadTimeRulesApplyAtTheLoadedStage() {
        CliRun r = CliRun.of("validate", FIXTURE, "--stage", "loaded");
        assertEquals(1, r.code());
        assertEquals("", r.out());
        List<String> lines = r.err().lines().toList();
        assertEquals(21, lines.size(), r.err());
        assertTrue(lines.contains("sg00 pe: record 11 (+0x00) stream: exit: no EXIT record (opcode 0xDF with sub-opcode 1 at +0x0C) in 12 records"),
                r.err());
        assertTrue(lines.contains("sg00 pe: record 11 (+0x00) stream: final: the final record is Matmul, not one of CAYMAN's terminators "
                + "[Exit, Return, UnconditionalBranch]"), r.err());
        assertEquals("tpb: " + FIXTURE + ": 20 violation(s) in 10 of 10 streams", lines.get(20));
        CliRun capped = CliRun.of("validate", FIXTURE, "--stage", "loaded", "--max-errors", "3");
        assertEquals(1, capped.code());
        assertEquals(List.of(lines.get(0), lines.get(1), lines.get(2),
                "tpb: " + FIXTURE + ": 20 violation(s) in 10 of 10 streams; 17 not shown (--max-errors 3)"), capped.err().lines().toList());
        CliRun json = CliRun.of("validate", FIXTURE, "--stage", "loaded", "--json");
        assertEquals(1, json.code());
        assertEquals("", json.err());
        assertTrue(json.out().contains("\"valid\": false"), json.out());
        CliRun bad = CliRun.of("validate", FIXTURE, "--stage", "bogus");
        assertEquals(2, bad.code());
        assertEquals("tpb: unknown stage 'bogus'; known: [neff, loaded]\n", bad.err());
    }

    @Test
    void everyStageRuleIsOneTheValidatorImplements() {
        for (Stage s : Stage.values()) {
            assertTrue(StreamValidator.STREAM_RULES.containsAll(s.rules()), s + " " + s.rules());
        }
        assertEquals(List.of(), Stage.NEFF.rules());
        assertEquals(List.of("exit", "final"), Stage.LOADED.rules());
    }

    /** One stream pulled out of the NEFF: invalid as loaded (the default for a stream), valid at the neff stage. */
    @Test
    void aStreamAtTheNeffStage(@TempDir Path dir) throws Exception {
        Path pe = dir.resolve("PE.bin");
        Neff.open(Fixture.path()).forEachSubgraph(Set.of("sg00"), (sg, s) -> s.stream().filter(e -> e.engine().equals("pe"))
                .forEach(e -> {
                    try {
                        Files.write(pe, e.stream().bytes());
                    } catch (IOException x) {
                        throw new UncheckedIOException(x);
                    }
                }));
        assertEquals(1, CliRun.of("validate", pe.toString(), "--arch", "cayman").code());
        CliRun ok = CliRun.of("validate", pe.toString(), "--arch", "cayman", "--stage", "neff");
        assertEquals(0, ok.code(), ok.out());
        assertEquals(pe + ": 12 records, valid on CAYMAN\n", ok.out());
    }
    /** Final semaphores as derived by hand in SyncFixtureTest. */
    @Test
    void runTheFixtureAtTheSyncLevel() {
        CliRun r = CliRun.of("run", FIXTURE);
        assertEquals(0, r.code(), r.err());
        assertEquals("""
                sg00: complete
                  records run: act 5, dve 2, pe 12, pool 7, sp 3
                  semaphores: 4=2, 5=4, 8=16, 24=16, 25=16, 26=16, 27=16
                sg01: complete
                  records run: act 5, dve 2, pe 12, pool 7, sp 3
                  semaphores: 4=2, 5=4, 8=16, 24=16, 25=16, 26=16, 27=16
                """, r.out());
        CliRun j = CliRun.of("run", FIXTURE, "--subgraph", "sg01", "--json");
        assertEquals(0, j.code(), j.err());
        assertTrue(j.out().contains("\"status\": \"complete\""), j.out());
        assertTrue(j.out().contains("\"27\": 16"), j.out());
        assertFalse(j.out().contains("sg00"), j.out());
    }

    @Test
    void aDeadlockNamesTheEngineAndPc(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("raised.neff");
        Files.write(bad, SyncFixtureTestAccess.raisedWait());
        CliRun r = CliRun.of("run", bad.toString(), "--subgraph", "sg01");
        assertEquals(1, r.code());
        List<String> lines = r.out().lines().toList();
        assertEquals("sg01: deadlock: every engine left waits on a semaphore no engine will update", lines.get(0));
        assertTrue(lines.get(3).startsWith("  act blocked at record 4 (copy "), r.out());
        assertTrue(lines.get(4).startsWith("  pe blocked at record 8 (ldweights "), r.out());
        assertTrue(lines.get(4).endsWith("): waits for semaphore 4 >= 3, it is 1"), r.out());
        CliRun j = CliRun.of("run", bad.toString(), "--subgraph", "sg01", "--json");
        assertTrue(j.out().contains("\"engine\": \"pe\",\n          \"pc\": 8,"), j.out());        // the trace of a deadlock is written too: the records that ran, act's 0-3 and pe's 0-7 (tids 1001 and 1003), exit 1
        Path trace = dir.resolve("dead.json");
        CliRun t = CliRun.of("run", bad.toString(), "--subgraph", "sg01", "--trace-events", trace.toString());
        assertEquals(1, t.code());
        assertEquals(r.out(), t.out());
        Map<Integer, Integer> slices = new LinkedHashMap<>();
        for (var e : new ObjectMapper().readTree(trace.toFile()).get("traceEvents")) {
            if (e.get("ph").asText().equals("X")) {
                slices.merge(e.get("tid").asInt(), 1, Integer::sum);
            }
        }
        assertEquals(4, slices.get(1001));
        assertEquals(8, slices.get(1003));
    }

    @Test
    void runOfADamagedNeffIsOneLine(@TempDir Path dir) throws Exception {
        byte[] b = Fixture.bytes();
        Path truncated = dir.resolve("t.neff");
        Files.write(truncated, Arrays.copyOf(b, 5000));
        CliRun t = CliRun.of("run", truncated.toString());
        assertEquals(1, t.code());
        assertEquals("tpb: " + truncated + ": truncated: the header promises 61440 payload bytes, the file has 3976\n", t.err());
        Path missing = missingStream(dir, "sg00");
        CliRun m = CliRun.of("run", missing.toString());
        assertEquals(1, m.code());
        assertEquals("tpb: " + missing + ": sg00/def.json: act_instr names sg00/Act.bin, which is not in the archive\n", m.err());
        assertEquals("", m.out());
    }

    /**
     * The pre-flight names ACTIVATE functions the data level cannot run, by the table sets' own
     * names: the fixture with three ACTIVATEs added to sg00's ACT stream, exp (7, modelled),
     * leaky_relu (3: its alpha is an operand no source places) and 200 (in no table set; the
     * fixture's exp_and_others profile names 3 leaky_relu_1p and 7 exp_400p, and not 200); and
     * sg01's with one ACTIVATE and its act_info.json not JSON, which the report says instead of
     * failing, as a run would stop there.
     */
    @Test
    void theInfoPreflightNamesActivateFunctionsTheDataLevelLacks(@TempDir Path dir) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        files.put("sg00/Activation.bin", append(files.get("sg00/Activation.bin"), activate(7), activate(3), activate(200)));
        files.put("sg01/Activation.bin", append(files.get("sg01/Activation.bin"), activate(7)));
        files.put("sg01/act_info.json", "{\"act_func_sets\": [".getBytes(StandardCharsets.UTF_8));
        Path neff = dir.resolve("a.neff");
        Files.write(neff, NeffWriter.write("a", files));
        CliRun r = CliRun.of("neff", "info", neff.toString());
        assertEquals(0, r.code(), r.err());
        List<String> data = r.out().lines().filter(l -> l.startsWith("  data")).toList();
        assertEquals(List.of("  data  no data-level semantics yet: ACTIVATE function 200 (in no table set the engine lists) 1, "
                + "ACTIVATE function 3 (leaky_relu_1p) 1",
                "  data  no data-level semantics yet: ACTIVATE (its table sets: …) 1"), data.stream()
                        .map(l -> l.replaceFirst("its table sets: .*\\)", "its table sets: …)")).toList());
        assertTrue(data.get(1).contains("(its table sets: sg01/act_info.json: malformed JSON at line 1 column 20: "), data.get(1));
    }

    private static byte[] activate(int function) {
        byte[] b = new byte[64];
        new tpb.isa.ActivateFlyweight().wrap(b, 0).reset().activationFunc(function);
        return b;
    }

    private static byte[] append(byte[] stream, byte[]... records) {
        byte[] out = Arrays.copyOf(stream, stream.length + 64 * records.length);
        for (int i = 0; i < records.length; i++) {
            System.arraycopy(records[i], 0, out, stream.length + 64 * i, 64);
        }
        return out;
    }

    /** The fixture with {@code subgraph}'s def.json naming a stream the archive lacks (act_instr: Act.bin), written as DIR/m.neff. */
    private static Path missingStream(Path dir, String subgraph) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        String def = subgraph + "/def.json";
        files.put(def, new String(files.get(def), StandardCharsets.UTF_8)
                .replace("\"act_instr\": \"Activation.bin\"", "\"act_instr\": \"Act.bin\"").getBytes(StandardCharsets.UTF_8));
        Path missing = dir.resolve("m.neff");
        Files.write(missing, NeffWriter.write("m", files));
        return missing;
    }

    /** Runs the fixture with {@code option target}: exit 0 and the report on stdout as without it. */
    private static void runBeside(String option, Path target) {
        CliRun r = CliRun.of("run", FIXTURE, option, target.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(CliRun.of("run", FIXTURE).out(), r.out());
    }

    /** --timeline: the report as before plus the page; "-" puts the page on stdout instead; a bad target or a non-NEFF input is one line. */
    @Test
    void runWritesATimeline(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("t.html");
        runBeside("--timeline", page);
        String html = Files.readString(page);
        assertTrue(html.startsWith("<!DOCTYPE html>"), html.substring(0, 40));
        assertFalse(html.contains("http://") || html.contains("https://") || html.contains("src="), "self-contained");
        assertEquals(1, html.split("\"name\": \"sg00\"", -1).length - 1);
        CliRun s = CliRun.of("run", FIXTURE, "--subgraph", "sg01", "--timeline", "-");
        assertEquals(0, s.code(), s.err());
        assertTrue(s.out().startsWith("<!DOCTYPE html>") && s.out().contains("\"name\": \"sg01\"") && !s.out().contains("sg00"));
        CliRun bad = CliRun.of("run", FIXTURE, "--timeline", dir.resolve("no/such/dir/t.html").toString());
        assertEquals(1, bad.code());
        assertEquals("tpb: " + dir.resolve("no/such/dir/t.html") + ": cannot write: No such file or directory\n", bad.err());
        assertFalse(Files.exists(dir.resolve("no")));
        Path bin = dir.resolve("x.bin");
        Files.write(bin, new byte[64]);
        CliRun usage = CliRun.of("run", bin.toString(), "--timeline", page.toString());
        assertEquals(2, usage.code());
        assertEquals("tpb: --timeline draws a NEFF's run at --level sync; got " + bin + " at --level stream\n", usage.err());
    }

    /**
     * --trace-events: the report as before plus the JSON (its content: tpb.timeline.TraceEventsTest); "-" puts the JSON on
     * stdout instead; a bad target leaves nothing behind; a non-NEFF input and two users of stdout are usage errors.
     */
    @Test
    void runWritesTraceEvents(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.json");
        runBeside("--trace-events", file);
        assertEquals(List.of("t.json"), Files.list(dir).map(p -> p.getFileName().toString()).toList(), "the temporary sibling moved into place");
        var events = new ObjectMapper().readTree(file.toFile()).get("traceEvents");
        CliRun s = CliRun.of("run", FIXTURE, "--subgraph", "sg01", "--trace-events", "-");
        assertEquals(0, s.code(), s.err());
        var one = new ObjectMapper().readTree(s.out()).get("traceEvents");
        assertEquals("sg01", one.get(0).get("args").get("name").asText());
        assertEquals(events.size() / 2, one.size(), "one subgraph of two identical ones");
        CliRun bad = CliRun.of("run", FIXTURE, "--trace-events", dir.resolve("no/such/dir/t.json").toString());
        assertEquals(1, bad.code());
        assertEquals("tpb: " + dir.resolve("no/such/dir/t.json") + ": cannot write: No such file or directory\n", bad.err());
        assertEquals("", bad.out());
        Path bin = dir.resolve("x.bin");
        Files.write(bin, new byte[64]);
        CliRun usage = CliRun.of("run", bin.toString(), "--trace-events", file.toString());
        assertEquals(2, usage.code());
        assertEquals("tpb: --trace-events writes a NEFF's run; got " + bin + "\n", usage.err());
        CliRun both = CliRun.of("run", FIXTURE, "--timeline", "-", "--trace-events", "-");
        assertEquals(2, both.code());
        assertEquals("tpb: --timeline - and --trace-events - both write to stdout; give one of them a file\n", both.err());
        // sg00 runs and is written, then sg01's def.json names a missing stream: one line, the old file untouched, no temporary left
        Path missing = missingStream(dir, "sg01");
        byte[] before = Files.readAllBytes(file);
        CliRun m = CliRun.of("run", missing.toString(), "--trace-events", file.toString());
        assertEquals(1, m.code());
        assertEquals("tpb: " + missing + ": sg01/def.json: act_instr names sg01/Act.bin, which is not in the archive\n", m.err());
        assertArrayEquals(before, Files.readAllBytes(file));
        assertEquals(List.of("m.neff", "t.json", "x.bin"), Files.list(dir).map(p -> p.getFileName().toString()).sorted().toList());
        // a device is written through (Output); a full disk midway is one line, no report
        if (Files.isWritable(Path.of("/dev/full"))) {
            CliRun full = CliRun.of("run", FIXTURE, "--trace-events", "/dev/full");
            assertEquals(1, full.code());
            assertEquals("tpb: /dev/full: cannot write: No space left on device\n", full.err());
            assertEquals("", full.out());
        }
    }

    /** A NEFF on stdin is known by its header (no file name to go by): info, disasm and validate read it as they read the file. */
    @Test
    void aNeffOnStdin() throws Exception {
        InputStream saved = Inputs.stdin;
        try {
            for (String[] args : List.of(new String[] {"disasm"}, new String[] {"validate"}, new String[] {"disasm", "--engine", "pe"})) {
                List<String> file = new ArrayList<>(List.of(args));
                file.add(1, FIXTURE);
                List<String> stdin = new ArrayList<>(List.of(args));
                stdin.add(1, "-");
                CliRun expected = CliRun.of(file.toArray(String[]::new));
                Inputs.stdin = new ByteArrayInputStream(Fixture.bytes());
                CliRun got = CliRun.of(stdin.toArray(String[]::new));
                assertEquals(0, got.code(), got.err());
                assertEquals(expected.out(), got.out(), String.join(" ", args));
            }
            Inputs.stdin = new ByteArrayInputStream(Fixture.bytes());
            CliRun info = CliRun.of("neff", "info", "-");
            assertEquals(0, info.code(), info.err());
            assertTrue(info.out().contains("tool 2.23.6484.0+3b612583"), info.out());
            // a damaged NEFF on stdin: one line, named <stdin>
            Inputs.stdin = new ByteArrayInputStream(Arrays.copyOf(Fixture.bytes(), 5000));
            CliRun cut = CliRun.of("validate", "-");
            assertEquals(1, cut.code());
            assertEquals("tpb: <stdin>: truncated: the header promises 61440 payload bytes, the file has 3976\n", cut.err());
            // a record stream on stdin is still a record stream
            Inputs.stdin = new ByteArrayInputStream(new byte[64]);
            assertTrue(CliRun.of("disasm", "-").out().startsWith("     0  0x000000  "));
        } finally {
            Inputs.stdin = saved;
        }
    }

    /**
     * `disasm X.neff` lists each stream as its archive entry passes (Neff.forEachStreamEntry): a
     * stream's listing never needs the stream whole. The fixture's archive order is its def.json
     * order, so the listing is the one of each extracted stream, each under its title.
     */
    @Test
    void disasmListsEachStreamAsTheArchivePasses() {
        StringBuilder expected = new StringBuilder();
        Neff.open(Fixture.path()).forEachSubgraph(null, (sg, streams) -> streams.forEach(s -> {
            expected.append("; ").append(sg.name()).append(' ').append(s.engine()).append(" (").append(s.path()).append(", ")
                    .append(s.stream().count()).append(" records), CAYMAN layouts\n");
            Disassembler.listing(s.stream(), false).forEach(l -> expected.append(l).append('\n'));
        }));
        CliRun r = CliRun.of("disasm", FIXTURE);
        assertEquals(0, r.code(), r.err());
        assertEquals(expected.toString(), r.out());
        List<String> order = new ArrayList<>();
        Neff.open(Fixture.path()).forEachStreamEntry(Set.of("sg01"), (sg, engine, path, records, data) -> {
            order.add(engine + " " + records + " " + data.readAllBytes().length);
        });
        assertEquals(List.of("act 5 320", "dve 2 128", "pe 12 768", "pool 7 448", "sp 3 192"), order);
    }
}
