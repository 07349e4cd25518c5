package tpb.cli;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.asm.Disassembler;
import tpb.data.DataFault;
import tpb.data.DataRun;
import tpb.data.EventOrder;
import tpb.data.NeffImage;
import tpb.data.Npy;
import tpb.data.NpyException;
import tpb.data.RecordListener;
import tpb.isa.Arch;
import tpb.neff.Neff;
import tpb.neff.NeffException;
import tpb.neff.NeffLimits;
import tpb.timeline.TraceEvents;

/**
 * {@code tpb run FILE.neff --level data --input NAME=FILE.npy … --output-dir DIR [--subgraph sgNN]
 * [--trace] [--quiet] [--trace-events FILE.json]}: runs the NEFF's subgraphs on real numbers ({@link DataRun}), each core on
 * its own thread, and writes every output var as {@code DIR/NAME.npy}. Inputs are mapped where
 * they lie ({@link MappedInputs}); outputs are filled in place in staged files
 * ({@link MappedOutputs}) and moved into place only when the whole run succeeded, with no
 * cross-core race and no input changed meanwhile. A bad input, a fault or a race is one line and
 * exit 1, and nothing is left in DIR.
 */
final class NeffDataRun {
    private NeffDataRun() {}

    /** What the command line asked of a data-level run. */
    record Request(String file, List<String> inputs, String outputDir, List<String> subgraphs, boolean trace, boolean schedules,
            boolean json, boolean quiet, String traceEvents, NeffLimits limits) {}

    static int run(Request q, PrintWriter out) {
        if (q.outputDir() == null) {
            throw new CliException("--level data needs --output-dir DIR (each output var is written as DIR/NAME.npy)", Tpb.USAGE);
        }
        if ("-".equals(q.traceEvents())) {
            throw new CliException("--level data reports on stdout; give --trace-events a file", Tpb.USAGE);
        }
        MappedInputs inputs = new MappedInputs(q.inputs());
        NeffImage image;
        Arch arch;
        try {
            Neff neff = NeffInput.open(q.file(), q.limits()).neff; // a file, or a NEFF on stdin, as at every level
            arch = Arch.byName(neff.target());
            if (arch == null) {
                throw new CliException(q.file() + ": target " + neff.target() + " is no arch profile of the spec");
            }
            image = NeffImage.read(neff);
            NeffInput.refuseEmptyNames(q.subgraphs(), image.cores().stream().map(NeffImage.Core::name).toList());
            if (q.subgraphs() != null) {
                image = image.only(q.subgraphs());
            }
        } catch (NeffException | DataFault | NpyException e) {
            throw new CliException(q.file() + ": " + e.getMessage());
        }
        outputRule(q, image);
        if (q.schedules()) {
            schedules(q.file(), image, arch, inputs, out);
        }
        try (MappedOutputs staged = new MappedOutputs(q.outputDir());
                Output traceFile = q.traceEvents() == null ? null : Output.open(q.traceEvents(), OutputStream.nullOutputStream())) {
            TraceEvents events = traceFile == null ? null : new TraceEvents(new BufferedOutputStream(traceFile.stream()),
                    TraceEvents.Clock.NANOSECONDS, Map.of("file", q.file(), "level", "data"));
            DataRun run;
            try {
                run = new DataRun(image, arch, inputs.inputs(), staged::stage).recordText((b, off, n) -> Disassembler.text(arch, b, off, n));
                run.notes().forEach(n -> System.err.println("note: " + n));
            } catch (DataFault | NpyException e) {
                throw new CliException(q.file() + ": " + e.getMessage());
            }
            execute(q, run, image, inputs, events == null ? null : new DataTrace(events, image, arch), out);
            List<String> races = run.crossCoreRaces();
            for (String r : races) {
                out.println("race: " + r);
            }
            if (!races.isEmpty()) {
                throw new CliException(q.file() + ": " + races.size() + " cross-core race(s); nothing written");
            }
            inputs.checkUnchanged();
            if (events != null) {
                try {
                    events.close();
                } catch (TraceEvents.WriteError e) {
                    throw new CliException(q.traceEvents() + ": cannot write: " + Output.reason(e.getCause()) + "; nothing written");
                }
            }
            staged.commit();
            if (traceFile != null) {
                traceFile.commit();
            }
            if (q.json()) {
                // --json at this level too, as every reporting command: what was written, for tools
                List<Object> written = new java.util.ArrayList<>();
                for (DataRun.Output o : run.outputs().values()) {
                    Map<String, Object> w = new java.util.LinkedHashMap<>();
                    w.put("name", o.name());
                    w.put("path", Path.of(q.outputDir()).resolve(o.name() + ".npy").toString());
                    w.put("dtype", o.type().numpyName());
                    w.put("shape", java.util.Arrays.stream(o.shape()).boxed().toList());
                    written.add(w);
                }
                Map<String, Object> report = new java.util.LinkedHashMap<>();
                report.put("file", q.file());
                report.put("level", "data");
                report.put("status", "complete");
                report.put("notes", run.notes());
                report.put("outputs", written);
                out.print(tpb.spec.json.Json.write(report));
            } else {
                for (DataRun.Output o : run.outputs().values()) {
                    out.println("wrote " + Path.of(q.outputDir()).resolve(o.name() + ".npy") + " (" + o.type().numpyName() + " "
                            + Npy.shapeText(o.shape()) + ")");
                }
            }
        }
        return 0;
    }

    /** No output over the NEFF, an input or another output ({@link OutputRule}): each output var is DIR/NAME.npy. */
    private static void outputRule(Request q, NeffImage image) {
        List<OutputRule.Use> reads = new java.util.ArrayList<>();
        reads.add(new OutputRule.Use("the NEFF", q.file()));
        for (String in : q.inputs()) {
            int eq = in.indexOf('=');
            if (eq > 0) {
                reads.add(new OutputRule.Use("--input " + in.substring(0, eq), in.substring(eq + 1)));
            }
        }
        List<OutputRule.Use> writes = new java.util.ArrayList<>();
        if (q.traceEvents() != null) {
            writes.add(new OutputRule.Use("--trace-events", q.traceEvents()));
        }
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (NeffImage.Core c : image.cores()) {
            c.vars().stream().filter(v -> "output".equals(v.type())).forEach(v -> names.add(v.name()));
        }
        for (String n : names) {
            writes.add(new OutputRule.Use("output " + n, Path.of(q.outputDir()).resolve(n + ".npy").toString()));
        }
        OutputRule.check(reads, writes);
    }

    private static void execute(Request q, DataRun run, NeffImage image, MappedInputs inputs, RecordListener trace, PrintWriter out) {
        Progress progress = Progress.wanted(q.json(), q.quiet())
                ? new Progress(image.cores().stream().map(NeffImage.Core::name).toList(), run.recordCounts(), System.err)
                : null;
        try {
            run.execute(q.trace() ? out::println : null, RecordListener.both(progress, trace), EventOrder.Schedule.DEFAULT);
        } catch (DataFault | NpyException e) {
            throw new CliException(q.file() + ": " + e.getMessage() + "; nothing written");
        } catch (TraceEvents.WriteError e) {
            throw new CliException(q.traceEvents() + ": cannot write: " + Output.reason(e.getCause()) + "; nothing written");
        } catch (InternalError e) {
            // a fault in a mapped page: a file truncated under the mapping (SIGBUS), reported by the JVM as an InternalError
            inputs.checkUnchanged();
            throw new CliException(q.file() + ": a mapped file could not be read or written (" + e.getMessage() + "); nothing written");
        } finally {
            if (progress != null) {
                progress.close();
            }
        }
    }

    /** --schedules: every engine order of every core, in memory (small programs), compared with the default order's outputs. */
    private static void schedules(String file, NeffImage image, Arch arch, MappedInputs inputs, PrintWriter out) {
        Map<String, Npy.Array> given = new LinkedHashMap<>();
        inputs.inputs().forEach((k, v) -> given.put(k, new Npy.Array(v.type(), v.shape(), v.data().toBytes())));
        List<String> races;
        try {
            races = DataRun.races(image, arch, given);
        } catch (DataFault | NpyException e) {
            throw new CliException(file + ": " + e.getMessage());
        }
        for (String r : races) {
            out.println("race: " + r);
        }
        if (!races.isEmpty()) {
            throw new CliException(file + ": the outputs depend on the schedule (" + races.size() + " of "
                    + EventOrder.Schedule.all(image.cores().stream().mapToInt(c -> c.streams().size()).max().orElse(0)).size()
                    + " schedules differ); nothing written");
        }
    }
}
