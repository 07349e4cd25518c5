package tpb.doc;

import java.util.List;
import tpb.spec.Names;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.IsaModel;

/** enums.html: every enum with its values, generations, tags and sources. */
record EnumsPage(String title, List<Enum> enums) implements Page {

    record Enum(String name, String doc, Src source, List<Value> values) {}

    /** {@code generationsBadge}: the since/until source's badge when it differs from the value's. */
    record Value(String value, String name, String generations, Src generationsBadge, String tags, Src source, Src nameSource) {}

    static EnumsPage of(IsaModel model) {
        return new EnumsPage("Enums — " + model.title(), model.enums().stream().map(EnumsPage::enumView).toList());
    }

    private static Enum enumView(EnumDef e) {
        List<Value> values = e.values().stream().map(v -> new Value(Names.hex(v.value()), v.name(), generations(v),
                v.generationsSource() == null || v.generationsSource() == v.source() ? null : Src.badge(v.generationsSource().confidence()),
                String.join(", ", v.tags()), Src.of(v.source()), v.nameSource() == v.source() ? null : Src.of(v.nameSource()))).toList();
        return new Enum(e.name(), e.doc() == null ? "" : e.doc(), Src.of(e.source()), values);
    }

    private static String generations(EnumValue v) {
        return (v.since() == null ? "" : "v" + v.since() + "+") + (v.until() == null ? "" : " ..v" + v.until());
    }
}
