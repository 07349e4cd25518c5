package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A legality rule over a group's own fields and bit fields (ADDR4's marker discipline): when
 * every {@code when} term holds, every {@code require} term must. Terms name a field
 * ({@code word}) or a bit field ({@code word.register}).
 */
public record GroupCheck(String name, List<Term> when, List<Term> require, String message, Source source, Pos pos) {

    /** One comparison: equals a value, is below a value, or lies in one of the arch's apertures. */
    public record Term(String path, Op op, long value, Pos pos) {}

    public enum Op { EQUALS, BELOW, IN_APERTURE }

    public GroupCheck {
        when = List.copyOf(when);
        require = List.copyOf(require);
    }

    /** Whether the rule needs an arch profile (it tests apertures). */
    public boolean needsArch() {
        return require.stream().anyMatch(t -> t.op() == Op.IN_APERTURE);
    }
}
