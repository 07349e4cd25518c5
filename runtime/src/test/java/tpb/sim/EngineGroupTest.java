package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.EngineType;

/** Engines over one machine: a group of one is the single-engine simulator; hand-offs, barriers and deadlocks across engines. */
class EngineGroupTest {
    static Module kernel(Path p) throws Exception {
        return KernelReader.read(p.toString(), Files.readString(p));
    }

    static SimResult group(Module m) {
        return group(m, EngineGroup.Schedule.DEFAULT);
    }

    static SimResult group(Module m, EngineGroup.Schedule schedule) {
        return EngineGroup.run(engines(m), 10_000_000, MachineConfig.of(m), Map.of(), schedule);
    }

    static List<EngineGroup.Engine> engines(Module m) {
        Map<EngineType, Compiler.EngineOutput> out = Compiler.compile(m, Compiler.Options.defaults());
        return m.engines().stream().map(e -> new EngineGroup.Engine(e.specName(), out.get(e).stream(), out.get(e).registers())).toList();
    }

    @TestFactory
    Stream<DynamicTest> aGroupOfOneIsTheSequencer() throws Exception {
        try (Stream<Path> files = Files.list(DifferentialTest.CORPUS)) {
            return files.sorted().toList().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
                Module m = kernel(p);
                EngineType first = m.engines().get(0);
                Compiler.EngineOutput eo = Compiler.compile(m, Compiler.Options.defaults()).get(first);
                SimResult alone = StreamSimulator.run(eo.stream(), eo.registers(), 10_000_000, null, MachineConfig.of(m));
                SimResult group = EngineGroup.run(List.of(new EngineGroup.Engine(first.specName(), eo.stream(), eo.registers())),
                        10_000_000, MachineConfig.of(m), Map.of());
                assertEquals(alone.status(), group.status());
                assertEquals(alone.steps(), group.steps());
                assertEquals(alone.registers(), group.registers());
                assertEquals(alone.fired(), group.fired());
                assertEquals(alone.semaphores(), group.semaphores());
                assertEquals(alone.memoryChecksum(), group.memoryChecksum());
            }));
        }
    }

    /**
     * A random kernel run on SP and PE at once: every instruction is ALL, so each engine runs the
     * same code on its own registers and meets the other at every fence; interleaving must not
     * change what either computes, which is what the IR simulator says for one engine. Tagged
     * {@code big}: minutes under PIT, which runs it for every mutant it covers (nearly all of
     * tpb.sim); the mutation run leaves it out with -DexcludedGroups=big.
     */
    @net.jqwik.api.Tag("big")
    @Property(tries = 200)
    void enginesInLockstepComputeWhatOneEngineDoes(@ForAll long seed) {
        String text = RandomKernelsTest.kernel(new Random(seed)).replace("kernel: random\n", "kernel: random\nengines: [SP, PE]\n");
        Module m = KernelReader.read("random.yaml", text);
        SimResult one = IrSimulator.run(m, EngineType.SP, DifferentialTest.IR_BUDGET);
        if (one.message() != null && one.message().startsWith("step budget")) {
            // neither ends: seen within each engine's share of the IR's budget as well as within ten
            // million steps (the machine counts both engines' steps); the budgets are not comparable
            // beyond that (one IR step is several records)
            SimResult both = EngineGroup.run(engines(m), m.engines().size() * DifferentialTest.budget(one), MachineConfig.of(m), Map.of());
            assertTrue(both.message() != null && both.message().contains("step budget"), both.message());
            return;
        }
        SimResult both = group(m);
        assertEquals(one.status(), both.status(), one.message() + " / " + both.message());
        assertTrue(both.registers().containsKey("SP.a") && both.registers().containsKey("PE.a"), both.registers().toString());
        for (Map.Entry<String, Long> r : one.registers().entrySet()) {
            for (String e : List.of("SP.", "PE.")) {
                if (both.registers().containsKey(e + r.getKey())) {
                    assertEquals(r.getValue(), both.registers().get(e + r.getKey()), e + r.getKey());
                }
            }
        }
        loweredGroupAgrees(m, both);
        irGroupAgrees(m, both, EngineGroup.Schedule.DEFAULT);
        irGroupAgrees(m, both, new EngineGroup.Schedule(1, 1));
        // preempted after every step, or every third, and started from the other engine: the same ends
        for (EngineGroup.Schedule sched : List.of(new EngineGroup.Schedule(1, 1), new EngineGroup.Schedule(0, 3))) {
            SimResult other = group(m, sched);
            assertEquals(both.status(), other.status(), sched + ": " + other.message());
            assertEquals(both.registers(), other.registers(), sched.toString());
            assertEquals(both.steps(), other.steps(), sched.toString());
            SimResult lowered = EngineGroup.runLowered(Compiler.lower(m, Compiler.Options.defaults()), 10_000_000, MachineConfig.of(m),
                    sched);
            assertEquals(other.semaphores(), lowered.semaphores(), "lowered " + sched);
        }
    }

    /**
     * The engines' lowered code run together ends as their streams do, on the same schedule:
     * status, every register the lowered run wrote, DMA, memory, semaphores, and per engine one
     * step fewer (the stream's entry PSEUDO_FUNCTION_BEGIN).
     */
    static void loweredGroupAgrees(Module m, SimResult streams) {
        SimResult lowered = EngineGroup.runLowered(Compiler.lower(m, Compiler.Options.defaults()), 10_000_000, MachineConfig.of(m));
        assertEquals(streams.status(), lowered.status(), streams.message() + " / " + lowered.message());
        if (lowered.status() == SimResult.Status.FAULT) {
            assertTrue(streams.message().startsWith("deadlock") == lowered.message().startsWith("deadlock"), lowered.message());
        }
        lowered.registers().forEach((r, v) -> assertEquals(v, streams.registers().get(r), "register " + r + ", lowered / stream"));
        assertEquals(streams.fired(), lowered.fired());
        assertEquals(streams.memoryChecksum(), lowered.memoryChecksum());
        assertEquals(streams.semaphores(), lowered.semaphores());
        streams.engineSteps().forEach((e, n) -> assertEquals(n, lowered.engineSteps().get(e) + 1, e + " steps"));
    }

    /**
     * The kernel's engines run together before lowering end as their streams do: status, every
     * register the IR run reports, and, for kernels without control flow (no fences), semaphores,
     * DMA and memory.
     */
    static void irGroupAgrees(Module m, SimResult streams, EngineGroup.Schedule schedule) {
        SimResult ir = EngineGroup.runIr(m, 10_000_000, schedule);
        assertEquals(streams.status(), ir.status(), schedule + ": " + streams.message() + " / " + ir.message());
        if (ir.status() == SimResult.Status.FAULT) {
            assertEquals(streams.message().startsWith("deadlock"), ir.message().startsWith("deadlock"), ir.message());
        }
        ir.registers().forEach((r, v) -> assertEquals(v, streams.registers().get(r), schedule + " register " + r + ", IR / stream"));
        assertTrue(streams.registers().keySet().containsAll(ir.registers().keySet()), ir.registers() + " / " + streams.registers());
    }

    @TestFactory
    Stream<DynamicTest> irEnginesRunTogetherAsTheirStreamsDo() throws Exception {
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/multi"))) {
            return files.sorted().toList().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
                Module m = kernel(p);
                SimResult streams = group(m);
                irGroupAgrees(m, streams, EngineGroup.Schedule.DEFAULT);
                SimResult ir = EngineGroup.runIr(m, 10_000, EngineGroup.Schedule.DEFAULT);
                assertEquals(streams.semaphores(), ir.semaphores());
                for (EngineGroup.Schedule sched : EngineGroup.schedules(2)) {
                    assertEquals(group(m, sched).semaphores(), EngineGroup.runIr(m, 10_000, sched).semaphores(), sched.toString());
                }
                assertEquals(streams.fired(), ir.fired());
                assertEquals(streams.memoryChecksum(), ir.memoryChecksum());
            }));
        }
    }

    @Test
    void anIrDeadlockNamesTheKernelLines() throws Exception {
        // Twenty runs: the frame-stack interpreter has no threads to leak, but a deadlock must be
        // reported the same way every time whatever state an earlier run left.
        Module m = kernel(Path.of("src/test/resources/multi/crossed_waits.yaml"));
        for (int i = 0; i < 20; i++) {
            SimResult r = EngineGroup.runIr(m, 1000, EngineGroup.Schedule.DEFAULT);
            assertEquals("deadlock: SP at src/test/resources/multi/crossed_waits.yaml:8:9 waits for semaphore 0 >= 1 (it is 0); "
                    + "PE at src/test/resources/multi/crossed_waits.yaml:10:9 waits for semaphore 1 >= 1 (it is 0)", r.message());
        }
    }

    @TestFactory
    Stream<DynamicTest> loweredEnginesRunTogetherAsTheirStreamsDo() throws Exception {
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/multi"))) {
            return files.sorted().toList().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
                Module m = kernel(p);
                loweredGroupAgrees(m, group(m));
            }));
        }
    }

    @Test
    void aLoweredDeadlockNamesEachEngineInItsCode() throws Exception {
        Module m = kernel(Path.of("src/test/resources/multi/crossed_waits.yaml"));
        SimResult r = EngineGroup.runLowered(Compiler.lower(m, Compiler.Options.defaults()), 1000, MachineConfig.of(m));
        assertEquals("deadlock: SP at main+0 waits for semaphore 0 >= 1 (it is 0); PE at main+0 waits for semaphore 1 >= 1 (it is 0)",
                r.message());
    }

    @Test
    void aWaitIsReleasedByAnotherEngine() throws Exception {
        SimResult r = group(kernel(Path.of("src/test/resources/multi/handoff.yaml")));
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(Map.of("seen", 1L, "acc", 12L), r.registers());
    }

    @Test
    void everyEngineRunsTheSharedCodeOnItsOwnRegisters() throws Exception {
        SimResult r = group(kernel(DifferentialTest.CORPUS.resolve("19_two_engines.yaml")));
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(Map.of("SP.acc", 10L, "SP.i", 5L, "PE.acc", 10L, "PE.i", 5L, "pe_only", 5L), r.registers());
    }

    @Test
    void aWaitAgainstARegisterIsReleasedByAnotherEngine() throws Exception {
        SimResult r = group(kernel(Path.of("src/test/resources/multi/wait_register.yaml")));
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(Map.of("want", 3L, "seen", 1L), r.registers());
    }

    @Test
    void aWaitAgainstARegisterHoldsUntilTheCountIsReached() throws Exception {
        Path p = Path.of("src/test/resources/multi/wait_register.yaml");
        Module fourWanted = KernelReader.read(p.toString(), Files.readString(p).replace("src: 3", "src: 4"));
        SimResult r = group(fourWanted);
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("deadlock: SP at PC 2 waits for semaphore 0 >= r1 = 4 (it is 3); PE at PC 4 waits at the all-engine barrier",
                r.message());
    }

    @Test
    void aRaceIsARunThatEndsOtherwiseUnderAnotherSchedule() throws Exception {
        Module racy = kernel(Path.of("src/test/resources/multi/racy_semaphore.yaml"));
        List<String> names = List.of("SP", "PE");
        List<String> want = List.of("PE first, whole turns: semaphore 0 = 1 (2 under SP first, whole turns)",
                "PE first, 1 step a turn: semaphore 0 = 1 (2 under SP first, whole turns)");
        List<EngineGroup.Engine> engines = engines(racy);
        assertEquals(want, EngineGroup.differences(names, s -> EngineGroup.run(engines, 1000, MachineConfig.of(racy), Map.of(), s)));
        var lowered = Compiler.lower(racy, Compiler.Options.defaults());
        assertEquals(want, EngineGroup.differences(names, s -> EngineGroup.runLowered(lowered, 1000, MachineConfig.of(racy), s)));
    }

    @TestFactory
    Stream<DynamicTest> synchronisedKernelsEndAlikeUnderEverySchedule() {
        return Stream.of("multi/handoff.yaml", "multi/wait_register.yaml", "multi/crossed_waits.yaml", "multi/barrier_orders.yaml",
                "kernels/19_two_engines.yaml")
                .map(f -> DynamicTest.dynamicTest(f, () -> {
                    Module m = kernel(Path.of("src/test/resources/" + f));
                    List<EngineGroup.Engine> engines = engines(m);
                    List<String> names = engines.stream().map(EngineGroup.Engine::name).toList();
                    assertEquals(List.of(), EngineGroup.differences(names,
                            s -> EngineGroup.run(engines, 100_000, MachineConfig.of(m), Map.of(), s)));
                }));
    }

    @Test
    void crossedWaitsAreADeadlockNamingEachEngine() throws Exception {
        SimResult r = group(kernel(Path.of("src/test/resources/multi/crossed_waits.yaml")));
        assertEquals(SimResult.Status.FAULT, r.status());
        assertEquals("deadlock: SP at PC 1 waits for semaphore 0 >= 1 (it is 0); PE at PC 1 waits for semaphore 1 >= 1 (it is 0)",
                r.message());
    }
}
