package tpb.spec.model;

import java.util.List;
import java.util.Locale;
import tpb.spec.Pos;

/**
 * @param wireLut    the LUT that gives each value its wire byte, or null when the value is the wire byte
 * @param role       what the enum is to the spec language (the set arms' {@code engine:} names, or
 *                   their {@code sync:}), or null for an enum with no role
 * @param roleSource where the role comes from; null when the enum has no role
 * @param open       the values name numbers without restricting them ({@code open: true}): a field
 *                   of the enum holds any number, printed by name where the enum has one (ACTIVATE's
 *                   function ids, which name what a table set loads, not what a record may hold)
 */
public record EnumDef(String name, ScalarType type, String wireLut, String doc, Source source,
        List<EnumValue> values, List<Subset> subsets, Role role, Source roleSource, boolean open, Pos pos) {

    /**
     * What an enum means to the spec language itself: the processor is ISA-agnostic and knows
     * no enum by name, so the spec says which enum plays which part.
     */
    public enum Role {
        /** The engines an arm runs on: every arm's {@code engine:} is a value of this enum. */
        ENGINE,
        /** The synchronisation type of an arm: every arm's {@code sync:} is a value of this enum. */
        SYNC;

        public String specName() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Role parse(String s) {
            for (Role r : values()) {
                if (r.specName().equals(s)) {
                    return r;
                }
            }
            return null;
        }
    }

    /** An enum with no role. */
    public EnumDef(String name, ScalarType type, String wireLut, String doc, Source source, List<EnumValue> values,
            List<Subset> subsets, Pos pos) {
        this(name, type, wireLut, doc, source, values, subsets, null, null, false, pos);
    }

    public EnumDef {
        values = List.copyOf(values);
        subsets = List.copyOf(subsets);
    }

    public EnumValue value(String valueName) {
        for (EnumValue v : values) {
            if (v.name().equals(valueName)) {
                return v;
            }
        }
        return null;
    }

    public EnumValue byValue(long raw) {
        for (EnumValue v : values) {
            if (v.value() == raw) {
                return v;
            }
        }
        return null;
    }
}
