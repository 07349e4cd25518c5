package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A legality rule on one field: its value must be one of {@code allowed} (raw values), optionally
 * only when another field equals a value (or, with {@code whenNot}, differs from it). Fields are
 * named by their dotted path, so a guard may reach into a group ({@code ext.update_mode}) or the
 * preamble ({@code events.update_mode}). The message is the source's own text.
 */
public record Guard(String field, List<Long> allowed, List<String> allowedNames, String whenField,
        Long whenEquals, String whenName, boolean whenNot, String message, Source source, Pos pos) {
    public Guard {
        allowed = List.copyOf(allowed);
        allowedNames = List.copyOf(allowedNames);
    }
}
