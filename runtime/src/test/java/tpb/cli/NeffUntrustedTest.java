package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.data.Npy;
import tpb.neff.NeffMutation;
import tpb.neff.NeffParts;

/** Crafted NEFFs whose names or contents would reach the file system or the terminal, as named tests (a NEFF is untrusted). */
class NeffUntrustedTest {
    private static Path write(Path dir, NeffParts p) throws Exception {
        Path n = dir.resolve("in.neff");
        Files.write(n, p.bytes());
        Files.write(dir.resolve("a.npy"), EveryNeffCommand.inputA());
        return n;
    }

    private static CliRun dataRun(Path dir, Path neff, String out) {
        return CliRun.of("run", neff.toString(), "--level", "data", "--input", "a=" + dir.resolve("a.npy"), "--output-dir", out);
    }

    private static List<String> tree(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }

    /** A var named ../../../x wrote x.npy outside the output directory, exit 0; now one line naming the var, nothing written. */
    @Test
    void anOutputVarThatClimbsOutOfTheDirectory(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts();
        NeffMutation.set(p.def, List.of("var"), renamed(p, "out", "../../../x"));
        Path n = write(dir, p);
        List<String> before = tree(dir);
        CliRun r = dataRun(dir, n, dir.resolve("deep/out").toString());
        assertEquals(1, r.code());
        assertEquals("tpb: output var \"../../../x\" is not a plain file name (it holds '/'); nothing written\n", r.err());
        assertEquals(before, tree(dir).stream().filter(f -> !f.startsWith("deep")).toList(), "nothing written");
        try (Stream<Path> files = Files.walk(dir.resolve("deep"))) {
            assertEquals(0, files.filter(Files::isRegularFile).count(), "no file in the output directory the run made");
        } catch (java.nio.file.NoSuchFileException gone) {
            // the output directory removed again: nothing written either
        }
    }

    /**
     * An output var of 2^31 bytes (one past the largest int) or 2^62 whose tensor_map.json shape, (2, 4) float32 = 32 bytes,
     * does not take them: as flat uint8 its one .npy dimension would be past an int. The long fuzz (NeffFuzzTest#bigFuzz)
     * found both as "unexpected error: java.lang.ArithmeticException: integer overflow"; now one line, nothing written.
     */
    @Test
    void anOutputVarPastAFlatNpyWithNoShapeThatTakesIt(@TempDir Path dir) throws Exception {
        for (long size : new long[] {1L << 31, 1L << 62}) {
            NeffParts p = new NeffParts();
            NeffMutation.set(p.def, List.of("var", "out", "size"), new NeffParts.Raw(Long.toString(size)));
            Path n = write(dir, p);
            Path out = dir.resolve("out" + size);
            CliRun r = dataRun(dir, n, out.toString());
            assertEquals(1, r.code(), r.err());
            assertEquals("tpb: " + n + ": output var out is " + size + " bytes and no tensor_map.json shape takes them (it gives (2, 4) float32);"
                    + " as flat uint8 a .npy holds at most 2147483647\n", r.err());
            assertFalse(Files.exists(out) && tree(out).size() > 1, "nothing written");
        }
    }

    @Test
    void anAbsoluteOutputVar(@TempDir Path dir) throws Exception {
        Path target = Files.createDirectory(dir.resolve("elsewhere"));
        NeffParts p = new NeffParts();
        NeffMutation.set(p.def, List.of("var"), renamed(p, "out", target + "/abs"));
        Path n = write(dir, p);
        CliRun r = dataRun(dir, n, dir.resolve("out").toString());
        assertEquals(1, r.code());
        assertEquals("tpb: output var \"" + target + "/abs\" is not a plain file name (it holds '/'); nothing written\n", r.err());
        assertEquals(List.of(), tree(target).stream().filter(s -> !s.isEmpty()).toList());
    }

    private static Map<String, Object> renamed(NeffParts p, String from, String to) {
        @SuppressWarnings("unchecked")
        Map<String, Object> vars = (Map<String, Object>) p.def.get("var");
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        vars.forEach((k, v) -> out.put(k.equals(from) ? to : k, v));
        return out;
    }

    /** Two outputs; the second cannot be written (a directory has its name): the first is not left behind (item 5). */
    @Test
    void aFailingSecondOutputLeavesNothing(@TempDir Path dir) throws Exception {
        Path n = write(dir, new NeffParts().withSecondOutput());
        Path out = Files.createDirectory(dir.resolve("out"));
        CliRun ok = dataRun(dir, n, out.toString());
        assertEquals(0, ok.code(), ok.err());
        assertEquals(List.of("", "out.npy", "out1.npy"), tree(out));
        assertEquals(Npy.parse(EveryNeffCommand.inputA()), Npy.read(out.resolve("out1.npy")));

        Path again = Files.createDirectory(dir.resolve("again"));
        Files.createDirectory(again.resolve("out1.npy"));
        CliRun r = dataRun(dir, n, again.toString());
        assertEquals(1, r.code());
        assertEquals("tpb: " + again.resolve("out1.npy") + ": cannot write: Is a directory\n", r.err());
        assertEquals(List.of("", "out1.npy"), tree(again), "out.npy was not written, and the staging directory is gone");
    }

    /** The README says runs read a NEFF on stdin; the data level refused it. */
    @Test
    void aDataRunOfANeffOnStdin(@TempDir Path dir) throws Exception {
        Path n = write(dir, new NeffParts());
        InputStream saved = Inputs.stdin;
        try {
            Inputs.stdin = new ByteArrayInputStream(Files.readAllBytes(n));
            CliRun r = CliRun.of("run", "-", "--level", "data", "--input", "a=" + dir.resolve("a.npy"), "--output-dir", dir.resolve("o").toString());
            assertEquals(0, r.code(), r.err());
            assertEquals(Npy.parse(EveryNeffCommand.inputA()), Npy.read(dir.resolve("o/out.npy")));
        } finally {
            Inputs.stdin = saved;
        }
    }

    /** --timeline onto the NEFF itself overwrote it with HTML; --trace-events and disasm's -o would have too. */
    @Test
    void anOutputOntoTheInputNeffIsRefused(@TempDir Path dir) throws Exception {
        Path n = write(dir, new NeffParts());
        byte[] before = Files.readAllBytes(n);
        CliRun r = CliRun.of("run", n.toString(), "--timeline", n.toString());
        assertEquals(2, r.code());
        assertEquals("tpb: " + n + ": --timeline would write over the NEFF (" + n + "), which this run reads; give another path\n", r.err());
        CliRun t = CliRun.of("run", n.toString(), "--trace-events", n.toString());
        assertEquals("tpb: " + n + ": --trace-events would write over the NEFF (" + n + "), which this run reads; give another path\n", t.err());
        CliRun d = CliRun.of("disasm", n.toString(), "-o", n.toString());
        assertEquals(2, d.code());
        assertEquals("tpb: " + n + ": -o would write over the NEFF (" + n + "), which this run reads; give another path\n", d.err());
        assertEquals(List.of(before.length), List.of(Files.readAllBytes(n).length));
    }

    /** Raw terminal escapes in a NEFF's names reached the terminal. */
    @Test
    void terminalEscapesInNamesArePrintedEscaped(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts();
        p.info.put("tool_version", NeffParts.str("\u001b[2J\u001b]0;pwned\u0007"));
        Path n = write(dir, p);
        CliRun r = CliRun.of("neff", "info", n.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("tool \\x1b[2J\\x1b]0;pwned\\x07\n"), r.out());
        assertFalse(r.out().contains("\u001b"));
        NeffParts o = new NeffParts(); // an owner that is no engine is refused, and the refusal prints it escaped
        NeffMutation.set(o.def, List.of("dma_queue", "qPoolDynamic", "owner"), NeffParts.str("po\u001bol"));
        Path on = dir.resolve("owner.neff");
        Files.write(on, o.bytes());
        CliRun ro = CliRun.of("neff", "info", on.toString());
        assertEquals("tpb: " + on + ": sg00/def.json: dma_queue.qPoolDynamic.owner is \"po\\x1bol\", no engine of this subgraph (its streams: "
                + "pool)\n", ro.err());
        NeffParts q = new NeffParts();
        NeffMutation.set(q.kelf, List.of("graphs", 0, "name"), NeffParts.str("sg\u001b[31m00"));
        CliRun bad = CliRun.of("neff", "info", write(dir, q).toString());
        assertEquals("tpb: " + n + ": kelf-0.json: graphs[0]: the subgraph name \"sg\\x1b[31m00\" is not a plain name "
                + "(it holds the control character \\x1b)\n", bad.err());
    }

    /** An existing empty directory (or a symlink to one) is written into, keeping its mode; a new one gets the plain mode, not 0700. */
    @Test
    void extractIntoAnExistingEmptyDirectoryAndThroughASymlink(@TempDir Path dir) throws Exception {
        Path n = write(dir, new NeffParts());
        Path real = Files.createDirectory(dir.resolve("real"));
        Files.setPosixFilePermissions(real, PosixFilePermissions.fromString("rwxr-x---"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        CliRun r = CliRun.of("neff", "extract", n.toString(), "-o", link.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(real)));
        assertEquals(List.of("", "info.json", "kelf-0.json", "sg00", "sg00/Pool.bin", "sg00/def.json", "sg00/tensor_map.json"), tree(real));
        Path probe = Files.createDirectory(dir.resolve("probe"));
        CliRun fresh = CliRun.of("neff", "extract", n.toString(), "-o", dir.resolve("fresh").toString());
        assertEquals(0, fresh.code(), fresh.err());
        assertEquals(Files.getPosixFilePermissions(probe), Files.getPosixFilePermissions(dir.resolve("fresh")));
    }

    /** An archive problem is the NEFF's, named with it; not the output's with a temporary path. */
    @Test
    void extractBlamesTheArchiveForTheArchive(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts();
        p.gzipEdit = b -> java.util.Arrays.copyOf(b, b.length - 30); // the tar ends early: its entries are read in the second pass
        Path n = write(dir, p);
        CliRun r = CliRun.of("neff", "extract", n.toString(), "-o", dir.resolve("x").toString());
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith("tpb: " + n + ": payload: "), r.err());
        assertFalse(r.err().contains(".tpb-"), r.err());
        assertFalse(Files.exists(dir.resolve("x")));
    }

    /** validate of a NEFF whose stream is empty said only "1 violation(s)": now which stream and why. */
    @Test
    void anEmptyStreamIsNamed(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts();
        p.pool = new byte[0];
        Path n = write(dir, p);
        CliRun r = CliRun.of("validate", n.toString());
        assertEquals(1, r.code());
        assertEquals("sg00 pool (sg00/Pool.bin, 0 records): the stream is empty: no records\n"
                + "tpb: " + n + ": 0 violation(s) in 1 of 1 streams; 1 stream(s) refused whole, the first sg00 pool: the stream is empty: "
                + "no records\n", r.err());
    }

    @Test
    void theBoundsAreFlags(@TempDir Path dir) throws Exception {
        Path n = write(dir, new NeffParts());
        CliRun small = CliRun.of("neff", "info", n.toString(), "--max-entry-size", "100");
        assertEquals(1, small.code());
        assertTrue(small.err().matches("tpb: " + n + ": sg00/def\\.json: a \\d+-byte entry, larger than the 100 bytes tpb reads whole "
                + "\\(--max-entry-size\\)\n"), small.err());
        CliRun inflated = CliRun.of("validate", n.toString(), "--max-inflated-size", "1k");
        assertEquals("tpb: " + n + ": payload: inflates past 1024 bytes; if the NEFF is genuine, raise the bound with --max-inflated-size\n",
                inflated.err());
        CliRun bad = CliRun.of("disasm", n.toString(), "--max-entry-size", "-3");
        assertEquals(2, bad.code());
        assertEquals("tpb: --max-entry-size -3: expected a positive number of bytes (suffixes k, m, g, t)\n", bad.err());
        assertEquals(0, CliRun.of("run", n.toString(), "--max-entry-size", "64k", "--max-inflated-size", "2g").code());
    }

    /** The data level reads what the NEFF references: an unreferenced stream and JSON larger than the entry bound are never read. */
    @Test
    void theDataLevelReadsOnlyWhatIsReferenced(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts();
        p.extra.add(NeffParts.Entry.file("sg00/weights.bin", new byte[100_000]));
        p.extra.add(NeffParts.Entry.file("sg00/huge.json", new byte[100_000]));
        Path n = write(dir, p);
        CliRun r = CliRun.of("run", n.toString(), "--level", "data", "--input", "a=" + dir.resolve("a.npy"), "--output-dir",
                dir.resolve("o").toString(), "--max-entry-size", "10k");
        assertEquals(0, r.code(), r.err());
        assertEquals(Npy.parse(EveryNeffCommand.inputA()), Npy.read(dir.resolve("o/out.npy")));
    }

    /**
     * What the data level does need is read within the bound: a tensor_map.json of 20,000 bytes (valid JSON padded with
     * spaces) under --max-entry-size 10k is one line naming the entry and the bound, exit 1, nothing written; with the
     * default bound the same NEFF runs. (Before, the data level read every JSON, .npy and .bin entry whole, unbounded.)
     */
    @Test
    void aNeededEntryPastTheBoundIsNamedWithIt(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts();
        p.tarEdit = l -> l.stream().map(e -> {
            if (!e.name().equals("sg00/tensor_map.json")) {
                return e;
            }
            byte[] padded = new byte[20_000];
            java.util.Arrays.fill(padded, (byte) ' ');
            System.arraycopy(e.data(), 0, padded, 0, e.data().length);
            return NeffParts.Entry.file(e.name(), padded);
        }).toList();
        Path n = write(dir, p);
        Path out = dir.resolve("o");
        CliRun r = CliRun.of("run", n.toString(), "--level", "data", "--input", "a=" + dir.resolve("a.npy"), "--output-dir",
                out.toString(), "--max-entry-size", "10k");
        assertEquals(1, r.code(), r.err());
        assertEquals("tpb: " + n + ": sg00/tensor_map.json: a 20000-byte entry, larger than the 10240 bytes tpb reads whole "
                + "(--max-entry-size)\n", r.err());
        assertFalse(Files.exists(out));
        CliRun ok = CliRun.of("run", n.toString(), "--level", "data", "--input", "a=" + dir.resolve("a.npy"), "--output-dir",
                out.toString());
        assertEquals(0, ok.code(), ok.err());
    }

    /**
     * Found by the big fuzz run: a record with GroupResetSemaphores' opcode whose other bytes decode to no value of its
     * enums (here a DMA record's) was a ClassCastException at the sync level, "unexpected error"; now a fault of the run.
     */
    @Test
    void aGroupResetThatDoesNotDecodeIsAFault(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts();
        p.pool[0] = (byte) tpb.isa.Arm.GROUP_RESET_SEMAPHORES.opcode();
        assertTrue(tpb.isa.Decoder.decode(p.pool, 0) instanceof tpb.isa.RawRecord, "the precondition: the typed decode refuses it");
        CliRun r = CliRun.of("run", write(dir, p).toString());
        assertEquals(1, r.code());
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("sg00: fault: pool record 0 "), r.out());
        assertTrue(r.out().contains("GroupResetSemaphores record does not decode: a field holds a value outside its enum"), r.out());
    }
}
