package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/** One value of an enum; since/until bound the generations it exists in (null = open). */
public record EnumValue(String name, long value, Integer since, Integer until, List<String> tags,
        String doc, Source source, Pos pos) {
    public EnumValue {
        tags = List.copyOf(tags);
    }

    public boolean livesIn(int generation) {
        return (since == null || since <= generation) && (until == null || generation <= until);
    }
}
