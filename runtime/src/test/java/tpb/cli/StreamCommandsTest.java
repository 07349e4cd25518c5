package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.asm.Misspellings;
import tpb.isa.RegisterAluRecord;

/** asm, disasm and validate through the CLI: exact output, exit codes, nothing written on failure. */
class StreamCommandsTest {
    static final String PROGRAM = """
            ; count r3 up to 10
                    mov r3, r0 valid_num=BITS32 dtype=INT32 src_mode=IMMEDIATE
            loop:   alu.add r3, r3, r0 dtype=INT32 src_datasrc=IMMEDIATE immediate=1
                    br.IS_LTIMM r3, loop cmp_immediate=10 dtype=INT32 target_mode=REL_IMM
                    exit
            """;

    @Test
    void assembleDisassembleValidate(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("loop.s");
        Files.writeString(src, PROGRAM);
        Path bin = dir.resolve("loop.bin");
        CliRun asm = CliRun.of("asm", src.toString(), "-o", bin.toString());
        assertEquals(0, asm.code(), asm.err());
        assertEquals(256, Files.size(bin));
        CliRun dis = CliRun.of("disasm", bin.toString());
        assertEquals(0, dis.code(), dis.err());
        assertEquals("""
                     0  0x000000  mov r3, r0 valid_num=BITS32 dtype=INT32 src_mode=IMMEDIATE
                L1:
                     1  0x000040  alu.add r3, r3, r0 dtype=INT32 src_datasrc=IMMEDIATE immediate=1
                     2  0x000080  br.IS_LTIMM r3, L1 dtype=INT32 target_mode=REL_IMM cmp_immediate=10
                     3  0x0000c0  exit
                """, dis.out());
        Path again = dir.resolve("again.s");
        Files.writeString(again, dis.out());
        Path bin2 = dir.resolve("again.bin");
        assertEquals(0, CliRun.of("asm", again.toString(), "-o", bin2.toString()).code());
        assertArrayEquals(Files.readAllBytes(bin), Files.readAllBytes(bin2));
        CliRun val = CliRun.of("validate", bin.toString(), "--arch", "trn2");
        assertEquals(0, val.code(), val.out());
        assertEquals(bin + ": 4 records, valid on CAYMAN\n", val.out());
        CliRun hex = CliRun.of("disasm", "--hex", bin.toString());
        assertTrue(hex.out().contains("     3  0x0000c0  exit  ; df 10 00 00 00 00 00 00 00 00 00 00 01 00"), hex.out());
    }

    /**
     * The spec's feature rule over a stream, in record order: a rearm needs an earlier switch with
     * no_rearm (facts §3.10), and clears the feature again (seed000 §4.4: it asserts it, then clears it).
     */
    @Test
    void aRecordNeedingAModuleFeatureNeedsItsSetter(@TempDir Path dir) throws Exception {
        Path bin = assemble(dir, "lone", "dma.rearm \"q1\"\nexit\n");
        CliRun bad = CliRun.of("validate", bin.toString());
        assertEquals(1, bad.code());
        assertEquals("record 0 (+0x00) stream: feature: ResetQueueInstance needs the module feature neff_feature_SQI_no_rearm "
                + "(else assertion 1106), which no earlier SwitchQueueInstance with no_rearm set provides\n"
                + "tpb: " + bin + ": 1 violation(s) in 2 records\n", bad.err());
        Path ok = assemble(dir, "paired", "dma.switch \"q1\" no_rearm=1\ndma.rearm \"q1\"\nexit\n");
        assertEquals(ok + ": 3 records, valid with each arm's own layout (no --arch)\n", CliRun.of("validate", ok.toString()).out());
        // the setter after the rearm: the encoder asserts the feature when it meets the rearm
        // (accepted before this rule was ordered; that was the bug)
        Path late = assemble(dir, "late", "dma.rearm \"q1\"\ndma.switch \"q1\" no_rearm=1\nexit\n");
        assertEquals(1, CliRun.of("validate", late.toString()).code());
        Path twice = assemble(dir, "twice", "dma.switch \"q1\" no_rearm=1\ndma.rearm \"q1\"\ndma.rearm \"q1\"\nexit\n");
        CliRun again = CliRun.of("validate", twice.toString());
        assertEquals(1, again.code());
        assertEquals("record 2 (+0x00) stream: feature: ResetQueueInstance needs the module feature neff_feature_SQI_no_rearm "
                + "(else assertion 1106), which record 1 cleared; a SwitchQueueInstance with no_rearm set must come between\n"
                + "tpb: " + twice + ": 1 violation(s) in 4 records\n", again.err());
        Path rearmed = assemble(dir, "rearmed",
                "dma.switch \"q1\" no_rearm=1\ndma.rearm \"q1\"\ndma.switch \"q1\" no_rearm=1\ndma.rearm \"q1\"\nexit\n");
        assertEquals(0, CliRun.of("validate", rearmed.toString()).code());
        Path off = assemble(dir, "off", "dma.switch \"q1\"\ndma.rearm \"q1\"\nexit\n");
        assertEquals(1, CliRun.of("validate", off.toString()).code(), "a switch without no_rearm sets nothing");
    }

    /** The spec's generation gate: CoreBarrier has an encoder on gen3 only (seed000 §6). */
    @Test
    void coreBarrierOnAnotherGenerationIsReported(@TempDir Path dir) throws Exception {
        Path bin = assemble(dir, "cb", "corebarrier 2, 1\nexit\n");
        assertEquals(0, CliRun.of("validate", bin.toString(), "--arch", "cayman").code());
        CliRun sunda = CliRun.of("validate", bin.toString(), "--arch", "sunda");
        assertEquals(1, sunda.code());
        assertEquals("record 0 (+0x00) opcode: generation: CoreBarrier has no encoder on SUNDA: seed000 §6 (CoreBarrier is gen3-only: "
                + "CoreV3, no CoreV2 encoder); facts §3.10 (isa/sp-sync-encoding.md: CoreV3 emitter only) (STRONG)\n"
                + "tpb: " + bin + ": 1 violation(s) in 2 records\n", sunda.err());
    }

    /** Writes {@code text} to NAME.s in {@code dir} and assembles it to NAME.bin, which it returns. */
    static Path assemble(Path dir, String name, String text, String... options) throws Exception {
        Path src = dir.resolve(name + ".s");
        Files.writeString(src, text);
        Path bin = dir.resolve(name + ".bin");
        List<String> args = new ArrayList<>(List.of("asm", src.toString(), "-o", bin.toString()));
        args.addAll(List.of(options));
        CliRun asm = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, asm.code(), asm.err());
        return bin;
    }

    @Test
    void validateReportsEveryViolation(@TempDir Path dir) throws Exception {
        Path bin = dir.resolve("bad.bin");
        byte[] b = new byte[128];
        b[0] = (byte) 0xA8;
        b[1] = 0x10;
        b[0x0C] = 0x17;
        b[0x0D] = 8;
        b[64] = 0x06;
        b[65] = 0x10;
        Files.write(bin, b);
        CliRun r = CliRun.of("validate", bin.toString(), "--arch", "sunda");
        assertEquals(1, r.code());
        assertEquals("""
                record 0 (+0x0C) op: lut: 0x17 is not a wire value of AluOpWire
                record 1 (+0x00) opcode: arch: opcode 0x6 (Ldtags) is not legal on SUNDA
                record 1 (+0x00) stream: exit: no EXIT record (opcode 0xDF with sub-opcode 1 at +0x0C) in 2 records
                record 1 (+0x00) stream: final: the final record is Ldtags, not one of SUNDA's terminators [Exit, Return, UnconditionalBranch]
                tpb: %s: 4 violation(s) in 2 records
                """.formatted(bin), r.err());
        assertEquals("", r.out());
        CliRun json = CliRun.of("validate", bin.toString(), "--json", "--no-exit");
        assertEquals(1, json.code());
        assertTrue(json.out().contains("\"valid\": false"), json.out());
        assertTrue(json.out().contains("\"rule\": \"lut\""), json.out());
    }

    @Test
    void addressAperturesNeedAnArch(@TempDir Path dir) throws Exception {
        // ts [dst], [src]: the destination's ADDR4 in register mode (bit 31) with register id 0x45, the source at 0x400000
        String text = "ts [0x80000045; 0,0,0; 0,0,0], [0x400000; 0,0,0; 0,0,0] in_dtype=FP32 out_dtype=FP32\nexit\n";
        // the assembler refuses the bad register id as the validator does, at its operand's bracket, unless told not to
        Path refused = dir.resolve("refused.s");
        Files.writeString(refused, text);
        CliRun no = CliRun.of("asm", refused.toString(), "-o", dir.resolve("refused.bin").toString());
        assertEquals(refused + ":1:4: dst_mem_pattern.start.word: register-mode ADDR4 needs a register id below 0x40 (register_id rule; "
                + "--no-validate assembles it anyway)\ntpb: " + refused + ": 1 error(s)\n", no.err());
        assertFalse(Files.exists(dir.resolve("refused.bin")));
        Path bin = assemble(dir, "ts", text, "--no-validate");
        CliRun plain = CliRun.of("validate", bin.toString());
        assertEquals("record 0 (+0x30) dst_mem_pattern.start.word: register_id: register-mode ADDR4 needs a register id below 0x40\n"
                + "tpb: " + bin + ": 1 violation(s) in 2 records\n", plain.err());
        CliRun arch = CliRun.of("validate", bin.toString(), "--arch", "mariana");
        assertTrue(arch.err().contains("record 0 (+0x10) src_mem_pattern.start.word: aperture: the immediate address lies in no SBUF/PSUM aperture\n"),
                arch.err());
    }

    @Test
    void malformedAssemblyWritesNothing(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("bad.s");
        Files.writeString(src, "nop\nmov r1\n");
        Path bin = dir.resolve("bad.bin");
        CliRun r = CliRun.of("asm", src.toString(), "-o", bin.toString());
        assertEquals(1, r.code());
        assertEquals(src + ":2:7: mov takes 2 operands: dst_lo, src\ntpb: " + src + ": 1 error(s)\n", r.err());
        assertFalse(Files.exists(bin));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    /**
     * Every error is reported, in line order, each at its line and column; --max-errors shows the
     * first N and counts the rest; nothing is written, to a file or to stdout.
     */
    @Test
    void assemblyReportsEveryErrorUpToTheCap(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("e.s");
        String typo = Misspellings.typoOf("exit", "exti"); // nearest 'exit' whatever mnemonics the spec has
        Files.writeString(src, "jmp L\nL: alu.add r3, r3, r99\n" + typo + "\nmov r1, r0 dtpye=INT32\nbr.IS_LTIMM r3, L cmp_immediate=1 dtype=INT32 target_mode=REL_IMM\n");
        Path bin = dir.resolve("e.bin");
        CliRun all = CliRun.of("asm", src.toString(), "-o", bin.toString());
        assertEquals(1, all.code());
        assertEquals(src + ":1:1: target_mode: 0 is not a value of BrTargetMode (enum rule; --no-validate assembles it anyway)\n"
                + src + ":2:20: src1_lo: r99 is outside the 64-register file (r0-r63; --no-validate assembles it anyway)\n"
                + src + ":3:1: unknown mnemonic '" + typo + "'; did you mean 'exit'?\n"
                + src + ":4:12: no field 'dtpye' in RegisterMove; did you mean 'dtype'?\n"
                + "tpb: " + src + ": 4 error(s)\n", all.err());
        CliRun two = CliRun.of("asm", src.toString(), "-o", "-", "--max-errors", "2");
        assertEquals(src + ":1:1: target_mode: 0 is not a value of BrTargetMode (enum rule; --no-validate assembles it anyway)\n"
                + src + ":2:20: src1_lo: r99 is outside the 64-register file (r0-r63; --no-validate assembles it anyway)\n"
                + "tpb: " + src + ": 4 error(s); 2 not shown (--max-errors 2)\n", two.err());
        assertEquals("", two.out(), "nothing on stdout");
        assertFalse(Files.exists(bin));
        assertEquals(2, CliRun.of("asm", src.toString(), "-o", bin.toString(), "--max-errors", "-1").code());
    }

    /** --no-validate assembles the records the validator refuses, byte for byte as written. */
    @Test
    void noValidateAssemblesBadRecordsOnPurpose(@TempDir Path dir) throws Exception {
        Path bin = assemble(dir, "bad", "L: jmp L\nalu.add r3, r3, r99 dtype=INT32 dst_dtype=INT32\n", "--no-validate");
        byte[] b = Files.readAllBytes(bin);
        assertEquals(0, b[0x0E], "target_mode (+0x0E, as validate says) left 0, no value of BrTargetMode");
        assertEquals(99, RegisterAluRecord.decode(b, 64).src1Lo());
        CliRun v = CliRun.of("validate", bin.toString(), "--no-exit");
        assertTrue(v.err().startsWith("record 0 (+0x0E) target_mode: enum: 0 is not a value of BrTargetMode\n"), v.err());
    }

    @Test
    void badInputsAreOneLine(@TempDir Path dir) throws Exception {
        CliRun missing = CliRun.of("disasm", dir.resolve("nope.bin").toString());
        assertEquals(1, missing.code());
        assertEquals("tpb: " + dir.resolve("nope.bin") + ": no such file\n", missing.err());
        Path odd = dir.resolve("odd.bin");
        Files.write(odd, new byte[70]);
        CliRun trailing = CliRun.of("disasm", odd.toString());
        assertEquals(1, trailing.code());
        assertEquals("tpb: " + odd + ": stream length 70 is not a multiple of 64: 6 trailing bytes after record 0\n", trailing.err());
        CliRun arch = CliRun.of("validate", odd.toString(), "--arch", "gen9");
        assertEquals(2, arch.code());
        assertTrue(arch.err().startsWith("tpb: unknown arch 'gen9'; known: sunda (sunda, trainium, trn1, inf2)"), arch.err());
        assertEquals(2, CliRun.of("asm", "x.s").code());
    }

    @Test
    void stdinAndStdout(@TempDir Path dir) throws Exception {
        InputStream saved = Inputs.stdin;
        try {
            Inputs.stdin = new ByteArrayInputStream("\uFEFFl: jmp l target_mode=REL_IMM\nexit\n".getBytes(StandardCharsets.UTF_8));
            Path bin = dir.resolve("x.bin");
            assertEquals(0, CliRun.of("asm", "-", "-o", bin.toString()).code()); // read twice (labels, then records): spooled
            assertEquals(128, Files.size(bin));
            Inputs.stdin = new ByteArrayInputStream("exit\n".getBytes());
            assertEquals(0, CliRun.of("asm", "-", "-o", bin.toString()).code());
            Inputs.stdin = new ByteArrayInputStream(Files.readAllBytes(bin));
            CliRun dis = CliRun.of("disasm", "-");
            assertEquals("     0  0x000000  exit\n", dis.out());
        } finally {
            Inputs.stdin = saved;
        }
    }
}
