package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * One value of an enum; since/until bound the generations it exists in (null = open).
 *
 * @param source            where the value (its number) comes from
 * @param nameSource        where its name comes from, when a source gives the value but not the
 *                          name (a placeholder the project chose); otherwise {@code source}
 * @param generationsSource where since/until come from (null when the value has neither); the
 *                          sources often tag a generation matrix lower than the values themselves
 */
public record EnumValue(String name, long value, Integer since, Integer until, List<String> tags,
        String doc, Source source, Source nameSource, Source generationsSource, Pos pos) {
    public EnumValue {
        tags = List.copyOf(tags);
    }

    public boolean livesIn(int generation) {
        return (since == null || since <= generation) && (until == null || generation <= until);
    }
}
