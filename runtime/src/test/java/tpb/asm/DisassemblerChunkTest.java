package tpb.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The listing is made a chunk at a time ({@link Disassembler#CHUNK} records): a branch target in the
 * branch's own or a neighbouring chunk prints as a label, a farther one as its record number, and
 * either way the listing assembles back to the same bytes; the input may arrive a byte at a time.
 */
class DisassemblerChunkTest {
    static final int C = Disassembler.CHUNK;

    /** Three chunks of nops with four jumps: near (same chunk), across one boundary both ways, and two chunks away. */
    @Test
    void labelsForNeighbouringChunksNumbersBeyond() throws IOException {
        StringBuilder src = new StringBuilder();
        for (int i = 0; i < 3 * C; i++) {
            String line = switch (i) {
                case 5 -> "jmp 9 target_mode=REL_IMM";                    // same chunk: label L9
                case 10 -> "jmp " + (C + 3) + " target_mode=REL_IMM";      // next chunk: label
                case 2 * C + 1 -> "jmp " + (C + 7) + " target_mode=REL_IMM"; // previous chunk: label
                case 2 * C + 2 -> "jmp 4 target_mode=REL_IMM";            // two chunks back: a number
                default -> "nop";
            };
            src.append(line).append('\n');
        }
        byte[] bytes = new Assembler().assemble(src.toString());
        StringBuilder out = new StringBuilder();
        Disassembler.listing(new ByteArrayInputStream(bytes), false, out);
        List<String> lines = out.toString().lines().toList();
        assertTrue(lines.contains("     5  0x000140  jmp L9 target_mode=REL_IMM"), lines.subList(0, 12).toString());
        assertTrue(lines.contains("L9:"));
        assertTrue(lines.contains("    10  0x000280  jmp L" + (C + 3) + " target_mode=REL_IMM"));
        assertTrue(lines.contains("L" + (C + 3) + ":"));
        assertTrue(lines.contains(String.format("%6d  0x%06x  jmp L%d target_mode=REL_IMM", 2 * C + 1, (2 * C + 1) * 64, C + 7)));
        assertTrue(lines.contains("L" + (C + 7) + ":"));
        assertTrue(lines.contains(String.format("%6d  0x%06x  jmp 4 target_mode=REL_IMM", 2 * C + 2, (2 * C + 2) * 64)));
        assertTrue(!lines.contains("L4:"), "no label for a target only a far branch names");
        assertEquals(3 * C + 3, lines.size(), "one line a record and three labels");
        assertArrayEquals(bytes, new Assembler().assemble(out.toString()));
        StringBuilder trickled = new StringBuilder();
        Disassembler.listing(new Trickle(bytes), false, trickled);
        assertEquals(out.toString(), trickled.toString(), "a pipe that delivers a few bytes at a time lists the same");
    }

    /** An input that hands out at most 7 bytes a read, as a slow pipe does. */
    static final class Trickle extends InputStream {
        private final byte[] b;
        private int at;

        Trickle(byte[] b) {
            this.b = b;
        }

        @Override
        public int read() {
            return at < b.length ? b[at++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] into, int off, int len) {
            if (at >= b.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, 7), b.length - at);
            System.arraycopy(b, at, into, off, n);
            at += n;
            return n;
        }
    }
}
