package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A lookup table from an enum to a scalar or to another enum's values, with FATAL arms that
 * refuse to encode, each with the source's exact message.
 *
 * @param toScalar the output type when the LUT yields numbers, else null
 * @param toEnum   the output enum when the LUT yields enum values, else null
 */
public record LutDef(String name, String from, ScalarType toScalar, String toEnum, boolean involution,
        List<Entry> entries, List<Fatal> fatals, Fatal defaultFatal, String doc, Source source, Pos pos) {

    /** @param valueName the output enum value's name when the LUT yields enum values */
    public record Entry(String key, long value, String valueName, Pos pos) {}

    public record Fatal(String key, String message, Source source, Pos pos) {}

    public LutDef {
        entries = List.copyOf(entries);
        fatals = List.copyOf(fatals);
    }

    public Entry entry(String key) {
        for (Entry e : entries) {
            if (e.key().equals(key)) {
                return e;
            }
        }
        return null;
    }

    /** The fatal message for {@code key}: its own arm, the default arm, or null when it encodes. */
    public Fatal fatalFor(String key) {
        for (Fatal f : fatals) {
            if (f.key().equals(key)) {
                return f;
            }
        }
        return entry(key) == null ? defaultFatal : null;
    }
}
