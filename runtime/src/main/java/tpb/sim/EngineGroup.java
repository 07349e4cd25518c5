package tpb.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import tpb.codegen.Compiler;

/**
 * Several engines' sequencers over one shared machine: one semaphore bank, one DMA memory, one
 * step budget. Engines run round-robin, each until it exits, blocks on a semaphore wait, or
 * reaches an AllEngineBarrier; a barrier releases once every engine still running has reached
 * it (an engine that has ended no longer holds a barrier up — ASSUMED, the sources do not say).
 * A round in which no engine takes a step or crosses a barrier is a deadlock, reported with
 * every engine's PC and what it waits for. The interleaving is deterministic (engine order),
 * which is one legal schedule of many; kernels whose result depends on the schedule have a race.
 */
public final class EngineGroup {
    private EngineGroup() {}

    /** One engine's compiled stream and where its named registers live. */
    public record Engine(String name, byte[] stream, Map<String, Compiler.Location> registers) {}

    /**
     * Runs every engine to its end. Registers come back by name when one engine defines the name,
     * as {@code engine.name} for every engine when several do; faults name the engine.
     */
    public static SimResult run(List<Engine> engines, long maxSteps, List<tpb.ir.Dma.Region> memory,
            List<tpb.ir.Dma.Queue> queues, Map<String, IntConsumer> traces) {
        Machine m = new Machine(maxSteps, memory, queues);
        List<StreamSimulator> sims = new ArrayList<>();
        for (Engine e : engines) {
            StreamSimulator s = new StreamSimulator(e.stream(), m);
            s.trace(traces.get(e.name()));
            sims.add(s);
        }
        SimResult.Status status;
        String message = null;
        long[] steps = new long[engines.size()];
        try {
            status = schedule(engines, sims, m, steps);
        } catch (EngineFault f) {
            status = SimResult.Status.FAULT;
            message = f.getMessage();
        }
        return new SimResult(status, message, m.steps, registers(engines, sims), List.copyOf(m.fired), m.semaphoreList(),
                m.memoryChecksum(), m.memory, perEngine(engines, steps));
    }

    private static Map<String, Long> perEngine(List<Engine> engines, long[] steps) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < steps.length; i++) {
            out.put(engines.get(i).name(), steps[i]);
        }
        return out;
    }

    private static SimResult.Status schedule(List<Engine> engines, List<StreamSimulator> sims, Machine m, long[] steps) {
        int count = sims.size();
        StreamSimulator.Outcome[] state = new StreamSimulator.Outcome[count]; // null: runnable
        while (true) {
            long before = m.steps;
            for (int i = 0; i < count; i++) {
                if (state[i] != null && state[i] != StreamSimulator.Outcome.BLOCKED) {
                    continue; // ended, or held at a barrier
                }
                long start = m.steps;
                try {
                    state[i] = sims.get(i).slice();
                } catch (SimFault f) {
                    throw new EngineFault(engines.get(i).name() + ": " + f.getMessage());
                } finally {
                    steps[i] += m.steps - start;
                }
            }
            int live = 0, atBarrier = 0;
            for (StreamSimulator.Outcome o : state) {
                if (o != StreamSimulator.Outcome.EXIT && o != StreamSimulator.Outcome.END) {
                    live++;
                }
                if (o == StreamSimulator.Outcome.BARRIER) {
                    atBarrier++;
                }
            }
            if (live == 0) {
                return java.util.Arrays.asList(state).contains(StreamSimulator.Outcome.EXIT) ? SimResult.Status.EXIT : SimResult.Status.END;
            }
            boolean crossed = atBarrier == live;
            if (crossed) {
                for (int i = 0; i < count; i++) {
                    if (state[i] == StreamSimulator.Outcome.BARRIER) {
                        state[i] = null;
                    }
                }
            }
            if (m.steps == before && !crossed) {
                // as for one engine alone, each blocked wait counts as that engine's faulting step
                for (int i = 0; i < count; i++) {
                    if (state[i] == StreamSimulator.Outcome.BLOCKED) {
                        m.steps++;
                        steps[i]++;
                    }
                }
                throw new EngineFault("deadlock: " + waits(engines, sims, state));
            }
        }
    }

    private static String waits(List<Engine> engines, List<StreamSimulator> sims, StreamSimulator.Outcome[] state) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < state.length; i++) {
            String who = engines.get(i).name() + " at PC ";
            if (state[i] == StreamSimulator.Outcome.BLOCKED) {
                parts.add(who + sims.get(i).pc + " waits for " + sims.get(i).waitingFor());
            } else if (state[i] == StreamSimulator.Outcome.BARRIER) {
                parts.add(who + (sims.get(i).pc - 1) + " waits at the all-engine barrier"); // the engine resumes after it
            }
        }
        return String.join("; ", parts);
    }

    private static Map<String, Long> registers(List<Engine> engines, List<StreamSimulator> sims) {
        Map<String, Integer> owners = new LinkedHashMap<>();
        engines.forEach(e -> e.registers().keySet().forEach(r -> owners.merge(r, 1, Integer::sum)));
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < engines.size(); i++) {
            Engine e = engines.get(i);
            StreamSimulator s = sims.get(i);
            e.registers().forEach((r, loc) -> out.put(owners.get(r) == 1 ? r : e.name() + "." + r, s.readBack(loc)));
        }
        return out;
    }

    /** A fault already attributed to an engine. */
    private static final class EngineFault extends RuntimeException {
        EngineFault(String message) {
            super(message, null, false, false);
        }
    }
}
