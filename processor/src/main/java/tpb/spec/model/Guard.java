package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A legality rule on one field: its value must be one of {@code allowed} (raw values), optionally
 * only when another field equals a value. The message is the source's own text.
 */
public record Guard(String field, List<Long> allowed, List<String> allowedNames, String whenField,
        Long whenEquals, String whenName, String message, Source source, Pos pos) {
    public Guard {
        allowed = List.copyOf(allowed);
        allowedNames = List.copyOf(allowedNames);
    }
}
