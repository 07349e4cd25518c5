package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.EngineType;

/**
 * EngineGroup's own bookkeeping, on the three-instruction kernel of {@link MachineEdgesTest}
 * (x = 1, x = 2, Exit: 3 IR steps) run as a group of one: the schedules a race check tries,
 * trace lines and per-engine steps at each level. (PIT survivors of the EngineGroup run,
 * mutation-survivors.md.)
 */
class EngineGroupEdgesTest {
    /** Every engine first with whole turns, then every engine first with one step a turn: for two engines, four. */
    @Test
    void schedulesAreEveryEngineFirstWholeThenOneStep() {
        assertEquals(List.of(new EngineGroup.Schedule(0, Sequencer.WHOLE), new EngineGroup.Schedule(1, Sequencer.WHOLE),
                new EngineGroup.Schedule(0, 1), new EngineGroup.Schedule(1, 1)), EngineGroup.schedules(2));
    }

    /** A group of one at each level: one trace line a step, the engine's steps reported under its name, x = 2 written. */
    @Test
    void aGroupOfOneTracesEveryStepAndCountsItsSteps() {
        Module m = KernelReader.read("three.yaml", MachineEdgesTest.THREE);
        String sp = EngineType.SP.specName();
        List<String> ir = new ArrayList<>();
        SimResult r = EngineGroup.runIr(m, 100, EngineGroup.Schedule.DEFAULT, Map.of(sp, ir::add));
        assertEquals(SimResult.Status.EXIT, r.status(), r.message());
        assertEquals(3, r.steps());
        assertEquals(3, ir.size(), ir.toString());
        assertEquals(Map.of(sp, 3L), r.engineSteps());
        assertEquals(2L, r.registers().get("x"));
        List<String> lowered = new ArrayList<>();
        SimResult lo = EngineGroup.runLowered(Compiler.lower(m, TruthTables.OPTIONS), 100, MachineConfig.of(m), EngineGroup.Schedule.DEFAULT,
                Map.of(sp, lowered::add), rec -> rec.arm().specName());
        assertEquals(lo.steps(), lowered.size(), lowered.toString());
        assertEquals(Map.of(sp, lo.steps()), lo.engineSteps());
        List<Integer> pcs = new ArrayList<>();
        SimResult st = EngineGroup.run(EngineGroupTest.engines(m), 100, MachineConfig.of(m), Map.of(sp, pcs::add));
        assertEquals(SimResult.Status.EXIT, st.status(), st.message());
        assertEquals(st.steps(), pcs.size(), pcs.toString());
        assertEquals(Map.of(sp, st.steps()), st.engineSteps());
    }
}
