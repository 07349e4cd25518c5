package tpb.cli;

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
import tpb.spec.diff.SpecDiff;
import tpb.spec.json.Json;

/** {@code tpb diff OLD NEW}: what changed between two spec versions, each change breaking or compatible. */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = "Compare two versions of a spec: opcodes, enum and wire values, LUTs, fields (moved, resized, re-encoded), "
                + "arch profiles. Exit 0 when nothing breaks, 1 when something does.")
final class DiffCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "OLD", description = "The old spec: a directory, a root YAML file, or 'builtin'.")
    String old;

    @Parameters(index = "1", paramLabel = "NEW", description = "The new spec, likewise.")
    String now;

    @Option(names = "--json", description = "Report as JSON.")
    boolean json;

    @Override
    public Integer call() {
        List<SpecDiff.Change> changes = SpecDiff.between(SpecSource.of(old).loadOrFail(), SpecSource.of(now).loadOrFail());
        boolean breaking = changes.stream().anyMatch(SpecDiff.Change::breaking);
        if (json) {
            List<Object> cs = new ArrayList<>();
            for (SpecDiff.Change c : changes) {
                Map<String, Object> cj = new LinkedHashMap<>();
                cj.put("breaking", c.breaking());
                cj.put("change", c.what());
                cs.add(cj);
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("breaking", breaking);
            out.put("changes", cs);
            spec.commandLine().getOut().print(Json.write(out));
        } else {
            changes.forEach(c -> spec.commandLine().getOut().println(c));
            long n = changes.stream().filter(SpecDiff.Change::breaking).count();
            spec.commandLine().getOut().printf("%d change(s), %d breaking%n", changes.size(), n);
        }
        return breaking ? Tpb.INVALID_INPUT : Tpb.OK;
    }
}
