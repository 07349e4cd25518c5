package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * An alternative reading of an arm's bytes, with its own vectors: the other side of a
 * contradiction, or, when {@code generation} names an arch profile, the arm's layout on that
 * generation where a source gives it different fields (LDWEIGHTS' bg_xpose_mode on MARIANA).
 */
public record ViewDef(String name, String generation, List<FieldDef> fields, List<Example> examples, String doc,
        Source source, Pos pos) {
    public ViewDef {
        fields = List.copyOf(fields);
        examples = List.copyOf(examples);
    }
}
