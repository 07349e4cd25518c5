package tpb.cli;

import java.io.BufferedOutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.asm.Disassembler;
import tpb.cost.CostException;
import tpb.cost.CostModel;
import tpb.cost.Profile;
import tpb.cost.ProfileMatch;
import tpb.cost.RecordCost;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.neff.EngineStream;
import tpb.neff.SafeName;
import tpb.sim.DmaQueues;
import tpb.profile.ExportReader;
import tpb.profile.ProfileException;
import tpb.profile.ProfileFile;
import tpb.profile.Summary;
import tpb.profile.Trace;
import tpb.spec.json.Json;
import tpb.stream.RecordStream;
import tpb.timeline.TraceEvents;

/**
 * {@code tpb profile PROFILE [--neff X.neff]}: a measured profile, neuron-profile's raw trace
 * (NTFF, {@code docs/ntff.md}) or its JSON export, told apart by content: the summary Neuron
 * Profiler shows, every instruction (with {@code --neff} joined to its record and listed from it),
 * and the run as trace events.
 */
@Command(name = "profile", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"A measured neuron-profile profile without the vendor's tool: the raw trace (NTFF, from neuron-profile capture) or "
                + "its JSON export (plain or gzip'd), told apart by content. Prints the summary (total time; per engine active time, "
                + "instruction time and count; DMA active time, bytes and packets; MFU where the file says it) and the trace records by "
                + "kind. With --neff, the profile must be of that NEFF (the uuid both carry) and each instruction is joined to its record.",
                "Exit codes: 0 read, 1 bad input (a damaged profile, or a profile of another NEFF), 2 usage."})
final class ProfileCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROFILE", description = "An NTFF or a neuron-profile JSON export (.json or .json.gz).")
    String input;

    @Option(names = "--neff", paramLabel = "FILE.neff", description = "The NEFF the profile is of: checked by uuid; instructions listed from its records.")
    String neffFile;

    @Option(names = "--json", description = "Report as JSON: total_ns, engines.<engine>.{active_ns,instruction_ns,instructions}, "
            + "dma.{active_ns,bytes,packets}, instructions [{engine, subgraph, record, pc, start_ns, duration_ns, text}].")
    boolean json;

    @Option(names = "--trace-events", paramLabel = "PATH", description = "Write the run as a Chrome/Perfetto trace in microseconds "
            + "(one track per engine and DMA queue); - for stdout, instead of the report.")
    String traceEvents;

    /** One measured instruction with its record (or -1) and its line. */
    record Listed(Trace.Instruction ins, int record, String text) {}

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (json && "-".equals(traceEvents)) {
            throw new CliException("--json and --trace-events - both write to stdout; give --trace-events a file", Tpb.USAGE);
        }
        OutputRule.check(Arrays.asList(new OutputRule.Use("the profile", input), new OutputRule.Use("--neff", neffFile)),
                Arrays.asList(new OutputRule.Use("--trace-events", traceEvents)));
        ProfileFile f;
        try {
            f = ProfileFile.read(Path.of(input));
        } catch (ProfileException e) {
            throw new CliException(e.getMessage());
        }
        Trace t = f.trace();
        NeffInput neff = neffFile == null ? null : NeffInput.open(neffFile);
        if (neff != null) {
            try {
                t.requireNeff(neff.file, neff.neff.header().uuid());
            } catch (ProfileException e) {
                throw new CliException(e.getMessage());
            }
        }
        List<Listed> listed = list(t, neff);
        Summary s = Summary.of(t);
        ExportReader.Exported x = f.exported();
        if (traceEvents != null) {
            writeTrace(t, listed);
        }
        if (!"-".equals(traceEvents)) { // - : stdout holds the trace instead of the report, one document a reader can parse
            out.print(json ? Json.write(json(t, s, x, listed)) : text(t, s, x));
        }
        out.flush();
        return Tpb.OK;
    }

    /** The cost model of the NEFF's generation, whose MATMUL multiply-accumulates the MFU counts (null without --neff or without figures). */
    private CostModel model;
    private Arch neffArch;
    /** The model's multiply-accumulates of every MATMUL the trace ran, with --neff. */
    private long macs;

    /** Each instruction with its record and line: from the NEFF's record when --neff joins it, else from the profile itself. */
    private List<Listed> list(Trace t, NeffInput neff) {
        Map<String, Map<String, EngineStream>> streams = new LinkedHashMap<>();
        Map<Trace.Instruction, Integer> records = new HashMap<>();
        Arch arch = null;
        if (neff != null) {
            arch = neff.arch();
            neffArch = arch;
            try {
                model = CostModel.of(arch);
            } catch (CostException e) {
                model = null; // a generation without figures: no MFU
            }
            Map<String, List<Profile.Instruction>> measured = new LinkedHashMap<>();
            Map<Profile.Instruction, Trace.Instruction> back = new HashMap<>();
            for (Trace.Instruction i : t.instructions()) {
                Profile.Instruction p = new Profile.Instruction(i.subgraph(), i.engine(), i.pc(), i.opcode(), i.operands(), i.startTick(), i.endTick());
                measured.computeIfAbsent(i.subgraph(), k -> new ArrayList<>()).add(p);
                back.put(p, i);
            }
            neff.neffSubgraphs(null, (sg, engineStreams) -> {
                Map<String, EngineStream> s = new LinkedHashMap<>();
                Map<String, List<Arm>> arms = new LinkedHashMap<>();
                for (EngineStream e : engineStreams) {
                    s.put(e.engine(), e);
                    arms.put(e.engine(), ProfileMatch.armsOf(e.stream()));
                }
                streams.put(sg.name(), s);
                for (ProfileMatch.Match m : new ProfileMatch(measured.getOrDefault(sg.name(), List.of()), arms).matches()) {
                    if (m.record() >= 0) {
                        records.put(back.get(m.measured()), m.record());
                        if (model != null && arms.get(m.measured().engine()).get(m.record()) == Arm.MATMUL) {
                            EngineStream es = s.get(m.measured().engine());
                            macs += RecordCost.of(model, neffArch, es.engine(), Arm.MATMUL, es.stream().bytes(), RecordStream.offsetOf(m.record()),
                                    DmaQueues.NONE).macs();
                        }
                    }
                }
            });
        }
        List<Listed> out = new ArrayList<>(t.instructions().size());
        for (Trace.Instruction i : t.instructions()) {
            Integer r = records.get(i);
            String text;
            if (r != null) {
                EngineStream es = streams.get(i.subgraph()).get(i.engine());
                text = Disassembler.text(arch, es.stream().bytes(), RecordStream.offsetOf(r), es.stream().count()).strip();
            } else if (t.format().equals("ntff")) {
                text = i.operands().isEmpty() ? SafeName.printable(i.opcode()) : SafeName.printable(i.operands());
            } else {
                text = (SafeName.printable(i.opcode()) + " " + SafeName.printable(i.operands().strip())).strip();
            }
            out.add(new Listed(i, r == null ? -1 : r, text));
        }
        return out;
    }

    /**
     * MFU in percent, as the export's {@code terminology} defines it for a kernel without HLO stats:
     * (hardware FLOPs less transposes) over 2 x the Tensor Engines' elements (each core's rows x
     * columns) x their clock x the total time; the FLOPs are 2 x each MATMUL's multiply-accumulates
     * as the cost model counts them (a transpose none). NaN without --neff or a model.
     */
    private double mfuPercent(Trace t, Summary s) {
        if (model == null || s.totalNs() == 0) {
            return Double.NaN;
        }
        long cores = t.instructions().stream().map(Trace.Instruction::subgraph).distinct().count();
        return 100 * macs / (s.totalNs() * cores * model.get("pe_rows") * model.get("pe_cols") * model.get("pe_clock_ghz"));
    }

    private static Double nullIfNaN(double v) {
        return Double.isNaN(v) ? null : v;
    }

    private static String us(double ns) {
        return String.format(Locale.ROOT, "%.2f us", ns / 1000);
    }

    private String text(Trace t, Summary s, ExportReader.Exported x) {
        StringBuilder b = new StringBuilder();
        b.append("profile: ").append(input).append(t.format().equals("ntff") ? " (NTFF)" : " (JSON export)").append(", of ")
                .append(SafeName.quoted(t.neffName())).append(t.uuid() == null ? "" : " (uuid " + t.uuid() + ")")
                .append(neffFile == null ? "" : ", checked against " + neffFile).append('\n');
        b.append("total: ").append(us(x != null ? x.totalNs() : s.totalNs())).append('\n');
        b.append(String.format(Locale.ROOT, "%-6s %14s %18s %13s%n", "engine", "active", "instruction time", "instructions"));
        for (String e : Trace.ENGINES) {
            Summary.Engine en = s.engines().get(e);
            double active = x != null ? x.activeNs().get(e) : en.activeNs();
            b.append(String.format(Locale.ROOT, "%-6s %14s %18s %13d%n", e, us(active), us(en.instructionNs()), en.instructions()));
        }
        double dmaActive = x != null ? x.dmaActiveNs() : s.dmaActiveNs();
        b.append("dma: active ").append(Double.isNaN(dmaActive) ? "unknown (" + t.dmaUnplaced() + ")" : us(dmaActive)).append(", ")
                .append(s.dmaBytes()).append(" bytes in ").append(s.dmaPackets()).append(" packets\n");
        double mfu = x != null && !Double.isNaN(x.mfuPercent()) ? 100 * x.mfuPercent() : mfuPercent(t, s);
        b.append("mfu: ").append(!Double.isNaN(mfu) ? String.format(Locale.ROOT, "%.2f %%", mfu)
                : "not known without --neff (it counts each MATMUL's multiply-accumulates: docs/ntff.md)").append('\n');
        b.append("records:");
        t.records().forEach((k, v) -> b.append(' ').append(k).append(' ').append(v).append(';'));
        b.setLength(b.length() - 1);
        b.append('\n');
        if (t.unknownRecords() > 0) {
            b.append("unknown records: ").append(t.unknownRecords()).append(" (kinds this reader does not know; docs/ntff.md)\n");
        }
        return b.toString();
    }

    private Map<String, Object> json(Trace t, Summary s, ExportReader.Exported x, List<Listed> listed) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("file", input);
        o.put("format", t.format());
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("name", t.neffName());
        n.put("uuid", t.uuid());
        o.put("neff", n);
        o.put("total_ns", x != null ? x.totalNs() : s.totalNs());
        Map<String, Object> engines = new LinkedHashMap<>();
        for (String e : Trace.ENGINES) {
            Summary.Engine en = s.engines().get(e);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("active_ns", x != null ? x.activeNs().get(e) : en.activeNs());
            m.put("instruction_ns", en.instructionNs());
            m.put("instructions", en.instructions());
            engines.put(e, m);
        }
        o.put("engines", engines);
        Map<String, Object> d = new LinkedHashMap<>();
        // a version-4 NTFF times its DMA on a clock the file does not relate to the run's: unknown, not a number (JSON has no NaN)
        d.put("active_ns", nullIfNaN(x != null ? x.dmaActiveNs() : s.dmaActiveNs()));
        d.put("packet_ns", nullIfNaN(s.dmaPacketNs()));
        d.put("unplaced", t.dmaUnplaced());
        d.put("bytes", s.dmaBytes());
        d.put("packets", s.dmaPackets());
        o.put("dma", d);
        double mfu = x != null && !Double.isNaN(x.mfuPercent()) ? 100 * x.mfuPercent() : mfuPercent(t, s);
        o.put("mfu_percent", Double.isNaN(mfu) ? null : mfu);
        o.put("records", t.records());
        o.put("unknown_records", t.unknownRecords());
        List<Object> ins = new ArrayList<>(listed.size());
        for (Listed l : listed) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("engine", l.ins().engine());
            m.put("subgraph", l.ins().subgraph());
            m.put("record", l.record() < 0 ? null : l.record());
            m.put("pc", l.ins().pc());
            m.put("start_ns", t.ns(l.ins().startTick()));
            m.put("duration_ns", t.ns(l.ins().endTick() - l.ins().startTick()));
            m.put("text", l.text());
            ins.add(m);
        }
        o.put("instructions", ins);
        return o;
    }

    /** One process per subgraph, a track per engine and per DMA queue, slices in ns (written as µs). */
    private void writeTrace(Trace t, List<Listed> listed) {
        Map<String, String> about = Map.of("file", input, "level", "measured (" + t.format() + ")");
        try (Output o = Output.open(traceEvents, System.out)) {
            try (TraceEvents trace = new TraceEvents(new BufferedOutputStream(o.stream()), TraceEvents.Clock.NANOSECONDS, about)) {
                Map<String, Integer> cores = new LinkedHashMap<>();
                Map<String, TraceEvents.Track> tracks = new LinkedHashMap<>();
                for (Listed l : listed) {
                    Trace.Instruction i = l.ins();
                    int core = cores.computeIfAbsent(i.subgraph(), trace::core);
                    TraceEvents.Track k = tracks.computeIfAbsent(i.subgraph() + " " + i.engine(), z -> trace.engine(core, i.engine()));
                    long start = t.ns(i.startTick());
                    Map<String, Object> args = new LinkedHashMap<>();
                    args.put("pc", i.pc());
                    if (l.record() >= 0) {
                        args.put(TraceEvents.RECORD, l.record());
                    }
                    trace.slice(new TraceEvents.Slice(k, start, start + Math.max(1, t.ns(i.endTick() - i.startTick()))), l.text(), i.engine(), args);
                }
                for (Trace.DmaPacket p : t.dma()) {
                    int core = cores.computeIfAbsent(p.subgraph(), trace::core);
                    TraceEvents.Track k = tracks.computeIfAbsent(p.subgraph() + " dma " + p.engine() + " " + p.queue(),
                            z -> trace.engine(core, "dma engine " + p.engine() + " queue " + p.queue()));
                    long start = t.ns(p.startTick());
                    trace.slice(new TraceEvents.Slice(k, start, start + Math.max(1, t.ns(p.endTick() - p.startTick()))), p.bytes() + " bytes", "dma",
                            Map.of(TraceEvents.BYTES, p.bytes()));
                }
            }
            o.commit();
        } catch (TraceEvents.WriteError e) {
            throw new CliException(traceEvents + ": cannot write: " + Output.reason(e.getCause()));
        }
    }
}
