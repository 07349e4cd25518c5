package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.isa.IsaInfo;
import tpb.neff.Fixture;

/** Edges of the stream commands the other tests pass by: a NEFF's listing to a file, {@code --max-errors 0}. */
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
        CliRun dash = CliRun.of("disasm", Fixture.path().toString(), "--engine", "pe", "-o", "-");
        assertEquals(shown.out(), dash.out());
        assertTrue(!Files.exists(Path.of("-")), "-o - is stdout, not a file named -");
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
}
