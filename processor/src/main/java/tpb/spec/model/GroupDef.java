package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/** A reusable run of fields (HEADER, EVENTS, ADDR4, TENSOR3D ...) placed into arms at an offset. */
public record GroupDef(String name, int size, List<FieldDef> fields, List<GroupCheck> checks, String doc, Source source,
        Pos pos) {
    public GroupDef {
        fields = List.copyOf(fields);
        checks = List.copyOf(checks);
    }
}
