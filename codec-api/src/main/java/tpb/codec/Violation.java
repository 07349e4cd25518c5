package tpb.codec;

import java.util.Locale;

/**
 * One broken rule in a record: which record, which field at which byte offset, which rule, and
 * why. Validators return these; they never throw on bad bytes.
 */
public record Violation(int record, String field, int offset, String rule, String message) {
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "record %d (+0x%02X) %s: %s: %s", record, offset, field, rule, message);
    }
}
