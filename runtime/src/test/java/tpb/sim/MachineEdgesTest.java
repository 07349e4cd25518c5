package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.EngineType;

/**
 * What every sequencer level shares through {@link Machine}, each kernel run through the three
 * public entries (IR, lowered code, record stream) and checked against values worked out by hand:
 * call depth, the semaphore fence on Return, semaphore updates and waits, group resets by range,
 * the step budget, two-dimensional DMA copies to the last byte of a region, the memory checksum.
 * (PIT survivors of the first tpb.sim measurement, mutation-survivors.md.)
 */
class MachineEdgesTest {
    /** The bank: the default profile's num_semaphores (the spec's). */
    static final int SEMAPHORES = (int) tpb.isa.Arch.SUNDA.numSemaphores();

    /** The bank as a list: every semaphore 0 but {@code values} (id, value pairs). */
    static List<Integer> bank(int... values) {
        Integer[] b = new Integer[SEMAPHORES];
        Arrays.fill(b, 0);
        for (int i = 0; i < values.length; i += 2) {
            b[values[i]] = values[i + 1];
        }
        return List.of(b);
    }

    /**
     * 70 calls in a loop, one after another: each Return gives back the depth its Call took, so
     * the 64-deep limit is never near. acc = 70 × 4 = 280.
     */
    @Test
    void callsOneAfterAnotherNeverDeepen() {
        String kernel = """
                kernel: seventy_calls
                registers: [i, acc, t]
                functions:
                  - name: main
                    insts:
                      - {inst: RegisterMove, dst: acc, src: 0}
                      - inst: Loop
                        var: i
                        lb: 0
                        ub: 70
                        body:
                          - {inst: Call, callee: step}
                      - {inst: Exit}
                  - name: step
                    insts:
                      - {inst: RegisterMove, dst: t, src: 4}
                      - {inst: RegisterAlu, op: add, dst: acc, src0: acc, src1: t}
                      - {inst: Return}
                """;
        for (SimResult r : TruthTables.runAll("seventy_calls", kernel, SimResult.Status.EXIT, null)) {
            assertEquals(280L, r.registers().get("acc"));
            assertEquals(70L, r.registers().get("i"));
        }
    }

    /**
     * main calls f, f calls itself. Machine.MAX_CALL_DEPTH (64) counts calls in flight per engine,
     * the entry function not counted — the lowered code's and the stream's stacks of return
     * addresses, and the IR's count of calls: main's Call and f's first 63 put 64 in flight, f's
     * 64th Call is the 65th and faults. The IR and the lowered code run nothing but Calls, each
     * one step: 65 steps (the faulting Call counted), 65 lowered trace lines, each a Call. The
     * stream runs main's func record first (a Call lands past its callee's): 66.
     */
    @Test
    void recursionFaultsAtTheDepthLimit() {
        Module m = KernelReader.read("recursion.yaml", """
                kernel: recursion
                registers: [x]
                functions:
                  - name: main
                    insts:
                      - {inst: Call, callee: f}
                      - {inst: Exit}
                  - name: f
                    insts:
                      - {inst: Call, callee: f}
                      - {inst: Return}
                """);
        SimResult r = IrSimulator.run(m, EngineType.SP, 10_000);
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("call depth limit of 64 exceeded", r.message());
        assertEquals(65, r.steps());
        List<String> lines = new ArrayList<>();
        SimResult lo = LoweredSimulator.run(Compiler.lower(m, TruthTables.OPTIONS).get(EngineType.SP), 10_000, MachineConfig.of(m),
                lines::add, rec -> rec.arm().specName());
        assertEquals(SimResult.Status.FAULT, lo.status());
        assertEquals("call depth limit of 64 exceeded", lo.message());
        assertEquals(65, lo.steps());
        assertEquals(65, lines.stream().filter(l -> l.endsWith("  Call")).count());
        Compiler.EngineOutput out = Compiler.compile(m, TruthTables.OPTIONS).get(EngineType.SP);
        SimResult st = StreamSimulator.run(out.stream(), out.registers(), 10_000, null, MachineConfig.of(m));
        assertEquals(SimResult.Status.FAULT, st.status());
        assertEquals("call depth limit of 64 exceeded", st.message());
        assertEquals(66, st.steps()); // the stream runs main's func record first: 1 + 65 Calls
    }

    /**
     * A chain main → f1 → … → f64: 64 calls in flight, exactly Machine.MAX_CALL_DEPTH, so every
     * level reaches f64, which sets x = 7 and exits. f1..f63 are the text of one Call each.
     */
    static String chain(String engines) {
        StringBuilder k = new StringBuilder("kernel: chain\n" + engines + "registers: [x]\nfunctions:\n"
                + "  - name: main\n    insts:\n      - {inst: Call, callee: f1}\n      - {inst: Exit}\n");
        for (int i = 1; i < Machine.MAX_CALL_DEPTH; i++) {
            k.append("  - name: f").append(i).append("\n    insts:\n      - {inst: Call, callee: f").append(i + 1)
                    .append("}\n      - {inst: Return}\n");
        }
        k.append("  - name: f").append(Machine.MAX_CALL_DEPTH)
                .append("\n    insts:\n      - {inst: RegisterMove, dst: x, src: 7}\n      - {inst: Exit}\n");
        return k.toString();
    }

    @Test
    void callsUpToTheLimitRunAtEveryLevel() {
        for (SimResult r : TruthTables.runAll("chain", chain(""), SimResult.Status.EXIT, null)) {
            assertEquals(7L, r.registers().get("x"));
        }
    }

    /**
     * Two engines, each running the 64-call chain: the limit is each engine's own (each sequencer
     * has its own stack), so 128 calls in flight across the group is no fault, under every
     * schedule — whole turns, and one step a turn, where both engines are deep at once. Each
     * engine: 64 Calls, the RegisterMove, the Exit = 66 steps at the IR level.
     */
    @Test
    void theDepthLimitIsPerEngineInAGroup() {
        Module m = KernelReader.read("chain.yaml", chain("engines: [SP, PE]\n"));
        for (EngineGroup.Schedule s : EngineGroup.schedules(2)) {
            SimResult ir = EngineGroup.runIr(m, 10_000, s);
            assertEquals(SimResult.Status.EXIT, ir.status(), s + ": " + ir.message());
            assertEquals(Map.of("SP", 66L, "PE", 66L), ir.engineSteps(), s.toString());
            SimResult lo = EngineGroup.runLowered(Compiler.lower(m, TruthTables.OPTIONS), 10_000, MachineConfig.of(m), s);
            assertEquals(SimResult.Status.EXIT, lo.status(), s + ": " + lo.message());
            SimResult st = EngineGroup.run(EngineGroupTest.engines(m), 10_000, MachineConfig.of(m), Map.of(), s);
            assertEquals(SimResult.Status.EXIT, st.status(), s + ": " + st.message());
        }
    }

    /**
     * The IR level's semaphore bank is its MachineConfig's arch profile's num_semaphores, alone and
     * in a group, as the lowered code's and the stream's. Every profile in the spec has the same
     * count today, so this checks that each profile's own count is the bank's size (and that the
     * IR takes a config at all); it could tell profiles apart only once their counts differ.
     */
    @Test
    void theIrBankIsTheConfigsArch() {
        Module m = KernelReader.read("sem.yaml", """
                kernel: sem
                engines: [SP, PE]
                registers: [x]
                functions:
                  - name: main
                    insts:
                      - {inst: EventSemaphore, update: {sem: a, mode: sem_inc}}
                      - {inst: Exit}
                """);
        for (tpb.isa.Arch a : tpb.isa.Arch.values()) {
            MachineConfig config = MachineConfig.of(m, a);
            SimResult alone = IrSimulator.run(m, EngineType.SP, 100, config, null);
            assertEquals(SimResult.Status.EXIT, alone.status(), alone.message());
            assertEquals(a.numSemaphores(), alone.semaphores().size(), a.name());
            SimResult group = EngineGroup.runIr(m, 100, config, EngineGroup.Schedule.DEFAULT, Map.of());
            assertEquals(SimResult.Status.EXIT, group.status(), group.message());
            assertEquals(a.numSemaphores(), group.semaphores().size(), a.name());
            // both engines incremented a (id 0)
            assertEquals(2, group.semaphores().get(0), a.name());
        }
    }

    /**
     * Return clears the semaphore bank (the fence around control transfers): main sets a = 5,
     * calls f, which sets b = 7 and returns — both gone — then main increments c from 0 to 1.
     * Ids by first appearance, main before f: a = 0, c = 1, b = 2. The bank at the end: c = 1,
     * the rest 0.
     */
    @Test
    void aReturnClearsTheSemaphores() {
        String kernel = """
                kernel: fence
                registers: [x]
                functions:
                  - name: main
                    insts:
                      - {inst: EventSemaphore, update: {sem: a, mode: sem_wr_imm, value: 5}}
                      - {inst: Call, callee: f}
                      - {inst: EventSemaphore, update: {sem: c, mode: sem_inc}}
                      - {inst: Exit}
                  - name: f
                    insts:
                      - {inst: EventSemaphore, update: {sem: b, mode: sem_wr_imm, value: 7}}
                      - {inst: RegisterMove, dst: x, src: 1}
                      - {inst: Return}
                """;
        for (SimResult r : TruthTables.runAll("fence", kernel, SimResult.Status.EXIT, null)) {
            assertEquals(bank(1, 1), r.semaphores());
            assertEquals(1L, r.registers().get("x"));
        }
    }

    /**
     * Updates and a group reset by range: a = 1 (write), b = 2 (write), c incremented twice from 0
     * to 2, d decremented from 0, wrapping to 0xFFFFFFFF (−1 as an int). Then a wait c >= 2 holds
     * (equal is enough) and GroupResetSemaphores [a, b] — ids 0 and 1, contiguous, so the range
     * form 0..1 — zeroes both ends of the range. The bank: c (2) = 2, d (3) = −1.
     */
    @Test
    void updatesWaitsAndARangeReset() {
        String kernel = """
                kernel: bank
                registers: [x]
                functions:
                  - name: main
                    insts:
                      - {inst: EventSemaphore, update: {sem: a, mode: sem_wr_imm, value: 1}}
                      - {inst: EventSemaphore, update: {sem: b, mode: sem_wr_imm, value: 2}}
                      - {inst: EventSemaphore, update: {sem: c, mode: sem_inc}}
                      - {inst: EventSemaphore, update: {sem: c, mode: sem_inc}}
                      - {inst: EventSemaphore, update: {sem: d, mode: sem_dec}}
                      - {inst: EventSemaphore, wait: {sem: c, value: 2}}
                      - {inst: GroupResetSemaphores, semaphores: [a, b]}
                      - {inst: RegisterMove, dst: x, src: 3}
                      - {inst: Exit}
                """;
        for (SimResult r : TruthTables.runAll("bank", kernel, SimResult.Status.EXIT, null)) {
            assertEquals(bank(2, 2, 3, -1), r.semaphores());
        }
    }

    /**
     * A wait alone that does not hold never will: a deadlock, the blocked wait the faulting step.
     * The wait is the kernel's first instruction (IR: step 1) on semaphore s, id 0, which is 0.
     */
    @Test
    void anUnsatisfiedWaitAloneIsADeadlock() {
        String kernel = """
                kernel: stuck
                registers: [x]
                functions:
                  - name: main
                    insts:
                      - {inst: EventSemaphore, wait: {sem: s, value: 1}}
                      - {inst: RegisterMove, dst: x, src: 3}
                      - {inst: Exit}
                """;
        List<SimResult> runs = TruthTables.runAll("stuck", kernel, SimResult.Status.FAULT,
                "deadlock: waiting for semaphore 0 >= 1 (it is 0) and no engine can update it");
        assertEquals(1, runs.get(0).steps());
        runs.forEach(r -> assertEquals(false, r.ok()));
    }

    /**
     * The step budget counts the steps taken: the IR runs x = 1, x = 2, Exit in 3 steps. Under a
     * budget of one step fewer than a level's whole run, each level faults having taken exactly
     * the budget; under the whole run's steps it exits.
     */
    @Test
    void theBudgetIsTheStepsTaken() {
        Module m = KernelReader.read("three.yaml", THREE);
        assertEquals(3, IrSimulator.run(m, EngineType.SP, 3).steps());
        List<java.util.function.LongFunction<SimResult>> levels = List.of(
                budget -> IrSimulator.run(m, EngineType.SP, budget),
                budget -> LoweredSimulator.run(Compiler.lower(m, TruthTables.OPTIONS).get(EngineType.SP), budget, MachineConfig.of(m)),
                budget -> {
                    Compiler.EngineOutput out = Compiler.compile(m, TruthTables.OPTIONS).get(EngineType.SP);
                    return StreamSimulator.run(out.stream(), out.registers(), budget, null, MachineConfig.of(m));
                });
        for (var level : levels) {
            long whole = level.apply(1000).steps();
            SimResult enough = level.apply(whole);
            assertEquals(SimResult.Status.EXIT, enough.status(), enough.message());
            assertEquals(2L, enough.registers().get("x"));
            SimResult short1 = level.apply(whole - 1);
            assertEquals(SimResult.Status.FAULT, short1.status());
            assertEquals("step budget of " + (whole - 1) + " exhausted", short1.message());
            assertEquals(whole - 1, short1.steps());
        }
    }

    static final String THREE = """
            kernel: three
            registers: [x]
            functions:
              - name: main
                insts:
                  - {inst: RegisterMove, dst: x, src: 1}
                  - {inst: RegisterMove, dst: x, src: 2}
                  - {inst: Exit}
            """;

    static String dmaKernel(int srcOffset) {
        return """
                kernel: tile
                registers: [x]
                memory:
                  hbm: {size: 11, init: iota}
                  sbuf: {size: 16}
                queues:
                  q0:
                    - {src: {region: hbm, offset: %d, step: [2, 5], num: [3, 2]}, dst: {region: sbuf, offset: 8, step: [1, 3], num: [2, 3]}, elem_size: 1}
                functions:
                  - name: main
                    insts:
                      - {inst: SwitchQueueInstance, queue: q0, no_rearm: true}
                      - {inst: DMATrigger, queue: q0, block_id: 0}
                      - {inst: RegisterMove, dst: x, src: 1}
                      - {inst: Exit}
                """.formatted(srcOffset);
    }

    /**
     * One two-dimensional block (facts §3.11: num1 rows of num0 elements, steps in bytes). Source:
     * 2 rows of 3, element steps 2, row step 5, from hbm +1 (hbm holds 0..10, iota): element k at
     * 1 + 5·(k / 3) + 2·(k % 3) = 1, 3, 5, 6, 8, 10 — the last is hbm's last byte. Destination: 3
     * rows of 2, steps 1 and 3, from sbuf +8: 8 + 3·(k / 2) + (k % 2) = 8, 9, 11, 12, 14, 15 — the
     * last is sbuf's last byte. So sbuf[8, 9, 11, 12, 14, 15] = 1, 3, 5, 6, 8, 10, the rest 0.
     * The checksum is CRC32 over each region's name and bytes in name order, then the fired log.
     */
    @Test
    void aTwoDimensionalCopyReachesTheLastByteOfBothRegions() {
        byte[] sbuf = new byte[16];
        int[] at = {8, 9, 11, 12, 14, 15};
        int[] value = {1, 3, 5, 6, 8, 10};
        for (int k = 0; k < 6; k++) {
            sbuf[at[k]] = (byte) value[k];
        }
        byte[] hbm = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        CRC32 crc = new CRC32();
        crc.update("hbm".getBytes(StandardCharsets.UTF_8));
        crc.update(hbm);
        crc.update("sbuf".getBytes(StandardCharsets.UTF_8));
        crc.update(sbuf);
        crc.update("q0[0]".getBytes(StandardCharsets.UTF_8));
        for (SimResult r : TruthTables.runAll("tile", dmaKernel(1), SimResult.Status.EXIT, null)) {
            assertEquals(List.of("q0[0]"), r.fired());
            assertEquals(List.of(new FiredBlock("q0", 0)), r.dmaFired());
            List<Byte> got = new ArrayList<>();
            List<Byte> want = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                got.add(r.memory().get("sbuf")[i]);
                want.add(sbuf[i]);
            }
            assertEquals(want, got);
            assertEquals(crc.getValue(), r.memoryChecksum());
        }
    }

    /** From hbm +2 the sixth element sits at 2 + 5 + 4 = 11, one past hbm's 11 bytes: a fault naming both ends. */
    @Test
    void aCopyOnePastTheRegionFaults() {
        TruthTables.runAll("tile_past", dmaKernel(2), SimResult.Status.FAULT, "DMA copy out of bounds: hbm+11 -> sbuf+15 (1 bytes)");
    }

    /** A counted loop whose bounds are equal runs no trip: i = lb = 5 is written, the body never runs, acc stays 0. */
    @Test
    void aLoopWithEqualBoundsRunsNoTrip() {
        String kernel = """
                kernel: no_trip
                registers: [i, acc]
                functions:
                  - name: main
                    insts:
                      - {inst: RegisterMove, dst: acc, src: 0}
                      - inst: Loop
                        var: i
                        lb: 5
                        ub: 5
                        body:
                          - {inst: RegisterMove, dst: acc, src: 1}
                      - {inst: Exit}
                """;
        for (SimResult r : TruthTables.runAll("no_trip", kernel, SimResult.Status.EXIT, null)) {
            assertEquals(0L, r.registers().get("acc"));
            assertEquals(5L, r.registers().get("i"));
        }
    }

    /** A kernel naming n semaphores, all in one group reset. */
    static String semaphores(int n) {
        StringBuilder names = new StringBuilder();
        for (int s = 0; s < n; s++) {
            names.append(s == 0 ? "" : ", ").append("s").append(s);
        }
        return """
                kernel: many
                registers: [x]
                functions:
                  - name: main
                    insts:
                      - {inst: GroupResetSemaphores, semaphores: [%s]}
                      - {inst: RegisterMove, dst: x, src: 1}
                      - {inst: Exit}
                """.formatted(names);
    }

    /** The IR gives each semaphore name an id in the bank: all num_semaphores (256) of them fit, one more does not. */
    @Test
    void theBankHoldsNumSemaphoresNames() {
        SimResult full = IrSimulator.run(KernelReader.read("many.yaml", semaphores(SEMAPHORES)), EngineType.SP, 100);
        assertEquals(SimResult.Status.EXIT, full.status(), full.message());
        assertEquals(3, full.steps());
        SimResult over = IrSimulator.run(KernelReader.read("many.yaml", semaphores(SEMAPHORES + 1)), EngineType.SP, 100);
        assertEquals(SimResult.Status.FAULT, over.status());
        assertEquals("the kernel names " + (SEMAPHORES + 1) + " semaphores; the bank holds " + SEMAPHORES, over.message());
    }

    /** A trace line for every step taken, at the IR and the lowered level, in order. */
    @Test
    void traceLinesAreTheStepsTaken() {
        Module m = KernelReader.read("three.yaml", THREE);
        List<String> ir = new ArrayList<>();
        SimResult r = IrSimulator.run(m, EngineType.SP, 100, ir::add);
        assertEquals(3, r.steps());
        assertEquals(3, ir.size(), ir.toString());
        assertEquals(List.of("RegisterMove", "RegisterMove", "Exit"), ir.stream().map(l -> l.substring(l.lastIndexOf(' ') + 1)).toList());
        List<String> lowered = new ArrayList<>();
        SimResult lo = LoweredSimulator.run(Compiler.lower(m, TruthTables.OPTIONS).get(EngineType.SP), 100, MachineConfig.of(m), lowered::add,
                rec -> rec.arm().specName());
        assertEquals(lo.steps(), lowered.size(), lowered.toString());
        assertEquals(true, lowered.get(0).startsWith("main+0  "), lowered.get(0));
        assertEquals(true, lowered.get(lowered.size() - 1).endsWith("Exit"), lowered.toString());
    }

    /**
     * A group turn of 4 steps that would cross the budget stops at the budget: one engine looping
     * forever (i += 1, back to the add) under a budget of 10 runs turns of 4, 4, then 2 steps, and
     * faults having taken exactly 10.
     */
    @Test
    void aGroupTurnStopsAtTheBudget() {
        Module m = KernelReader.read("forever.yaml", """
                kernel: forever
                registers: [i]
                functions:
                  - name: main
                    blocks:
                      - name: top
                        insts:
                          - {inst: RegisterAlu, op: add, dst: i, src0: i, src1: 1}
                          - {inst: UnconditionalBranch, target: top}
                """);
        SimResult r = EngineGroup.run(EngineGroupTest.engines(m), 10, MachineConfig.of(m), Map.of(), new EngineGroup.Schedule(0, 4));
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals(10, r.steps());
    }

    /**
     * The entry function returning ends the run as END, not EXIT (SimResult: "the entry function
     * returned"): x = 1 written, then Return with no caller. IR: 2 steps (the move, the Return).
     */
    @Test
    void anEntryThatReturnsEndsTheRun() {
        String kernel = """
                kernel: ret
                registers: [x]
                functions:
                  - name: main
                    insts:
                      - {inst: RegisterMove, dst: x, src: 1}
                      - {inst: Return}
                """;
        List<SimResult> runs = TruthTables.runAll("ret", kernel, SimResult.Status.END, null);
        for (SimResult r : runs) {
            assertEquals(1L, r.registers().get("x"));
        }
        assertEquals(2, runs.get(0).steps());
    }

    /**
     * A Return inside a loop's body leaves the loop and the function at once: x = 0, then the
     * first trip (i = lb = 0) adds 5 and returns from the entry: END with x = 5, i = 0 — the
     * later trips never run. (The IR pops the loop's frame down to the function's first.)
     */
    @Test
    void aReturnInsideALoopLeavesBoth() {
        String kernel = """
                kernel: ret_loop
                registers: [i, x]
                functions:
                  - name: main
                    insts:
                      - {inst: RegisterMove, dst: x, src: 0}
                      - inst: Loop
                        var: i
                        lb: 0
                        ub: 3
                        body:
                          - {inst: RegisterAlu, op: add, dst: x, src0: x, src1: 5}
                          - {inst: Return}
                      - {inst: Exit}
                """;
        for (SimResult r : TruthTables.runAll("ret_loop", kernel, SimResult.Status.END, null)) {
            assertEquals(5L, r.registers().get("x"));
            assertEquals(0L, r.registers().get("i"));
        }
    }

    /**
     * GroupResetSemaphores of ids that are not contiguous takes the bit-mask form (facts §3.6):
     * a, b, c, d are ids 0 to 3 (first named first), written 1 to 4; the reset names b and d, ids
     * 1 and 3, so the mask is 0b1010 in word 0 (a word is the spec's mask width over its count).
     * a and c are left: the bank is {0: 1, 2: 3}. Odd ids: a shift that reads the same bit of the
     * word for every even id, or for every id, cannot pass.
     */
    @Test
    void aGroupResetByMaskZeroesOnlyTheNamedSemaphores() {
        String kernel = """
                kernel: mask
                registers: [x]
                functions:
                  - name: main
                    insts:
                      - {inst: EventSemaphore, update: {sem: a, mode: sem_wr_imm, value: 1}}
                      - {inst: EventSemaphore, update: {sem: b, mode: sem_wr_imm, value: 2}}
                      - {inst: EventSemaphore, update: {sem: c, mode: sem_wr_imm, value: 3}}
                      - {inst: EventSemaphore, update: {sem: d, mode: sem_wr_imm, value: 4}}
                      - {inst: GroupResetSemaphores, semaphores: [b, d]}
                      - {inst: RegisterMove, dst: x, src: 1}
                      - {inst: Exit}
                """;
        for (SimResult r : TruthTables.runAll("mask", kernel, SimResult.Status.EXIT, null)) {
            assertEquals(bank(0, 1, 2, 3), r.semaphores());
        }
    }

    /** sem_add_imm and sem_sub_imm (facts §7.6): a := 5, a += 7 (12), a -= 3 (9). The bank is {0: 9}. */
    @Test
    void addAndSubtractImmediatesChangeTheSemaphore() {
        String kernel = """
                kernel: add_sub
                registers: [x]
                functions:
                  - name: main
                    insts:
                      - {inst: EventSemaphore, update: {sem: a, mode: sem_wr_imm, value: 5}}
                      - {inst: EventSemaphore, update: {sem: a, mode: sem_add_imm, value: 7}}
                      - {inst: EventSemaphore, update: {sem: a, mode: sem_sub_imm, value: 3}}
                      - {inst: RegisterMove, dst: x, src: 1}
                      - {inst: Exit}
                """;
        for (SimResult r : TruthTables.runAll("add_sub", kernel, SimResult.Status.EXIT, null)) {
            assertEquals(bank(0, 9), r.semaphores());
        }
    }

    /** A kernel with one DMA block of {@code block} (a queues entry) from hbm (11 bytes, iota) into sbuf ({@code sbuf} bytes). */
    static String copyKernel(String block, int sbuf) {
        return """
                kernel: copy
                registers: [x]
                memory:
                  hbm: {size: 11, init: iota}
                  sbuf: {size: %d}
                queues:
                  q0:
                    - %s
                functions:
                  - name: main
                    insts:
                      - {inst: DMATrigger, queue: q0, block_id: 0}
                      - {inst: RegisterMove, dst: x, src: 1}
                      - {inst: Exit}
                """.formatted(sbuf, block);
    }

    /**
     * Both destination steps count (facts §3.11): source one row of 4 from hbm +1 (1, 2, 3, 4);
     * destination 2 rows of 2, element step 2, row step 5, from sbuf +0: 5·(k / 2) + 2·(k % 2) = 0,
     * 2, 5, 7 — 7 is sbuf's last byte (8 bytes). So sbuf = [1, 0, 2, 0, 0, 3, 0, 4].
     */
    @Test
    void aCopyStepsItsDestinationByBothSteps() {
        String kernel = copyKernel("{src: {region: hbm, offset: 1, step: [1, 4], num: [4, 1]}, "
                + "dst: {region: sbuf, offset: 0, step: [2, 5], num: [2, 2]}, elem_size: 1}", 8);
        for (SimResult r : TruthTables.runAll("copy_steps", kernel, SimResult.Status.EXIT, null)) {
            assertEquals("[1, 0, 2, 0, 0, 3, 0, 4]", Arrays.toString(r.memory().get("sbuf")));
        }
    }

    /**
     * A two-byte element whose destination runs one byte past its region: source hbm +0, +2
     * (element step 2); destination sbuf (4 bytes) +0, +3 (element step 3): 3 + 2 = 5 > 4, a fault
     * naming both ends, not an array index error.
     */
    @Test
    void aDestinationOnePastTheRegionFaults() {
        String kernel = copyKernel("{src: {region: hbm, offset: 0, step: [2, 8], num: [2, 1]}, "
                + "dst: {region: sbuf, offset: 0, step: [3, 8], num: [2, 1]}, elem_size: 2}", 4);
        TruthTables.runAll("copy_past", kernel, SimResult.Status.FAULT, "DMA copy out of bounds: hbm+2 -> sbuf+3 (2 bytes)");
    }

    /** Source 2 rows of 3 (6 elements), destination 1 row of 5: the block cannot be copied, and the fault gives both counts. */
    @Test
    void aBlockWhoseCountsDifferFaults() {
        String kernel = copyKernel("{src: {region: hbm, offset: 0, step: [1, 3], num: [3, 2]}, "
                + "dst: {region: sbuf, offset: 0, step: [1, 5], num: [5, 1]}, elem_size: 1}", 8);
        TruthTables.runAll("copy_counts", kernel, SimResult.Status.FAULT, "DMA block copies 6 elements from hbm into 5 in sbuf");
    }
}
