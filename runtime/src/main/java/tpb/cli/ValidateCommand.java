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
import tpb.spec.json.Json;
import tpb.stream.StreamValidator;

/** {@code tpb validate FILE.bin [--arch NAME] [--json]}: exit 0 when valid, else 1 and one line per violation. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a record stream against the spec: every record's fields, the EXIT sentinel, and with --arch "
                + "the generation's legal opcodes, address apertures and final-record rule.")
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.bin", description = "The record stream ('-' = stdin).")
    String input;

    @Option(names = "--arch", paramLabel = "NAME", description = "A NeuronCore generation: sunda, cayman, mariana or an alias (trn1, trn2, ...).")
    String arch;

    @Option(names = "--json", description = "Report as JSON for tools.")
    boolean json;

    @Option(names = "--no-exit", description = "Do not require an EXIT record (a function body, say).")
    boolean noExit;

    @Override
    public Integer call() {
        Arch a = Inputs.arch(arch);
        byte[] bytes = Inputs.read(input);
        StreamValidator.Report report = StreamValidator.validate(bytes, a, !noExit);
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("file", input);
            out.put("arch", a == null ? null : a.name());
            out.put("records", report.records());
            out.put("valid", report.valid());
            if (report.streamError() != null) {
                out.put("error", report.streamError());
            }
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
            out.put("violations", vs);
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

}
