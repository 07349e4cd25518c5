package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.data.MatmulValues;
import tpb.data.Npy;
import tpb.data.NpyType;
import tpb.data.SyntheticMatmulNeff;

/**
 * No staging outlives the command. Before, a data run stopped by SIGTERM or
 * SIGINT left its hidden {@code .out.tpb-XXXX/output0.npy} (16 MB in the case) for good,
 * as asm's and disasm's {@code -o} left {@code .out.bin.XXXX.tmp}, and later runs never swept them.
 */
class StagingTest {
    @TempDir
    Path dir;

    /** A process id no process has: Linux's pid_max is at most 2^22. */
    static final long DEAD = 999_999_999L;

    List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void whatAKilledRunLeftIsSweptByTheNextAndNothingElse() throws IOException {
        Files.createDirectories(dir.resolve("out/.tpb-staging-" + DEAD + "-abc"));
        Files.writeString(dir.resolve("out/.tpb-staging-" + DEAD + "-abc/output0.npy"), "stale");
        Files.createDirectories(dir.resolve("out/.tpb-staging-" + ProcessHandle.current().pid() + "-live"));
        Files.createDirectories(dir.resolve("out/.tpb-staging-noid"));
        Files.writeString(dir.resolve("." + "out.bin." + DEAD + "-x.tmp"), "stale");
        Files.writeString(dir.resolve(".out.bin.keep.tmp"), "no id: not ours to judge");
        try (StagedOutputs s = StagedOutputs.open(dir.resolve("out").toString(), false)) {
            Files.writeString(s.file("a.txt"), "new");
            s.commit();
        }
        try (Stream<Path> s = Files.list(dir.resolve("out"))) {
            assertEquals(List.of(".tpb-staging-" + ProcessHandle.current().pid() + "-live", ".tpb-staging-noid", "a.txt"),
                    s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        Output.writeBinary(dir.resolve("out.bin").toString(), new byte[] {1}, System.out);
        assertEquals(List.of(".out.bin.keep.tmp", "out", "out.bin"), names());
    }

    @Test
    void theShutdownHookRemovesWhatIsStillStaged() throws IOException {
        StagedOutputs s = StagedOutputs.open(dir.resolve("fresh").toString(), false);
        Files.writeString(s.file("x.npy"), "partial");
        assertEquals(1, names().stream().filter(n -> n.startsWith(".fresh.tpb-" + ProcessHandle.current().pid() + "-")).count(), names()::toString);
        Staging.removeAll(); // what the JVM's shutdown hook runs on SIGTERM and SIGINT
        assertEquals(List.of(), names());
        s.close();
    }

    /**
     * A data run SIGTERMed mid-run in a child JVM: a 128 x 4096 @ 4096 x 131072 matmul (7 x 10^10
     * MACs, seconds), killed once its staging directory exists; afterwards neither the staging nor
     * the output directory is there.
     */
    @Test
    void aDataRunKilledMidRunLeavesNoStaging() throws Exception {
        int m = 128;
        int k = 4096;
        int n = 131072;
        Files.write(dir.resolve("big.neff"), new SyntheticMatmulNeff(m, k, n, 1, false).write());
        MatmulValues.x(3, m, k, false).write(dir.resolve("x.npy"));
        byte[] header = Npy.headerBytes(NpyType.FLOAT16, new int[] {k, n});
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("y.npy").toFile(), "rw")) {
            f.write(header);
            f.setLength(header.length + 2L * k * n); // zeros, sparse: the run's time is the multiplies
        }
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Tpb.class.getName(), "run", "big.neff", "--level", "data", "--input", "x=x.npy",
                "--input", "y=y.npy", "--output-dir", "out", "--quiet"));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve(".log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (names().stream().noneMatch(s -> s.startsWith(".out.tpb-")) && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(p.isAlive(), () -> "the run ended before it could be killed: " + read(".log"));
        assertTrue(names().stream().anyMatch(s -> s.startsWith(".out.tpb-")), names()::toString);
        p.destroy(); // SIGTERM
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(List.of(".log", "big.neff", "x.npy", "y.npy"), names());
    }

    /**
     * Two runs into one --output-dir that did not exist: each stages beside it and the first to
     * commit renames its staging into place; the second then found DIR there and failed
     * ({@code cannot write: File exists}, 3 of 5 trials in the issue). Now it joins DIR.
     */
    @Test
    void twoCommandsIntoOneNewDirectoryBothLand() throws IOException {
        StagedOutputs a = StagedOutputs.open(dir.resolve("o").toString(), false);
        StagedOutputs b = StagedOutputs.open(dir.resolve("o").toString(), false);
        Files.writeString(a.file("a.npy"), "a");
        Files.writeString(b.file("b.npy"), "b");
        a.commit();
        b.commit();
        try (Stream<Path> s = Files.list(dir.resolve("o"))) {
            assertEquals(List.of("a.npy", "b.npy"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertEquals(List.of("o"), names());
    }

    /** A failed data run with --output-dir p1/p2/p3 removed p3 but left p1/p2, though a directory the run made is removed again. */
    @Test
    void aFailedRunRemovesTheParentsItMade() throws IOException {
        Files.write(dir.resolve("m.neff"), Files.readAllBytes(Path.of("src/test/resources/neff/matmul_small.neff")));
        CliRun r = CliRun.of("run", dir.resolve("m.neff").toString(), "--level", "data", "--output-dir", dir.resolve("p1/p2/p3").toString());
        assertEquals(1, r.code());
        assertEquals("tpb: " + dir.resolve("m.neff") + ": inputs x, y are not given (--input x=FILE.npy --input y=FILE.npy)\n", r.err());
        assertEquals(List.of("m.neff"), names());
        Files.createDirectories(dir.resolve("q1"));
        CliRun again = CliRun.of("run", dir.resolve("m.neff").toString(), "--level", "data", "--output-dir", dir.resolve("q1/q2/q3").toString());
        assertEquals(1, again.code());
        assertEquals(List.of("m.neff", "q1"), names()); // q1 was the user's
    }

    String read(String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (IOException e) {
            return e.toString();
        }
    }
}
