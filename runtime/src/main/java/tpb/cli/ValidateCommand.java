package tpb.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.codec.Violation;
import tpb.isa.Arch;
import tpb.isa.Stage;
import tpb.spec.json.Json;
import tpb.stream.StreamValidator;

/** {@code tpb validate FILE.bin [--arch NAME] [--json]}: exit 0 when valid, else 1 and one line per violation. */
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

    @Override
    public Integer call() {
        if (NeffInput.is(input)) {
            return neff();
        }
        Stage st = stage(Stage.LOADED);
        Arch a = Inputs.arch(arch);
        byte[] bytes = Inputs.read(input);
        StreamValidator.Report report = StreamValidator.validate(bytes, a, !noExit, st, java.util.Set.of());
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("file", input);
            out.put("arch", a == null ? null : a.name());
            out.put("stage", st.specName());
            out.put("records", report.records());
            out.put("valid", report.valid());
            if (report.streamError() != null) {
                out.put("error", report.streamError());
            }
            out.put("violations", violations(report));
            spec.commandLine().getOut().print(Json.write(out));
        } else {
            StringBuilder b = new StringBuilder();
            if (report.streamError() != null) {
                b.append(input).append(": ").append(report.streamError()).append('\n');
            }
            for (Violation v : report.violations()) {
                b.append(v).append('\n');
            }
            if (report.valid()) {
                b.append(input).append(": ").append(report.records()).append(" records, valid").append(a == null ? "" : " on " + a.name()).append('\n');
            }
            spec.commandLine().getOut().print(b);
        }
        spec.commandLine().getOut().flush();
        return report.valid() ? Tpb.OK : Tpb.INVALID_INPUT;
    }

    private static List<Object> violations(StreamValidator.Report report) {
        List<Object> vs = new ArrayList<>();
        for (Violation v : report.violations()) {
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
                    + java.util.Arrays.stream(Stage.values()).map(Stage::specName).toList(), Tpb.USAGE);
        }
        return s;
    }

    /**
     * Every stream of the NEFF, at the NEFF's arch (its kelf target) unless --arch says otherwise,
     * with the module features its subgraph's def.json declares; exit 0 when all are valid.
     */
    private Integer neff() {
        Stage st = stage(Stage.NEFF);
        NeffInput in = NeffInput.open(input);
        Arch a = arch == null ? in.arch() : Inputs.arch(arch);
        List<Object> streams = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        boolean[] valid = {true};
        in.forEachStream(null, null, (sg, es) -> {
            StreamValidator.Report report = StreamValidator.validate(es.stream().bytes(), a, !noExit, st, java.util.Set.copyOf(sg.features()));
            valid[0] &= report.valid();
            Map<String, Object> sj = new LinkedHashMap<>();
            sj.put("subgraph", sg.name());
            sj.put("engine", es.engine());
            sj.put("path", es.path());
            sj.put("records", report.records());
            sj.put("valid", report.valid());
            sj.put("violations", violations(report));
            streams.add(sj);
            String who = sg.name() + " " + es.engine();
            for (Violation v : report.violations()) {
                text.append(who).append(": ").append(v).append('\n');
            }
            if (report.valid()) {
                text.append(NeffInput.title(sg, es)).append(": valid on ").append(a.name()).append(" at stage ").append(st.specName()).append('\n');
            }
        });
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("file", input);
            out.put("arch", a.name());
            out.put("stage", st.specName());
            out.put("valid", valid[0]);
            out.put("streams", streams);
            spec.commandLine().getOut().print(Json.write(out));
        } else {
            spec.commandLine().getOut().print(text);
        }
        spec.commandLine().getOut().flush();
        return valid[0] ? Tpb.OK : Tpb.INVALID_INPUT;
    }
}
