package tpb.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.spec.Diagnostic;
import tpb.spec.load.LoadResult;
import tpb.spec.model.IsaModel;

/** {@code tpb check-spec DIR}: the processor's checks without a build, with the same file:line:column messages. */
@Command(name = "check-spec", mixinStandardHelpOptions = true,
        description = "Check an ISA spec as the annotation processor would, without a build. Exit 1 on errors.")
final class CheckSpecCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A spec directory (holding isa.yaml), a root YAML file, or 'builtin'.")
    String dir;

    @Option(names = "--max-errors", paramLabel = "N", defaultValue = "100",
            description = "Print at most N diagnostics and count the rest (default ${DEFAULT-VALUE}; 0 = all), as asm and validate do.")
    long maxErrors;

    @Override
    public Integer call() {
        if (maxErrors < 0) {
            throw new CliException("--max-errors " + maxErrors + " must be 0 (all) or more", Tpb.USAGE);
        }
        SpecSource source = SpecSource.of(dir);
        LoadResult r = source.load();
        if (!r.ok()) {
            // diagnostics on stderr, as every command reports what is wrong with its input; past the cap counted, not printed
            // (issue 23: 100k anchors printed 100,004 lines)
            long shown = 0;
            for (Diagnostic d : r.diagnostics().sorted()) {
                if (maxErrors != 0 && shown == maxErrors) {
                    break;
                }
                spec.commandLine().getErr().println(source.shown(d));
                shown++;
            }
            long count = r.diagnostics().count();
            List<Diagnostic> all = r.diagnostics().sorted();
            Diagnostic first = all.get(0);
            // a root cause with knock-ons after it: the summary names it, so it is seen whatever the cap
            boolean knockOns = tpb.spec.Diagnostics.isRoot(first) && !tpb.spec.Diagnostics.isRoot(all.get(all.size() - 1));
            throw new CliException(source.shown(source.root()) + ": " + count + " error(s)"
                    + (count == shown ? "" : "; " + (count - shown) + " not shown (--max-errors " + maxErrors + ")")
                    + (knockOns ? "; the first is the root cause: " + source.shown(first) : ""));
        }
        IsaModel m = r.model();
        long withLayout = m.arms().stream().filter(a -> !a.opaque()).count();
        spec.commandLine().getOut().printf("%s: ok: %d arms (%d with a layout), %d enums, %d LUTs, %d groups, %d arch profiles, %d conflicts, "
                + "%d module features%n", source.shown(source.root()), m.arms().size(), withLayout, m.enums().size(), m.luts().size(), m.groups().size(),
                m.archs().size(), m.conflicts().size(), m.features().size());
        return Tpb.OK;
    }
}
