package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tpb disasm X.neff | tpb asm -} made one stream of all ten, exit 0. A
 * listing with two stream headings is now refused before anything is written, naming the second
 * heading's line and how to list one stream; a one-stream listing still assembles.
 */
class AsmNeffListingTest {
    static final String NEFF = "src/test/resources/neff/matmul_small.neff";

    @Test
    void aListingOfSeveralStreamsIsRefusedAtTheSecondHeading(@TempDir Path dir) throws Exception {
        CliRun all = CliRun.of("disasm", NEFF);
        assertEquals(0, all.code(), all.err());
        Path listing = dir.resolve("all.s");
        Files.writeString(listing, all.out());
        // sg00's Activation stream is 5 records: its heading, 5 lines, then DVE's heading on line 7
        assertEquals("; sg00 act (sg00/Activation.bin, 5 records), CAYMAN layouts", all.out().lines().findFirst().orElseThrow());
        Path out = dir.resolve("all.bin");
        CliRun asm = CliRun.of("asm", listing.toString(), "-o", out.toString());
        assertEquals(1, asm.code());
        assertEquals("tpb: " + listing + ":7: a second stream's listing begins here (sg00 dve, after sg00 act); tpb asm makes one stream: "
                + "list one at a time, as tpb disasm FILE.neff --subgraph sg00 --engine dve does\n", asm.err());
        assertFalse(Files.exists(out));
        CliRun one = CliRun.of("disasm", NEFF, "--subgraph", "sg00", "--engine", "act");
        Files.writeString(listing, one.out());
        assertEquals(0, CliRun.of("asm", listing.toString(), "-o", out.toString()).code());
        assertEquals(5 * 64, Files.size(out));
    }
}
