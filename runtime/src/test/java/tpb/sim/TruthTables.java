package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import tpb.codegen.Compiler;
import tpb.ir.KernelReader;
import tpb.ir.Module;
import tpb.isa.Arch;
import tpb.isa.EngineType;

/**
 * Runs a kernel written as text through every simulator's public entry — the IR before lowering,
 * the lowered code, and the compiled record stream — and returns the three results after checking
 * that each ended with {@code status} (and, for a fault, {@code message}). The truth tables check
 * the registers of each against values they compute themselves.
 */
final class TruthTables {
    private TruthTables() {}

    static final Compiler.Options OPTIONS = new Compiler.Options(Arch.SUNDA, 62, false);

    /** IR, lowered, stream — in pipeline order. */
    static List<SimResult> runAll(String name, String kernel, SimResult.Status status, String message) {
        return runAll(name, kernel, status, message, OPTIONS);
    }

    /** The same, compiled for a register file of {@code options.maxRegs()} slots. */
    static List<SimResult> runAll(String name, String kernel, SimResult.Status status, String message, Compiler.Options options) {
        Module m = KernelReader.read(name + ".yaml", kernel);
        SimResult ir = IrSimulator.run(m, EngineType.SP, 1_000_000);
        SimResult lowered = LoweredSimulator.run(Compiler.lower(m, options).get(EngineType.SP), 1_000_000, MachineConfig.of(m));
        Compiler.EngineOutput out = Compiler.compile(m, options).get(EngineType.SP);
        SimResult stream = StreamSimulator.run(out.stream(), out.registers(), 1_000_000, null, MachineConfig.of(m));
        List<SimResult> all = List.of(ir, lowered, stream);
        for (int i = 0; i < 3; i++) {
            SimResult r = all.get(i);
            String leg = name + " " + LEGS.get(i);
            assertEquals(status, r.status(), leg + ": " + r.message());
            if (message != null) {
                assertEquals(message, r.message(), leg);
            }
        }
        return all;
    }

    static final List<String> LEGS = List.of("(IR)", "(lowered)", "(stream)");

    /** The final value of {@code register} in each of the three runs. */
    static void expect(List<SimResult> runs, String name, Map<String, Long> expected, Map<String, String> rowNames) {
        for (int i = 0; i < runs.size(); i++) {
            Map<String, Long> got = runs.get(i).registers();
            for (Map.Entry<String, Long> e : expected.entrySet()) {
                Long v = got.get(e.getKey());
                long want = e.getValue();
                if (v == null || v != want) {
                    throw new AssertionError(name + " " + LEGS.get(i) + ": " + rowNames.get(e.getKey()) + " = 0x"
                            + (v == null ? "(not written)" : Long.toHexString(v)) + ", expected 0x" + Long.toHexString(want));
                }
            }
        }
    }
}
