package tpb.ir;

import java.util.List;
import java.util.Map;
import tpb.isa.EngineType;

/**
 * A kernel: its registers, its functions (the first is the entry), the engines it runs on (ALL
 * instructions are cloned onto each), and the register values a run must end with.
 */
public record Module(String name, List<Register> registers, List<Function> functions, List<EngineType> engines,
        Map<String, Long> expect) {
    public Module {
        registers = List.copyOf(registers);
        functions = List.copyOf(functions);
        engines = List.copyOf(engines);
        expect = Map.copyOf(expect);
    }

    public Function function(String n) {
        for (Function f : functions) {
            if (f.name().equals(n)) {
                return f;
            }
        }
        return null;
    }

    public Register register(String n) {
        for (Register r : registers) {
            if (r.name().equals(n)) {
                return r;
            }
        }
        return null;
    }
}
