package tpb.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.doc.DocSite;
import tpb.spec.model.IsaModel;

/** {@code tpb doc -o DIR}: a static HTML ISA reference generated from the spec. */
@Command(name = "doc", mixinStandardHelpOptions = true,
        description = "Write a static HTML reference of the spec: opcode map, one page per arm with its byte layout, enums, "
                + "LUTs, arch profiles, and every ASSUMED or SPECULATIVE fact.")
final class DocCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "The directory to write (created if missing).")
    Path output;

    @Option(names = "--spec", paramLabel = "DIR", defaultValue = SpecSource.BUILTIN,
            description = "The spec to document: a directory, a root YAML file, or 'builtin' (default).")
    String specDir;

    @Option(names = "--json", description = "Report as JSON: the directory and every page written.")
    boolean json;

    @Override
    public Integer call() {
        IsaModel model = SpecSource.of(specDir).loadOrFail();
        if (Files.exists(output) && !Files.isDirectory(output)) {
            throw new CliException(output + ": exists and is not a directory");
        }
        // all or nothing (no half-written site): every page staged, then moved into DIR
        Map<String, String> pages = new DocSite(model).pages();
        try (StagedOutputs out = StagedOutputs.open(output.toString(), false)) {
            for (Map.Entry<String, String> page : pages.entrySet()) {
                try (OutputStream o = out.stream(page.getKey())) {
                    o.write(page.getValue().getBytes(StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new CliException(output + "/" + page.getKey() + ": cannot write: " + Output.reason(e));
                }
            }
            out.commit();
        }
        if (json) {
            Map<String, Object> report = new java.util.LinkedHashMap<>();
            report.put("output", output.toString());
            report.put("arm_pages", model.arms().size());
            report.put("pages", new java.util.ArrayList<>(new java.util.TreeSet<>(pages.keySet())));
            spec.commandLine().getOut().print(tpb.spec.json.Json.write(report));
        } else {
            spec.commandLine().getOut().printf("%s: %d arm pages, index.html%n", output, model.arms().size());
        }
        return Tpb.OK;
    }
}
