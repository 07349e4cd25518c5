package tpb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.codec.Violation;
import tpb.isa.Arch;
import tpb.isa.Stage;
import tpb.spec.json.Json;
import tpb.stream.RecordReader;
import tpb.stream.StreamValidator;

/**
 * {@code tpb validate FILE.bin [--arch NAME] [--json] [--max-errors N]}: exit 0 when valid, else 1
 * and one line per violation on stderr. A stream is read a window at a time, so memory does not
 * grow with it; past {@code --max-errors} violations are counted, not printed.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a record stream against the spec: every record's fields, the EXIT sentinel, and with --arch "
                + "the generation's legal opcodes, address apertures and final-record rule.")
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The record stream ('-' = stdin), or a .neff: every engine stream of it.")
    String input;

    @Option(names = "--arch", paramLabel = "NAME", description = "A NeuronCore generation: sunda, cayman, mariana or an alias (trn1, trn2, ...).")
    String arch;

    @Option(names = "--json", description = "Report as JSON for tools.")
    boolean json;

    @Option(names = "--no-exit", description = "Do not require an EXIT record (a function body, say).")
    boolean noExit;

    @Option(names = "--stage", paramLabel = "STAGE", description = "Where in the stream's life to check it: neff (as the compiler wrote it; "
            + "the default for a .neff) or loaded (as the runtime staged it; the default for a stream). The spec's stage: documents "
            + "say which stream rules apply at each.")
    String stage;

    @Mixin
    NeffLimitsOption limits;

    @Option(names = "--max-errors", paramLabel = "N", defaultValue = "100",
            description = "Report at most N violations and count the rest (default ${DEFAULT-VALUE}; 0 = all).")
    long maxErrors;

    @Override
    public Integer call() {
        if (maxErrors < 0) {
            throw new CliException("--max-errors " + maxErrors + " must be 0 (all) or more", Tpb.USAGE);
        }
        if (NeffInput.is(input)) {
            return neff();
        }
        Stage st = stage(Stage.LOADED);
        Arch a = Inputs.arch(arch);
        long max = maxErrors == 0 ? StreamValidator.UNLIMITED : maxErrors;
        PrintWriter err = spec.commandLine().getErr();
        List<Violation> kept = new ArrayList<>();
        Consumer<Violation> sink = json ? kept::add : v -> err.println(v);
        StreamValidator.Summary s;
        // read a window at a time (RecordReader): memory does not grow with the stream
        try (InputStream in = Inputs.open(input)) {
            s = StreamValidator.validate(new RecordReader(in), a, !noExit, st, Set.of(), max, sink);
        } catch (IOException e) {
            throw new CliException(input + ": cannot read: " + Output.reason(e));
        }
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("file", input);
            out.put("arch", a == null ? null : a.name());
            out.put("stage", st.specName());
            out.put("records", s.records());
            out.put("valid", s.valid());
            if (s.streamError() != null) {
                out.put("error", s.streamError());
            }
            out.put("violations", violations(kept));
            out.put("suppressed", s.suppressed());
            spec.commandLine().getOut().print(Json.write(out));
            spec.commandLine().getOut().flush();
            return s.valid() ? Tpb.OK : Tpb.INVALID_INPUT;
        }
        if (s.valid()) {
            spec.commandLine().getOut().println(input + ": " + s.records() + " records, valid" + (a == null ? " with each arm's own layout (no --arch)" : " on " + a.name()));
            spec.commandLine().getOut().flush();
            return Tpb.OK;
        }
        if (s.streamError() != null) {
            throw new CliException(input + ": " + s.streamError());
        }
        throw new CliException(input + ": " + (s.reported() + s.suppressed()) + " violation(s) in " + s.records() + " records"
                + (s.suppressed() == 0 ? "" : "; " + s.suppressed() + " not shown (--max-errors " + maxErrors + ")"));
    }

    private static List<Object> violations(List<Violation> found) {
        List<Object> vs = new ArrayList<>();
        for (Violation v : found) {
            Map<String, Object> vj = new LinkedHashMap<>();
            vj.put("record", v.record());
            vj.put("offset", v.offset());
            vj.put("field", v.field());
            vj.put("rule", v.rule());
            vj.put("message", v.message());
            vs.add(vj);
        }
        return vs;
    }

    private Stage stage(Stage otherwise) {
        if (stage == null) {
            return otherwise;
        }
        Stage s = Stage.byName(stage);
        if (s == null) {
            throw new CliException("unknown stage '" + stage + "'; known: "
                    + Arrays.stream(Stage.values()).map(Stage::specName).toList(), Tpb.USAGE);
        }
        return s;
    }

    /**
     * Every stream of the NEFF, at the NEFF's arch (its kelf target) unless --arch says otherwise,
     * with the module features its subgraph's def.json declares; exit 0 when all are valid. As for
     * a stream: a valid stream is a line on stdout; each violation is a line on stderr (headed by
     * its subgraph and engine), --max-errors counting over the whole file, and the last line
     * {@code tpb: FILE: N violation(s) in K of M streams}.
     */
    private Integer neff() {
        Stage st = stage(Stage.NEFF);
        NeffInput in = NeffInput.open(input, limits.limits());
        Arch a = in.archFor(arch, spec.commandLine().getErr());
        long max = maxErrors == 0 ? StreamValidator.UNLIMITED : maxErrors;
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Object> streams = new ArrayList<>();
        long[] totals = new long[5]; // reported, suppressed, invalid streams, streams, streams refused whole
        String[] firstRefusal = {null};
        // each stream validated as its archive entry passes, through the same window reader as a .bin: memory does not grow with it
        in.forEachStreamData(null, null, (sg, engine, path, records, data) -> {
            String who = sg.name() + " " + engine;
            List<Violation> kept = new ArrayList<>();
            Consumer<Violation> sink = json ? kept::add : v -> err.println(who + ": " + v);
            StreamValidator.Summary s = StreamValidator.validate(new RecordReader(data), a, !noExit, st, Set.copyOf(sg.features()),
                    Math.max(0, max - totals[0]), sink);
            totals[0] += s.reported();
            totals[1] += s.suppressed();
            totals[2] += s.valid() ? 0 : 1;
            totals[3]++;
            Map<String, Object> sj = new LinkedHashMap<>();
            sj.put("subgraph", sg.name());
            sj.put("engine", engine);
            sj.put("path", path);
            sj.put("records", s.records());
            sj.put("valid", s.valid());
            if (s.streamError() != null) {
                sj.put("error", s.streamError());
            }
            sj.put("violations", violations(kept));
            sj.put("suppressed", s.suppressed());
            streams.add(sj);
            if (s.streamError() != null) {
                totals[4]++;
                if (firstRefusal[0] == null) {
                    firstRefusal[0] = sg.name() + " " + engine + ": " + s.streamError();
                }
            }
            if (s.streamError() != null && !json) {
                // which stream and why, not only a count: an empty stream has no record to head a violation
                err.println(NeffInput.title(sg, engine, path, records) + ": " + s.streamError());
            }
            if (s.valid() && !json) {
                out.println(NeffInput.title(sg, engine, path, records) + ": valid on " + a.name() + " at stage " + st.specName());
            }
        });
        boolean valid = totals[2] == 0;
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("file", input);
            o.put("arch", a.name());
            o.put("stage", st.specName());
            o.put("valid", valid);
            o.put("streams", streams);
            out.print(Json.write(o));
        }
        out.flush();
        err.flush();
        if (valid || json) {
            return valid ? Tpb.OK : Tpb.INVALID_INPUT;
        }
        // a stream refused whole (empty, cut short) has no record to head a violation: counted and named, not left as "0 violation(s)"
        throw new CliException(input + ": " + (totals[0] + totals[1]) + " violation(s) in " + totals[2] + " of " + totals[3] + " streams"
                + (totals[1] == 0 ? "" : "; " + totals[1] + " not shown (--max-errors " + maxErrors + ")")
                + (totals[4] == 0 ? "" : "; " + totals[4] + " stream(s) refused whole, the first " + firstRefusal[0]));
    }
}
