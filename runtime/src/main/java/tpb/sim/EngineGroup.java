package tpb.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import tpb.abi.Location;
import tpb.ir.Module;
import tpb.isa.EngineType;
import tpb.isa.Instruction;
import tpb.mir.LoweredCode;

/**
 * Several engines' sequencers over one shared machine: one semaphore bank, one DMA memory, one
 * step budget. Engines run round-robin, each until it exits, blocks on a semaphore wait, or
 * reaches an AllEngineBarrier; a barrier releases once every engine still running has reached
 * it (an engine that has ended no longer holds a barrier up — ASSUMED, the sources do not say).
 * A round in which no engine takes a step or crosses a barrier is a deadlock, reported with
 * every engine's PC and what it waits for. A {@link Schedule} fixes the interleaving: which
 * engine goes first in every round, and how many steps an engine may take before the next one's
 * turn. Each is one legal interleaving of many; {@link #differences} runs several and names the
 * ones that end differently — a race in the kernel.
 */
public final class EngineGroup {
    private EngineGroup() {}

    /** Which engine goes first in every round, and how many steps an engine takes a turn ({@link Sequencer#WHOLE}: until it stops). */
    public record Schedule(int first, long quantum) {
        /** The engines in kernel order, each running until it exits, blocks or reaches a barrier. */
        public static final Schedule DEFAULT = new Schedule(0, Sequencer.WHOLE);

        public String describe(List<String> names) {
            return names.get(first) + " first, " + (quantum == Sequencer.WHOLE ? "whole turns" : quantum + " step" + (quantum == 1 ? "" : "s")
                    + " a turn");
        }
    }

    /** The schedules a race check tries: every engine first, with whole turns and with one step a turn. */
    public static List<Schedule> schedules(int engines) {
        List<Schedule> out = new ArrayList<>();
        for (long quantum : new long[] {Sequencer.WHOLE, 1}) {
            for (int first = 0; first < engines; first++) {
                out.add(new Schedule(first, quantum));
            }
        }
        return out;
    }

    /**
     * Runs {@code run} under every schedule of {@link #schedules} and describes each run that ends
     * otherwise than the default schedule's (status and message, registers, semaphores, memory, DMA
     * blocks fired; not the step split): empty when the kernel's result does not depend on the schedule.
     */
    public static List<String> differences(List<String> names, Function<Schedule, SimResult> run) {
        List<Schedule> all = schedules(names.size());
        SimResult base = run.apply(all.get(0));
        String under = " under " + all.get(0).describe(names);
        List<String> out = new ArrayList<>();
        for (Schedule s : all.subList(1, all.size())) {
            List<String> d = difference(base, run.apply(s));
            if (!d.isEmpty()) {
                out.add(s.describe(names) + ": " + String.join("; ", d.stream().map(x -> x.replace(BASE, under)).toList()));
            }
        }
        return out;
    }

    private static final String BASE = "{base}";

    /** How {@code b} ends otherwise than {@code a}, each part with a {@link #BASE} for where {@code a} came from. */
    private static List<String> difference(SimResult a, SimResult b) {
        List<String> out = new ArrayList<>();
        if (a.status() != b.status() || !Objects.equals(a.message(), b.message())) {
            out.add(outcome(b) + " (" + outcome(a) + BASE + ")");
            return out;
        }
        b.registers().forEach((r, v) -> {
            if (!v.equals(a.registers().get(r))) {
                out.add(r + " = " + v + " (" + a.registers().get(r) + BASE + ")");
            }
        });
        for (int i = 0; i < a.semaphores().size(); i++) {
            if (!a.semaphores().get(i).equals(b.semaphores().get(i))) {
                out.add("semaphore " + i + " = " + b.semaphores().get(i) + " (" + a.semaphores().get(i) + BASE + ")");
            }
        }
        if (!a.fired().equals(b.fired())) {
            out.add("DMA blocks fired " + b.fired() + " (" + a.fired() + BASE + ")");
        }
        if (a.memoryChecksum() != b.memoryChecksum()) {
            out.add("memory checksum " + b.memoryChecksum() + " (" + a.memoryChecksum() + BASE + ")");
        }
        return out;
    }

    private static String outcome(SimResult r) {
        return r.status() + (r.message() == null ? "" : ": " + r.message());
    }

    /** One engine's compiled stream and where its named registers live. */
    public record Engine(String name, byte[] stream, Map<String, Location> registers) {}

    /**
     * Runs every engine's record stream to its end. Registers come back by name when one engine
     * defines the name, as {@code engine.name} for every engine when several do; faults name the engine.
     */
    public static SimResult run(List<Engine> engines, long maxSteps, MachineConfig config, Map<String, IntConsumer> traces) {
        return run(engines, maxSteps, config, traces, Schedule.DEFAULT);
    }

    /** As above, under {@code schedule}. */
    public static SimResult run(List<Engine> engines, long maxSteps, MachineConfig config, Map<String, IntConsumer> traces,
            Schedule schedule) {
        Machine m = new Machine(maxSteps, config);
        List<StreamSimulator> sims = new ArrayList<>();
        List<Map<String, Long>> registers = new ArrayList<>();
        for (Engine e : engines) {
            StreamSimulator s = new StreamSimulator(e.stream(), m);
            s.trace(traces.get(e.name()));
            sims.add(s);
        }
        List<String> names = engines.stream().map(Engine::name).toList();
        return run(names, sims, m, schedule, () -> {
            for (int i = 0; i < engines.size(); i++) {
                Map<String, Long> one = new LinkedHashMap<>();
                StreamSimulator s = sims.get(i);
                engines.get(i).registers().forEach((r, loc) -> one.put(r, s.readBack(loc)));
                registers.add(one);
            }
            return registers;
        });
    }

    /**
     * Runs every engine's lowered code (before allocation, {@link LoweredSimulator}) together, as
     * {@link #run} does their streams: the same schedule, so the same interleaving. Registers are
     * named as there; only the ones an engine wrote are reported.
     */
    public static SimResult runLowered(Map<EngineType, LoweredCode> code, long maxSteps, MachineConfig config) {
        return runLowered(code, maxSteps, config, Schedule.DEFAULT);
    }

    /** As above, under {@code schedule}. */
    public static SimResult runLowered(Map<EngineType, LoweredCode> code, long maxSteps, MachineConfig config, Schedule schedule) {
        return runLowered(code, maxSteps, config, schedule, Map.of(), null);
    }

    /**
     * As above, each engine named in {@code traces} handing its consumer a line per executed
     * instruction, records written by {@code recordText}.
     */
    public static SimResult runLowered(Map<EngineType, LoweredCode> code, long maxSteps, MachineConfig config, Schedule schedule,
            Map<String, Consumer<String>> traces, Function<Instruction, String> recordText) {
        Machine m = new Machine(maxSteps, config);
        List<LoweredSimulator> sims = new ArrayList<>();
        code.forEach((e, l) -> {
            LoweredSimulator s = new LoweredSimulator(l, m);
            s.trace(traces.get(e.specName()), recordText);
            sims.add(s);
        });
        List<String> names = code.keySet().stream().map(EngineType::specName).toList();
        return run(names, sims, m, schedule, () -> sims.stream().map(LoweredSimulator::everyRegister).toList());
    }

    /**
     * Runs every engine of the kernel before lowering (the structured IR, {@link IrSimulator}),
     * together, on the same kind of schedule as {@link #run}. Steps count IR instructions, so a
     * quantum cuts turns at other points than in records. An engine reports the kernel registers
     * its instructions use (those it would be given registers for) that it wrote.
     */
    public static SimResult runIr(Module kernel, long maxSteps, Schedule schedule) {
        return runIr(kernel, maxSteps, schedule, Map.of());
    }

    /** As above, each engine named in {@code traces} handing its consumer a line per executed instruction. */
    public static SimResult runIr(Module kernel, long maxSteps, Schedule schedule, Map<String, Consumer<String>> traces) {
        return runIr(kernel, maxSteps, MachineConfig.of(kernel), schedule, traces);
    }

    /**
     * As above on {@code config}'s machine: its arch profile sizes the semaphore bank, as at the
     * other levels ({@code config} should carry {@code kernel}'s regions and queues: {@link MachineConfig#of(Module, tpb.isa.Arch)}).
     */
    public static SimResult runIr(Module kernel, long maxSteps, MachineConfig config, Schedule schedule, Map<String, Consumer<String>> traces) {
        Machine m = new Machine(maxSteps, config);
        List<IrSimulator> sims = kernel.engines().stream().map(e -> new IrSimulator(kernel, e, m, true)).toList();
        sims.forEach(s -> s.trace(traces.get(s.name())));
        List<String> names = kernel.engines().stream().map(EngineType::specName).toList();
        return run(names, sims, m, schedule, () -> {
            List<Map<String, Long>> out = new ArrayList<>();
            for (int i = 0; i < sims.size(); i++) {
                Set<String> uses = new HashSet<>();
                kernel.registersOn(kernel.engines().get(i)).forEach(r -> uses.add(r.name()));
                Map<String, Long> mine = new LinkedHashMap<>(sims.get(i).written());
                mine.keySet().retainAll(uses);
                out.add(mine);
            }
            return out;
        });
    }

    private static SimResult run(List<String> names, List<? extends Sequencer> sims, Machine m, Schedule schedule,
            Supplier<List<Map<String, Long>>> registers) {
        SimResult.Status status;
        String message = null;
        long[] steps = new long[sims.size()];
        try {
            status = schedule(names, sims, m, steps, schedule);
        } catch (EngineFault f) {
            status = SimResult.Status.FAULT;
            message = f.getMessage();
        }
        return new SimResult(status, message, m.steps(), merge(names, registers.get()), List.copyOf(m.fired()), m.semaphoreList(),
                m.memoryChecksum(), m.memory(), perEngine(names, steps));
    }

    private static Map<String, Long> perEngine(List<String> names, long[] steps) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < steps.length; i++) {
            out.put(names.get(i), steps[i]);
        }
        return out;
    }

    private static SimResult.Status schedule(List<String> names, List<? extends Sequencer> sims, Machine m, long[] steps,
            Schedule schedule) {
        int count = sims.size();
        Sequencer.Outcome[] state = new Sequencer.Outcome[count]; // null: runnable
        while (true) {
            long before = m.steps();
            for (int k = 0; k < count; k++) {
                int i = (schedule.first() + k) % count;
                if (state[i] == Sequencer.Outcome.EXIT || state[i] == Sequencer.Outcome.END || state[i] == Sequencer.Outcome.BARRIER) {
                    continue; // ended, or held at a barrier
                }
                long start = m.steps();
                try {
                    state[i] = sims.get(i).slice(schedule.quantum());
                } catch (SimFault f) {
                    throw new EngineFault(names.get(i) + ": " + f.getMessage());
                } finally {
                    steps[i] += m.steps() - start;
                }
            }
            int live = 0, atBarrier = 0;
            for (Sequencer.Outcome o : state) {
                if (o != Sequencer.Outcome.EXIT && o != Sequencer.Outcome.END) {
                    live++;
                }
                if (o == Sequencer.Outcome.BARRIER) {
                    atBarrier++;
                }
            }
            if (live == 0) {
                return Arrays.asList(state).contains(Sequencer.Outcome.EXIT) ? SimResult.Status.EXIT : SimResult.Status.END;
            }
            boolean crossed = atBarrier == live;
            if (crossed) {
                for (int i = 0; i < count; i++) {
                    if (state[i] == Sequencer.Outcome.BARRIER) {
                        state[i] = null;
                    }
                }
            }
            if (m.steps() == before && !crossed) {
                // as for one engine alone, each blocked wait counts as that engine's faulting step
                for (int i = 0; i < count; i++) {
                    if (state[i] == Sequencer.Outcome.BLOCKED) {
                        m.steps(m.steps() + 1);
                        steps[i]++;
                    }
                }
                throw new EngineFault("deadlock: " + waits(names, sims, state));
            }
        }
    }

    private static String waits(List<String> names, List<? extends Sequencer> sims, Sequencer.Outcome[] state) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < state.length; i++) {
            String who = names.get(i) + " at " + sims.get(i).at();
            if (state[i] == Sequencer.Outcome.BLOCKED) {
                parts.add(who + " waits for " + sims.get(i).waitingFor());
            } else if (state[i] == Sequencer.Outcome.BARRIER) {
                parts.add(who + " waits at the all-engine barrier");
            }
        }
        return String.join("; ", parts);
    }

    /**
     * Each engine's registers: by name when one engine has the name, as {@code engine.name} when
     * several do; a register an engine has but no value for (null) is named but not reported.
     */
    private static Map<String, Long> merge(List<String> names, List<Map<String, Long>> perEngine) {
        Map<String, Integer> owners = new LinkedHashMap<>();
        perEngine.forEach(regs -> regs.keySet().forEach(r -> owners.merge(r, 1, Integer::sum)));
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            String engine = names.get(i);
            perEngine.get(i).forEach((r, v) -> {
                if (v != null) {
                    out.put(owners.get(r) == 1 ? r : engine + "." + r, v);
                }
            });
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
