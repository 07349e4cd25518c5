package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.data.Npy;
import tpb.data.NpyType;
import tpb.data.Region;

/**
 * The data level's output files: staged hidden, their data allocated on disk before the run (a
 * full disk is an error then, not a SIGBUS mid-run), mapped read-write, exactly header + data
 * bytes long, visible only after the commit.
 */
class MappedOutputsTest {
    @TempDir
    Path dir;

    /** fp16 (1, 2^19 + 3): 1 MiB + 6 data bytes, one zero-filled MiB and 6 bytes more (the fill goes a MiB at a time). */
    private static final int[] SHAPE = {1, (1 << 19) + 3};
    private static final long DATA = 2L * ((1 << 19) + 3);

    /** The staged files (in the hidden sibling .out.tpb-*), with the bytes the file system has allocated to each. */
    private List<Path> staged() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).filter(p -> p.toString().contains("/.out.tpb-")).toList();
        }
    }

    /** st_blocks x 512: the bytes on disk (stat(1); the JDK's attribute views do not carry it). */
    private static long allocated(Path file) throws Exception {
        Process p = new ProcessBuilder("stat", "-c", "%b %B", file.toString()).redirectErrorStream(true).start();
        String[] out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim().split(" ");
        assertEquals(0, p.waitFor(), String.join(" ", out));
        return Long.parseLong(out[0]) * Long.parseLong(out[1]);
    }

    @Test
    void dataIsAllocatedBeforeTheRunAndTheFileIsExact() throws Exception {
        Path out = dir.resolve("out");
        byte[] header = Npy.headerBytes(NpyType.FLOAT16, SHAPE);
        try (MappedOutputs m = new MappedOutputs(out.toString())) {
            Region r = m.stage("output0", NpyType.FLOAT16, SHAPE);
            assertEquals(DATA, r.size());
            List<Path> files = staged();
            assertEquals(1, files.size(), files.toString());
            assertEquals("output0.npy", files.get(0).getFileName().toString());
            assertEquals(header.length + DATA, Files.size(files.get(0)));
            // a file only extended (a hole) would hold a block or two: every data byte is on disk already
            assertTrue(allocated(files.get(0)) >= header.length + DATA, allocated(files.get(0)) + " bytes allocated");
            assertFalse(Files.exists(out));
            r.put(DATA - 2, new byte[] {0x34, 0x12}, 0, 2); // the last element
            r.put(0, new byte[] {0x01}, 0, 1);
            m.commit();
        }
        Path file = out.resolve("output0.npy");
        assertEquals(header.length + DATA, Files.size(file));
        byte[] all = Files.readAllBytes(file);
        byte[] want = new byte[(int) (header.length + DATA)];
        System.arraycopy(header, 0, want, 0, header.length);
        want[header.length] = 0x01;
        want[want.length - 2] = 0x34;
        want[want.length - 1] = 0x12;
        assertArrayEquals(want, all);
        assertEquals(List.of(), staged());
    }

    /** A zero-element output: the header alone, no data byte. */
    @Test
    void anEmptyOutputIsItsHeader() throws Exception {
        Path out = dir.resolve("out");
        int[] shape = {0, 7};
        try (MappedOutputs m = new MappedOutputs(out.toString())) {
            assertEquals(0, m.stage("empty", NpyType.FLOAT32, shape).size());
            m.commit();
        }
        assertArrayEquals(Npy.headerBytes(NpyType.FLOAT32, shape), Files.readAllBytes(out.resolve("empty.npy")));
    }

    /** Closed without a commit: nothing, not even the missing parents it made (they were left). */
    @Test
    void closedWithoutACommitLeavesNothing() throws Exception {
        Path out = dir.resolve("a/b/out");
        try (MappedOutputs m = new MappedOutputs(out.toString())) {
            assertTrue(Files.isDirectory(dir.resolve("a/b")), "the parents are made first, as mkdir -p would");
            m.stage("x", NpyType.FLOAT16, new int[] {4});
        }
        assertFalse(Files.exists(dir.resolve("a")));
    }
}
