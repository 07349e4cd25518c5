package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.isa.Arm;

/**
 * Memory does not grow with the stream: {@code validate} and {@code disasm} of a 1 GiB
 * stream in a child JVM with a 256 MiB heap (four times less than the input; the old whole-file
 * load needed 46 times the input for validate). The file is made on the fly and deleted with the
 * temporary directory. Tagged {@code big}: {@code ./mvnw test -DexcludedGroups=big} skips it,
 * {@code ./mvnw verify} runs it. The child's wall time is printed, not asserted.
 */
@Tag("big")
class BigStreamTest {
    static final long RECORDS = (1L << 30) / 64;

    @Test
    void aGibibyteUnderA256MibHeap(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.bin");
        Random random = new Random(11);
        Arm[] arms = Arm.values();
        byte[] block = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(big)) {
            for (int k = 0; k < 1024; k++) {
                random.nextBytes(block);
                for (int i = 0; i < block.length; i += 3 * 64) {
                    // a third of the records get a live opcode and a sane header, so typed decoding runs too
                    block[i] = (byte) arms[random.nextInt(arms.length - 1)].opcode();
                    block[i + 1] = 0x10;
                }
                out.write(block);
            }
        }
        assertEquals(RECORDS * 64, Files.size(big));
        List<String> heap = List.of("-Xmx256m");

        long t0 = System.nanoTime();
        TpbProcess v = TpbProcess.run(dir, "", heap, "validate", "big.bin", "--max-errors", "3");
        long t1 = System.nanoTime();
        assertEquals(1, v.code(), v.err());
        List<String> lines = v.err().lines().toList();
        assertEquals(4, lines.size(), v.err());
        assertTrue(lines.get(3).matches("tpb: big\\.bin: \\d+ violation\\(s\\) in " + RECORDS + " records; \\d+ not shown \\(--max-errors 3\\)"),
                lines.get(3));

        TpbProcess piped = TpbProcess.run(dir, "cat big.bin |", heap, "validate", "-", "--max-errors", "3");
        long t2 = System.nanoTime();
        assertEquals(v.err().replace("big.bin", "-"), piped.err(), "stdin streams too");

        TpbProcess d = TpbProcess.run(dir, "", heap, "disasm", "big.bin", "-o", "/dev/null");
        long t3 = System.nanoTime();
        assertEquals(0, d.code(), d.err());
        assertEquals("", d.err());
        System.out.printf("BigStreamTest: 1 GiB, -Xmx256m: validate %.1f s, validate from a pipe %.1f s, disasm %.1f s%n",
                (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9);
    }
}
