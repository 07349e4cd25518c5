package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.Arch;
import tpb.isa.EngineType;
import tpb.mir.CompileException;

/**
 * The compiler is right when the kernel and its bytes mean the same. For every corpus kernel and
 * engine, on 62 registers and on 4 (spill code runs), with and without the control fences, three
 * simulations end alike — status, registers, the DMA blocks fired, memory, and (without fences,
 * which reset semaphores) the semaphore bank: the IR before lowering ({@link IrSimulator}), the
 * lowered machine code on virtual registers ({@link LoweredSimulator}), and the record stream
 * after allocation and codegen ({@link StreamSimulator}). They are compared in pipeline order, so
 * the first disagreement names the pass. A fourth run, the lowered code encoded WITHOUT register
 * allocation, must end exactly as the allocated stream and take one record per lowered
 * instruction: that separates the allocator from codegen. Every kernel's expect block holds.
 */
class DifferentialTest {
    static final Path CORPUS = Path.of("src/test/resources/kernels");

    @TestFactory
    Stream<DynamicTest> corpusAgrees() throws Exception {
        try (Stream<Path> files = Files.list(CORPUS)) {
            return files.sorted().toList().stream().flatMap(p -> Stream.of(62, 4).flatMap(regs -> Stream.of(true, false).map(fences ->
                    DynamicTest.dynamicTest(p.getFileName() + " regs=" + regs + (fences ? "" : " no-fences"), () -> {
                        Module m = KernelReader.read(p.toString(), Files.readString(p));
                        agree(m, new Compiler.Options(Arch.SUNDA, regs, fences));
                    }))));
        }
    }

    static final long IR_BUDGET = 100_000;

    /** Generous: one IR step becomes a few records (counters, fences, reloads and stores around it). */
    static final long RECORDS_PER_IR_STEP = 64;

    /**
     * The step budget of the lowered and stream runs, from the IR run's count. When the IR run
     * ends, the others get ample room to end too ({@link #RECORDS_PER_IR_STEP} per IR step): a run
     * that needed more would show as a step-budget fault against the IR's exit, not pass. When the
     * IR run does not end, neither may the others, and that is seen as well within the IR's own
     * budget as within ten million steps (which random kernels that loop forever used to burn,
     * three times each).
     */
    static long budget(SimResult ir) {
        boolean endless = ir.message() != null && ir.message().startsWith("step budget");
        return endless ? IR_BUDGET : RECORDS_PER_IR_STEP * ir.steps() + 1_000;
    }

    static void agree(Module m, Compiler.Options o) {
        Map<EngineType, Compiler.EngineOutput> out = Compiler.compile(m, o);
        Map<EngineType, SimResult> irs = new EnumMap<>(EngineType.class);
        out.keySet().forEach(e -> irs.put(e, IrSimulator.run(m, e, IR_BUDGET)));
        // the legs in pipeline order, so the first to disagree names the pass at fault
        Map<EngineType, SimResult> lowered = loweredAgrees(m, o, irs);
        for (Compiler.EngineOutput eo : out.values()) {
            SimResult ir = irs.get(eo.engine());
            SimResult st = StreamSimulator.run(eo.stream(), eo.registers(), budget(ir), null, MachineConfig.of(m));
            assertEquals(ir.status(), st.status(), eo.engine() + ": " + ir.message() + " / " + st.message());
            if (ir.message() != null && ir.message().startsWith("step budget")) {
                // neither run ends: the budgets differ (one IR step is several records), so do the messages
                assertTrue(st.message().startsWith("step budget"), st.message());
                continue;
            }
            assertEquals(ir.message(), st.message());
            for (Map.Entry<String, Long> r : ir.registers().entrySet()) {
                if (eo.registers().containsKey(r.getKey())) {
                    assertEquals(r.getValue(), st.registers().get(r.getKey()), eo.engine() + " register " + r.getKey());
                }
            }
            assertEquals(ir.fired(), st.fired());
            assertEquals(ir.memoryChecksum(), st.memoryChecksum());
            for (Module.ExpectMemory e : m.expectMemory()) {
                byte[] got = Arrays.copyOfRange(ir.memory().get(e.region()), e.offset(), e.offset() + e.bytes().length);
                Assertions.assertArrayEquals(e.bytes(), got, "expect_memory " + e.region() + "+" + e.offset());
            }
            if (!o.controlFences()) {
                assertEquals(ir.semaphores(), st.semaphores());
            }
            for (Map.Entry<String, Long> e : m.expect().entrySet()) {
                if (eo.engine() == EngineType.SP || m.engines().size() == 1) {
                    assertEquals(e.getValue(), ir.registers().get(e.getKey()), "expect " + e.getKey());
                }
            }
            assertTrue(ir.ok(), ir.message());
        }
        unallocatedAgrees(m, o, out, irs, lowered);
    }

    /**
     * The lowered leg: the machine code the allocator is handed, run on virtual registers, ends as
     * the IR does — status, message, exactly the registers the IR run wrote, DMA, memory, and
     * (without fences) semaphores.
     */
    static Map<EngineType, SimResult> loweredAgrees(Module m, Compiler.Options o, Map<EngineType, SimResult> irs) {
        Map<EngineType, SimResult> out = new EnumMap<>(EngineType.class);
        Compiler.lower(m, o).forEach((engine, code) -> {
            SimResult ir = irs.get(engine);
            SimResult lo = LoweredSimulator.run(code, budget(ir), MachineConfig.of(m));
            out.put(engine, lo);
            assertEquals(ir.status(), lo.status(), engine + " IR / lowered: " + ir.message() + " / " + lo.message());
            if (ir.message() != null && ir.message().startsWith("step budget")) {
                assertTrue(lo.message().startsWith("step budget"), lo.message());
                return;
            }
            assertEquals(ir.message(), lo.message());
            assertEquals(ir.registers(), lo.registers(), engine + " registers, IR / lowered");
            assertEquals(ir.fired(), lo.fired());
            assertEquals(ir.memoryChecksum(), lo.memoryChecksum());
            if (!o.controlFences()) {
                assertEquals(ir.semaphores(), lo.semaphores());
            }
        });
        return out;
    }

    /**
     * The middle leg: the lowered code run with every virtual register in a slot of its own (no
     * allocation) ends exactly as the allocated code does, so a difference from the IR simulator
     * is the lowering's fault when this holds and the allocator's when it does not.
     */
    static void unallocatedAgrees(Module m, Compiler.Options o, Map<EngineType, Compiler.EngineOutput> allocated,
            Map<EngineType, SimResult> irs, Map<EngineType, SimResult> lowered) {
        Map<EngineType, Compiler.EngineOutput> plain;
        try {
            plain = Compiler.compileUnallocated(m, new Compiler.Options(o.arch(), 62, o.controlFences()));
        } catch (CompileException tooMany) {
            return; // more virtual registers than slots: only the allocated leg can run
        }
        for (Compiler.EngineOutput eo : allocated.values()) {
            Compiler.EngineOutput po = plain.get(eo.engine());
            long budget = budget(irs.get(eo.engine()));
            SimResult a = StreamSimulator.run(eo.stream(), eo.registers(), budget, null, MachineConfig.of(m));
            SimResult p = StreamSimulator.run(po.stream(), po.registers(), budget, null, MachineConfig.of(m));
            assertEquals(p.status(), a.status(), eo.engine() + " unallocated / allocated: " + p.message() + " / " + a.message());
            if (p.message() != null && p.message().startsWith("step budget")) {
                continue;
            }
            assertEquals(p.message(), a.message());
            // only the registers the run wrote have a defined final value
            for (String written : irs.get(eo.engine()).registers().keySet()) {
                if (eo.registers().containsKey(written)) {
                    assertEquals(p.registers().get(written), a.registers().get(written), eo.engine() + " register " + written
                            + ", unallocated / allocated");
                }
            }
            assertEquals(p.fired(), a.fired());
            assertEquals(p.semaphores(), a.semaphores());
            assertEquals(p.memoryChecksum(), a.memoryChecksum());
            if (eo.allocation().spilled() == 0) {
                assertEquals(p.steps(), a.steps(), "without spills allocation changes no instruction");
            }
            // one record per lowered instruction, and the entry's PSEUDO_FUNCTION_BEGIN at PC 0
            assertEquals(lowered.get(eo.engine()).steps() + 1, p.steps(), eo.engine() + " steps, lowered / unallocated stream");
        }
    }
}
