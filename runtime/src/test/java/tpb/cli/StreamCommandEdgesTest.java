package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.isa.IsaInfo;
import tpb.neff.Fixture;

/** Edges of the stream commands the other tests pass by: a NEFF's listing to a file, {@code --max-errors 0}, {@code asm -o -}. */
class StreamCommandEdgesTest {
    @TempDir
    Path dir;

    /** disasm X.neff -o FILE: the file holds exactly what stdout gets without -o, and stdout nothing. */
    @Test
    void aNeffsListingToAFileIsTheListingOnStdout() throws Exception {
        CliRun shown = CliRun.of("disasm", Fixture.path().toString(), "--engine", "pe");
        assertEquals(0, shown.code(), shown.err());
        assertTrue(shown.out().startsWith("; sg00 pe ("), shown.out());
        Path file = dir.resolve("pe.txt");
        CliRun written = CliRun.of("disasm", Fixture.path().toString(), "--engine", "pe", "-o", file.toString());
        assertEquals(0, written.code(), written.err());
        assertEquals("", written.out());
        assertEquals(shown.out(), Files.readString(file));
        Object before = fileKey(Path.of("-")); // another run may have left one in the working directory: it must stay as it is
        CliRun dash = CliRun.of("disasm", Fixture.path().toString(), "--engine", "pe", "-o", "-");
        assertEquals(shown.out(), dash.out());
        assertEquals(before, fileKey(Path.of("-")), "-o - is stdout, not a file named -");
    }

    /** The file's identity (device and inode) and modification time, or null when there is none. */
    private static Object fileKey(Path p) throws java.io.IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        var a = Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        return java.util.List.of(a.fileKey(), a.lastModifiedTime(), a.size());
    }

    /** --max-errors 0 means all (the refusal names "0 (all) or more"): accepted, and the program assembles. */
    @Test
    void maxErrorsZeroIsAccepted() throws Exception {
        Path src = Files.writeString(dir.resolve("exit.s"), "exit\n");
        Path bin = dir.resolve("exit.bin");
        CliRun r = CliRun.of("asm", src.toString(), "--max-errors", "0", "-o", bin.toString());
        assertEquals("", r.err());
        assertEquals(0, r.code());
        assertEquals(IsaInfo.RECORD_SIZE, Files.size(bin)); // one record
        CliRun refused = CliRun.of("asm", src.toString(), "--max-errors", "-1", "-o", bin.toString());
        assertEquals("tpb: --max-errors -1 must be 0 (all) or more\n", refused.err());
        assertEquals(2, refused.code());
    }

    /**
     * asm -o -: the records go to the process's stdout ({@code System.out}, not the command's
     * writer, which carries text), and only when the source assembles. One EXIT record: byte 0 is
     * 0xDF and byte 12 is 1 (seed002 §2, the spec's Exit arm), the same bytes as {@code -o FILE}.
     */
    @Test
    void asmToStdoutWritesTheRecordsOnce() throws Exception {
        Path src = Files.writeString(dir.resolve("exit.s"), "exit\n");
        Path bin = dir.resolve("exit.bin");
        assertEquals(0, CliRun.of("asm", src.toString(), "-o", bin.toString()).code());
        Captured c = toStdout("asm", src.toString(), "-o", "-");
        assertEquals("", c.run().err());
        assertEquals("", c.run().out(), "binary records never go through the text writer");
        assertEquals(0, c.run().code());
        assertEquals(IsaInfo.RECORD_SIZE, c.stdout().length);
        assertEquals(0xDF, c.stdout()[0] & 0xFF);
        assertEquals(1, c.stdout()[12]);
        assertArrayEquals(Files.readAllBytes(bin), c.stdout());
    }

    /** asm -o - of a source with an error: the error line and its count, exit 1, and not one byte on stdout (the staged records are dropped). */
    @Test
    void asmToStdoutWritesNothingOnAnError() throws Exception {
        Path src = Files.writeString(dir.resolve("bad.s"), "exit\nbogus\n");
        Captured c = toStdout("asm", src.toString(), "-o", "-");
        assertEquals(1, c.run().code());
        assertEquals(0, c.stdout().length, "records were staged, yet none may reach stdout");
        assertEquals("tpb: " + src + ": 1 error(s)", c.run().err().lines().reduce((a, b) -> b).orElseThrow());
        assertEquals(2, c.run().err().lines().count(), c.run().err());
    }

    private record Captured(CliRun run, byte[] stdout) {}

    /** Runs tpb with {@code System.out} swapped for a buffer (an unbuffered stream: what is written is what the buffer holds). */
    private static Captured toStdout(String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(bytes)) {
            System.setOut(capture);
            CliRun r = CliRun.of(args);
            return new Captured(r, bytes.toByteArray());
        } finally {
            System.setOut(saved);
        }
    }
}
