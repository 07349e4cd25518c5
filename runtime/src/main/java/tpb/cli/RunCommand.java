package tpb.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tpb.asm.Disassembler;
import tpb.codegen.Compiler;
import tpb.ir.Module;
import tpb.isa.Arch;
import tpb.isa.EngineType;
import tpb.isa.Instruction;
import tpb.mir.LoweredCode;
import tpb.sim.EngineGroup;
import tpb.sim.IrSimulator;
import tpb.sim.LoweredSimulator;
import tpb.sim.MachineConfig;
import tpb.sim.SimResult;
import tpb.sim.StreamSimulator;
import tpb.stream.RecordStream;
import tpb.stream.StreamException;

/** {@code tpb run KERNEL|FILE.bin}: simulate the kernel's engines (or one, with --engine) or a stream; exit 0 when the run ends, 1 on a fault. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a kernel (compiled first) or a record stream on the SP sequencer model: exit reason, steps, final "
                + "registers. Or run a NEFF: at --level sync (the default) every engine of each subgraph runs its records over one "
                + "semaphore bank, DMA queues included, and the report says whether it completes or deadlocks (--timeline, "
                + "--trace-events draw it); at --level data on real numbers, --input NAME=FILE.npy per input (bfloat16 as '<V2', uint16 "
                + "or float32), outputs written to --output-dir as NAME.npy.",
                "Exit codes: 0 the run ended (Exit, the entry function returned, every subgraph completed), 1 a fault, a deadlock "
                + "or bad input, 2 usage."})
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "KERNEL|FILE.bin|FILE.neff",
            description = "A kernel (.yaml/.json), a record stream (.bin) or a NEFF (.neff).")
    String input;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "10000000", description = "Step budget (default 10,000,000 records).")
    long maxSteps;

    @Option(names = "--trace", description = "Print every executed record (or, with --level, instruction).")
    boolean trace;

    @Option(names = "--json", description = "Report as JSON: status, steps, registers, memory_checksum.")
    boolean json;

    @Option(names = "--engine", paramLabel = "E", description = "Run only this engine of the kernel (default: all of them together on one machine).")
    String engine;

    /** The three levels the compiler passes through, each with its simulator (docs/sp-simulator.md), and a NEFF's two. */
    enum Level { ir, lowered, stream, data, sync }

    @Option(names = "--level", paramLabel = "L",
            description = "What to run: stream (the compiled records, the default for a kernel or stream), lowered (the lowered code on "
                    + "virtual registers, before allocation), ir (the kernel before lowering); for a NEFF sync (every engine's EVENTS "
                    + "waits and updates over one semaphore bank, the default) or data (real numbers: SBUF, PSUM, PE, DMA).")
    Level level;

    @Option(names = "--subgraph", paramLabel = "sgNN", split = ",", description = "A NEFF: only these subgraphs (cores) of it (default: all).")
    List<String> subgraphs;

    @Option(names = "--timeline", paramLabel = "FILE.html", description = "--level sync: also write the run as one self-contained HTML "
            + "page: a lane per engine on a logical time axis, each record coloured by its opcode class, the wait -> update edges that "
            + "released blocked records (- = stdout, instead of the report).")
    String timeline;

    @Option(names = "--trace-events", paramLabel = "FILE.json", description = "A NEFF: also write the run as Chrome/Perfetto "
            + "trace-event JSON (opens in ui.perfetto.dev): a process per subgraph, a thread per engine, a slice per record named by "
            + "its disassembly, an arrow from each semaphore update to the wait it released; --level sync on its logical clock "
            + "(one tick shows as 1 us) (- = stdout, instead of the report); --level data on the wall clock, with each record's "
            + "bytes moved and MACs, no arrows (a file only).")
    String traceEvents;

    @Option(names = "--input", paramLabel = "NAME=FILE.npy", description = "--level data: an input var's values (numpy .npy); repeat per input.")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--output-dir", paramLabel = "DIR", description = "--level data: where each output var is written as NAME.npy.")
    String outputDir;

    @Option(names = "--quiet", description = "--level data: no progress lines on stderr (they are shown only on a terminal anyway).")
    boolean quiet;

    @Option(names = "--schedules", description = "With several engines: also run every engine first, with whole turns and with one "
            + "step a turn, and report any run that ends differently (a race); exit 1 if one does.")
    boolean schedules;

    @Option(names = "--skip-unmodelled", description = "A record stream: run the records the stream simulator has no semantics "
            + "for (HALT, the datapath records, ...) as skips, counted and listed in the report, instead of faulting on the first.")
    boolean skipUnmodelled;

    @Mixin
    NeffLimitsOption limits;

    @Option(names = "--arch", paramLabel = "NAME", description = "Arch profile a kernel is compiled for and a kernel or stream runs on: "
            + "its register file and semaphore bank (default sunda; a NEFF runs on the arch its kelf names).")
    String arch;

    /** How a kernel is compiled for this run; its arch profile sizes the machine (register file, semaphore bank) of every level. */
    private Compiler.Options options;

    /** What a schedule check found: how many schedules ran, and the ones that ended otherwise. */
    record Races(int tried, List<String> differences) {}

    @Override
    public Integer call() {
        if (maxSteps < 1) {
            throw new CliException("--max-steps must be positive", Tpb.USAGE);
        }
        boolean neff = NeffInput.is(input);
        if (neff && arch != null) {
            throw new CliException("--arch: a NEFF runs on the arch its kelf names; got --arch " + arch + " for " + input, Tpb.USAGE);
        }
        Arch a = arch == null ? Compiler.Options.defaults().arch() : Inputs.arch(arch);
        options = new Compiler.Options(a, (int) a.maxRegNumPerEngine(), Compiler.Options.defaults().controlFences());
        if (level == null) {
            level = neff ? Level.sync : Level.stream;
        }
        if (neff) {
            refuseWhatANeffRunIgnores();
        }
        if (neff && level == Level.sync) {
            return NeffSyncRun.run(input, limits.limits(), subgraphs, json, timeline, traceEvents, spec.commandLine().getOut());
        }
        checkLevel(neff);
        if (neff) {
            return NeffDataRun.run(new NeffDataRun.Request(input, inputs, outputDir, subgraphs, trace, schedules, json, quiet,
                    traceEvents, limits.limits()),
                    spec.commandLine().getOut());
        }
        return input.endsWith(".bin") ? runRecords() : runKernel();
    }

    /**
     * A NEFF's run has no use for some options; given, each is refused with the reason, as the
     * other combinations are, rather than silently ignored.
     */
    private void refuseWhatANeffRunIgnores() {
        picocli.CommandLine.ParseResult given = spec.commandLine().getParseResult();
        java.util.function.BiConsumer<String, String> refuse = (option, why) -> {
            if (given.hasMatchedOption(option)) {
                throw new CliException(option + " " + why + "; got " + input + " at --level " + level, Tpb.USAGE);
            }
        };
        refuse.accept("--engine", "runs one engine of a kernel; a NEFF's engines run together (--subgraph picks cores)");
        refuse.accept("--max-steps", "bounds a kernel's or stream's steps; a NEFF's records each run once");
        refuse.accept("--skip-unmodelled", "skips a stream's records the stream simulator has no semantics for; a NEFF runs at --level sync or data");
        if (level == Level.sync) {
            refuse.accept("--input", "gives --level data its values; the synchronisation level moves no data");
            refuse.accept("--output-dir", "is where --level data writes its outputs; the synchronisation level writes none");
            refuse.accept("--quiet", "silences --level data's progress; the synchronisation level draws none");
            refuse.accept("--trace", "lists the records --level data runs; at the synchronisation level use --trace-events");
            refuse.accept("--schedules", "compares --level data's outputs across schedules; the synchronisation level has none to compare");
        }
    }

    /** Refuses a level the input cannot run at (a NEFF runs at sync, taken above, or data; a kernel or stream at neither). */
    private void checkLevel(boolean neff) {
        if (timeline != null) {
            throw new CliException("--timeline draws a NEFF's run at --level sync; got " + input + " at --level " + level, Tpb.USAGE);
        }
        if (traceEvents != null && !neff) {
            throw new CliException("--trace-events writes a NEFF's run; got " + input, Tpb.USAGE);
        }
        if (level == Level.sync) {
            throw new CliException("--level sync runs a NEFF (FILE.neff); got " + input, Tpb.USAGE);
        }
        if ((level == Level.data || neff) && (level != Level.data || !neff)) {
            throw new CliException("--level data runs a NEFF (FILE.neff) and a NEFF runs at --level sync or data; got " + input
                    + " at --level " + level, Tpb.USAGE);
        }
    }

    /** A record stream (FILE.bin), run alone on the arch's register file. */
    private int runRecords() {
        if (level != Level.stream) {
            throw new CliException("--level " + level + " needs a kernel; " + input + " is a record stream", Tpb.USAGE);
        }
        byte[] stream = Inputs.read(input);
        try {
            RecordStream.of(stream);
        } catch (StreamException e) {
            throw new CliException(input + ": " + e.getMessage());
        }
        return report(StreamSimulator.runStream(stream, maxSteps, skipUnmodelled, recordTrace(stream), options.arch()),
                Map.of(), null, null, StreamSimulator.slotNames(options.arch()));
    }

    /** A kernel: at --level ir or lowered above the records, else compiled and its streams run (every engine together unless --engine). */
    private int runKernel() {
        Module m = KernelInput.read(input, input, spec.commandLine().getErr());
        if (level != Level.stream) {
            return runAbove(m);
        }
        Map<EngineType, Compiler.EngineOutput> outs = KernelInput.compile(m, options, input);
        if (engine == null && m.engines().size() > 1) {
            return runGroup(m, outs);
        }
        Compiler.EngineOutput out = outs.get(engine(m));
        SimResult r = StreamSimulator.run(out.stream(), out.registers(), maxSteps, recordTrace(out.stream()), MachineConfig.of(m, options.arch()));
        return report(r, m.expect(), m, null);
    }

    /** Every engine's stream at once over one machine: shared semaphores, memory and DMA. */
    private int runGroup(Module m, Map<EngineType, Compiler.EngineOutput> outs) {
        PrintWriter out = spec.commandLine().getOut();
        List<EngineGroup.Engine> group = new ArrayList<>();
        Map<String, IntConsumer> traces = new LinkedHashMap<>();
        for (EngineType t : m.engines()) {
            Compiler.EngineOutput o = outs.get(t);
            group.add(new EngineGroup.Engine(t.specName(), o.stream(), o.registers()));
            if (trace) {
                traces.put(t.specName(), pc -> out.printf("trace %-4s %6d  %s%n", t.specName(), pc,
                        Disassembler.text(o.stream(), RecordStream.offsetOf(pc), o.stream().length / RecordStream.RECORD_SIZE)));
            }
        }
        List<String> names = m.engines().stream().map(EngineType::specName).toList();
        Races races = races(names, s -> EngineGroup.run(group, maxSteps, MachineConfig.of(m, options.arch()), Map.of(), s));
        return report(EngineGroup.run(group, maxSteps, MachineConfig.of(m, options.arch()), traces), m.expect(), m, races);
    }

    /** With --trace: one line per executed record of {@code code}, its index and its disassembly. */
    private IntConsumer recordTrace(byte[] code) {
        PrintWriter out = spec.commandLine().getOut();
        return !trace ? null : pc -> out.printf("trace %6d  %s%n", pc,
                Disassembler.text(code, RecordStream.offsetOf(pc), code.length / RecordStream.RECORD_SIZE));
    }

    private int report(SimResult r, Map<String, Long> expect, Module kernel, Races races) {
        return report(r, expect, kernel, races, List.of());
    }

    /** {@code names} (a subsequence of {@code order}) as runs of neighbours in {@code order}: {@code r0-r2, r5, r7-r63}. */
    static String ranges(List<String> order, List<String> names) {
        Set<String> in = new HashSet<>(names);
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            if (in.contains(order.get(i))) {
                int j = i;
                while (j + 1 < order.size() && in.contains(order.get(j + 1))) {
                    j++;
                }
                runs.add(j == i ? order.get(i) : order.get(i) + "-" + order.get(j));
                i = j;
            }
        }
        return String.join(", ", runs);
    }

    /** With --schedules: the group run under every schedule of {@link EngineGroup#schedules}, and the ones that end otherwise. */
    private Races races(List<String> names, Function<EngineGroup.Schedule, SimResult> run) {
        return !schedules ? null : new Races(EngineGroup.schedules(names.size()).size(), EngineGroup.differences(names, run));
    }

    /** The engine --engine names (the kernel's first when it names none). */
    private EngineType engine(Module m) {
        EngineType e = engine == null ? m.engines().get(0) : EngineType.fromName(engine);
        if (e == null || !m.engines().contains(e)) {
            throw new CliException("the kernel runs on " + m.engines().stream().map(EngineType::specName).toList() + ", not " + engine, Tpb.USAGE);
        }
        return e;
    }

    /** --level ir or lowered: the kernel above the records. Steps count IR or lowered instructions, not records. */
    private int runAbove(Module m) {
        PrintWriter out = spec.commandLine().getOut();
        List<String> names = m.engines().stream().map(EngineType::specName).toList();
        boolean together = engine == null && names.size() > 1;
        // one trace line per executed instruction: its position (a kernel line, or function+index) and what it is
        Consumer<String> alone = !trace ? null : line -> out.println("trace " + line);
        Map<String, Consumer<String>> traces = new LinkedHashMap<>();
        if (trace) {
            names.forEach(n -> traces.put(n, line -> out.printf("trace %-4s %s%n", n, line)));
        }
        MachineConfig config = MachineConfig.of(m, options.arch());
        if (level == Level.ir) {
            if (!together) {
                return report(IrSimulator.run(m, engine(m), maxSteps, config, alone), m.expect(), m, null);
            }
            Races races = races(names, s -> EngineGroup.runIr(m, maxSteps, config, s, Map.of()));
            return report(EngineGroup.runIr(m, maxSteps, config, EngineGroup.Schedule.DEFAULT, traces), m.expect(), m, races);
        }
        Map<EngineType, LoweredCode> lowered = Compiler.lower(m, options);
        if (!together) {
            return report(LoweredSimulator.run(lowered.get(engine(m)), maxSteps, config, alone, RunCommand::recordText), m.expect(), m, null);
        }
        Races races = races(names, s -> EngineGroup.runLowered(lowered, maxSteps, config, s));
        return report(EngineGroup.runLowered(lowered, maxSteps, config, EngineGroup.Schedule.DEFAULT, traces, RunCommand::recordText), m.expect(),
                m, races);
    }

    /**
     * Prints the run's end and what it left, checked against the kernel's expectations; {@code
     * slots}, for a record stream run alone, the register file in order.
     */
    private int report(SimResult r, Map<String, Long> expect, Module kernel, Races races, List<String> slots) {
        return RunReport.print(spec.commandLine().getOut(), json, r, Expectations.of(expect, kernel), races, slots);
    }

    /** A record in a lowered-level trace: one line of the disassembler. */
    private static String recordText(Instruction r) {
        return Disassembler.text(r.toBytes(), 0, 1);
    }
}
