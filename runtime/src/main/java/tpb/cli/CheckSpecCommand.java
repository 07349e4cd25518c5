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

    @Option(names = "--json", description = "Report as JSON on stdout: ok, the counts, or each diagnostic's file, line, column and message.")
    boolean json;

    @Override
    public Integer call() {
        if (maxErrors < 0) {
            throw new CliException("--max-errors " + maxErrors + " must be 0 (all) or more", Tpb.USAGE);
        }
        SpecSource source = SpecSource.of(dir);
        LoadResult r = source.load();
        if (json) {
            return json(source, r);
        }
        if (!r.ok()) {
            // diagnostics on stderr, as every command reports what is wrong with its input; past the cap counted, not printed
            // (a spec of 100k bad anchors would otherwise print 100k lines)
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
        // the summary line's counts, the JSON's too (counts())
        spec.commandLine().getOut().printf("%s: ok: %d arms (%d with a layout), %d enums, %d LUTs, %d groups, %d arch profiles, %d conflicts, "
                + "%d module features%n", source.shown(source.root()), m.arms().size(), withLayout, m.enums().size(), m.luts().size(), m.groups().size(),
                m.archs().size(), m.conflicts().size(), m.features().size());
        return Tpb.OK;
    }

    /**
     * The report as JSON, for tools: {@code ok}, the spec's counts when it loads, else every
     * diagnostic (up to --max-errors) as file (as seen from here), line, column and message, the
     * count and how many were not shown; exit 1 then, as without --json.
     */
    private int json(SpecSource source, LoadResult r) {
        java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
        out.put("spec", source.shown(source.root()));
        out.put("ok", r.ok());
        if (r.ok()) {
            IsaModel m = r.model();
            out.put("arms", m.arms().size());
            out.put("arms_with_layout", m.arms().stream().filter(a -> !a.opaque()).count());
            out.put("enums", m.enums().size());
            out.put("luts", m.luts().size());
            out.put("groups", m.groups().size());
            out.put("arch_profiles", m.archs().size());
            out.put("conflicts", m.conflicts().size());
            out.put("module_features", m.features().size());
        } else {
            List<Diagnostic> all = r.diagnostics().sorted();
            List<java.util.Map<String, Object>> list = new java.util.ArrayList<>();
            for (Diagnostic d : all) {
                if (maxErrors != 0 && list.size() == maxErrors) {
                    break;
                }
                java.util.Map<String, Object> one = new java.util.LinkedHashMap<>();
                one.put("file", source.shown(d.pos().file()));
                one.put("line", d.pos().line());
                one.put("column", d.pos().column());
                one.put("message", d.message());
                list.add(one);
            }
            out.put("errors", all.size());
            out.put("diagnostics", list);
            out.put("not_shown", all.size() - list.size());
        }
        spec.commandLine().getOut().print(tpb.spec.json.Json.write(out));
        return r.ok() ? Tpb.OK : Tpb.INVALID_INPUT;
    }
}
