package tpb.spec.model;

/**
 * A field with groups flattened away: its dotted path from the arm ("events.wait_mode"), its
 * absolute offset in the record, and the source it inherits when it names none of its own.
 */
public record Leaf(String path, int offset, FieldDef def, Source source) {
    public int end() {
        return offset + def.width();
    }
}
