package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.data.Npy;
import tpb.data.NpyType;

/**
 * Options a NEFF's run does not use were ignored with exit 0 (--engine pe ran
 * every engine, --max-steps 3 ran every record, --input at the sync level, --skip-unmodelled at
 * the data level, and --json at the data level printed the text report). Each is refused now with
 * its reason (exit 2), and --json at the data level is JSON.
 */
class NeffRunOptionsTest {
    @TempDir
    Path dir;

    String neff() throws IOException {
        try (InputStream in = NeffRunOptionsTest.class.getResourceAsStream("/neff/matmul_small.neff")) {
            Files.write(dir.resolve("m.neff"), in.readAllBytes());
        }
        return dir.resolve("m.neff").toString();
    }

    @Test
    void whatANeffRunDoesNotUseIsRefused() throws IOException {
        String n = neff();
        Map<List<String>, String> cases = Map.of(
                List.of("--engine", "pe"), "--engine runs one engine of a kernel; a NEFF's engines run together (--subgraph picks cores); got "
                        + n + " at --level sync",
                List.of("--max-steps", "3"), "--max-steps bounds a kernel's or stream's steps; a NEFF's records each run once; got " + n
                        + " at --level sync",
                List.of("--input", "x=x.npy"), "--input gives --level data its values; the synchronisation level moves no data; got " + n
                        + " at --level sync",
                List.of("--level", "data", "--skip-unmodelled"), "--skip-unmodelled skips a stream's records the stream simulator has no "
                        + "semantics for; a NEFF runs at --level sync or data; got " + n + " at --level data",
                List.of("--schedules"), "--schedules compares --level data's outputs across schedules; the synchronisation level has none to "
                        + "compare; got " + n + " at --level sync");
        cases.forEach((args, line) -> {
            CliRun r = CliRun.of(java.util.stream.Stream.concat(java.util.stream.Stream.of("run", n), args.stream()).toArray(String[]::new));
            assertEquals(Tpb.USAGE, r.code(), args::toString);
            assertEquals("tpb: " + line + "\n", r.err(), args::toString);
            assertEquals("", r.out(), args::toString);
        });
    }

    /** A FIFO as --input blocked forever with no writer (the open waits for one); now one line before opening it. */
    @Test
    void aFifoInputIsRefusedBeforeItIsOpened() throws Exception {
        String n = neff();
        Path fifo = dir.resolve("x.npy");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        CliRun r = CliRun.of("run", n, "--level", "data", "--input", "x=" + fifo, "--input", "y=" + fifo, "--output-dir", dir.resolve("o").toString());
        assertEquals(1, r.code());
        assertEquals("tpb: " + fifo + ": not a regular file (a .npy input is mapped, so it must be a file; pipe one through --input NAME=-)\n",
                r.err());
    }

    @Test
    void jsonAtTheDataLevelIsJson() throws IOException {
        String n = neff();
        Files.write(dir.resolve("x.npy"), Npy.format(new Npy.Array(NpyType.FLOAT16, new int[] {128, 256}, new byte[128 * 256 * 2])));
        Files.write(dir.resolve("y.npy"), Npy.format(new Npy.Array(NpyType.FLOAT16, new int[] {256, 128}, new byte[256 * 128 * 2])));
        String o = dir.resolve("o").toString();
        CliRun r = CliRun.of("run", n, "--level", "data", "--input", "x=" + dir.resolve("x.npy"), "--input", "y=" + dir.resolve("y.npy"),
                "--output-dir", o, "--json");
        assertEquals(0, r.code(), r.err());
        assertEquals("{\n  \"file\": \"" + n + "\",\n  \"level\": \"data\",\n  \"status\": \"complete\",\n  \"notes\": [],\n  \"outputs\": [\n"
                + "    {\n      \"name\": \"output0\",\n      \"path\": \"" + o + "/output0.npy\",\n      \"dtype\": \"float16\",\n"
                + "      \"shape\": [128, 128]\n    }\n  ]\n}\n", r.out());
        assertTrue(Files.exists(dir.resolve("o/output0.npy")));
    }
}
