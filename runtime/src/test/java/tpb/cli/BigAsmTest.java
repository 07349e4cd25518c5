package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.asm.Assembler;
import tpb.isa.CompareAndBranchRecord;
import tpb.isa.ExitRecord;

/**
 * The assembler's memory does not grow with its source: a 128 MiB source assembles in
 * a child JVM with a 32 MiB heap, a quarter of the input (the old whole-file load held the text,
 * its lines and the output at once). Every block's branch is a forward reference to the next
 * label, one label every 256 blocks (the label table is the part that grows: about 100 bytes a
 * label, README "Limits"). Made on the fly, deleted with the temporary directory; tagged
 * {@code big} as {@link BigStreamTest} is. The child's wall time is printed, not asserted.
 */
@Tag("big")
class BigAsmTest {
    static final String BLOCK = """
                 alu.add r3, r3, r0 dtype=INT32 src_datasrc=IMMEDIATE immediate=1
                 br.IS_LTIMM r3, L%d cmp_immediate=10 dtype=INT32 target_mode=REL_IMM
                 mov r3, r0 valid_num=BITS32 dtype=INT32 src_mode=IMMEDIATE
                 nop
            """;
    static final int BLOCKS_A_LABEL = 256;

    @Test
    void a128MibSourceUnderA32MibHeap(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("big.s");
        long blocks = 0;
        try (BufferedWriter w = Files.newBufferedWriter(src, StandardCharsets.UTF_8)) {
            while (Files.size(src) < 128L << 20) {
                for (int i = 0; i < 10 * BLOCKS_A_LABEL; i++, blocks++) {
                    if (blocks % BLOCKS_A_LABEL == 0) {
                        w.write("L" + blocks / BLOCKS_A_LABEL + ":\n");
                    }
                    w.write(String.format(BLOCK, blocks / BLOCKS_A_LABEL + 1));
                }
                w.flush();
            }
            w.write("L" + blocks / BLOCKS_A_LABEL + ": exit\n");
        }
        long records = 4 * blocks + 1;
        long t0 = System.nanoTime();
        TpbProcess p = TpbProcess.run(dir, "", List.of("-Xmx32m"), "asm", "big.s", "-o", "big.bin");
        long t1 = System.nanoTime();
        assertEquals(0, p.code(), p.err());
        assertEquals("", p.err());
        assertEquals(records * 64, Files.size(dir.resolve("big.bin")));
        assertTrue(Files.size(src) >= 4 * (32L << 20), "the source is four times the heap");
        byte[] head = new byte[4 * 64];
        byte[] tail = new byte[5 * 64];
        try (InputStream in = Files.newInputStream(dir.resolve("big.bin"))) {
            in.readNBytes(head, 0, head.length);
            in.skipNBytes((records - 4 - 5) * 64);
            in.readNBytes(tail, 0, tail.length);
        }
        // the first block is what the in-process assembler makes of it, but for the branch target:
        // label 1 stands before block 256, record 4 x 256
        byte[] first = new Assembler().assemble(String.format(BLOCK, 1) + "L1: nop\n");
        assertEquals(4L * BLOCKS_A_LABEL, CompareAndBranchRecord.decode(head, 64).target());
        assertArrayEquals(Arrays.copyOfRange(first, 0, 64), Arrays.copyOfRange(head, 0, 64));
        assertArrayEquals(Arrays.copyOfRange(first, 128, 256), Arrays.copyOfRange(head, 128, 256));
        // the last block's branch goes forward to the last label, the exit after it: record 4 x blocks
        assertEquals(4 * blocks, CompareAndBranchRecord.decode(tail, 64).target());
        assertArrayEquals(ExitRecord.builder().build().toBytes(), Arrays.copyOfRange(tail, 4 * 64, 5 * 64));
        System.out.printf("BigAsmTest: %d MiB source, %d records, -Xmx32m: asm %.1f s%n", Files.size(src) >> 20, records, (t1 - t0) / 1e9);
    }
}
