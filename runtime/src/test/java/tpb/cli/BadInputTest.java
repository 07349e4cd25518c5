package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inputs that once ended in a trace or a wrong sentence: one line on stderr, exit 1. */
class BadInputTest {
    @Test
    void theVmsOwnFailuresAreOneLine() {
        StringWriter err = new StringWriter();
        int code = Tpb.guarded(() -> deep(0), new PrintWriter(err, true));
        assertEquals(1, code);
        assertTrue(err.toString().startsWith("tpb: the input is nested too deeply for the stack (in tpb.cli.BadInputTest.deep); "),
                err.toString());
        assertEquals(1, err.toString().lines().count());
        StringWriter oom = new StringWriter();
        assertEquals(1, Tpb.guarded(() -> {
            throw new OutOfMemoryError("Java heap space");
        }, new PrintWriter(oom, true)));
        assertTrue(oom.toString().startsWith("tpb: out of memory (Java heap space) with a "), oom.toString());
        assertEquals(1, oom.toString().lines().count());
    }

    private static int deep(int n) {
        return deep(n + 1) + 1;
    }

    /** Was "unexpected error: java.lang.IndexOutOfBoundsException": the empty file had no diagnostic of its own. */
    @Test
    void diffOfAnEmptySpecNamesTheEmptyFile(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.yaml"), "# nothing here\n");
        CliRun r = CliRun.of("diff", empty.toString(), "builtin");
        assertEquals(1, r.code());
        assertEquals("tpb: " + empty + ": the spec has 1 error(s); first: " + empty + ":1:1: the file holds no YAML document "
                + "(it is empty or only comments) (run tpb check-spec " + empty + ")\n", r.err());
        CliRun check = CliRun.of("check-spec", empty.toString());
        assertEquals(1, check.code());
        assertEquals(empty + ":1:1: the file holds no YAML document (it is empty or only comments)\ntpb: " + empty + ": 1 error(s)\n", check.err());
    }

    /** Was "63 trailing bytes after record -1". */
    @Test
    void lessThanOneRecord(@TempDir Path dir) throws Exception {
        Path short63 = Files.write(dir.resolve("short.bin"), new byte[63]);
        CliRun r = CliRun.of("disasm", short63.toString());
        assertEquals(1, r.code());
        assertEquals("tpb: " + short63 + ": stream length 63 is not a multiple of 64: 63 bytes, less than one record\n", r.err());
        assertEquals("", r.out());
    }

    /** Was "record 0 ... no EXIT record ... in 0 records" on stdout without the prefix. */
    @Test
    void anEmptyStreamIsSaidToBeEmpty(@TempDir Path dir) throws Exception {
        Path empty = Files.write(dir.resolve("empty.bin"), new byte[0]);
        CliRun r = CliRun.of("validate", empty.toString());
        assertEquals(1, r.code());
        assertEquals("tpb: " + empty + ": the stream is empty: no records\n", r.err());
        assertEquals("", r.out());
        assertEquals("", CliRun.of("disasm", empty.toString()).out(), "an empty listing is no error");
    }

    /** Every one of 100 bad records has two violations at least; the cap prints 5 and counts the rest. */
    @Test
    void maxErrorsCountsWhatItHoldsBack(@TempDir Path dir) throws Exception {
        byte[] b = new byte[100 * 64];
        for (int i = 0; i < 100; i++) {
            b[i * 64] = (byte) 0xA8; // RegisterAlu with inst_word_len 0 (must be 0x10) and op wire 0x17 (no AluOpWire value)
            b[i * 64 + 0x0C] = 0x17;
        }
        Path bin = Files.write(dir.resolve("bad.bin"), b);
        CliRun all = CliRun.of("validate", bin.toString(), "--max-errors", "0");
        long total = all.err().lines().filter(l -> l.startsWith("record ")).count();
        assertTrue(total >= 200, all.err());
        CliRun capped = CliRun.of("validate", bin.toString(), "--max-errors", "5");
        assertEquals(1, capped.code());
        assertEquals(6, capped.err().lines().count(), capped.err());
        assertEquals(all.err().lines().limit(5).toList(), capped.err().lines().limit(5).toList());
        assertEquals("tpb: " + bin + ": " + total + " violation(s) in 100 records; " + (total - 5) + " not shown (--max-errors 5)",
                capped.err().lines().toList().get(5));
        CliRun json = CliRun.of("validate", bin.toString(), "--max-errors", "5", "--json");
        assertTrue(json.out().contains("\"suppressed\": " + (total - 5)), json.out());
        assertEquals(2, CliRun.of("validate", bin.toString(), "--max-errors", "-1").code());
    }

    /** Trailing bytes after whole records: the records are listed, then the one line; -o writes nothing. */
    @Test
    void trailingBytesAfterWholeRecords(@TempDir Path dir) throws Exception {
        Path bin = StreamCommandsTest.assemble(dir, "two", "exit\nexit\n");
        byte[] b = Files.readAllBytes(bin);
        Path odd = Files.write(dir.resolve("odd.bin"), Arrays.copyOf(b, b.length + 3));
        CliRun r = CliRun.of("disasm", odd.toString());
        assertEquals(1, r.code());
        assertEquals("     0  0x000000  exit\n     1  0x000040  exit\n", r.out());
        assertEquals("tpb: " + odd + ": stream length 131 is not a multiple of 64: 3 trailing bytes after record 1\n", r.err());
        CliRun toFile = CliRun.of("disasm", odd.toString(), "-o", dir.resolve("x.s").toString());
        assertEquals(1, toFile.code());
        assertTrue(Files.notExists(dir.resolve("x.s")));
        CliRun v = CliRun.of("validate", odd.toString());
        assertEquals("tpb: " + odd + ": stream length 131 is not a multiple of 64: 3 trailing bytes after record 1\n", v.err());
        assertArrayEquals(b, Files.readAllBytes(bin));
    }
}
