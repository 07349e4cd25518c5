package tpb.codec;

/** Where validators report; a valid record reports nothing and so allocates nothing. */
@FunctionalInterface
public interface ViolationSink {
    void report(int record, String field, int offset, String rule, String message);
}
