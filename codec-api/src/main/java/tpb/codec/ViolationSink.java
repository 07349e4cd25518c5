package tpb.codec;

import java.util.List;

/** Where validators report; a valid record reports nothing and so allocates nothing. */
@FunctionalInterface
public interface ViolationSink {
    void report(int record, String field, int offset, String rule, String message);

    /** A sink that adds each violation to {@code list}. */
    static ViolationSink into(List<Violation> list) {
        return (record, field, offset, rule, message) -> list.add(new Violation(record, field, offset, rule, message));
    }
}
