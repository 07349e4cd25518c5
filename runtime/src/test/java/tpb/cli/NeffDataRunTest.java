package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.data.MatmulValues;
import tpb.data.SyntheticMatmulNeff;
import tpb.isa.CopyFlyweight;
import tpb.isa.WaitMode;
import tpb.neff.Fixture;
import tpb.neff.Neff;
import tpb.neff.NeffWriter;

/**
 * {@code tpb run FILE.neff --level data} in-process (so PIT sees it): {@code --trace}'s lines,
 * {@code --schedules} on a NEFF whose outputs depend on the engine order and on one with a
 * cross-core race, and that a run that is not on a terminal writes no progress to stderr.
 */
class NeffDataRunTest {
    @TempDir
    Path dir;

    private Path synthetic(String name, int m, int k, int n, int cores, boolean race) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, new SyntheticMatmulNeff(m, k, n, cores, race).write());
        MatmulValues.x(1, m, k, false).write(dir.resolve("x.npy"));
        MatmulValues.y(1, k, n, false).write(dir.resolve("y.npy"));
        return p;
    }

    private CliRun run(Path neff, String... extra) {
        String[] base = {"run", neff.toString(), "--level", "data", "--input", "x=" + dir.resolve("x.npy"), "--input",
                "y=" + dir.resolve("y.npy"), "--output-dir", dir.resolve("out").toString()};
        String[] args = Arrays.copyOf(base, base.length + extra.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    /** A run given no input names every input the NEFF declares, in one line, exit 1, nothing written. */
    @Test
    void everyMissingInputIsNamedAtOnce() throws IOException {
        Path neff = synthetic("one.neff", 4, 200, 40, 1, false);
        CliRun r = CliRun.of("run", neff.toString(), "--level", "data", "--output-dir", dir.resolve("out").toString());
        assertEquals("tpb: " + neff + ": inputs x, y are not given (--input x=FILE.npy --input y=FILE.npy)\n", r.err());
        assertEquals(1, r.code());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    /**
     * --trace: a line per executed record on stdout before the "wrote" line. Per core of the
     * synthetic (4, 200) x (200, 40) matmul on two cores: 2 x^T DMAs (K tiles 128 + 72), then its
     * one N tile of 20 columns as 2 x (DMA y, LDWEIGHTS, MATMUL), a CAST and the DMA out = 10 records.
     */
    @Test
    void traceWritesALinePerRecordOfEachCore() throws IOException {
        Path neff = synthetic("two.neff", 4, 200, 40, 2, false);
        CliRun r = run(neff, "--trace");
        assertEquals("", r.err());
        assertEquals(0, r.code());
        List<String> lines = r.out().lines().toList();
        assertEquals(21, lines.size(), r.out());
        assertEquals("wrote " + dir.resolve("out/output0.npy") + " (float16 (4, 40))", lines.get(20));
        for (String core : new String[] {"sg00 ", "sg01 "}) {
            assertEquals(10, lines.stream().filter(l -> l.startsWith(core)).count(), r.out());
        }
        assertEquals(4, lines.stream().filter(l -> l.contains(" pe ") && l.contains("  matmul ")).count(), r.out());
        // a line names the bytes its record read: x is (4, 200) fp16, rows of 400 bytes; K tile 0 reads columns
        // 0..127 of the 4 rows, up to (3 x 200 + 127) x 2 + 2 = 1456 = 0x5b0; K tile 1 columns 128..199, from
        // 128 x 2 = 0x100 up to (3 x 200 + 199) x 2 + 2 = 1600 = 0x640. Both cores read all of x.
        assertEquals(2, lines.stream().filter(l -> l.contains("| read x [0x0,0x5b0) FP16")).count(), r.out());
        assertEquals(2, lines.stream().filter(l -> l.contains("| read x [0x100,0x640) FP16")).count(), r.out());
    }

    /** --schedules on a NEFF with a cross-core race: the default-order run it starts with already faults, so that is the line. */
    @Test
    void schedulesOnACrossCoreRaceNamesTheRace() throws IOException {
        Path neff = synthetic("race.neff", 8, 130, 64, 2, true);
        CliRun r = run(neff, "--schedules");
        assertEquals(1, r.code());
        assertEquals("", r.out());
        assertEquals("tpb: " + neff + ": race: sg00 writes output0 [0x0,0x40) that sg01 also writes (cores share no semaphores)\n",
                r.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    /** --schedules on a calm NEFF: every schedule agrees, the run goes on and writes its output. */
    @Test
    void schedulesOnACalmNeffWrites() throws IOException {
        Path neff = synthetic("two.neff", 4, 200, 40, 2, false);
        CliRun r = run(neff, "--schedules", "--quiet");
        assertEquals("", r.err());
        assertEquals("wrote " + dir.resolve("out/output0.npy") + " (float16 (4, 40))\n", r.out());
        assertEquals(0, r.code());
    }

    /**
     * The real fixture (matmul_small.neff) with the wait of sg00's ACT copy (record 4) removed
     * (DataFixtureTest.aRemovedWaitIsReportedAsARace): ACT run as late as it can copies the
     * finished PSUM, run eagerly a half-finished one, so --schedules names the schedules whose
     * output differs and counts them against all 3 x E schedules (each engine first with whole
     * turns, first with one record a turn, and as late as it can: SyncRun.Schedule.all) of the
     * core with the most engines.
     */
    @Test
    void schedulesNamesEveryScheduleWhoseOutputDiffers() throws IOException {
        Map<String, byte[]> files = Fixture.files();
        new CopyFlyweight().wrap(files.get("sg00/Activation.bin"), 4 * 64).eventsWaitMode(WaitMode.NONE);
        Path neff = dir.resolve("nowait.neff");
        Files.write(neff, NeffWriter.write("nowait.neff", files));
        int engines = Neff.open(neff).subgraphs().stream().mapToInt(s -> s.streams().size()).max().orElseThrow();
        assertTrue(engines > 1, "a schedule race needs two engines");
        MatmulValues.x(3, 128, 256, false).write(dir.resolve("x.npy"));
        MatmulValues.y(3, 256, 128, false).write(dir.resolve("y.npy"));
        CliRun r = run(neff, "--schedules");
        assertEquals(1, r.code());
        List<String> races = r.out().lines().toList();
        assertTrue(races.contains("race: act as late as it can: output0 differs"), r.out());
        assertTrue(races.stream().allMatch(l -> l.startsWith("race: ") && l.endsWith(": output0 differs")), r.out());
        assertEquals("tpb: " + neff + ": the outputs depend on the schedule (" + races.size() + " of " + 3 * engines
                + " schedules differ); nothing written\n", r.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    /** Progress is for a terminal only: a run in a test (no console) writes nothing to System.err, with or without --quiet. */
    @Test
    void noProgressWithoutATerminal() throws IOException {
        Path neff = synthetic("two.neff", 4, 64, 40, 2, false);
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true));
            assertEquals(0, run(neff, "--quiet").code());
            assertEquals(0, run(neff).code());
        } finally {
            System.setErr(saved);
        }
        assertEquals("", err.toString());
    }
}
