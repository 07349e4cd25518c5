package tpb.cli;

import java.io.BufferedOutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.asm.Disassembler;
import tpb.cost.CostException;
import tpb.cost.CostModel;
import tpb.cost.Estimate;
import tpb.cost.Profile;
import tpb.cost.ProfileMatch;
import tpb.cost.TimedRun;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.neff.EngineStream;
import tpb.neff.SafeName;
import tpb.sim.SyncRun;
import tpb.spec.json.Json;
import tpb.stream.RecordStream;
import tpb.timeline.TraceEvents;

/**
 * {@code tpb estimate FILE.neff}: the synchronisation-level run with time from the cost model
 * ({@link CostModel}, {@code docs/estimate.md}); with {@code --against PROFILE} the same set
 * beside a measured neuron-profile export, record by record.
 */
@Command(name = "estimate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Estimated time of a NEFF without hardware: each subgraph run at the synchronisation level with every record's "
                + "duration from the cost model (per instruction class: fixed cost plus a cost an element; matmuls by dtype and moving "
                + "columns; DMA by bytes and packets over the core's DMA engines), inside the runtime's prologue and epilogue, never under "
                + "the roofline floor. Prints the total and the range the model's held-out error gives, each engine's active time, DMA "
                + "time and bytes, MFU, the resource (engine or DMA) that bounds the run and the critical path. With --against, a measured neuron-profile "
                + "JSON export (.json or .json.gz) of the same NEFF: estimated against measured per engine and per arm, each measured "
                + "instruction mapped to its record or counted as the runtime's own.",
                "Exit codes: 0 estimated (every subgraph completed), 1 bad input or a subgraph that deadlocks or faults, 2 usage."})
final class EstimateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "The NEFF; with --fit, NEFF and profile pairs (A.neff A.ntff B.neff B.json.gz ...).")
    List<String> files;

    String input;

    @Option(names = "--model", paramLabel = "MODEL.yaml", description = "The cost model to estimate with (or, with --fit, to refit): a file --fit wrote "
            + "or one edited by hand; default the generation's own.")
    String modelFile;

    @Option(names = "--fit", paramLabel = "OUT.yaml", description = "Refit the model on the NEFF and profile pairs given: print the error table "
            + "(in sample and leave one kernel out, per engine) and the fitted coefficients with their residuals, and write the fitted model "
            + "to OUT.yaml for --model (- for stdout, instead of the table).")
    String fit;

    @Option(names = "--against", paramLabel = "PROFILE", description = "A neuron-profile profile of this NEFF: its raw trace (NTFF) or JSON export (plain or gzip'd), by content; a profile of another NEFF (by uuid) is refused. Compare.")
    String against;

    @Option(names = "--json", description = "Report as JSON: total_ns, engines.<engine>.active_ns, dma.active_ns, ... (and measured values with --against).")
    boolean json;

    @Option(names = "--trace-events", paramLabel = "PATH", description = "Write the estimate (and with --against the measurement, side by side) "
            + "as a Chrome/Perfetto trace in microseconds; - for stdout, instead of the report.")
    String traceEvents;

    @Option(names = "--subgraph", split = ",", paramLabel = "NAME", description = "Only these subgraphs (default: all).")
    List<String> subgraphs;

    @Mixin
    NeffLimitsOption limits;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (fit != null) {
            // the options of an estimate have no meaning in a refit: taken silently they wrote nothing and said nothing
            List<String> unused = new ArrayList<>();
            if (against != null) {
                unused.add("--against");
            }
            if (traceEvents != null) {
                unused.add("--trace-events");
            }
            if (json) {
                unused.add("--json");
            }
            if (subgraphs != null) {
                unused.add("--subgraph");
            }
            if (!unused.isEmpty()) {
                throw new CliException("--fit refits on the pairs given and prints its table: " + String.join(", ", unused)
                        + (unused.size() == 1 ? " is" : " are") + " an estimate's, not a refit's", Tpb.USAGE);
            }
            return fit(out);
        }
        if (json && "-".equals(traceEvents)) {
            throw new CliException("--json and --trace-events - both write to stdout; give --trace-events a file", Tpb.USAGE);
        }
        if (files.size() != 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "one NEFF expected (NEFF and profile pairs only with --fit), got "
                    + files.size() + " files");
        }
        input = files.get(0);
        OutputRule.check(java.util.Arrays.asList(new OutputRule.Use("the NEFF", input), new OutputRule.Use("--against", against)),
                java.util.Arrays.asList(new OutputRule.Use("--trace-events", traceEvents)));
        NeffInput in = NeffInput.open(input, limits.limits());
        Arch arch = in.arch();
        Profile profile;
        CostModel model;
        try {
            model = model(arch);
            profile = against == null ? null : Profile.read(Path.of(against));
            if (profile != null && profile.trace() != null) {
                profile.trace().requireNeff(in.file, in.neff.header().uuid());
            }
        } catch (CostException | tpb.profile.ProfileException e) {
            throw new CliException(e.getMessage());
        }
        Estimate est = new Estimate(model, in.neff.toolVersion());
        Map<String, Map<String, List<Arm>>> arms = new LinkedHashMap<>();
        Map<String, Map<String, EngineStream>> streams = new LinkedHashMap<>();
        boolean traced = traceEvents != null;
        List<Object[]> slices = new ArrayList<>(); // subgraph, engine name, Placed: written once the run's length is known
        in.neffSubgraphs(subgraphs, (sg, engineStreams) -> {
            Map<String, List<Arm>> a = new LinkedHashMap<>();
            Map<String, EngineStream> s = new LinkedHashMap<>();
            for (EngineStream e : engineStreams) {
                a.put(e.engine(), ProfileMatch.armsOf(e.stream()));
                s.put(e.engine(), e);
            }
            arms.put(sg.name(), a);
            streams.put(sg.name(), s);
            List<String> names = engineStreams.stream().map(EngineStream::engine).toList();
            est.add(sg, engineStreams, arch, Disassembler::text, traced ? p -> slices.add(new Object[] {sg.name(), names.get(p.engine()), p}) : null);
        });
        if (est.runs().isEmpty()) {
            throw new CliException(input + ": the NEFF lists no subgraph to run");
        }
        List<ProfileMatch> matches = new ArrayList<>();
        Map<String, double[]> perArm = new TreeMap<>(); // arm: measured ns, estimated ns, count
        if (profile != null) {
            Map<String, List<Profile.Instruction>> bySubgraph = new LinkedHashMap<>();
            for (Profile.Instruction i : profile.instructions()) {
                bySubgraph.computeIfAbsent(i.subgraph(), k -> new ArrayList<>()).add(i);
            }
            for (Map.Entry<String, Map<String, List<Arm>>> sg : arms.entrySet()) {
                ProfileMatch m = new ProfileMatch(bySubgraph.getOrDefault(sg.getKey(), List.of()), sg.getValue());
                matches.add(m);
                for (ProfileMatch.Match x : m.matches()) {
                    if (x.record() < 0) {
                        continue;
                    }
                    EngineStream es = streams.get(sg.getKey()).get(x.measured().engine());
                    byte[] b = es.stream().bytes();
                    int at = RecordStream.offsetOf(x.record());
                    Arm arm = Decoder.identify(b, at);
                    Estimate.SubgraphRun run = est.runs().stream().filter(r -> r.name().equals(sg.getKey())).findFirst().orElseThrow();
                    TimedRun.Placed placed = run.timed().at(run.engines().indexOf(es.engine()), x.record());
                    double[] acc = perArm.computeIfAbsent(es.engine() + " " + arm.specName(), k -> new double[3]);
                    acc[0] += x.measured().durationNs();
                    acc[1] += placed.active() - placed.start();
                    acc[2]++;
                }
            }
        }
        if (traced) {
            writeTrace(est, profile, matches, streams, slices);
        }
        boolean ok = est.runs().stream().allMatch(r -> r.result().status() == SyncRun.Status.COMPLETE);
        if ("-".equals(traceEvents)) {
            // stdout holds the trace, instead of the report (as tpb run's): one document a reader can parse
        } else if (json) {
            out.print(Json.write(json(est, profile, matches, perArm)));
        } else {
            out.print(text(est, profile, matches, perArm, arch));
        }
        out.flush();
        if (!ok) {
            Estimate.SubgraphRun bad = est.runs().stream().filter(r -> r.result().status() != SyncRun.Status.COMPLETE).findFirst().orElseThrow();
            throw new CliException(input + ": " + bad.name() + " does not complete at the synchronisation level (" + bad.result().message()
                    + "): the estimate covers the records it ran");
        }
        return Tpb.OK;
    }

    private static String us(double ns) {
        return String.format(Locale.ROOT, "%.1f us", ns / 1000);
    }

    private static String error(double est, double measured) {
        return measured == 0 ? "-" : String.format(Locale.ROOT, "%+.0f %%", 100 * (est - measured) / measured);
    }

    /** The model to use for {@code arch}: the user's ({@code --model}, which must be of that generation) or the generation's own. */
    private CostModel model(Arch arch) {
        if (modelFile == null) {
            return CostModel.of(arch);
        }
        CostModel m = CostModel.read(Path.of(modelFile));
        if (!m.arch().equals(arch.name())) {
            throw new CostException(modelFile + ": a cost model of " + m.arch() + ", the NEFF is " + arch.name());
        }
        return m;
    }

    /** {@code --fit}: the pairs read, the model refitted on them, the report printed and the model written whole. */
    private int fit(PrintWriter out) {
        if (files.size() % 2 != 0 || files.size() < 4) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--fit takes NEFF and profile pairs, at least two (each is held out in turn), got "
                    + files.size() + " files");
        }
        List<OutputRule.Use> reads = new ArrayList<>();
        for (String f : files) {
            reads.add(new OutputRule.Use("a fit input", f));
        }
        reads.add(new OutputRule.Use("--model", modelFile));
        OutputRule.check(reads, java.util.Arrays.asList(new OutputRule.Use("--fit", fit)));
        List<tpb.cost.Fit.Kernel> kernels = new ArrayList<>();
        Arch arch = null;
        String first = null;
        java.util.Set<String> names = new java.util.HashSet<>();
        try {
            for (int i = 0; i < files.size(); i += 2) {
                NeffInput in = NeffInput.open(files.get(i), limits.limits());
                if (arch != null && in.arch() != arch) {
                    throw new CliException(in.file + ": a " + in.arch().name() + " NEFF, " + first + " is " + arch.name() + ": one generation a fit");
                }
                arch = in.arch();
                first = first == null ? in.file : first;
                Profile p = Profile.read(Path.of(files.get(i + 1)));
                if (p.trace() != null) {
                    p.trace().requireNeff(in.file, in.neff.header().uuid());
                }
                String name = Path.of(in.file).getFileName().toString().replaceFirst("\\.neff$", "");
                if (!names.add(name)) {
                    throw new CliException(in.file + ": a second kernel named " + name + " (the table names each by its NEFF's file name)");
                }
                kernels.add(new tpb.cost.Fit.Kernel(name, in.neff, p));
            }
            CostModel base = model(arch);
            tpb.cost.FitReport report = tpb.cost.FitReport.of(base, kernels);
            String yaml = report.model(base).yaml("The cost model for " + arch.name() + " refitted by tpb estimate --fit on " + kernels.size()
                    + " kernels (docs/estimate.md).\nEach fitted coefficient: INFERRED, with its rows and median residual; the rest as the model it refitted.");
            CostModel.parseCheck(fit, yaml);
            if (!fit.equals("-")) { // --fit - puts the model on stdout instead of the table: one document there, a model --model reads
                out.print(report.markdown());
                out.flush();
            }
            Output.write(fit, yaml.getBytes(java.nio.charset.StandardCharsets.UTF_8), out);
        } catch (CostException | tpb.profile.ProfileException e) {
            throw new CliException(e.getMessage());
        }
        return 0;
    }

    private String text(Estimate est, Profile profile, List<ProfileMatch> matches, Map<String, double[]> perArm, Arch arch) {
        StringBuilder b = new StringBuilder();
        CostModel m = est.model();
        long fitted = m.coefficients().values().stream().filter(c -> c.fit() != null).count();
        double[] range = est.rangeNs();
        b.append(String.format(Locale.ROOT, "%s: estimated %s on %s, likely %s to %s (cost model: %d coefficients, %d fitted on measured profiles)%n",
                input, us(est.totalNs()), arch.name(), us(range[0]), us(range[1]), m.coefficients().size(), fitted));
        for (Estimate.SubgraphRun r : est.runs()) {
            b.append(String.format(Locale.ROOT, "  %s: %s, %s of records (+ %s runtime prologue, %s epilogue)%n", r.name(),
                    r.result().status().name().toLowerCase(Locale.ROOT), us(r.timed().spanNs()), us(m.get("runtime_prologue_ns")),
                    us(m.get("runtime_epilogue_ns"))));
            if (est.floorNs(r) > r.timed().spanNs()) {
                b.append(String.format(Locale.ROOT, "    under the roofline floor: its work takes at least %s (MACs at the PE array's peak, bytes at the HBM's "
                        + "bandwidth); the floor stands%n", us(est.floorNs(r))));
            }
        }
        b.append(profile == null ? "engine  active\n" : "engine  active      measured    error\n");
        for (String e : Estimate.ENGINES) {
            b.append(String.format(Locale.ROOT, "  %-5s %-11s", e, us(est.activeNs(e))));
            if (profile != null) {
                b.append(String.format(Locale.ROOT, " %-11s %s", us(profile.activeNs().get(e)), error(est.activeNs(e), profile.activeNs().get(e))));
            }
            b.append('\n');
        }
        b.append(String.format(Locale.ROOT, "  dma   %-11s", us(est.dmaActiveNs())));
        if (profile != null) {
            b.append(String.format(Locale.ROOT, " %-11s %s", us(profile.dmaActiveNs()), error(est.dmaActiveNs(), profile.dmaActiveNs())));
        }
        b.append(String.format(Locale.ROOT, "  (%d bytes)%n", est.dmaBytes()));
        if (profile != null) {
            b.append(String.format(Locale.ROOT, "total %s, measured %s: %s%n", us(est.totalNs()), us(profile.totalNs()), error(est.totalNs(), profile.totalNs())));
        }
        b.append(String.format(Locale.ROOT, "MFU %.2f %% (%d MACs)%n", 100 * est.mfu(), est.macs()));
        String bound = est.boundingEngine();
        b.append(String.format(Locale.ROOT, "bound by %s: active %s over %d core(s), of %s each%n", bound,
                us(bound.equals("dma") ? est.dmaActiveNs() : est.activeNs(bound)), est.runs().size(), us(est.totalNs())));
        for (Estimate.SubgraphRun r : est.runs()) {
            List<TimedRun.Placed> path = r.timed().criticalPath();
            List<TimedRun.Placed> waits = new ArrayList<>();
            for (TimedRun.Placed p : path) {
                if (p.fromEngine() >= 0) {
                    waits.add(p);
                }
            }
            if (waits.isEmpty()) {
                continue;
            }
            b.append("  ").append(r.name()).append(" critical path: ").append(path.size()).append(" records; the waits on it, longest first:\n");
            waits.sort(Comparator.comparingDouble((TimedRun.Placed p) -> -(p.start() - before(r, p))));
            for (TimedRun.Placed p : waits.subList(0, Math.min(5, waits.size()))) {
                b.append(String.format(Locale.ROOT, "    %s %d waited %s for %s %d%n", r.engines().get(p.engine()), p.record(),
                        us(p.start() - before(r, p)), r.engines().get(p.fromEngine()), p.fromRecord()));
            }
        }
        if (profile != null) {
            b.append("per arm (mapped instructions; each one's duration, the profiler's interval): engine arm, count, measured, estimated, error\n");
            perArm.forEach((k, v) -> b.append(String.format(Locale.ROOT, "  %-34s %5d %11s %11s %s%n", k, (long) v[2], us(v[0]), us(v[1]),
                    error(v[1], v[0]))));
            long mapped = matches.stream().mapToLong(ProfileMatch::mapped).sum();
            long runtime = matches.stream().mapToLong(ProfileMatch::runtimeInserted).sum();
            List<ProfileMatch.Match> unexplained = matches.stream().flatMap(x -> x.unexplained().stream()).toList();
            long other = profile.instructions().size() - mapped - runtime - unexplained.size();
            b.append(String.format(Locale.ROOT, "measured instructions: %d mapped to records, %d runtime-inserted, %d in subgraphs not estimated, "
                    + "%d unexplained%n", mapped, runtime, other, unexplained.size()));
            unexplained.stream().limit(5).forEach(u -> b.append("  ").append(u.reason()).append('\n'));
        }
        return b.toString().replaceAll("(?m)[ \t]+$", "");
    }

    /** When the record's engine was free: its previous record's end (0 for the first). */
    private static double before(Estimate.SubgraphRun r, TimedRun.Placed p) {
        return p.record() == 0 ? 0 : r.timed().at(p.engine(), p.record() - 1).end();
    }

    private Map<String, Object> json(Estimate est, Profile profile, List<ProfileMatch> matches, Map<String, double[]> perArm) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("file", input);
        o.put("arch", est.model().arch());
        o.put("total_ns", Math.round(est.totalNs()));
        o.put("range_ns", List.of(Math.round(est.rangeNs()[0]), Math.round(est.rangeNs()[1])));
        Map<String, Object> engines = new LinkedHashMap<>();
        for (String e : Estimate.ENGINES) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("active_ns", Math.round(est.activeNs(e)));
            if (profile != null) {
                x.put("measured_active_ns", Math.round(profile.activeNs().get(e)));
            }
            engines.put(e, x);
        }
        o.put("engines", engines);
        Map<String, Object> dma = new LinkedHashMap<>();
        dma.put("active_ns", Math.round(est.dmaActiveNs()));
        dma.put("bytes", est.dmaBytes());
        if (profile != null) {
            dma.put("measured_active_ns", Math.round(profile.dmaActiveNs()));
        }
        o.put("dma", dma);
        o.put("macs", est.macs());
        o.put("mfu", est.mfu());
        o.put("bound_by", est.boundingEngine());
        List<Object> sgs = new ArrayList<>();
        for (Estimate.SubgraphRun r : est.runs()) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("name", r.name());
            s.put("status", r.result().status().name().toLowerCase(Locale.ROOT));
            s.put("records_ns", Math.round(r.timed().spanNs()));
            s.put("floor_ns", Math.round(est.floorNs(r)));
            s.put("total_ns", Math.round(est.subgraphNs(r)));
            sgs.add(s);
        }
        o.put("subgraphs", sgs);
        if (profile != null) {
            o.put("measured_total_ns", Math.round(profile.totalNs()));
            Map<String, Object> arms = new LinkedHashMap<>();
            perArm.forEach((k, v) -> arms.put(k, Map.of("count", (long) v[2], "measured_ns", Math.round(v[0]), "estimated_ns", Math.round(v[1]))));
            o.put("per_arm", arms);
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("mapped", matches.stream().mapToLong(ProfileMatch::mapped).sum());
            map.put("runtime_inserted", matches.stream().mapToLong(ProfileMatch::runtimeInserted).sum());
            map.put("unexplained", matches.stream().mapToLong(x -> x.unexplained().size()).sum());
            o.put("instructions", map);
        }
        return o;
    }

    /** The estimate (and the measurement) as trace events in ns, the estimate shifted by the runtime's prologue so the two line up. */
    private void writeTrace(Estimate est, Profile profile, List<ProfileMatch> matches, Map<String, Map<String, EngineStream>> streams,
            List<Object[]> slices) {
        Map<String, String> about = Map.of("file", input, "level", "estimate");
        try (Output o = Output.open(traceEvents, System.out)) {
            try (TraceEvents trace = new TraceEvents(new BufferedOutputStream(o.stream()), TraceEvents.Clock.NANOSECONDS, about)) {
                double shift = est.model().get("runtime_prologue_ns");
                Map<String, TraceEvents.Track> tracks = new LinkedHashMap<>();
                for (Object[] s : slices) {
                    String sg = (String) s[0];
                    String engine = (String) s[1];
                    TimedRun.Placed p = (TimedRun.Placed) s[2];
                    if (p.end() == p.start()) {
                        continue;
                    }
                    TraceEvents.Track t = tracks.computeIfAbsent("estimated " + sg + " " + engine,
                            k -> trace.engine(trace.core("estimated " + sg), engine));
                    EngineStream es = streams.get(sg).get(engine);
                    trace.slice(new TraceEvents.Slice(t, Math.round(shift + p.start()), Math.round(shift + p.end())),
                            Disassembler.text(es.stream().bytes(), RecordStream.offsetOf(p.record()), 1).strip(), "estimated",
                            Map.of(TraceEvents.RECORD, p.record()));
                }
                if (profile != null) {
                    for (ProfileMatch m : matches) {
                        for (ProfileMatch.Match x : m.matches()) {
                            Profile.Instruction i = x.measured();
                            TraceEvents.Track t = tracks.computeIfAbsent("measured " + i.subgraph() + " " + i.engine(),
                                    k -> trace.engine(trace.core("measured " + i.subgraph()), i.engine()));
                            EngineStream es = streams.get(i.subgraph()).get(i.engine());
                            String name = x.record() >= 0 && es != null
                                    ? Disassembler.text(es.stream().bytes(), RecordStream.offsetOf(x.record()), 1).strip()
                                    : "runtime: " + SafeName.printable(i.opcode());
                            trace.slice(new TraceEvents.Slice(t, i.timestampNs(), i.timestampNs() + Math.max(1, i.durationNs())), name,
                                    x.record() >= 0 ? "measured" : "runtime", Map.of("pc", i.pc(), "operands", SafeName.printable(i.operands())));
                        }
                    }
                }
            }
            o.commit();
        } catch (TraceEvents.WriteError e) {
            throw new CliException(traceEvents + ": cannot write: " + Output.reason(e.getCause()));
        }
    }
}
