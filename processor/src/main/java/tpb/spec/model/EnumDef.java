package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/** @param wireLut the LUT that gives each value its wire byte, or null when the value is the wire byte */
public record EnumDef(String name, ScalarType type, String wireLut, String doc, Source source,
        List<EnumValue> values, List<Subset> subsets, Pos pos) {
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
