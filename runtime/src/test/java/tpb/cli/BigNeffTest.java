package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.neff.NeffParts;
import tpb.neff.ZeroEntryNeff;

/**
 * Memory and time bounded by design, in child JVMs: a 1 MB NEFF holding an
 * unreferenced 1 GiB {@code def.json} read under a 256 MiB heap (every {@code *def.json} was read
 * whole at open: 2.8 GB resident), and a 20 MB NEFF that inflates to 20 GiB refused by the
 * automatic inflated-size bound in seconds (it kept {@code neff info} busy 95 s and {@code neff
 * extract} wrote all of it). Tagged {@code big}; the wall times are printed, not asserted beyond a
 * generous ceiling that only a missing bound would pass.
 */
@Tag("big")
class BigNeffTest {
    @Test
    void anUnreferencedGibibyteEntryUnderA256MibHeap(@TempDir Path dir) throws Exception {
        Path neff = dir.resolve("big.neff");
        ZeroEntryNeff.write(neff, new NeffParts().entries(), "sg09/def.json", 1L << 30);
        assertTrue(Files.size(neff) < 2_000_000, "about 1 MB: " + Files.size(neff));
        List<String> heap = List.of("-Xmx256m");
        long t0 = System.nanoTime();
        TpbProcess info = TpbProcess.run(dir, "", heap, "neff", "info", "big.neff");
        long t1 = System.nanoTime();
        assertEquals(0, info.code(), info.err());
        assertTrue(info.out().contains("sg00 (sg00/def.json): features [neff_feature_vnc]"), info.out());
        TpbProcess validate = TpbProcess.run(dir, "", heap, "validate", "big.neff");
        long t2 = System.nanoTime();
        assertEquals(0, validate.code(), validate.err());
        TpbProcess stats = TpbProcess.run(dir, "", heap, "disasm", "big.neff", "--stats");
        long t3 = System.nanoTime();
        assertEquals("sg00/Pool.bin: 2 records: 2 typed (100.0 %), 0 opaque arm, 0 raw\n", stats.out());
        System.out.printf("BigNeffTest: %d-byte NEFF, 1 GiB unreferenced sg09/def.json, -Xmx256m: neff info %.1f s, validate %.1f s, "
                + "disasm --stats %.1f s%n", Files.size(neff), (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9);
    }

    @Test
    void aTwentyGibibyteBombIsRefusedInSeconds(@TempDir Path dir) throws Exception {
        Path neff = dir.resolve("bomb.neff");
        ZeroEntryNeff.write(neff, new NeffParts().entries(), "sg00/weights.bin", 20L << 30);
        long size = Files.size(neff);
        long payload = size - 1024;
        // the automatic bound: 1 GiB + 64 x the compressed payload (NeffLimits), about 2.3 GiB for this 20 MB file
        long bound = (1L << 30) + 64 * payload;
        long t0 = System.nanoTime();
        TpbProcess info = TpbProcess.run(dir, "", List.of(), "neff", "info", "bomb.neff");
        long t1 = System.nanoTime();
        assertEquals(1, info.code());
        assertEquals("tpb: bomb.neff: payload: inflates past " + bound + " bytes (the automatic bound: 1 GiB + 64 times the " + payload
                + " compressed bytes); if the NEFF is genuine, raise the bound with --max-inflated-size\n", info.err());
        TpbProcess extract = TpbProcess.run(dir, "", List.of(), "neff", "extract", "bomb.neff", "-o", "x");
        long t2 = System.nanoTime();
        assertEquals(1, extract.code());
        assertFalse(Files.exists(dir.resolve("x")));
        try (var s = Files.list(dir)) {
            assertEquals(List.of("bomb.neff"), s.map(p -> p.getFileName().toString()).toList(), "nothing extracted, no staging left");
        }
        assertTrue((t1 - t0) / 1e9 < 120, "refused in " + (t1 - t0) / 1e9 + " s");
        System.out.printf("BigNeffTest: %d-byte NEFF inflating to 20 GiB: neff info refused in %.1f s, neff extract in %.1f s (bound %d bytes)%n",
                size, (t1 - t0) / 1e9, (t2 - t1) / 1e9, bound);
    }
}
