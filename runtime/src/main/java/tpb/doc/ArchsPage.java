package tpb.doc;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import tpb.spec.Names;
import tpb.spec.model.ArchDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.StageDef;

/** archs.html: every arch profile (constants, apertures, terminators) and the validation stages. */
record ArchsPage(String title, List<Arch> archs, List<Stage> stages) implements Page {

    record Arch(String name, String generation, String aliases, String names, Src source, List<Constant> constants, String apertures,
            String terminators, String noEncoder, Src noEncoderSource) {}

    record Constant(String name, String value, Src source) {}

    record Stage(String name, String rules, String doc, Src source) {}

    static ArchsPage of(IsaModel model) {
        List<Arch> archs = new ArrayList<>();
        for (ArchDef a : model.archs()) {
            String names = a.names().isEmpty() ? ""
                    : "; names " + a.names().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
            StringBuilder apertures = new StringBuilder();
            for (ArchDef.Aperture ap : a.apertures()) {
                apertures.append(ap.name()).append(" [").append(Names.hex(ap.base())).append(", ").append(Names.hex(ap.base() + ap.size()))
                        .append(")  ");
            }
            archs.add(new Arch(a.name(), String.valueOf(a.generation()), String.join(", ", a.aliases()), names, Src.of(a.source()),
                    a.constants().stream().map(c -> new Constant(c.name(), String.valueOf(c.value()), Src.of(c.source()))).toList(),
                    apertures.toString(), String.join(", ", a.terminators()),
                    a.noEncoder().isEmpty() ? null : String.join(", ", a.noEncoder()),
                    a.noEncoder().isEmpty() ? null : Src.of(a.noEncoderSource())));
        }
        List<Stage> stages = new ArrayList<>();
        for (StageDef st : model.stages()) {
            stages.add(new Stage(st.name(), st.rules().isEmpty() ? "none" : String.join(", ", st.rules()), st.doc() == null ? "" : st.doc(),
                    Src.of(st.source())));
        }
        return new ArchsPage("Arch profiles — " + model.title(), archs, stages);
    }

    public boolean hasStages() {
        return !stages.isEmpty();
    }
}
