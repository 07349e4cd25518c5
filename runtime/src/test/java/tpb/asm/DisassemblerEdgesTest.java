package tpb.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.stream.RecordStream;

/**
 * The disassembler's text, stated exactly: numbers (decimal when signed or below 0x10000, else
 * hex), labels only for targets inside the stream, names with their escapes, byte fields without
 * their trailing zeros, arrays and group operands; and each text assembling back to its bytes.
 */
class DisassemblerEdgesTest {
    private static byte[] unvalidated(String text) {
        return new Assembler().assemble(text, Assembler.Options.NO_VALIDATION);
    }

    /** The text of the first record of {@code text}, labels for targets below {@code records}. */
    private static String text(String source, int records) {
        return Disassembler.text(unvalidated(source), 0, records);
    }

    /** {@code source}'s one record printed, and that text assembled back to the same bytes. */
    private static String roundTrip(String source) {
        byte[] b = unvalidated(source);
        String t = Disassembler.text(b, 0, 1);
        assertArrayEquals(b, unvalidated(t), t);
        return t;
    }

    @Test
    void numbersAreDecimalWhenSignedOrBelow0x10000() {
        // TensorStorePhysical (sp-tensor.yaml): var_id, var_offset u32; step_elem0/1 i32
        assertEquals("tstore r1, 65535, 0x10000 step_elem0=-5 step_elem1=-2147483648",
                roundTrip("tstore r1, 0xffff, 65536 step_elem0=-5 step_elem1=-2147483648"));
        assertEquals("tstore r63, 0, 0xffffffff step_elem1=2147483647", roundTrip("tstore r63, 0, 4294967295 step_elem1=2147483647"));
        // UnconditionalBranch's target is u64: all ones is no record index and no negative number
        assertEquals("jmp 0xffffffffffffffff target_mode=REL_IMM", roundTrip("jmp -1 target_mode=REL_IMM"));
    }

    @Test
    void targetsInsideTheStreamAreLabels() {
        assertEquals("jmp L1 target_mode=REL_IMM", text("jmp 1 target_mode=REL_IMM", 2));
        assertEquals("jmp 2 target_mode=REL_IMM", text("jmp 2 target_mode=REL_IMM", 2)); // one past the last record
        assertEquals("jmp 0 target_mode=REL_IMM", text("jmp 0 target_mode=REL_IMM", 0));
        assertEquals("jmp L0 target_mode=REL_IMM", text("jmp 0 target_mode=REL_IMM", 1));
        assertEquals(List.of("     0  0x000000  jmp 2 target_mode=REL_IMM", "     1  0x000040  exit"),
                Disassembler.listing(RecordStream.of(unvalidated("jmp 2 target_mode=REL_IMM\nexit")), false));
        assertEquals(List.of("     0  0x000000  jmp L1 target_mode=REL_IMM", "L1:", "     1  0x000040  exit"),
                Disassembler.listing(RecordStream.of(unvalidated("jmp 1 target_mode=REL_IMM\nexit")), false));
        assertEquals(List.of("     0  0x000000  jmp 0xffffffffffffffff target_mode=REL_IMM"),
                Disassembler.listing(RecordStream.of(unvalidated("jmp -1 target_mode=REL_IMM")), false));
        assertEquals(List.of("L0:", "     0  0x000000  jmp L0 target_mode=REL_IMM"),
                Disassembler.listing(RecordStream.of(unvalidated("jmp 0 target_mode=REL_IMM")), false)); // record 0 is in the stream
        assertEquals(List.of(), Disassembler.listing(RecordStream.of(new byte[0]), true));
    }

    /**
     * A chunk's label bits are cleared when the bit set is used again three chunks on: with four
     * chunks, a label at record 9 of chunk 0 must not reappear at record 9 of chunk 3. The stream
     * is nops (NoOp, opcode 0xA4, sp-control.yaml) with one jmp at record 5 to record 9.
     */
    @Test
    void aChunksLabelsDoNotReappearThreeChunksOn() throws java.io.IOException {
        int c = Disassembler.CHUNK;
        byte[] nop = unvalidated("nop");
        byte[] jmp = unvalidated("jmp 9 target_mode=REL_IMM");
        int n = 3 * c + 10;
        byte[] stream = new byte[n * RecordStream.STRIDE];
        for (int i = 0; i < n; i++) {
            System.arraycopy(i == 5 ? jmp : nop, 0, stream, RecordStream.offsetOf(i), RecordStream.RECORD_SIZE);
        }
        StringBuilder out = new StringBuilder();
        Disassembler.listing(new java.io.ByteArrayInputStream(stream), false, out);
        List<String> labels = out.toString().lines().filter(l -> l.startsWith("L")).toList();
        assertEquals(List.of("L9:"), labels);
    }

    @Test
    void theHexColumn() {
        // Exit (sp-control.yaml): opcode 0xDF, inst_word_len 0x10, pseudo_opcode 1 at +0x0C
        assertEquals(List.of("     0  0x000000  exit  ; df 10 00 00 00 00 00 00 00 00 00 00 01" + " 00".repeat(51)),
                Disassembler.listing(RecordStream.of(unvalidated("exit")), true));
    }

    @Test
    void namesAndBytes() {
        assertEquals("call \"a\\\"b\\\\c\"", roundTrip("call \"a\\\"b\\\\c\"")); // a"b\c: the quote and backslash escaped
        assertEquals("call \"\"", roundTrip("call \"\""));
        // BranchHint (sp-branch.yaml): payload, 52 bytes at +0x0C, printed up to its last non-zero byte
        assertEquals("brhint payload=0102", roundTrip("brhint payload=0x0102"));
        assertEquals("brhint payload=010002", roundTrip("brhint payload=010002"));
        assertEquals("brhint payload=01", roundTrip("brhint payload=0x0100"));
        assertEquals("brhint payload=" + "00".repeat(51) + "ff", roundTrip("brhint payload=" + "00".repeat(51) + "ff"));
        assertEquals("brhint", roundTrip("brhint"));
    }

    @Test
    void arraysAndGroups() {
        // an array prints whole when any element is non-zero, the first or the last; dma.2d's patterns are bracket operands: [address; entry; var_hi; mode; steps; nums; element size], the destination
        // first; a line may leave them out and name the fields instead
        String zero = "[0x0; 0x0; 0x0; 0x0; 0,0; 0,0; 0x0]";
        assertEquals("dma.2d " + zero + ", [0x0; 0x0; 0x0; 0x0; 64,-4; 0,0; 0x0]", roundTrip("dma.2d src_step_elem=[64, -4]"));
        assertEquals("dma.2d " + zero + ", [0x0; 0x0; 0x0; 0x0; 0,0; 5,0; 0x0]", roundTrip("dma.2d src_num_elem=[5, 0]"));
        assertEquals("dma.2d " + zero + ", [0x0; 0x0; 0x0; 0x0; 0,0; 0,5; 0x0]", roundTrip("dma.2d src_num_elem=[0, 5]"));
        // a group operand: unsigned start in hex, a signed one (Iota's src_data_pattern.base, i32) in decimal
        assertEquals("iota [0x100; 1,0,0,0; 1,1,1,1], [-3; 1,0,0,-1; 1,1,1,1]", roundTrip("iota [256; 1,0,0,0; 1,1,1,1], [-3; 1,0,0,-1; 1,1,1,1]"));
        // the group's fields are the operand, not named fields; the other fields follow by name
        assertEquals("copy [0x0; 0,0,0,0; 0,0,0,0], [0x2000800; 1,0,0,0; 128,1,1,1] in_dtype=FP32 out_dtype=FP32",
                roundTrip("copy [0; 0,0,0,0; 0,0,0,0], [0x2000800; 1,0,0,0; 128,1,1,1] in_dtype=FP32 out_dtype=FP32"));
    }

    /**
     * The spec's own example bytes, RegisterAlu is_lt_events (sp-register.yaml): is_lt is wire
     * 0x16 at +0x0C, UINT32 (9) at +0x0D, src0 1 at +0x10, src1 2 at +0x12, dst 0 at +0x14; the
     * events wait (mode SEM_GE_IMM 5, index 9, value 2) at +0x04, +0x05, +0x08. The op is the
     * mnemonic's suffix, the three registers the operands; header and event fields come first, as
     * laid out.
     */
    @Test
    void theSpecsExampleRecordReadsAsItsFields() {
        byte[] b = new byte[RecordStream.RECORD_SIZE];
        byte[] given = HexFormat.ofDelimiter(" ").parseHex("a8 10 00 00 05 09 00 00 02 00 00 00 16 09 00 00 01 00 02");
        System.arraycopy(given, 0, b, 0, given.length);
        String t = Disassembler.text(b, 0, 1);
        assertEquals("alu.is_lt $S[9]>=2 r0, r1, r2 dtype=UINT32", t);
        assertArrayEquals(b, new Assembler().assemble(t));
    }
}
