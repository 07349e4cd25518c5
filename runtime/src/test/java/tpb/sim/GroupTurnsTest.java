package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;

/**
 * A group of engines under a finite quantum, at each level (IR, lowered code, record streams):
 * the exact interleaving of their steps (one trace shared by both engines), each engine's steps,
 * a wait that blocks, is retried and then holds (its update applied once, traced once), a
 * deadlock's report and step accounting with a register threshold and an engine held at the
 * barrier, the budget's end inside a turn, how {@link EngineGroup#differences} words a race, and
 * a group's memory. (PIT survivors of the tpb.sim run at d37fd3c, mutation-survivors.md.)
 */
class GroupTurnsTest {
    /**
     * SP waits go >= 1 and then increments done (one EventSemaphore), then x := 1; PE sets x := 2,
     * go := 1, x := 3. Both Exit. go is named first: id 0, done id 1.
     */
    static final String TURNS = """
            kernel: turns
            engines: [SP, PE]
            registers: [x]
            functions:
              - name: main
                insts:
                  - {inst: EventSemaphore, wait: {sem: go, value: 1}, update: {sem: done, mode: sem_inc}, engine: SP}
                  - {inst: RegisterMove, dst: x, src: 1, engine: SP}
                  - {inst: RegisterMove, dst: x, src: 2, engine: PE}
                  - {inst: EventSemaphore, update: {sem: go, mode: sem_wr_imm, value: 1}, engine: PE}
                  - {inst: RegisterMove, dst: x, src: 3, engine: PE}
                  - {inst: Exit}
            """;

    static final EngineGroup.Schedule ONE_STEP = new EngineGroup.Schedule(0, 1);

    /** Each engine's trace lines into one list, tagged with the engine: the interleaving itself. */
    static <T> Map<String, T> shared(Function<String, T> tagged) {
        return Map.of("SP", tagged.apply("SP "), "PE", tagged.apply("PE "));
    }

    /**
     * One IR step a turn, SP first. Round 1: SP's wait is traced, fails and is not counted; PE
     * x := 2. Round 2: SP's retry fails (uncounted, untraced); PE go := 1. Round 3: SP's retry
     * holds — one step, done += 1, not traced again — and the quantum is spent; PE x := 3.
     * Round 4: SP x := 1; PE Exit. Round 5: SP Exit. 7 steps, SP 3 (wait, move, Exit), PE 4.
     */
    @Test
    void irTurnsOfOneStepInterleaveAsTheRoundsSay() {
        Module m = KernelReader.read("turns.yaml", TURNS);
        List<String> trace = new ArrayList<>();
        SimResult r = EngineGroup.runIr(m, 100, ONE_STEP, shared(tag -> line -> trace.add(tag + line.substring(line.lastIndexOf(' ') + 1))));
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(List.of("SP EventSemaphore", "PE RegisterMove", "PE EventSemaphore", "PE RegisterMove", "SP RegisterMove", "PE Exit",
                "SP Exit"), trace);
        assertEquals(7, r.steps());
        assertEquals(Map.of("SP", 3L, "PE", 4L), r.engineSteps());
        assertEquals(MachineEdgesTest.bank(0, 1, 1, 1), r.semaphores());
        assertEquals(Map.of("SP.x", 1L, "PE.x", 3L), r.registers());
    }

    /**
     * The lowered code is the IR's one for one here (SP: the EventSemaphore record, a move, Exit;
     * PE: move, EventSemaphore, move, Exit), so the same rounds: the retried wait traced once.
     */
    @Test
    void loweredTurnsOfOneStepInterleaveAsTheRoundsSay() {
        Module m = KernelReader.read("turns.yaml", TURNS);
        List<String> trace = new ArrayList<>();
        SimResult r = EngineGroup.runLowered(Compiler.lower(m, TruthTables.OPTIONS), 100, MachineConfig.of(m), ONE_STEP,
                shared(tag -> line -> trace.add(tag + line.substring(0, line.indexOf(' ')))), rec -> rec.arm().specName());
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(List.of("SP main+0", "PE main+0", "PE main+1", "PE main+2", "SP main+1", "PE main+3", "SP main+2"), trace);
        assertEquals(7, r.steps());
        assertEquals(Map.of("SP", 3L, "PE", 4L), r.engineSteps());
        assertEquals(MachineEdgesTest.bank(0, 1, 1, 1), r.semaphores());
        assertEquals(Map.of("SP.x", 1L, "PE.x", 3L), r.registers());
    }

    /**
     * The streams open with PSEUDO_FUNCTION_BEGIN (record 0) each: SP [begin, wait, move, Exit], PE
     * [begin, move, go := 1, move, Exit]. Round 1: both begins. Round 2: SP's wait (record 1) traced,
     * fails; PE record 1. Round 3: SP retries, fails; PE record 2 (go := 1). Round 4: SP's wait
     * holds (untraced, counted) and its turn ends; PE record 3. Round 5: SP 2, PE 4 (Exit). Round 6:
     * SP 3. 9 steps: SP 4, PE 5.
     */
    @Test
    void streamTurnsOfOneRecordInterleaveAsTheRoundsSay() {
        Module m = KernelReader.read("turns.yaml", TURNS);
        List<String> trace = new ArrayList<>();
        SimResult r = EngineGroup.run(EngineGroupTest.engines(m), 100, MachineConfig.of(m),
                shared(tag -> (java.util.function.IntConsumer) pc -> trace.add(tag + pc)), ONE_STEP);
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(List.of("SP 0", "PE 0", "SP 1", "PE 1", "PE 2", "PE 3", "SP 2", "PE 4", "SP 3"), trace);
        assertEquals(9, r.steps());
        assertEquals(Map.of("SP", 4L, "PE", 5L), r.engineSteps());
        assertEquals(MachineEdgesTest.bank(0, 1, 1, 1), r.semaphores());
        assertEquals(Map.of("SP.x", 1L, "PE.x", 3L), r.registers());
    }

    /** SP waits on go until its register want (2) is reached; nothing sets go; PE holds at the barrier. */
    static final String STUCK = """
            kernel: stuck
            engines: [SP, PE]
            registers: [want]
            functions:
              - name: main
                insts:
                  - {inst: RegisterMove, dst: want, src: 2, engine: SP}
                  - {inst: EventSemaphore, wait: {sem: go, register: want}, engine: SP}
                  - {inst: AllEngineBarrier, engine: PE}
                  - {inst: Exit}
            """;

    /**
     * Whole turns. Round 1: SP want := 2 (1 step), its wait fails (uncounted); PE reaches the
     * barrier (1 step). Round 2: SP's retry fails, PE is held: no step, a deadlock. The blocked
     * wait counts as SP's faulting step: 3 steps, SP 2, PE 1. The report names SP's wait with
     * its register threshold and PE's barrier, each at its line (8 and 9, column 9).
     */
    @Test
    void anIrDeadlockAfterARetryNamesTheRegisterThresholdAndTheBarrier() {
        SimResult r = EngineGroup.runIr(KernelReader.read("stuck.yaml", STUCK), 100, EngineGroup.Schedule.DEFAULT);
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("deadlock: SP at stuck.yaml:8:9 waits for semaphore 0 >= want = 2 (it is 0); PE at stuck.yaml:9:9 waits at the "
                + "all-engine barrier", r.message());
        assertEquals(3, r.steps());
        assertEquals(Map.of("SP", 2L, "PE", 1L), r.engineSteps());
    }

    /**
     * The same in lowered code: SP [move want, wait on want, Exit], PE [barrier, Exit]. SP's wait
     * is main+1, PE's barrier main+0; the wait's trace line shows its record and threshold
     * register, once although it ran twice. 3 steps, SP 2, PE 1.
     */
    @Test
    void aLoweredDeadlockAfterARetryNamesTheRegisterThresholdAndTheBarrier() {
        Module m = KernelReader.read("stuck.yaml", STUCK);
        List<String> sp = new ArrayList<>();
        SimResult r = EngineGroup.runLowered(Compiler.lower(m, TruthTables.OPTIONS), 100, MachineConfig.of(m), EngineGroup.Schedule.DEFAULT,
                Map.of("SP", sp::add), rec -> rec.arm().specName());
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("deadlock: SP at main+1 waits for semaphore 0 >= want = 2 (it is 0); PE at main+0 waits at the all-engine barrier",
                r.message());
        assertEquals(3, r.steps());
        assertEquals(Map.of("SP", 2L, "PE", 1L), r.engineSteps());
        assertEquals(List.of("main+1  EventSemaphore (threshold want)"), sp.subList(1, sp.size()));
    }

    /** Both engines x := 1, x := 2, Exit. */
    static final String TWO = """
            kernel: two
            engines: [SP, PE]
            registers: [x]
            functions:
              - name: main
                insts:
                  - {inst: RegisterMove, dst: x, src: 1}
                  - {inst: RegisterMove, dst: x, src: 2}
                  - {inst: Exit}
            """;

    /**
     * A budget of 3 steps, one step a turn, in lowered code: round 1 SP (1), PE (2); round 2 SP
     * takes step 3, and at its turn's end the budget is spent too, so SP's next step is the one
     * that faults — in its own turn, not PE's.
     */
    @Test
    void theBudgetEndsInTheTurnThatSpendsIt() {
        Module m = KernelReader.read("two.yaml", TWO);
        SimResult r = EngineGroup.runLowered(Compiler.lower(m, TruthTables.OPTIONS), 3, MachineConfig.of(m), ONE_STEP);
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("SP: step budget of 3 exhausted", r.message());
        assertEquals(3, r.steps());
    }

    /**
     * How a race reads, for the four schedules of two engines, each run's result given: the base
     * (SP first, whole turns) exits with x = 4; PE first exits with x = 2 (a budget that stops the
     * same engine at another point ends so: same status and message, other registers); SP first,
     * one step a turn faults; PE first, one step a turn ends as the base (no line).
     */
    @Test
    void differencesNameTheRegisterOrTheStatusThatDiffers() {
        SimResult base = result(SimResult.Status.EXIT, null, 4);
        Map<EngineGroup.Schedule, SimResult> runs = Map.of(new EngineGroup.Schedule(0, Sequencer.WHOLE), base,
                new EngineGroup.Schedule(1, Sequencer.WHOLE), result(SimResult.Status.EXIT, null, 2), ONE_STEP,
                result(SimResult.Status.FAULT, "SP: step budget of 4 exhausted", 4), new EngineGroup.Schedule(1, 1), base);
        assertEquals(List.of("PE first, whole turns: x = 2 (4 under SP first, whole turns)",
                "SP first, 1 step a turn: FAULT: SP: step budget of 4 exhausted (EXIT under SP first, whole turns)"),
                EngineGroup.differences(List.of("SP", "PE"), runs::get));
    }

    static SimResult result(SimResult.Status status, String message, long x) {
        return new SimResult(status, message, 4, Map.of("x", x), List.of(), List.of(0), 0, Map.of());
    }

    /** A group's result carries the machine's memory: the block of MachineEdgesTest.aCopyStepsItsDestinationByBothSteps. */
    @Test
    void aGroupReportsItsMemory() {
        Module m = KernelReader.read("copy.yaml", MachineEdgesTest.copyKernel("{src: {region: hbm, offset: 1, step: [1, 4], num: [4, 1]}, "
                + "dst: {region: sbuf, offset: 0, step: [2, 5], num: [2, 2]}, elem_size: 1}", 8));
        SimResult r = EngineGroup.run(EngineGroupTest.engines(m), 100, MachineConfig.of(m), Map.of());
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals("[1, 0, 2, 0, 0, 3, 0, 4]", Arrays.toString(r.memory().get("sbuf")));
    }
}
