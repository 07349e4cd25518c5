package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.data.MatmulValues;
import tpb.data.Npy;
import tpb.data.NpyType;
import tpb.data.SyntheticMatmulNeff;

/**
 * {@code tpb run FILE.neff --level data} on synthetic matmul NEFFs: a multi-GiB input as a sparse
 * file under a small heap in a child JVM, a cross-core race, the .npy errors, --subgraph, and that
 * a failed run leaves nothing in the output directory.
 */
class DataRunCommandTest {
    @TempDir
    Path dir;

    private static void writeNpy(Path file, MatmulValues v) throws IOException {
        v.write(file);
    }

    private Path neff(String name, int m, int k, int n, int cores, boolean race) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, new SyntheticMatmulNeff(m, k, n, cores, race).write());
        return p;
    }

    /** out[0][c] of an M = 1 output file. */
    private static short outAt(Path npy, int c) throws IOException {
        try (FileChannel ch = FileChannel.open(npy, StandardOpenOption.READ)) {
            Npy.Header h = Npy.header(ch);
            ByteBuffer b = ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN);
            ch.read(b, h.dataOffset() + 2L * c);
            return b.getShort(0);
        }
    }

    /**
     * y is fp16 (256, 2^23 + 64): 4 GiB + 32 KiB, a sparse file holding real values only in the
     * column block sg63 of 64 cores reads (its rows reach past 2^31 and 2^32 and cross the 1 GiB
     * chunks). The run is one core in a child JVM under -Xmx64m: mapped, not loaded, the heap does
     * not grow with the input. Its output columns equal the tile-order oracle bit for bit; outside
     * the block the output is zero (sg63 computes only its block).
     */
    @Test
    void aMultiGiBInputIsMappedUnderASmallHeap() throws Exception {
        int m = 1;
        int k = 256;
        int n = (1 << 23) + 64;
        int cores = 64;
        Path neff = neff("wide.neff", m, k, n, cores, false);
        MatmulValues x = MatmulValues.x(7, m, k, false);
        MatmulValues y = MatmulValues.y(7, k, n, false);
        writeNpy(dir.resolve("x.npy"), x);
        int first = (int) ((long) (cores - 1) * n / cores);
        Path yFile = dir.resolve("y.npy");
        byte[] header = Npy.headerBytes(NpyType.FLOAT16, new int[] {k, n});
        try (RandomAccessFile f = new RandomAccessFile(yFile.toFile(), "rw")) {
            f.write(header);
            f.setLength(header.length + 2L * k * n);
            ByteBuffer row = ByteBuffer.allocate(2 * (n - first)).order(ByteOrder.LITTLE_ENDIAN);
            for (int r = 0; r < k; r++) {
                row.clear();
                for (int c = first; c < n; c++) {
                    row.putShort(y.bits(r, c));
                }
                row.flip();
                f.getChannel().write(row, header.length + 2L * ((long) r * n + first));
            }
        }
        assertTrue(Files.size(yFile) > 4L << 30);
        TpbProcess p = TpbProcess.run(dir, "", List.of("-Xmx64m"), "run", neff.toString(), "--level", "data", "--subgraph", "sg63",
                "--input", "x=x.npy", "--input", "y=y.npy", "--output-dir", "out");
        assertEquals("", p.err());
        assertEquals("wrote out/output0.npy (float16 (1, " + n + "))\n", p.out());
        assertEquals(0, p.code());
        Path out = dir.resolve("out/output0.npy");
        for (int c : new int[] {first, first + 1, first + 4097, n - 2, n - 1}) {
            assertEquals(SyntheticMatmulNeff.oracle(x, y, 0, c), outAt(out, c), "column " + c);
        }
        assertEquals(0, outAt(out, first - 1));
        Files.delete(yFile);
    }

    /**
     * No room for an output (here a file size limit of one 512-byte block, ulimit -f, in a child JVM;
     * a full disk is the same EFBIG/ENOSPC to the write): one line naming the file and the bytes it
     * needed, header and data, before the run; no output directory, no staging left.
     */
    @Test
    void noRoomForAnOutputIsOneLineBeforeTheRun() throws Exception {
        neff("one.neff", 16, 64, 64, 1, false);
        smallInputs(16, 64, 64);
        long bytes = Npy.headerBytes(NpyType.FLOAT16, new int[] {16, 64}).length + 2L * 16 * 64;
        TpbProcess p = TpbProcess.run(dir, "ulimit -f 1;", List.of("-XX:-UsePerfData"), "run", "one.neff", "--level", "data",
                "--input", "x=x.npy", "--input", "y=y.npy", "--output-dir", "out");
        assertEquals("tpb: out/output0.npy: cannot write " + bytes + " bytes: File too large; nothing written\n", p.err());
        assertEquals(1, p.code());
        try (var s = Files.list(dir)) {
            assertEquals(List.of("one.neff", "x.npy", "y.npy"), s.map(f -> f.getFileName().toString()).sorted().toList());
        }
    }

    private CliRun runSmall(Path neff, String... extra) {
        String[] base = {"run", neff.toString(), "--level", "data", "--input", "x=" + dir.resolve("x.npy"), "--input",
                "y=" + dir.resolve("y.npy"), "--output-dir", dir.resolve("out").toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    private void smallInputs(int m, int k, int n) throws IOException {
        writeNpy(dir.resolve("x.npy"), MatmulValues.x(1, m, k, false));
        writeNpy(dir.resolve("y.npy"), MatmulValues.y(1, k, n, false));
    }

    @Test
    void aCrossCoreRaceIsExit1AndLeavesNothing() throws IOException {
        Path neff = neff("race.neff", 8, 130, 64, 2, true);
        smallInputs(8, 130, 64);
        CliRun r = runSmall(neff);
        assertEquals(1, r.code());
        assertEquals("race: sg00 writes output0 [0x0,0x40) that sg01 also writes (cores share no semaphores)\n", r.out());
        assertEquals("tpb: " + neff + ": 1 cross-core race(s); nothing written\n", r.err());
        assertFalse(Files.exists(dir.resolve("out")), "the output directory this run made is gone");
    }

    @Test
    void aFailedRunLeavesAnExistingDirectoryAsItWas() throws IOException {
        Path neff = neff("race.neff", 8, 130, 64, 2, true);
        smallInputs(8, 130, 64);
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("out/keep.txt"), "mine");
        assertEquals(1, runSmall(neff).code());
        try (var s = Files.list(dir.resolve("out"))) {
            assertEquals(List.of(dir.resolve("out/keep.txt")), s.toList());
        }
    }

    @Test
    void subgraphRunsOneCore() throws IOException {
        Path neff = neff("two.neff", 4, 64, 40, 2, false);
        smallInputs(4, 64, 40);
        CliRun r = runSmall(neff, "--subgraph", "sg01", "--quiet");
        assertEquals("", r.err());
        assertEquals(0, r.code());
        Path out = dir.resolve("out/output0.npy");
        MatmulValues x = MatmulValues.x(1, 4, 64, false);
        MatmulValues y = MatmulValues.y(1, 64, 40, false);
        byte[] data = Npy.read(out).data();
        for (int c = 0; c < 40; c++) {
            short want = c < 20 ? 0 : SyntheticMatmulNeff.oracle(x, y, 3, c);
            assertEquals(want, (short) ((data[2 * (3 * 40 + c)] & 0xFF) | (data[2 * (3 * 40 + c) + 1] & 0xFF) << 8), "column " + c);
        }
        CliRun bad = runSmall(neff, "--subgraph", "sg07");
        assertEquals("tpb: " + neff + ": no subgraph sg07 (subgraphs: sg00, sg01)\n", bad.err());
    }

    @Test
    void aHeaderPromisingMoreBytesThanTheFileHoldsIsRefused() throws IOException {
        Path neff = neff("one.neff", 4, 64, 40, 1, false);
        smallInputs(4, 64, 40);
        Path y = dir.resolve("y.npy");
        byte[] b = Files.readAllBytes(y);
        Files.write(y, java.util.Arrays.copyOf(b, b.length - 3));
        CliRun r = runSmall(neff);
        assertEquals("tpb: " + y + ": the header promises (64, 40) float16 = 5120 data bytes, the file holds 5117\n", r.err());
        assertEquals(1, r.code());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void anInputChangedWhileMappedIsReported() throws IOException {
        smallInputs(4, 64, 40);
        MappedInputs in = new MappedInputs(List.of("x=" + dir.resolve("x.npy"), "y=" + dir.resolve("y.npy")));
        in.checkUnchanged();
        Files.setLastModifiedTime(dir.resolve("y.npy"), FileTime.fromMillis(Files.getLastModifiedTime(dir.resolve("y.npy")).toMillis() + 5000));
        CliException e = org.junit.jupiter.api.Assertions.assertThrows(CliException.class, in::checkUnchanged);
        assertEquals(dir.resolve("y.npy") + ": changed while the run read it (modified again); nothing written", e.getMessage());
    }

    /**
     * An input changed while the run reads it (here its modification time moved 5 s on as the
     * first --trace line is printed, mid-run, through the command's own out writer): the run's
     * result is refused with the input's name, exit 1, and no output directory is made.
     */
    @Test
    void anInputChangedDuringTheRunWritesNothing() throws IOException {
        Path neff = neff("one.neff", 4, 64, 40, 1, false);
        smallInputs(4, 64, 40);
        Path y = dir.resolve("y.npy");
        long before = Files.getLastModifiedTime(y).toMillis();
        StringWriter out = new StringWriter();
        boolean[] touched = {false};
        PrintWriter hooked = new PrintWriter(new Writer() {
            @Override
            public void write(char[] c, int off, int len) throws IOException {
                if (!touched[0]) {
                    touched[0] = true;
                    Files.setLastModifiedTime(y, FileTime.fromMillis(before + 5000));
                }
                out.write(c, off, len);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        });
        StringWriter err = new StringWriter();
        int code = Tpb.run(hooked, new PrintWriter(err), "run", neff.toString(), "--level", "data", "--trace", "--input",
                "x=" + dir.resolve("x.npy"), "--input", "y=" + y, "--output-dir", dir.resolve("out").toString());
        assertTrue(touched[0], "the run printed its trace");
        assertTrue(out.toString().lines().count() > 1, out.toString());
        assertEquals("tpb: " + y + ": changed while the run read it (modified again); nothing written\n", err.toString());
        assertEquals(1, code);
        assertFalse(Files.exists(dir.resolve("out")));
    }

    /** --input needs a name before the '=' and a file after it, each name once: usage errors (exit 2), nothing written. */
    @Test
    void anInputNeedsANameAndAFile() throws IOException {
        Path neff = neff("one.neff", 4, 64, 40, 1, false);
        smallInputs(4, 64, 40);
        String x = "x=" + dir.resolve("x.npy");
        for (String bad : List.of("=" + dir.resolve("y.npy"), "y=", "y")) {
            CliRun r = CliRun.of("run", neff.toString(), "--level", "data", "--input", x, "--input", bad, "--output-dir", dir.resolve("out").toString());
            assertEquals("tpb: --input " + bad + ": expected NAME=FILE.npy\n", r.err(), bad);
            assertEquals(2, r.code(), bad);
        }
        CliRun twice = CliRun.of("run", neff.toString(), "--level", "data", "--input", x, "--input", x, "--output-dir", dir.resolve("out").toString());
        assertEquals("tpb: --input x is given twice\n", twice.err());
        assertEquals(2, twice.code());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    /** --input x=-: the .npy read from stdin; the output is the file-fed run's, the tile-order oracle's value at each element. */
    @Test
    void anInputFromStdin() throws IOException {
        Path neff = neff("one.neff", 4, 64, 40, 1, false);
        smallInputs(4, 64, 40);
        java.io.InputStream saved = Inputs.stdin;
        CliRun r;
        try {
            Inputs.stdin = new java.io.ByteArrayInputStream(Files.readAllBytes(dir.resolve("x.npy")));
            r = CliRun.of("run", neff.toString(), "--level", "data", "--input", "x=-", "--input", "y=" + dir.resolve("y.npy"),
                    "--output-dir", dir.resolve("out").toString());
        } finally {
            Inputs.stdin = saved;
        }
        assertEquals("", r.err());
        assertEquals(0, r.code());
        byte[] data = Npy.read(dir.resolve("out/output0.npy")).data();
        MatmulValues x = MatmulValues.x(1, 4, 64, false);
        MatmulValues y = MatmulValues.y(1, 64, 40, false);
        for (int i = 0; i < 4 * 40; i++) {
            assertEquals(SyntheticMatmulNeff.oracle(x, y, i / 40, i % 40), (short) ((data[2 * i] & 0xFF) | (data[2 * i + 1] & 0xFF) << 8), "element " + i);
        }
        try {
            Inputs.stdin = new java.io.ByteArrayInputStream(new byte[] {'n', 'o'});
            CliRun bad = CliRun.of("run", neff.toString(), "--level", "data", "--input", "x=-", "--input", "y=" + dir.resolve("y.npy"),
                    "--output-dir", dir.resolve("out2").toString());
            assertEquals(1, bad.code());
            assertEquals("tpb: <stdin>: not a .npy file (no \\x93NUMPY magic)\n", bad.err());
        } finally {
            Inputs.stdin = saved;
        }
        assertFalse(Files.exists(dir.resolve("out2")));
    }

    /**
     * Each data-level trace slice is its record: on its core's process and its engine's thread, named
     * by that record's line in disasm's listing of the NEFF (the mnemonic its category), its index in
     * args; bytes and MACs only when the record moved or multiplied some; every slice inside the run's
     * wall time, none of zero length.
     */
    @Test
    void traceSlicesAreTheirRecords() throws IOException {
        Path neff = neff("two.neff", 4, 200, 40, 2, false);
        smallInputs(4, 200, 40);
        java.util.Map<String, String> listing = new java.util.HashMap<>(); // "sg01 pe 3" -> text
        String head = null;
        java.util.regex.Pattern line = java.util.regex.Pattern.compile("^ *(\\d+)  0x[0-9a-f]{6}  (.*)$");
        for (String l : CliRun.of("disasm", neff.toString()).out().lines().toList()) {
            java.util.regex.Matcher m = line.matcher(l);
            if (l.startsWith("; ")) {
                String[] w = l.split(" ");
                head = w[1] + " " + w[2];
            } else if (m.matches()) {
                listing.put(head + " " + m.group(1), m.group(2));
            }
        }
        Path t = dir.resolve("t.json");
        long began = System.nanoTime();
        CliRun r = runSmall(neff, "--trace-events", t.toString());
        double wallMicros = (System.nanoTime() - began) / 1e3;
        assertEquals("", r.err());
        com.fasterxml.jackson.databind.JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(t.toFile());
        java.util.Map<String, String> names = new java.util.HashMap<>(); // "pid" -> core, "pid/tid" -> engine
        for (com.fasterxml.jackson.databind.JsonNode e : doc.path("traceEvents")) {
            if (e.path("name").asText().equals("process_name")) {
                names.put(e.path("pid").asText(), e.path("args").path("name").asText());
            } else if (e.path("name").asText().equals("thread_name")) {
                names.put(e.path("pid").asText() + "/" + e.path("tid").asText(), e.path("args").path("name").asText());
            }
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (com.fasterxml.jackson.databind.JsonNode e : doc.path("traceEvents")) {
            if (!e.path("ph").asText().equals("X")) {
                continue;
            }
            String key = names.get(e.path("pid").asText()) + " " + names.get(e.path("pid").asText() + "/" + e.path("tid").asText()) + " "
                    + e.path("args").path("record").asInt(-1);
            assertTrue(seen.add(key), "one slice a record: " + key);
            String text = listing.get(key);
            assertEquals(text, e.path("name").asText(), key);
            assertEquals(text.split(" ")[0], e.path("cat").asText(), key);
            for (String k : List.of("bytes", "macs")) {
                assertTrue(e.path("args").path(k).isMissingNode() || e.path("args").path(k).asLong() > 0, key + " " + e);
            }
            double ts = e.path("ts").asDouble();
            double dur = e.path("dur").asDouble();
            assertTrue(ts >= 0 && dur > 0 && ts + dur <= wallMicros, key + " " + e + " in a run of " + wallMicros + " us");
        }
        assertEquals(listing.keySet(), seen, "every record of both cores ran once");
    }

    @Test
    void outputsEqualTheInMemoryRun() throws IOException {
        Path neff = neff("two.neff", 4, 200, 40, 2, false);
        smallInputs(4, 200, 40);
        CliRun r = runSmall(neff);
        assertEquals(0, r.code(), r.err());
        assertEquals("wrote " + dir.resolve("out/output0.npy") + " (float16 (4, 40))\n", r.out());
        byte[] data = Npy.read(dir.resolve("out/output0.npy")).data();
        MatmulValues x = MatmulValues.x(1, 4, 200, false);
        MatmulValues y = MatmulValues.y(1, 200, 40, false);
        byte[] want = new byte[data.length];
        for (int i = 0; i < 4 * 40; i++) {
            short h = SyntheticMatmulNeff.oracle(x, y, i / 40, i % 40);
            want[2 * i] = (byte) h;
            want[2 * i + 1] = (byte) (h >>> 8);
        }
        assertArrayEquals(want, data);
        try (var s = Files.list(dir.resolve("out"))) {
            assertEquals(List.of(dir.resolve("out/output0.npy")), s.toList(), "no staged file left beside it");
        }
    }

    /** --trace-events at the data level: a slice per record on its core's engine track, the MACs summing to M x K x N. */
    @Test
    void traceEventsHaveASlicePerRecordAndEveryMac() throws IOException {
        Path neff = neff("two.neff", 4, 200, 40, 2, false);
        smallInputs(4, 200, 40);
        Path t = dir.resolve("t.json");
        CliRun r = runSmall(neff, "--trace-events", t.toString());
        assertEquals("", r.err());
        com.fasterxml.jackson.databind.JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(t.toFile());
        assertEquals("data", doc.path("otherData").path("level").asText());
        long slices = 0;
        long macs = 0;
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (com.fasterxml.jackson.databind.JsonNode e : doc.path("traceEvents")) {
            if (e.path("ph").asText().equals("X")) {
                slices++;
                macs += e.path("args").path("macs").asLong(0);
                names.add(e.path("cat").asText());
            } else if (e.path("ph").asText().equals("M") && e.path("name").asText().equals("process_name")) {
                names.add(e.path("args").path("name").asText());
            }
        }
        // per core: 2 x^T DMAs (K tiles 128 + 72), then one N tile of 20 columns: 2 x (DMA y, LDWEIGHTS, MATMUL), CAST, DMA out
        assertEquals(2 * (2 + 2 * 3 + 2), slices);
        assertEquals(4L * 200 * 40, macs);
        assertEquals("[cast, dma.2d, ldweights, matmul, sg00, sg01]", names.toString());
        CliRun stdout = CliRun.of("run", neff.toString(), "--level", "data", "--trace-events", "-", "--output-dir", "o");
        assertEquals("tpb: --level data reports on stdout; give --trace-events a file\n", stdout.err());
        assertEquals(2, stdout.code());
    }

    @Test
    void theOutOfMemoryLineSuggestsAHeapOnlyWhenOneCanHelp() {
        assertEquals("tpb: out of memory (Java heap space) with a 1024 MiB heap; the input is too large for it: a larger heap may do, "
                + "JAVA_TOOL_OPTIONS=-Xmx2048m", Tpb.outOfMemory("Java heap space", 1L << 30));
        assertEquals("tpb: out of memory (Requested array size exceeds VM limit) with a 1024 MiB heap; an array past Java's "
                + "2^31-element limit: no heap can hold it (this is a bug in tpb; please report it)",
                Tpb.outOfMemory("Requested array size exceeds VM limit", 1L << 30));
        assertFalse(Tpb.outOfMemory("Direct buffer memory", 1L << 30).contains("-Xmx"));
        assertFalse(Tpb.outOfMemory("Map failed", 1L << 30).contains("-Xmx"));
    }
}
