package tpb.data;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Any bytes given as a .npy — an input a user names, or a file inside an untrusted NEFF — end in an array, a
 * header, or one {@link NpyException}, never another exception, through both readers. The generator reaches the
 * prelude's edges: the magic whole or one byte off, versions 1.0, 2.0 and others, each length byte 0,
 * 1, 0x7F, 0x80 or 0xFF (so u16 and u32 lengths of 0, the file's size, one either side, 2^31 and 2^32 - 1), files
 * of 0 to 12 bytes (inside the prelude), and dict texts cut anywhere, with and without their keys.
 */
class NpyFuzzTest {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final String[] DICTS = {
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
        "{'descr': '|u1', 'fortran_order': False, 'shape': (), }",
        "{'descr': '<f2', 'fortran_order': True, 'shape': (1,), }",
        "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }",
        "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999, 2), }",
        "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }",
        "{'shape': (1,), }",
        "",
    };

    @Provide
    Arbitrary<byte[]> files() {
        Arbitrary<Integer> lengthByte = Arbitraries.of(0, 1, 0x7F, 0x80, 0xFF);
        Arbitrary<byte[]> lengths = lengthByte.list().ofSize(4).map(l -> new byte[] {l.get(0).byteValue(), l.get(1).byteValue(),
                l.get(2).byteValue(), l.get(3).byteValue()});
        Arbitrary<Integer> major = Arbitraries.of(1, 2, 0, 3);
        Arbitrary<String> dict = Arbitraries.of(DICTS);
        Arbitrary<Integer> cut = Arbitraries.integers().between(0, 160);
        Arbitrary<Integer> damage = Arbitraries.integers().between(-1, 5);
        return Combinators.combine(major, lengths, dict, cut, damage, Arbitraries.of(true, false)).as((m, len, d, c, dmg, exact) -> {
            byte[] text = (d + " ".repeat(20) + "\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            int pre = m == 2 ? 12 : 10;
            byte[] b = new byte[pre + text.length + 24];
            System.arraycopy(MAGIC, 0, b, 0, 6);
            b[6] = (byte) (int) m;
            System.arraycopy(len, 0, b, 8, m == 2 ? 4 : 2);
            if (exact) { // the length that fits the text, so the dict is read
                b[8] = (byte) text.length;
                b[9] = (byte) (text.length >>> 8);
                if (m == 2) {
                    b[10] = 0;
                    b[11] = 0;
                }
            }
            System.arraycopy(text, 0, b, pre, text.length);
            if (dmg >= 0) {
                b[dmg] ^= 1; // the magic one byte off
            }
            return Arrays.copyOf(b, Math.min(b.length, c < 13 ? c : pre + c));
        });
    }

    @Property(tries = 3000)
    void anyBytesAreAnArrayAHeaderOrOneNpyException(@ForAll("files") byte[] file) throws IOException {
        try {
            Npy.parse(file);
        } catch (NpyException e) {
            assertOneLine(e);
        }
        Path p = Files.createTempFile("fuzz", ".npy");
        try (FileChannel ch = FileChannel.open(p.toAbsolutePath(), java.nio.file.StandardOpenOption.WRITE,
                java.nio.file.StandardOpenOption.READ)) {
            ch.write(java.nio.ByteBuffer.wrap(file));
            Npy.header(ch);
        } catch (NpyException e) {
            assertOneLine(e);
        } finally {
            Files.delete(p);
        }
    }

    private static void assertOneLine(NpyException e) {
        assertFalse(e.getMessage().isEmpty() || e.getMessage().contains("\n"), e.getMessage());
    }
}
