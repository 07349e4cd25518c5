package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * One union arm: the payload layout selected by an opcode (and, when arms share an opcode, by a
 * sub-opcode {@link Select}). {@code opaque} arms are made for opcodes the spec gives no layout.
 */
public record ArmDef(
        String name,
        String opcodeName,
        long opcode,
        String struct,
        String engine,
        String sync,
        Select select,
        List<FieldDef> fields,
        List<Guard> guards,
        String syntax,
        List<Example> examples,
        List<ViewDef> views,
        String doc,
        Source source,
        Source opcodeSource,
        boolean opaque,
        Pos pos) {
    public ArmDef {
        fields = List.copyOf(fields);
        guards = List.copyOf(guards);
        examples = List.copyOf(examples);
        views = List.copyOf(views);
    }
}
