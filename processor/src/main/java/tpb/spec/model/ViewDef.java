package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/** An alternative reading of an arm's bytes (the other side of a contradiction), with its own vectors. */
public record ViewDef(String name, List<FieldDef> fields, List<Example> examples, String doc,
        Source source, Pos pos) {
    public ViewDef {
        fields = List.copyOf(fields);
        examples = List.copyOf(examples);
    }
}
