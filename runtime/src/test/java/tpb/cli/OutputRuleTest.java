package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.data.Npy;
import tpb.data.NpyType;

/**
 * Each case of the rule: a run never writes over a file it reads, nor two
 * outputs over one file. Before the rule, the data level wrote its trace over the NEFF, over an
 * input and over an output it had just written, and an output over an input; --timeline and
 * --trace-events of one path wrote both to it. Now each is one line, exit 2, and every file as it was.
 */
class OutputRuleTest {
    @TempDir
    Path dir;
    byte[] neff;
    byte[] x;

    @BeforeEach
    void files() throws IOException {
        try (InputStream in = OutputRuleTest.class.getResourceAsStream("/neff/matmul_small.neff")) {
            neff = in.readAllBytes();
        }
        Files.write(dir.resolve("m.neff"), neff);
        x = Npy.format(new Npy.Array(NpyType.FLOAT16, new int[] {128, 256}, new byte[128 * 256 * 2]));
        Files.write(dir.resolve("x.npy"), x);
        Files.write(dir.resolve("y.npy"), Npy.format(new Npy.Array(NpyType.FLOAT16, new int[] {256, 128}, new byte[256 * 128 * 2])));
    }

    CliRun data(String... more) {
        String[] base = {"run", p("m.neff"), "--level", "data", "--input", "x=" + p("x.npy"), "--input", "y=" + p("y.npy")};
        return CliRun.of(Stream.concat(Stream.of(base), Stream.of(more)).toArray(String[]::new));
    }

    String p(String name) {
        return dir.resolve(name).toString();
    }

    void refused(CliRun r, String line) throws IOException {
        assertEquals(Tpb.USAGE, r.code(), r.err());
        assertEquals("tpb: " + line + "\n", r.err());
        assertArrayEquals(neff, Files.readAllBytes(dir.resolve("m.neff")));
        assertArrayEquals(x, Files.readAllBytes(dir.resolve("x.npy")));
    }

    @Test
    void theTraceNeverOverwritesTheNeffAnInputOrAnOutput() throws IOException {
        refused(data("--output-dir", p("o"), "--trace-events", p("m.neff")),
                p("m.neff") + ": --trace-events would write over the NEFF (" + p("m.neff") + "), which this run reads; give another path");
        refused(data("--output-dir", p("o"), "--trace-events", p("x.npy")),
                p("x.npy") + ": --trace-events would write over --input x (" + p("x.npy") + "), which this run reads; give another path");
        refused(data("--output-dir", p("o"), "--trace-events", p("o/output0.npy")),
                p("o/output0.npy") + ": --trace-events and output output0 would both write this file; give each its own");
        // through a symlink and a '..': the same file
        Files.createSymbolicLink(dir.resolve("link.neff"), dir.resolve("m.neff"));
        refused(data("--output-dir", p("o"), "--trace-events", p("o/../link.neff")),
                p("o/../link.neff") + ": --trace-events would write over the NEFF (" + p("m.neff") + "), which this run reads; give another path");
        assertEquals(List.of("link.neff", "m.neff", "x.npy", "y.npy"), list());
    }

    @Test
    void anOutputNeverOverwritesAnInput() throws IOException {
        Files.createDirectories(dir.resolve("o4"));
        Files.write(dir.resolve("o4/output0.npy"), x);
        CliRun r = CliRun.of("run", p("m.neff"), "--level", "data", "--input", "x=" + p("o4/output0.npy"), "--input", "y=" + p("y.npy"),
                "--output-dir", p("o4"));
        assertEquals(Tpb.USAGE, r.code());
        assertEquals("tpb: " + p("o4/output0.npy") + ": output output0 would write over --input x (" + p("o4/output0.npy")
                + "), which this run reads; give another path\n", r.err());
        assertArrayEquals(x, Files.readAllBytes(dir.resolve("o4/output0.npy")));
    }

    @Test
    void theTimelineAndTheTraceNeverShareAFile() throws IOException {
        CliRun r = CliRun.of("run", p("m.neff"), "--timeline", p("t.html"), "--trace-events", dir + "/./t.html");
        assertEquals(Tpb.USAGE, r.code());
        assertEquals("tpb: " + dir + "/./t.html: --timeline and --trace-events would both write this file; give each its own\n", r.err());
        assertEquals(List.of("m.neff", "x.npy", "y.npy"), list());
    }

    @Test
    void distinctFilesStillRun() throws IOException {
        Files.createDirectories(dir.resolve("o"));
        CliRun r = data("--output-dir", p("o"), "--trace-events", p("o/trace.json"));
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("output0.npy", "trace.json"), Files.list(dir.resolve("o")).map(f -> f.getFileName().toString()).sorted().toList());
    }

    List<String> list() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    /** stdout with {@code args}: what the command printed and what went to {@code System.out} (a trace written to {@code -}), and its exit. */
    private static String[] stdout(String... args) {
        java.io.PrintStream was = System.out;
        java.io.ByteArrayOutputStream raw = new java.io.ByteArrayOutputStream();
        CliRun r;
        try {
            System.setOut(new java.io.PrintStream(raw, true, java.nio.charset.StandardCharsets.UTF_8));
            r = CliRun.of(args);
        } finally {
            System.setOut(was);
        }
        return new String[] {Integer.toString(r.code()), r.out() + raw.toString(java.nio.charset.StandardCharsets.UTF_8), r.err()};
    }

    /**
     * {@code --trace-events -} of estimate and profile printed the trace and then the report on
     * stdout: two documents, which no JSON reader takes (the sync level already wrote the trace instead
     * of its report). Now the trace alone, one document; with --json, a usage error.
     */
    @Test
    void aTraceOnStdoutIsTheOnlyDocumentThere() throws IOException {
        Path real = Path.of("src/test/resources/neff/real");
        String ntff = real.resolve("profiles/attention-fused.ntff").toString();
        for (String[] args : List.of(new String[] {"estimate", dir.resolve("m.neff").toString(), "--trace-events", "-"},
                new String[] {"profile", ntff, "--trace-events", "-"})) {
            String[] r = stdout(args);
            assertEquals("0", r[0], r[2]);
            com.fasterxml.jackson.databind.JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper()
                    .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(r[1]);
            assertEquals(true, doc.has("traceEvents"), args[0]);
            String[] withJson = stdout(java.util.stream.Stream.concat(java.util.Arrays.stream(args), Stream.of("--json")).toArray(String[]::new));
            assertEquals("2", withJson[0]);
            assertEquals("tpb: --json and --trace-events - both write to stdout; give --trace-events a file\n", withJson[2]);
        }
    }

    /**
     * estimate --fit took an estimate's options and ignored them (--trace-events wrote nothing, exit 0);
     * --fit - printed the table and then the model on stdout. Now the options are a usage error, and
     * --fit - puts the model alone on stdout, a model --model reads back.
     */
    @Test
    void aRefitTakesNoEstimateOptionsAndItsModelAloneOnStdout() throws IOException {
        Path real = Path.of("src/test/resources/neff/real");
        String[] pairs = {real.resolve("attention-fused.neff").toString(), real.resolve("profiles/attention-fused.ntff").toString(),
                real.resolve("attention-baseline.neff").toString(), real.resolve("profiles/attention-baseline.ntff").toString()};
        Path t = dir.resolve("t.json");
        CliRun r = CliRun.of(Stream.concat(Stream.of("estimate", "--fit", dir.resolve("m.yaml").toString(), "--trace-events", t.toString(), "--json"),
                Stream.of(pairs)).toArray(String[]::new));
        assertEquals(2, r.code());
        assertEquals("tpb: --fit refits on the pairs given and prints its table: --trace-events, --json are an estimate's, not a refit's\n", r.err());
        assertEquals(false, Files.exists(t) || Files.exists(dir.resolve("m.yaml")));
        CliRun model = CliRun.of(Stream.concat(Stream.of("estimate", "--fit", "-"), Stream.of(pairs)).toArray(String[]::new));
        assertEquals(0, model.code(), model.err());
        assertEquals(true, model.out().startsWith("# The cost model for CAYMAN refitted by tpb estimate --fit on 2 kernels"), model.out());
        Files.writeString(dir.resolve("back.yaml"), model.out());
        assertEquals(0, CliRun.of("estimate", "--model", dir.resolve("back.yaml").toString(), dir.resolve("m.neff").toString()).code());
    }
}
