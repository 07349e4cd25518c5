package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.isa.Arch;
import tpb.isa.DataSrc;
import tpb.isa.DtypeWire;
import tpb.isa.ExitRecord;
import tpb.isa.HaltRecord;
import tpb.isa.Instruction;
import tpb.isa.MatmulRecord;
import tpb.isa.MoveWidth;
import tpb.isa.RegisterMoveRecord;

class RunCommandTest {
    static final String KERNELS = "src/test/resources/kernels/";

    /** Copies hbm's iota bytes 00..07 to sbuf+4 and expects 08 as the last of them: one memory mismatch. */
    static final String MEM_KERNEL = """
            kernel: mem
            registers: [r]
            memory:
              hbm: {size: 16, init: iota}
              sbuf: {size: 16}
            queues:
              q0:
                - {src: {region: hbm, offset: 0, step: [1], num: [8]}, dst: {region: sbuf, offset: 4, step: [1], num: [8]}, elem_size: 1}
            functions:
              - name: main
                insts:
                  - {inst: RegisterMove, dst: r, src: 5}
                  - {inst: SwitchQueueInstance, queue: q0}
                  - {inst: DMATrigger, queue: q0, block_id: 0}
                  - {inst: Exit}
            expect: {r: 5}
            expect_memory:
              - {region: sbuf, offset: 4, hex: "00 01 02 03 04 05 06 08"}
            """;

    @Test
    void runsAKernelAndChecksExpect() {
        CliRun r = CliRun.of("run", KERNELS + "01_count.yaml");
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals("EXIT after 64 steps\nregisters: acc=10  i=10\nexpect: ok\n", r.out());
    }

    /**
     * expect_memory, checked at every level: the DMA copies hbm's iota bytes 00..07 to sbuf+4, the
     * kernel expects 08 as the last, so the one mismatch names the region, the offset and both byte
     * strings; a run that does not end well (the budget out before the DMA fires) leaves memory unchecked.
     */
    @Test
    void expectMemoryNamesTheBytesThatDiffer(@TempDir Path dir) throws Exception {
        Path k = Files.writeString(dir.resolve("mem.yaml"), MEM_KERNEL);
        String tail = "registers: r=5\ndma fired: q0[0]\nexpect: FAILED: sbuf+4 holds 0001020304050607, expected 0001020304050608\n";
        for (String level : List.of("ir", "lowered", "stream")) {
            CliRun r = CliRun.of("run", k.toString(), "--level", level);
            assertEquals(1, r.code(), level + ": " + r.err());
            // the stream runs one record more: the entry function's PSEUDO_FUNCTION_BEGIN
            assertEquals("EXIT after " + (level.equals("stream") ? 5 : 4) + " steps\n" + tail, r.out(), level);
        }
        CliRun cut = CliRun.of("run", k.toString(), "--max-steps", "2");
        assertEquals(1, cut.code());
        assertEquals("FAULT after 2 steps: step budget of 2 exhausted\nregisters: r=5\nexpect: ok\n", cut.out());
    }

    @Test
    void aMultiEngineKernelRunsEveryEngineTogether() {
        CliRun r = CliRun.of("run", "src/test/resources/multi/handoff.yaml");
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals("EXIT after 12 steps (SP 6, PE 6)\nregisters: seen=1  acc=12\nexpect: ok\n", r.out());
        CliRun both = CliRun.of("run", KERNELS + "19_two_engines.yaml");
        assertEquals(0, both.code(), both.out() + both.err());
        assertTrue(both.out().contains("registers: SP.acc=10  SP.i=5  PE.acc=10  pe_only=5  PE.i=5\nexpect: ok\n"), both.out());
        CliRun dead = CliRun.of("run", "src/test/resources/multi/crossed_waits.yaml", "--trace");
        assertEquals(1, dead.code());
        assertTrue(dead.out().startsWith("trace SP        0  func \"main\""), dead.out());
        assertEquals(1, dead.out().lines().filter(l -> l.startsWith("trace SP        1")).count(), "a blocked wait is traced once");
        assertTrue(dead.out().contains("FAULT after 4 steps (SP 2, PE 2): deadlock: SP at PC 1 waits for semaphore 0 >= 1 (it is 0); PE at PC 1"),
                dead.out());
    }

    @Test
    void everyLevelRunsTheKernelAndChecksItsExpect() {
        CliRun ir = CliRun.of("run", KERNELS + "28_wait_register.yaml", "--level", "ir");
        CliRun lowered = CliRun.of("run", KERNELS + "28_wait_register.yaml", "--level", "lowered");
        CliRun stream = CliRun.of("run", KERNELS + "28_wait_register.yaml");
        for (CliRun r : List.of(ir, lowered, stream)) {
            assertEquals(0, r.code(), r.out() + r.err());
            assertTrue(r.out().endsWith("expect: ok\n"), r.out());
        }
        // the lowered code is the stream record for record, less the entry's PSEUDO_FUNCTION_BEGIN
        long loweredSteps = Long.parseLong(lowered.out().split(" ")[2]);
        assertEquals("EXIT after " + (loweredSteps + 1) + " steps", stream.out().lines().findFirst().orElseThrow());
        CliRun group = CliRun.of("run", "src/test/resources/multi/handoff.yaml", "--level", "lowered");
        assertEquals("EXIT after 10 steps (SP 5, PE 5)\nregisters: seen=1  acc=12\nexpect: ok\n", group.out());
        CliRun irGroup = CliRun.of("run", "src/test/resources/multi/handoff.yaml", "--level", "ir");
        assertEquals("EXIT after 10 steps (SP 5, PE 5)\nregisters: seen=1  acc=12\nexpect: ok\n", irGroup.out());
        CliRun irRace = CliRun.of("run", "src/test/resources/multi/racy_semaphore.yaml", "--level", "ir", "--schedules");
        assertEquals(1, irRace.code());
        assertTrue(irRace.out().contains("  PE first, whole turns: semaphore 0 = 1 (2 under SP first, whole turns)\n"), irRace.out());
    }

    @Test
    void schedulesNameARaceAndFailTheRun() {
        CliRun racy = CliRun.of("run", "src/test/resources/multi/racy_semaphore.yaml", "--schedules");
        assertEquals(1, racy.code());
        assertEquals("EXIT after 6 steps (SP 3, PE 3)\nregisters: \nschedules: RACE: 2 of 4 end otherwise\n"
                + "  PE first, whole turns: semaphore 0 = 1 (2 under SP first, whole turns)\n"
                + "  PE first, 1 step a turn: semaphore 0 = 1 (2 under SP first, whole turns)\n", racy.out());
        CliRun calm = CliRun.of("run", "src/test/resources/multi/handoff.yaml", "--schedules", "--level", "lowered");
        assertEquals(0, calm.code(), calm.out());
        assertTrue(calm.out().endsWith("expect: ok\nschedules: 4 tried, all end alike\n"), calm.out());
    }

    @Test
    void everyLevelTracesWhatItRuns() {
        CliRun lowered = CliRun.of("run", KERNELS + "05_calls.yaml", "--level", "lowered", "--trace");
        assertTrue(lowered.out().startsWith("""
                trace main+0  Move[dst=acc, src=null, imm=1, dtype=INT32]
                trace main+1  Move[dst=keep, src=null, imm=7, dtype=INT32]
                trace main+2  call "bump"
                trace bump+0  Alu[op=ADD, is64=false, dst=acc, src0=acc, src1=null, imm=3, dtype=INT32]
                trace bump+1  ret
                """), lowered.out());
        CliRun ir = CliRun.of("run", "src/test/resources/multi/handoff.yaml", "--level", "ir", "--trace");
        assertEquals(0, ir.code(), ir.out());
        // SP's wait blocks until PE signals, and is traced once, at its kernel line
        assertEquals(1, ir.out().lines().filter(l -> l.equals("trace SP   src/test/resources/multi/handoff.yaml:9:9  EventSemaphore")).count(),
                ir.out());
        assertEquals(10, ir.out().lines().filter(l -> l.startsWith("trace ")).count(), "one line a step: " + ir.out());
    }

    @Test
    void levelsRefuseWhatTheyCannotRun() {
        CliRun pe = CliRun.of("run", "src/test/resources/multi/handoff.yaml", "--level", "ir", "--engine", "PE");
        assertTrue(pe.out().startsWith("EXIT after 5 steps\nregisters: acc=12\nexpect: FAILED: seen = null, expected 1"), pe.out());
        CliRun bin = CliRun.of("run", "nothing.bin", "--level", "ir");
        assertEquals("tpb: --level ir needs a kernel; nothing.bin is a record stream\n", bin.err());
        assertEquals(2, bin.code());
    }

    @Test
    void json() {
        CliRun r = CliRun.of("run", KERNELS + "17_dma.yaml", "--json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"status\": \"exit\""), r.out());
        assertTrue(r.out().contains("\"dma_fired\": [\"q0[0]\", \"q0[1]\", \"q0[2]\", \"q0[3]\", \"q0[0]\"]"), r.out());
        assertTrue(r.out().contains("\"memory_checksum\": "), r.out());
    }

    /**
     * The whole --json report: engine_steps only for a group, message only for a fault, expect only
     * when the kernel has one ("ok", or the list of mismatches), schedules only with --schedules.
     */
    @Test
    void jsonReportsCarryTheKeysThatApply(@TempDir Path dir) throws Exception {
        CliRun handoff = CliRun.of("run", "src/test/resources/multi/handoff.yaml", "--json");
        assertEquals(0, handoff.code(), handoff.err());
        assertEquals("""
                {
                  "status": "exit",
                  "steps": 12,
                  "engine_steps": {
                    "SP": 6,
                    "PE": 6
                  },
                  "registers": {
                    "seen": 1,
                    "acc": 12
                  },
                  "dma_fired": [],
                  "memory_checksum": 0,
                  "expect": "ok"
                }
                """, handoff.out());
        CliRun dead = CliRun.of("run", "src/test/resources/multi/crossed_waits.yaml", "--json");
        assertEquals(1, dead.code());
        assertEquals("""
                {
                  "status": "fault",
                  "message": "deadlock: SP at PC 1 waits for semaphore 0 >= 1 (it is 0); PE at PC 1 waits for semaphore 1 >= 1 (it is 0)",
                  "steps": 4,
                  "engine_steps": {
                    "SP": 2,
                    "PE": 2
                  },
                  "registers": {},
                  "dma_fired": [],
                  "memory_checksum": 0
                }
                """, dead.out());
        CliRun racy = CliRun.of("run", "src/test/resources/multi/racy_semaphore.yaml", "--json", "--schedules");
        assertEquals(1, racy.code());
        assertTrue(racy.out().endsWith("""
                  "memory_checksum": 0,
                  "schedules": {
                    "tried": 4,
                    "differences": [
                      "PE first, whole turns: semaphore 0 = 1 (2 under SP first, whole turns)",
                      "PE first, 1 step a turn: semaphore 0 = 1 (2 under SP first, whole turns)"
                    ]
                  }
                }
                """), racy.out());
        CliRun one = CliRun.of("run", KERNELS + "01_count.yaml", "--json");
        assertEquals(0, one.code());
        assertTrue(one.out().startsWith("{\n  \"status\": \"exit\",\n  \"steps\": 64,\n  \"registers\": {\n"), "one engine: no engine_steps\n" + one.out());
        Path mem = Files.writeString(dir.resolve("mem.yaml"), MEM_KERNEL);
        CliRun failed = CliRun.of("run", mem.toString(), "--json");
        assertEquals(1, failed.code());
        assertTrue(failed.out().endsWith("""
                  "expect": [
                    "sbuf+4 holds 0001020304050607, expected 0001020304050608"
                  ]
                }
                """), failed.out());
    }

    /** --max-steps 1 is a budget (one record, then the fault); 0 is refused. */
    @Test
    void theSmallestStepBudgetIsOne() {
        CliRun one = CliRun.of("run", KERNELS + "01_count.yaml", "--max-steps", "1");
        assertEquals(1, one.code());
        assertTrue(one.out().startsWith("FAULT after 1 steps: step budget of 1 exhausted\n"), one.out());
        CliRun zero = CliRun.of("run", KERNELS + "01_count.yaml", "--max-steps", "0");
        assertEquals("tpb: --max-steps must be positive\n", zero.err());
        assertEquals(2, zero.code());
    }

    /**
     * A stream's --trace disassembles each record against the stream's own length: a jump past its
     * end (record 3 of 2) is shown as the number it is, not as a label, then the fault.
     */
    @Test
    void aTracedJumpPastTheEndIsANumber(@TempDir Path dir) throws Exception {
        Path bin = StreamCommandsTest.assemble(dir, "j", "jmp 3 target_mode=REL_IMM\nexit\n");
        CliRun r = CliRun.of("run", bin.toString(), "--trace");
        assertEquals(1, r.code());
        assertEquals("trace      0  jmp 3 target_mode=REL_IMM\nFAULT after 1 steps: PC 3 is outside the 2-record stream\nregisters: \n"
                + "unwritten: r0-r" + (Arch.SUNDA.isaRegisterCount() - 1) + "\n", r.out());
    }

    /** Every level's exit code is the report's: 1 for a deadlocked group at --level lowered and ir, not only at the stream. */
    @Test
    void aFailedGroupIsExit1AtEveryLevel() {
        for (String level : List.of("ir", "lowered", "stream")) {
            CliRun r = CliRun.of("run", "src/test/resources/multi/crossed_waits.yaml", "--level", level);
            assertEquals(1, r.code(), level + ": " + r.out());
            assertTrue(r.out().startsWith("FAULT after "), r.out());
        }
    }

    @Test
    void traceAndFaults(@TempDir Path dir) throws Exception {
        CliRun t = CliRun.of("run", KERNELS + "25_core_barrier.yaml", "--trace");
        assertTrue(t.out().startsWith("trace      0  func \"main\" return_addr_reg_lo=r62 return_addr_reg_hi=r63\n"
                + "trace      1  mov r0, r0 valid_num=BITS32 dtype=INT32 src_mode=IMMEDIATE immediate=1\n"), t.out());
        CliRun budget = CliRun.of("run", KERNELS + "02_nested3.yaml", "--max-steps", "50");
        assertEquals(1, budget.code());
        assertTrue(budget.out().startsWith("FAULT after 50 steps: step budget of 50 exhausted\n"), budget.out()); // was 51: one past the budget
        Path bin = dir.resolve("loop.bin");
        assertEquals(0, CliRun.of("asm", writeTo(dir.resolve("l.s"), "l: jmp l target_mode=REL_IMM\n"), "-o", bin.toString()).code());
        CliRun forever = CliRun.of("run", bin.toString(), "--max-steps", "1000");
        assertEquals("FAULT after 1000 steps: step budget of 1000 exhausted", forever.out().lines().findFirst().orElseThrow());
        Path wait = dir.resolve("wait.bin");
        assertEquals(0, CliRun.of("asm", writeTo(dir.resolve("w.s"), "sem events.wait_mode=SEM_GE_IMM events.wait_idx=3 events.semaphore_value=1\nexit\n"),
                "-o", wait.toString()).code());
        CliRun dead = CliRun.of("run", wait.toString());
        assertEquals("FAULT after 1 steps: deadlock: waiting for semaphore 3 >= 1 (it is 0) and no engine can update it",
                dead.out().lines().findFirst().orElseThrow());
        Path raw = dir.resolve("raw.bin");
        Files.write(raw, new byte[64]);
        assertTrue(CliRun.of("run", raw.toString()).out().startsWith("FAULT after 1 steps: record 0 cannot be executed: no arm for opcode 0x0"));
    }

    @Test
    void aWaitOnARegisterThreshold(@TempDir Path dir) throws Exception {
        String head = "mov r5, r0 valid_num=BITS32 dtype=INT32 src_mode=IMMEDIATE immediate=2\n"
                + "sem ext.update_mode=SEM_INC_COMPLETE ext.update_idx=3\n";
        String wait = "sem events.wait_mode=SEM_GE_REG events.wait_idx=3 events.semaphore_value=5\nexit\n";
        Path once = dir.resolve("once.bin");
        assertEquals(0, CliRun.of("asm", writeTo(dir.resolve("once.s"), head + wait), "-o", once.toString()).code());
        assertEquals("FAULT after 3 steps: deadlock: waiting for semaphore 3 >= 2 (it is 1) and no engine can update it",
                CliRun.of("run", once.toString()).out().lines().findFirst().orElseThrow());
        Path twice = dir.resolve("twice.bin");
        assertEquals(0, CliRun.of("asm", writeTo(dir.resolve("twice.s"), head + "sem ext.update_mode=SEM_INC_COMPLETE ext.update_idx=3\n" + wait),
                "-o", twice.toString()).code());
        assertEquals("EXIT after 5 steps", CliRun.of("run", twice.toString()).out().lines().findFirst().orElseThrow());
    }

    /**
     * A stream run alone: the registers no record writes are listed as unwritten (not as their
     * reset value, all ones), and a record the simulator has no semantics for faults naming its
     * arm, opcode and record; with --skip-unmodelled it is a counted skip in the report.
     */
    @Test
    void aStreamRunListsUnwrittenRegistersAndRefusesUnmodelledRecords(@TempDir Path dir) throws Exception {
        int last = (int) Arch.SUNDA.isaRegisterCount() - 1; // the register file is the spec's isa_register_count
        String halt = String.format("Halt (opcode 0x%02X)", HaltRecord.OPCODE);
        String matmul = String.format("Matmul (opcode 0x%02X)", MatmulRecord.OPCODE);
        // 0: r3 = 5, 1: halt, 2: matmul, 3: halt, 4: exit
        Path bin = dir.resolve("h.bin");
        Files.write(bin, stream(RegisterMoveRecord.builder().validNum(MoveWidth.BITS32)
                .dtype(DtypeWire.INT32).srcMode(DataSrc.IMMEDIATE).dstLo(3).immediate(5).build(), HaltRecord.builder().build(),
                MatmulRecord.builder().build(), HaltRecord.builder().build(), ExitRecord.builder().build()));
        CliRun fault = CliRun.of("run", bin.toString());
        assertEquals(1, fault.code());
        assertEquals("FAULT after 2 steps: record 1: " + halt + " is not modelled by the simulator; --skip-unmodelled counts such "
                + "records as skips\nregisters: r3=5\nunwritten: r0-r2, r4-r" + last + "\n", fault.out());
        CliRun skip = CliRun.of("run", bin.toString(), "--skip-unmodelled");
        assertEquals(0, skip.code(), skip.out());
        assertEquals("EXIT after 5 steps\nregisters: r3=5\nunwritten: r0-r2, r4-r" + last + "\n"
                + "skipped: " + halt + " 2 time(s), first at record 1\n"
                + "skipped: " + matmul + " 1 time(s), first at record 2\n", skip.out());
        CliRun json = CliRun.of("run", bin.toString(), "--skip-unmodelled", "--json");
        assertTrue(json.out().contains("\"registers\": {\n    \"r3\": 5\n  },\n  \"unwritten\": [\"r0\", \"r1\", \"r2\", \"r4\", "), json.out());
        assertTrue(json.out().contains("\"skipped\": [\n    {\n      \"record\": \"Halt\",\n      \"opcode\": " + HaltRecord.OPCODE
                + ",\n      \"count\": 2,\n      \"first_pc\": 1\n    },\n    {\n      \"record\": \"Matmul\",\n      \"opcode\": "
                + MatmulRecord.OPCODE + ",\n      \"count\": 1,\n      \"first_pc\": 2\n    }\n  ],"), json.out());
        // a matmul first: the fault names it; nothing written at all
        Path mm = dir.resolve("mm.bin");
        Files.write(mm, stream(MatmulRecord.builder().build(), ExitRecord.builder().build()));
        assertEquals("FAULT after 1 steps: record 0: " + matmul + " is not modelled by the simulator; --skip-unmodelled counts such "
                + "records as skips\nregisters: \nunwritten: r0-r" + last + "\n", CliRun.of("run", mm.toString()).out());
    }

    /**
     * --arch picks the profile a stream runs on: its register file is that profile's
     * isa_register_count (the unwritten list ends at its last register; a register id past it
     * faults naming its size). An unknown name is a usage error, and so is --arch for a NEFF,
     * which runs on the arch its kelf names.
     */
    @Test
    void aRunTakesItsRegisterFileFromTheArchProfile(@TempDir Path dir) throws Exception {
        Path bin = dir.resolve("m.bin");
        Files.write(bin, stream(RegisterMoveRecord.builder().validNum(MoveWidth.BITS32)
                .dtype(DtypeWire.INT32).srcMode(DataSrc.IMMEDIATE).dstLo(3).immediate(5).build(), ExitRecord.builder().build()));
        for (Arch a : Arch.values()) {
            int file = (int) a.isaRegisterCount();
            CliRun r = CliRun.of("run", bin.toString(), "--arch", a.name().toLowerCase(Locale.ROOT));
            assertEquals("EXIT after 2 steps\nregisters: r3=5\nunwritten: r0-r2, r4-r" + (file - 1) + "\n", r.out(), a.name());
            Path past = dir.resolve("past.bin");
            Files.write(past, stream(RegisterMoveRecord.builder().validNum(MoveWidth.BITS32)
                    .dtype(DtypeWire.INT32).srcMode(DataSrc.IMMEDIATE).dstLo(file).immediate(5).build()));
            CliRun f = CliRun.of("run", past.toString(), "--arch", a.name().toLowerCase(Locale.ROOT));
            assertEquals(1, f.code());
            assertTrue(f.out().startsWith("FAULT after 1 steps: register id " + file + " is outside the " + file + "-register file\n"), f.out());
        }
        CliRun unknown = CliRun.of("run", bin.toString(), "--arch", "gen9");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().startsWith("tpb: unknown arch 'gen9'; known: sunda (sunda, trainium, trn1, inf2)"), unknown.err());
        CliRun neff = CliRun.of("run", "src/test/resources/neff/matmul_small.neff", "--arch", "sunda");
        assertEquals(2, neff.code());
        assertEquals("tpb: --arch: a NEFF runs on the arch its kelf names; got --arch sunda for src/test/resources/neff/matmul_small.neff\n",
                neff.err());
    }

    static byte[] stream(Instruction... records) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Instruction r : records) {
            out.writeBytes(r.toBytes());
        }
        return out.toByteArray();
    }

    @Test
    void rangesJoinNeighbours() {
        List<String> order = List.of("r0", "r1", "r2", "r3", "r4", "r5");
        assertEquals("r0-r1, r3, r5", RunCommand.ranges(order, List.of("r0", "r1", "r3", "r5")));
        assertEquals("r0-r5", RunCommand.ranges(order, order));
        assertEquals("", RunCommand.ranges(order, List.of()));
    }

    static String writeTo(Path p, String text) throws Exception {
        Files.writeString(p, text);
        return p.toString();
    }

    /**
     * The demo's report line by line, each part against the command that does that step alone: the
     * kernel's comment lines (read here from the file), compile --emit asm's listing (its first 12
     * lines and the count of the rest), run's step counts at the IR and the stream level and its
     * memory checksum, and the kernel's expect block (acc = 2 x the sum over i < 8 of i(i-1)/2 =
     * 112; total64 = 2^32 + 2 x 28 inner steps; i = 8; the tiles' first 8 bytes of 32).
     */
    @Test
    void demoReportsEachStepAsTheCommandsDo() throws Exception {
        String kernel = "src/main/resources/kernels/demo.yaml";
        StringBuilder want = new StringBuilder("# kernels/demo.yaml\n");
        Files.readAllLines(Path.of(kernel)).stream().filter(l -> l.startsWith("#")).forEach(l -> want.append(l).append('\n'));
        CliRun asm = CliRun.of("compile", kernel, "-o", "-", "--emit", "asm");
        List<String> listing = asm.out().lines().toList();
        long records = listing.stream().filter(l -> !l.endsWith(":")).count();
        assertEquals("SP: " + records + " records", asm.err().substring(0, asm.err().indexOf(", ")));
        want.append("\ncompiled: ").append(records).append(" records, Number of registers spilled = 0, validate on SUNDA: ok\n");
        listing.stream().limit(12).forEach(l -> want.append(l).append('\n'));
        want.append("  ... ").append(listing.size() - 12).append(" more lines\n\n");
        String ir = CliRun.of("run", kernel, "--level", "ir").out();
        String stream = CliRun.of("run", kernel).out();
        want.append("IR simulator:     ").append(ir.lines().findFirst().orElseThrow()).append('\n');
        want.append("stream simulator: ").append(stream.lines().findFirst().orElseThrow().replace(" steps", " records")).append('\n');
        want.append("""
                  acc    expect 112      IR 112      stream 112      ok
                  total64 expect 4294967352 IR 4294967352 stream 4294967352 ok
                  i      expect 8        IR 8        stream 8        ok
                  sbuf+0: 0001020308090a0b… (32 bytes, IR and stream) ok
                  sbuf+64: 040506070c0d0e0f… (32 bytes, IR and stream) ok
                """);
        String json = CliRun.of("run", kernel, "--json").out();
        long sum = Long.parseLong(json.substring(json.indexOf("\"memory_checksum\": ") + 19, json.indexOf(",", json.indexOf("\"memory_checksum\": "))));
        want.append(String.format("memory checksum: IR %08x, stream %08x%n", sum, sum)).append("demo: ok\n");
        CliRun d = CliRun.of("demo");
        assertEquals(0, d.code(), d.err());
        assertEquals(want.toString(), d.out());
    }

    @Test
    void demoRunsEndToEnd() {
        CliRun d = CliRun.of("demo");
        assertEquals(0, d.code(), d.out());
        assertTrue(d.out().endsWith("demo: ok\n"), d.out());
        assertTrue(d.out().contains("  acc    expect 112      IR 112      stream 112      ok\n"), d.out());
    }
}
