package tpb.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;

/**
 * The assembler at its edges, each stated exactly: the bytes a line gives (offsets from the arm's
 * YAML, cited) or the one error it gives (line, column, message). The boundaries are the ones a
 * flipped comparison would move: the register file's last register and the first past it, each
 * element type's least and greatest value and one beyond, a name's printable-ASCII range, a byte
 * field's width, the operand count, the error cap.
 */
class AssemblerEdgesTest {
    /** The register file, from the spec (isa_register_count), not written here. */
    private static final long REGISTERS = Arch.SUNDA.isaRegisterCount();

    private static byte[] asm(String text) {
        return new Assembler().assemble(text);
    }

    private static byte[] unvalidated(String text) {
        return new Assembler().assemble(text, Assembler.Options.NO_VALIDATION);
    }

    private static String error(String text) {
        return assertThrows(AsmException.class, () -> asm(text), text).describe("t.s");
    }

    private static String unvalidatedError(String text) {
        return assertThrows(AsmException.class, () -> unvalidated(text), text).describe("t.s");
    }

    private static String hex(byte[] b, int from, int to) {
        return HexFormat.of().formatHex(Arrays.copyOfRange(b, from, to));
    }

    /** RegisterMove (sp-register.yaml): src at +0x10, dst_lo at +0x18, both u8 with role reg. */
    /**
     * Two labels on a line and an index column without its byte offset each got a
     * cascade or a wrong guess ("unknown mnemonic 'L2:'", "unknown mnemonic '0'; did you mean 'ts'?");
     * each is now one line saying what the line should be.
     */
    @Test
    void twoLabelsOnALineAndABareIndexSayWhatALineHolds() {
        AsmException two = org.junit.jupiter.api.Assertions.assertThrows(AsmException.class, () -> new Assembler().assemble("L1: L2: exit"));
        org.junit.jupiter.api.Assertions.assertEquals("1:5: 'L2:' follows the label 'L1:' on one line: a line holds one label; put each on its own line",
                two.line() + ":" + two.column() + ": " + two.getMessage());
        AsmException index = org.junit.jupiter.api.Assertions.assertThrows(AsmException.class, () -> new Assembler().assemble("0 exit"));
        org.junit.jupiter.api.Assertions.assertEquals("1:1: the line starts with a number: a listing line starts with its index and its byte offset "
                + "('12  0x000300  nop'), an instruction with its mnemonic", index.line() + ":" + index.column() + ": " + index.getMessage());
        AsmException hex = org.junit.jupiter.api.Assertions.assertThrows(AsmException.class, () -> new Assembler().assemble("0x 0x000000 exit"));
        org.junit.jupiter.api.Assertions.assertEquals(index.getMessage(), hex.getMessage());
        // the listing's own columns still assemble, and a label on its own line still binds
        org.junit.jupiter.api.Assertions.assertEquals(64, new Assembler().assemble("   3  0x0000c0  exit").length);
        org.junit.jupiter.api.Assertions.assertEquals(64, new Assembler().assemble("L1:\nexit").length);
    }

    @Test
    void theRegisterFileEndsAtItsLastRegister() {
        long last = REGISTERS - 1;
        byte[] b = asm("mov r" + last + ", R5 valid_num=BITS32 dtype=INT32"); // 'R' as 'r'
        assertEquals(last, b[0x18]);
        assertEquals(5, b[0x10]);
        assertEquals(0, asm("mov r0, r0 valid_num=BITS32 dtype=INT32")[0x18], "r0 is in the file");
        String outside = ": r" + REGISTERS + " is outside the " + REGISTERS + "-register file (r0-r" + last
                + "; --no-validate assembles it anyway)";
        assertEquals("t.s:1:5: dst_lo" + outside, error("mov r" + REGISTERS + ", r2 valid_num=BITS32 dtype=INT32"));
        assertEquals("t.s:1:9: src" + outside, error("mov r1, r" + REGISTERS + " valid_num=BITS32 dtype=INT32"));
        // a register written as a plain number is the same register
        assertEquals("t.s:1:5: dst_lo" + outside, error("mov " + REGISTERS + ", r2 valid_num=BITS32 dtype=INT32"));
        assertEquals(last, asm("mov " + last + ", r2 valid_num=BITS32 dtype=INT32")[0x18]);
        // --no-validate writes it; the byte's own width still holds (u8: 0..255), the column is the digits' (after 'r')
        assertEquals(REGISTERS, unvalidated("mov r" + REGISTERS + ", r2")[0x18]);
        assertEquals("t.s:1:6: dst_lo: 256 does not fit u8", unvalidatedError("mov r256, r2"));
        assertEquals("t.s:1:5: dst_lo: -1 does not fit u8", unvalidatedError("mov -1, r2"));
        assertEquals("t.s:1:5: dst_lo takes a number, not 'r'", error("mov r, r2"));
        assertEquals("t.s:1:5: dst_lo takes a number, not 'x5'", error("mov x5, r2"));
    }

    /**
     * Each element type's range, at both ends and one beyond (two's complement: i16 is
     * -32768..32767, i32 -2^31..2^31-1, u16 0..65535, u32 0..2^32-1, u8 0..255; u64 takes every
     * 64-bit pattern). Little-endian bytes: -2^31 is 00 00 00 80, 2^31-1 is ff ff ff 7f.
     */
    @Test
    void everyElementTypeAtBothEnds() {
        // DmaDirect2d (datapath.yaml): src_step_elem i32[2] at +0x18, src_num_elem u16[2] at +0x20
        byte[] dma = asm("dma.2d src_step_elem=[-2147483648, 2147483647] src_num_elem=[65535, 0]");
        assertEquals("00000080ffffff7f", hex(dma, 0x18, 0x20));
        assertEquals("ffff0000", hex(dma, 0x20, 0x24));
        assertEquals("t.s:1:23: src_step_elem: -2147483649 does not fit i32", error("dma.2d src_step_elem=[-2147483649, 0]"));
        assertEquals("t.s:1:26: src_step_elem: 2147483648 does not fit i32", error("dma.2d src_step_elem=[0, 2147483648]"));
        assertEquals("t.s:1:22: src_num_elem: 65536 does not fit u16", error("dma.2d src_num_elem=[65536, 0]"));
        assertEquals("t.s:1:22: src_num_elem: -1 does not fit u16", error("dma.2d src_num_elem=[-1, 0]"));
        // TensorScalarArith (datapath.yaml): src_mem_pattern.step i16[3] at +0x14, the second bracket's steps
        byte[] ts = asm("ts [0x0; 0,0,0; 1,1,1], [0x0; -32768,32767,-1; 1,1,1]");
        assertEquals("0080ff7fffff", hex(ts, 0x14, 0x1A));
        assertEquals("t.s:1:31: src_mem_pattern.step: -32769 does not fit i16", error("ts [0x0; 0,0,0; 1,1,1], [0x0; -32769,0,0; 1,1,1]"));
        assertEquals("t.s:1:33: src_mem_pattern.step: 32768 does not fit i16", error("ts [0x0; 0,0,0; 1,1,1], [0x0; 0,32768,0; 1,1,1]"));
        // TensorStorePhysical (sp-tensor.yaml): var_id u32 at +0x10, var_offset u32 at +0x14
        byte[] t = unvalidated("tstore r1, 4294967295, 0");
        assertEquals("ffffffff00000000", hex(t, 0x10, 0x18));
        assertEquals("t.s:1:12: var_id: 4294967296 does not fit u32", unvalidatedError("tstore r1, 4294967296, 0"));
        assertEquals("t.s:1:15: var_offset: -1 does not fit u32", unvalidatedError("tstore r1, 0, -1"));
        // Drain (sp-control.yaml): count u8 at +0x28
        assertEquals((byte) 0xFF, asm("drain 255")[0x28]);
        assertEquals("t.s:1:7: count: 256 does not fit u8", error("drain 256"));
        assertEquals("t.s:1:7: count: -1 does not fit u8", error("drain -1"));
        // RegisterAlu (sp-register.yaml): immediate u64 at +0x18, every pattern, -1 the same as 16 f's
        String alu = "alu.add r1, r2, r3 dtype=INT32 src_datasrc=IMMEDIATE immediate="; // 63 characters: a value is at column 64
        assertEquals("ffffffffffffffff", hex(asm(alu + "0xFFFFFFFFFFFFFFFF"), 0x18, 0x20));
        assertEquals("ffffffffffffffff", hex(asm(alu + "-1"), 0x18, 0x20));
        assertEquals("f0ffffffffffffff", hex(asm(alu + "-0x10"), 0x18, 0x20)); // -16
        assertEquals("1f00000000000000", hex(asm(alu + "0X1F"), 0x18, 0x20)); // 31
        assertEquals("0500000000000000", hex(asm(alu + "0B101"), 0x18, 0x20)); // 5
        assertEquals("e803000000000000", hex(asm(alu + "1_000"), 0x18, 0x20)); // 1000 = 0x3e8
        assertEquals("t.s:1:64: immediate takes a number, not '-'", error(alu + "-"));
        assertEquals("t.s:1:64: immediate takes a number, not '0x'", error(alu + "0x"));
    }

    /**
     * Names are printable ASCII, 0x20 (space) to 0x7E ('~'), at most the field's characters less its
     * NUL (Call's function_name: 36 bytes at +0x0C, sp-call.yaml; the compiler copies at most 35).
     */
    @Test
    void namesArePrintableAsciiAndFitTheirField() {
        byte[] b = asm("call \" ~\"");
        assertEquals("207e00", hex(b, 0x0C, 0x0F));
        byte[] escaped = asm("call \"a\\\"b\\\\c\""); // the name a"b\c
        assertEquals("6122625c6300", hex(escaped, 0x0C, 0x12));
        String f35 = "f".repeat(35);
        assertEquals(f35, new String(asm("call \"" + f35 + "\""), 0x0C, 35, StandardCharsets.US_ASCII));
        String tooMuch = "t.s:1:6: function_name: at most 35 printable ASCII characters";
        for (String bad : List.of("a\u007Fb", "\u001F", "\u00E9", "tab\there")) {
            assertEquals(tooMuch, error("call \"" + bad + "\""), bad);
        }
        assertEquals("t.s:1:6: function_name takes a \"quoted\" name", error("call main"));
        assertEquals("t.s:1:6: unterminated string", error("call \"ab\\"));
    }

    /** BranchHint (sp-branch.yaml): payload, 52 opaque bytes at +0x0C, given as hex, with or without 0x. */
    @Test
    void byteFieldsTakeUpToTheirWidthInHex() {
        assertEquals("0102000000", hex(asm("brhint payload=0x0102"), 0x0C, 0x11));
        assertEquals("01000200", hex(asm("brhint payload=010002"), 0x0C, 0x10));
        assertEquals("11".repeat(52), hex(asm("brhint payload=" + "11".repeat(52)), 0x0C, 0x40));
        String width = "t.s:1:16: payload takes up to 52 hex bytes";
        assertEquals(width, error("brhint payload=" + "11".repeat(53)));
        assertEquals(width, error("brhint payload=012")); // half a byte
        assertEquals(width, error("brhint payload=zz"));
        assertEquals(width, error("brhint payload=0x01zz"));
    }

    @Test
    void mnemonicsOperandsAndFields() {
        assertEquals("t.s:1:1: unknown mnemonic 'alu.'", error("alu.")); // a prefix alone names no op
        assertEquals("t.s:1:1: unknown mnemonic 'EXIT'; did you mean 'exit'?", error("EXIT")); // mnemonics keep their case
        // a value's name ignores case: alu.ADD is alu.add. RegisterAlu (sp-register.yaml): op +0x0C
        // through AluOpWire (add 0x04), dtype +0x0D (INT32 8), src_datasrc +0x0E (REGISTER 0),
        // src0_lo +0x10 = 2, src1_lo +0x12 = 3, dst_lo +0x14 = 1 ("alu.{op} {dst_lo}, {src0_lo}, {src1_lo}")
        assertEquals("04080000" + "02000300" + "0100", hex(asm("alu.add r1, r2, r3 dtype=INT32"), 0x0C, 0x16));
        assertArrayEquals(asm("alu.add r1, r2, r3 dtype=INT32"), asm("alu.ADD r1, r2, r3 dtype=int32"));
        assertEquals("t.s:1:4: jmp takes 1 operand: target", error("jmp"));
        assertEquals("t.s:1:11: semreset takes 3 operands: clear_mode, range_first, range_last", error("semreset 1"));
        assertEquals("t.s:1:6: no field 'r1' in Exit", error("exit r1"));
        assertEquals("t.s:1:12: no field 'DTYPE' in RegisterMove; did you mean 'dtype'?", error("mov r1, r2 DTYPE=INT32"));
        // values match without case, and a hint names the value as the spec spells it
        assertEquals("t.s:1:18: 'int33' is not a value of DtypeWire; did you mean 'INT32'?", error("mov r1, r2 dtype=int33"));
        assertEquals("t.s:1:17: expected '=' after dtype", error("mov r1, r2 dtype"));
        assertEquals("t.s:1:18: a value for dtype", error("mov r1, r2 dtype="));
        // the opcode and constants are implied by the mnemonic; a field the syntax already gave is given twice
        assertEquals("t.s:1:12: field 'header.opcode' is fixed by the spec", error("mov r1, r2 header.opcode=1"));
        assertEquals("t.s:1:12: field 'header.inst_word_len' is fixed by the spec", error("mov r1, r2 header.inst_word_len=16"));
        assertEquals("t.s:1:12: field 'dst_lo' is given twice", error("mov r1, r2 dst_lo=r3"));
        assertEquals("t.s:1:20: field 'op' is given twice", error("alu.add r1, r2, r3 op=sub")); // alu.add set op
        assertEquals("t.s:1:1: unexpected '\"'", error("\"x\""));
        assertEquals("t.s:1:5: unexpected ']'", error("nop ] ; a stray bracket, then a comment"));
        // a listing's index and offset columns are skipped: the mnemonic is at column 19
        String unknown = Misspellings.unknownMnemonic();
        assertEquals("t.s:1:19: unknown mnemonic '" + unknown + "'", error("     0  0x000000  " + unknown));
        // exactly 64 bytes of hex, in as many words as wanted, written as given
        String bytes = "00112233445566778899aabbccddeeff".repeat(4);
        assertEquals(bytes, hex(asm(".raw " + bytes), 0, 64));
        assertEquals(bytes, hex(asm(".raw " + bytes.replaceAll("(..)", "$1 ")), 0, 64));
        // spaces around '=' are no part of the name or the value. RegisterMove: valid_num +0x0C
        // (BITS32 1), dtype +0x0D (INT32 8), src_mode +0x0E (REGISTER 0), src +0x10 = 2, dst_lo +0x18 = 1
        assertEquals("01080000" + "0200000000000000" + "01", hex(asm("mov r1, r2 valid_num = BITS32 dtype =INT32"), 0x0C, 0x19));
        assertArrayEquals(asm("mov r1, r2 valid_num=BITS32 dtype=INT32"), asm("mov r1, r2 valid_num = BITS32 dtype =INT32"));
        assertEquals("t.s:1:6: .raw takes exactly 64 hex bytes", error(".raw " + "0".repeat(126) + "zz"));
        assertEquals("t.s:1:6: .raw takes exactly 64 hex bytes", error(".raw " + "ab".repeat(65)));
    }

    /**
     * ';' and '#' start a comment, except inside a "string" (where \" is a quote, not its end) and
     * inside brackets (where ';' separates a group's fields). Call's function_name at +0x0C.
     */
    @Test
    void commentsStartOutsideStringsAndBrackets() {
        assertEquals("613b622363" + "00", hex(asm("call \"a;b#c\" ; the name is a;b#c"), 0x0C, 0x12));
        assertEquals("61223b62" + "00", hex(asm("call \"a\\\";b\""), 0x0C, 0x11)); // the name a";b
        assertEquals("5b3b" + "00", hex(asm("call \"[;\" ; a bracket in a string opens nothing"), 0x0C, 0x0F));
        assertEquals("5d" + "00", hex(asm("call \"]\" # nor does one close anything"), 0x0C, 0x0E));
        // after a list or a group the brackets are closed: the comment is one. Dma2d (datapath.yaml):
        // src_step_elem i32[2] at +0x18, little-endian: 64 = 40 00 00 00, -4 = fc ff ff ff. Copy: src
        // TENSOR4D at +0x0C and dst at +0x2C, each start.word u32, step i16[4] (+4), num u16[4] (+0xC)
        assertEquals("40000000fcffffff", hex(asm("dma.2d src_step_elem=[64, -4] ; steps # of the source"), 0x18, 0x20));
        String tensor = "00000000" + "0100000000000000" + "0100010001000100";
        byte[] copy = asm("copy [0; 1,0,0,0; 1,1,1,1], [0; 1,0,0,0; 1,1,1,1] ; two groups");
        assertEquals(tensor, hex(copy, 0x0C, 0x20));
        assertEquals(tensor, hex(copy, 0x2C, 0x40));
        assertArrayEquals(asm("dma.2d src_step_elem=[64, -4]"), asm("dma.2d src_step_elem=[64, -4] ; steps # of the source"));
        assertArrayEquals(asm("copy [0; 1,0,0,0; 1,1,1,1], [0; 1,0,0,0; 1,1,1,1]"),
                asm("copy [0; 1,0,0,0; 1,1,1,1], [0; 1,0,0,0; 1,1,1,1] ; two groups"));
    }

    /**
     * A group operand is {@code [start; steps; nums]} in spec order. Copy (datapath-dve.yaml): dst
     * TENSOR4D at +0x2C (start.word u32, step i16[4] at +0x30, num u16[4] at +0x38), src at +0x0C.
     */
    @Test
    void groupOperands() {
        byte[] b = asm("copy [0x100; 1,0,0,-1; 128,1,1,1], [0x2000800; 2,0,0,0; 64,1,1,1] in_dtype=FP32 out_dtype=FP32");
        assertEquals("00010000" + "01000000" + "0000ffff" + "8000010001000100", hex(b, 0x2C, 0x40));
        assertEquals("00080002" + "0200000000000000" + "4000010001000100", hex(b, 0x0C, 0x20));
        String shape = "dst_mem_pattern takes [start.word; step[4]; num[4]]";
        assertEquals("t.s:1:6: " + shape, error("copy [0x100; 1,0,0,0], [0; 1,0,0,0; 1,1,1,1]"));
        assertEquals("t.s:1:6: " + shape, error("copy 5, [0; 1,0,0,0; 1,1,1,1]"));
        assertEquals("t.s:1:6: " + shape, error("copy [5], [0; 1,0,0,0; 1,1,1,1]"));
        assertEquals("t.s:1:7: dst_mem_pattern.start.word takes one value", error("copy [1,2; 1,0,0,0; 1,1,1,1], [0; 1,0,0,0; 1,1,1,1]"));
        assertEquals("t.s:1:7: dst_mem_pattern.start.word takes one value", error("copy [; 1,0,0,0; 1,1,1,1], [0; 1,0,0,0; 1,1,1,1]"));
        assertEquals("t.s:1:13: dst_mem_pattern.step takes a list of 4 numbers, as [1, 2]",
                error("copy [0x100; 1,0,0; 1,1,1,1], [0; 1,0,0,0; 1,1,1,1]"));
        // an array field given one number is no list
        assertEquals("t.s:1:22: src_step_elem takes a list of 2 numbers, as [1, 2]", error("dma.2d src_step_elem=5"));
        assertEquals("t.s:1:22: src_step_elem takes a list of 2 numbers, as [1, 2]", error("dma.2d src_step_elem=[1]"));
        assertEquals("t.s:1:22: src_step_elem takes a list of 2 numbers, as [1, 2]", error("dma.2d src_step_elem=[1, 2, 3]"));
    }

    /**
     * A label is the index of the next record: lines with no instruction (blank, comment, a label
     * alone) are no records. UnconditionalBranch (sp-branch.yaml): target u64 at +0x30.
     */
    @Test
    void labelsNameTheNextRecord() {
        byte[] b = asm("nop\na:\n\n; nothing\nb: nop\njmp a target_mode=REL_IMM\njmp b target_mode=REL_IMM\nc:jmp c target_mode=REL_IMM\n");
        assertEquals(5 * 64, b.length); // nop, nop, jmp, jmp, jmp
        assertEquals(1, b[2 * 64 + 0x30]); // a: the nop on line 5, record 1
        assertEquals(1, b[3 * 64 + 0x30]); // b: the same record
        assertEquals(4, b[4 * 64 + 0x30]); // c: (no space after its colon) its own line, record 4
        assertEquals("t.s:1:1: '1abc' is not a label: a label is ASCII letters, digits, '_', '.' and '$', not starting with a digit "
                + "('1' at column 1)", error("1abc: nop"));
        assertEquals("t.s:1:3: 'ab-c' is not a label: a label is ASCII letters, digits, '_', '.' and '$', not starting with a digit "
                + "('-' at column 5)", error("  ab-c: nop"));
        assertEquals("t.s:1:1: 'abc-' is not a label: a label is ASCII letters, digits, '_', '.' and '$', not starting with a digit "
                + "('-' at column 4)", error("abc-: nop"));
        // the body starts at column 4, its operand at 8; 'a' is one edit from 'b'
        assertEquals("t.s:1:8: undefined label 'b'; did you mean 'a'?", error("a: jmp b target_mode=REL_IMM"));
    }

    private record Run(Assembler.Summary summary, List<String> errors, byte[] out) {}

    private static Run run(byte[] source, Assembler.Options options) throws IOException {
        List<String> errors = new ArrayList<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Assembler.Summary s = new Assembler().assemble(() -> new ByteArrayInputStream(source), out, options,
                e -> errors.add(e.describe("t.s")));
        return new Run(s, errors, out.toByteArray());
    }

    private static Run run(String source, long maxErrors) throws IOException {
        return run(source.getBytes(StandardCharsets.UTF_8), new Assembler.Options(true, maxErrors));
    }

    /**
     * Every error in line order, the first pass's (labels) and the second's (records) interleaved
     * — on one line the label's first — the first {@code maxErrors} reported, the rest counted.
     */
    @Test
    void errorsComeInLineOrderUpToTheCap() throws IOException {
        // an unknown word no mnemonic is near, and a typo nearest 'exit', both made from the spec's mnemonics
        String unknown = Misspellings.unknownMnemonic();
        String typo = Misspellings.typoOf("exit", "exti");
        String src = "1a: " + unknown + "\nnop\n2b: nop\n" + typo + "\n";
        String label1 = "t.s:1:1: '1a' is not a label: a label is ASCII letters, digits, '_', '.' and '$', not starting with a digit "
                + "('1' at column 1)";
        String label3 = "t.s:3:1: '2b' is not a label: a label is ASCII letters, digits, '_', '.' and '$', not starting with a digit "
                + "('2' at column 1)";
        List<String> all = List.of(label1, "t.s:1:5: unknown mnemonic '" + unknown + "'", label3,
                "t.s:4:1: unknown mnemonic '" + typo + "'; did you mean 'exit'?");
        Run every = run(src, Long.MAX_VALUE);
        assertEquals(all, every.errors());
        assertEquals(new Assembler.Summary(4, 4, 0), every.summary());
        assertFalse(every.summary().ok());
        Run two = run(src, 2);
        assertEquals(all.subList(0, 2), two.errors());
        assertEquals(new Assembler.Summary(4, 2, 2), two.summary());
        Run three = run(src, 3);
        assertEquals(all.subList(0, 3), three.errors());
        assertEquals(new Assembler.Summary(4, 3, 1), three.summary());
        // the first pass's errors alone past the cap: counted, not lost
        Run labels = run("1a: nop\n2b: nop\n3c: nop\n", 2);
        assertEquals(2, labels.errors().size());
        assertEquals(new Assembler.Summary(3, 2, 1), labels.summary());
        Run clean = run("exit\n", 1);
        assertEquals(new Assembler.Summary(1, 0, 0), clean.summary());
        assertTrue(clean.summary().ok());
        assertEquals(64, clean.out().length);
        assertFalse(new Assembler.Summary(0, 0, 1).ok(), "an error counted but not shown is still an error");
        assertFalse(new Assembler.Summary(0, 1, 0).ok());
    }

    /**
     * A line that cannot be read (not UTF-8) ends the assembly: the first pass's errors before it
     * are reported, then it, and no record is counted. Line 3 starts at byte 13 ("1a: nop\n" is 8
     * bytes, "exit\n" 5), so its 0xFF is byte 13.
     */
    @Test
    void anUnreadableLineEndsTheAssembly() throws IOException {
        byte[] src = "1a: nop\nexit\n\u0000\n".getBytes(StandardCharsets.UTF_8);
        src[13] = (byte) 0xFF;
        Run r = run(src, Assembler.Options.DEFAULTS);
        assertEquals(List.of("t.s:1:1: '1a' is not a label: a label is ASCII letters, digits, '_', '.' and '$', not starting with a digit "
                + "('1' at column 1)", "t.s:3:1: not UTF-8: byte 13 starts no UTF-8 character (save the file as UTF-8)"), r.errors());
        assertEquals(new Assembler.Summary(0, 2, 0), r.summary());
        assertEquals(0, r.out().length);
    }

    /** --no-validate leaves out the validator's verdict and the register-file check, not the syntax. */
    @Test
    void noValidationKeepsTheSyntaxChecks() throws IOException {
        Run r = run("jmp 0\nmov r99, r0\n".getBytes(StandardCharsets.UTF_8), Assembler.Options.NO_VALIDATION);
        assertEquals(List.of(), r.errors());
        assertEquals(new Assembler.Summary(2, 0, 0), r.summary());
        assertEquals(99, r.out()[64 + 0x18]);
        Run v = run("jmp 0\nmov r99, r0 valid_num=BITS32 dtype=INT32\n".getBytes(StandardCharsets.UTF_8), Assembler.Options.DEFAULTS);
        assertEquals(List.of("t.s:1:1: target_mode: 0 is not a value of BrTargetMode (enum rule; --no-validate assembles it anyway)",
                "t.s:2:5: dst_lo: r99 is outside the " + REGISTERS + "-register file (r0-r" + (REGISTERS - 1)
                        + "; --no-validate assembles it anyway)"), v.errors());
        assertEquals("t.s:1:7: mov takes 2 operands: dst_lo, src", unvalidatedError("mov r1")); // at the end of the line
    }
}
