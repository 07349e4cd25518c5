package tpb.ir;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tpb.isa.EngineType;

/**
 * A kernel: its registers, its functions (the first is the entry), the engines it runs on (ALL
 * instructions are cloned onto each), and the register values a run must end with.
 */
public record Module(String name, List<Register> registers, List<Function> functions, List<EngineType> engines,
        Map<String, Long> expect, List<Dma.Region> memory, List<Dma.Queue> queues, List<ExpectMemory> expectMemory) {

    /** Bytes a run must leave at an offset of a region. */
    public record ExpectMemory(String region, int offset, byte[] bytes) {}

    public Module {
        registers = List.copyOf(registers);
        functions = List.copyOf(functions);
        engines = List.copyOf(engines);
        expect = Collections.unmodifiableMap(new LinkedHashMap<>(expect));
        memory = List.copyOf(memory);
        queues = List.copyOf(queues);
        expectMemory = List.copyOf(expectMemory);
    }

    public Dma.Queue queue(String n) {
        for (Dma.Queue q : queues) {
            if (q.name().equals(n)) {
                return q;
            }
        }
        return null;
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

    /** Every semaphore the kernel names with its id in the bank, in order of first appearance (alloc_semaphores, seed000 §6). */
    public Map<String, Integer> semaphoreIds() {
        return Names.semaphoreIds(this);
    }

    /** The registers the instructions that run on {@code engine} name: the ones that engine is given registers for. */
    public Set<Register> registersOn(EngineType engine) {
        return Names.registersOn(this, engine);
    }
}
