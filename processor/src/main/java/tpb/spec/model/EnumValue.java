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
 * @param syntax            the value's compact term in a listing ({@code $S[{index}]>={value}}, the
 *                          vendor's form), with the fields a group's {@code terms:} names; or null
 */
public record EnumValue(String name, long value, Integer since, Integer until, List<String> tags,
        String doc, Source source, Source nameSource, Source generationsSource, String syntax, Pos pos) {
    /**
     * The tag of a value that marks an end or an invalid value rather than naming an instruction
     * or a mode (the opcode 0xFF "Invalid", seed002 §2); tools show it apart.
     */
    public static final String SENTINEL = "sentinel";
    /** The tag of a value the sources call a pseudo instruction (the host-side 0xC1..0xDF band). */
    public static final String PSEUDO = "pseudo";

    public EnumValue {
        tags = List.copyOf(tags);
    }

    public boolean isSentinel() {
        return tags.contains(SENTINEL);
    }

    public boolean isPseudo() {
        return tags.contains(PSEUDO);
    }

    public boolean livesIn(int generation) {
        return (since == null || since <= generation) && (until == null || generation <= until);
    }
}
