package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompileCommandTest {
    static final String KERNELS = "src/test/resources/kernels/";

    @Test
    void compilesAndTheStreamValidates(@TempDir Path dir) {
        Path out = dir.resolve("count.bin");
        CliRun r = CliRun.of("compile", KERNELS + "01_count.yaml", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("SP: 10 records, 7 opcodes, Number of registers spilled = 0\n", r.out());
        CliRun v = CliRun.of("validate", out.toString(), "--arch", "sunda");
        assertEquals(0, v.code(), v.out());
    }

    /** compile - : the kernel read from stdin compiles to the same bytes as from its file; its errors name <stdin>. */
    @Test
    void aKernelOnStdin(@TempDir Path dir) throws Exception {
        Path fromFile = dir.resolve("file.bin");
        assertEquals(0, CliRun.of("compile", KERNELS + "01_count.yaml", "-o", fromFile.toString()).code());
        java.io.InputStream saved = Inputs.stdin;
        try {
            Inputs.stdin = new java.io.ByteArrayInputStream(Files.readAllBytes(Path.of(KERNELS + "01_count.yaml")));
            Path fromStdin = dir.resolve("stdin.bin");
            CliRun r = CliRun.of("compile", "-", "-o", fromStdin.toString());
            assertEquals("", r.err());
            assertEquals("SP: 10 records, 7 opcodes, Number of registers spilled = 0\n", r.out());
            org.junit.jupiter.api.Assertions.assertArrayEquals(Files.readAllBytes(fromFile), Files.readAllBytes(fromStdin));
            Inputs.stdin = new java.io.ByteArrayInputStream("kernel: k\nfunctions: []\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            CliRun bad = CliRun.of("compile", "-", "-o", dir.resolve("bad.bin").toString());
            assertEquals(1, bad.code());
            assertEquals("<stdin>:1:1: a kernel needs at least one function\ntpb: <stdin>: 1 error(s) in the kernel\n", bad.err());
            assertFalse(Files.exists(dir.resolve("bad.bin")));
        } finally {
            Inputs.stdin = saved;
        }
    }

    @Test
    void emitsAListing() {
        CliRun r = CliRun.of("compile", KERNELS + "01_count.yaml", "-o", "-", "--emit", "asm", "--no-fences");
        assertEquals(0, r.code(), r.err());
        assertEquals("""
                     0  0x000000  func "main" return_addr_reg_lo=r62 return_addr_reg_hi=r63
                     1  0x000040  mov r1, r0 valid_num=BITS32 dtype=INT32 src_mode=IMMEDIATE
                     2  0x000080  mov r0, r0 valid_num=BITS32 dtype=INT32 src_mode=IMMEDIATE
                L3:
                     3  0x0000c0  alu.add r1, r1, r0 dtype=INT32 src_datasrc=IMMEDIATE dst_dtype=INT32 immediate=1
                     4  0x000100  alu.add r0, r0, r0 dtype=INT32 src_datasrc=IMMEDIATE dst_dtype=INT32 immediate=1
                     5  0x000140  br.IS_LTIMM r0, L3 dtype=INT32 target_mode=REL_IMM cmp_immediate=10
                     6  0x000180  exit
                """, r.out());
        assertEquals("SP: 7 records, 5 opcodes, Number of registers spilled = 0\n", r.err());
    }

    @Test
    void oneFilePerEngine(@TempDir Path dir) {
        CliRun r = CliRun.of("compile", KERNELS + "19_two_engines.yaml", "-o", dir.resolve("two.bin").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.exists(dir.resolve("two.SP.bin")));
        assertTrue(Files.exists(dir.resolve("two.PE.bin")));
        CliRun pe = CliRun.of("compile", KERNELS + "19_two_engines.yaml", "-o", dir.resolve("pe.bin").toString(), "--engine", "PE");
        assertEquals("PE: 12 records, 7 opcodes, Number of registers spilled = 0\n", pe.out());
    }

    @Test
    void spillsAreReported(@TempDir Path dir) {
        CliRun r = CliRun.of("compile", KERNELS + "16_loop_pressure.yaml", "-o", dir.resolve("p.bin").toString(), "--max-regs", "4");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().matches("SP: \\d+ records, \\d+ opcodes, Number of registers spilled = [1-9]\\d*\n"), r.out());
    }

    @Test
    void badKernelsAndArguments(@TempDir Path dir) throws Exception {
        Path k = dir.resolve("bad.yaml");
        Files.writeString(k, "kernel: bad\nregisters: [a]\nfunctions:\n  - name: main\n    insts:\n      - {inst: RegisterAlu, op: add, dst: b, src0: a, src1: 1}\n");
        Path out = dir.resolve("bad.bin");
        CliRun r = CliRun.of("compile", k.toString(), "-o", out.toString());
        assertEquals(1, r.code());
        assertEquals(k + ":4:5: function 'main' falls off its last block: end it with Exit, Return or UnconditionalBranch\n" + k
                + ":6:43: unknown register 'b'; did you mean 'a'?\ntpb: " + k + ": 2 error(s) in the kernel\n", r.err());
        assertFalse(Files.exists(out));
        assertEquals(2, CliRun.of("compile", KERNELS + "01_count.yaml", "-o", out.toString(), "--max-regs", "1").code());
        assertEquals(2, CliRun.of("compile", KERNELS + "01_count.yaml", "-o", out.toString(), "--engine", "DMA").code());
        CliRun tooSmall = CliRun.of("compile", KERNELS + "06_alu64.yaml", "-o", out.toString(), "--max-regs", "3");
        assertEquals(1, tooSmall.code());
        assertEquals("tpb: " + KERNELS + "06_alu64.yaml: cannot allocate registers since spilling candidates are not enough (3 registers per engine)\n",
                tooSmall.err());
    }

    /** --max-regs runs from 2 to the arch's whole register file (the spec's isa_register_count), both ends accepted. */
    @Test
    void maxRegsRunsFromTwoToTheWholeFile(@TempDir Path dir) {
        long file = tpb.isa.Arch.SUNDA.isaRegisterCount();
        for (long n : new long[] {2, file}) {
            CliRun r = CliRun.of("compile", KERNELS + "01_count.yaml", "-o", dir.resolve(n + ".bin").toString(), "--max-regs", Long.toString(n));
            assertEquals("", r.err(), "--max-regs " + n);
            assertEquals("SP: 10 records, 7 opcodes, Number of registers spilled = 0\n", r.out());
        }
        for (long n : new long[] {1, file + 1}) {
            CliRun r = CliRun.of("compile", KERNELS + "01_count.yaml", "-o", dir.resolve("x.bin").toString(), "--max-regs", Long.toString(n));
            assertEquals("tpb: --max-regs " + n + " must be between 2 and " + file + " (the file has " + file + " registers)\n", r.err());
            assertEquals(2, r.code());
        }
        assertFalse(Files.exists(dir.resolve("x.bin")));
    }

    /**
     * Several engines: each file holds exactly the stream --engine writes alone; to stdout (-o -) the
     * streams go one after the other in the same order, not a file named "-".
     */
    @Test
    void severalEnginesToFilesAndToStdout(@TempDir Path dir) throws Exception {
        String kernel = KERNELS + "19_two_engines.yaml";
        assertEquals(0, CliRun.of("compile", kernel, "-o", dir.resolve("two.bin").toString()).code());
        byte[] sp = compileOne(dir, kernel, "SP");
        byte[] pe = compileOne(dir, kernel, "PE");
        org.junit.jupiter.api.Assertions.assertArrayEquals(sp, Files.readAllBytes(dir.resolve("two.SP.bin")));
        org.junit.jupiter.api.Assertions.assertArrayEquals(pe, Files.readAllBytes(dir.resolve("two.PE.bin")));
        java.io.PrintStream saved = System.out;
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        CliRun r;
        try {
            System.setOut(new java.io.PrintStream(bytes));
            r = CliRun.of("compile", kernel, "-o", "-");
        } finally {
            System.setOut(saved);
        }
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out(), "the report goes to stderr when the records go to stdout");
        assertEquals("SP: " + sp.length / 64 + " records, " + opcodes(sp) + " opcodes, Number of registers spilled = 0\nPE: " + pe.length / 64
                + " records, " + opcodes(pe) + " opcodes, Number of registers spilled = 0\n", r.err());
        java.io.ByteArrayOutputStream both = new java.io.ByteArrayOutputStream();
        both.writeBytes(sp);
        both.writeBytes(pe);
        org.junit.jupiter.api.Assertions.assertArrayEquals(both.toByteArray(), bytes.toByteArray(), "-o - is stdout, not a file named -");
    }

    /** The distinct opcodes (byte 0 of each 64-byte record) of a stream. */
    private static long opcodes(byte[] stream) {
        return java.util.stream.IntStream.range(0, stream.length / 64).map(i -> stream[64 * i] & 0xFF).distinct().count();
    }

    private static byte[] compileOne(Path dir, String kernel, String engine) throws Exception {
        Path f = dir.resolve(engine + ".bin");
        assertEquals(0, CliRun.of("compile", kernel, "-o", f.toString(), "--engine", engine).code());
        return Files.readAllBytes(f);
    }

    /** One engine's file is an ordinary -o: through a symlink to its target, the link kept, a replaced file's mode kept. */
    @Test
    void oneEnginesFileFollowsASymlink(@TempDir Path dir) throws Exception {
        Path real = Files.writeString(dir.resolve("real.bin"), "old");
        Files.setPosixFilePermissions(real, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Path link = Files.createSymbolicLink(dir.resolve("link.bin"), Path.of("real.bin"));
        assertEquals(0, CliRun.of("compile", KERNELS + "01_count.yaml", "-o", link.toString()).code());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(640, Files.size(real), "10 records");
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(real)));
    }

    @Test
    void theEnginesNameGoesBeforeTheExtension() {
        assertEquals("two.PE.bin", CompileCommand.withEngine("two.bin", tpb.isa.EngineType.PE));
        assertEquals("two.PE", CompileCommand.withEngine("two", tpb.isa.EngineType.PE));
        assertEquals("a.d/two.SP", CompileCommand.withEngine("a.d/two", tpb.isa.EngineType.SP));
        assertEquals("a.d/two.SP.bin", CompileCommand.withEngine("a.d/two.bin", tpb.isa.EngineType.SP));
        assertEquals("-", CompileCommand.withEngine("-", tpb.isa.EngineType.SP));
    }

    /**
     * Several engines' files when one cannot be written at all (ulimit -f 1 in a child JVM: the SP
     * stream's 640 bytes pass the 512-byte limit, as a full disk would stop it): the one line, exit 1,
     * and the directory as it was, no staging left.
     */
    @Test
    void aWriteErrorLeavesNoStaging(@TempDir Path dir) throws Exception {
        Files.copy(Path.of(KERNELS + "19_two_engines.yaml"), dir.resolve("k.yaml"));
        TpbProcess p = TpbProcess.run(dir, "ulimit -f 1;", java.util.List.of("-XX:-UsePerfData"), "compile", "k.yaml", "-o", "two.bin");
        assertEquals("tpb: two.SP.bin: cannot write: File too large\n", p.err());
        assertEquals(1, p.code());
        try (var s = Files.list(dir)) {
            assertEquals(java.util.List.of("k.yaml"), s.map(f -> f.getFileName().toString()).toList());
        }
    }

    /** Several engines' files are all or nothing: the second cannot be written, so the first is not left either. */
    @Test
    void aFailingSecondEngineFileLeavesNothing(@TempDir Path dir) throws Exception {
        Files.createDirectory(dir.resolve("two.SP.bin"));
        CliRun r = CliRun.of("compile", KERNELS + "19_two_engines.yaml", "-o", dir.resolve("two.bin").toString());
        assertEquals(1, r.code());
        assertEquals("tpb: " + dir + "/two.SP.bin: cannot write: Is a directory\n", r.err());
        try (var s = Files.list(dir)) {
            assertEquals(java.util.List.of("two.SP.bin"), s.map(p -> p.getFileName().toString()).toList());
        }
    }
}
