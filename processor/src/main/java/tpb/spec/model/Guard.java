package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A legality rule on one field, of one of three kinds: its value must be one of {@code allowed}
 * (raw values; {@code in:}), at most {@code atMost} ({@code at_most:}, an unsigned bound such as
 * the NKI's 128 stationary rows), or equal to another field's value ({@code same_as:}, such as an
 * out_dtype that must repeat in_dtype) — optionally only when another field equals a value (or,
 * with {@code whenNot}, differs from it). Fields are named by their dotted path, so a guard may
 * reach into a group ({@code ext.update_mode}) or the preamble ({@code events.update_mode}). The
 * message is the source's own text.
 */
public record Guard(String field, List<Long> allowed, List<String> allowedNames, Long atMost, String sameAs,
        String whenField, Long whenEquals, String whenName, boolean whenNot, String message, Source source, Pos pos) {
    public Guard {
        allowed = List.copyOf(allowed);
        allowedNames = List.copyOf(allowedNames);
    }

    /** The rule as a reader sees it: {@code [A, B]}, {@code <= 128} or {@code = in_dtype}. */
    public String ruleText() {
        if (atMost != null) {
            return "<= " + atMost;
        }
        if (sameAs != null) {
            return "= " + sameAs;
        }
        return String.valueOf(allowedNames);
    }
}
