package tpb.stream;

/** A stream that is not a whole number of records, or an offset that maps to no code segment. */
public final class StreamException extends RuntimeException {
    public StreamException(String message) {
        super(message, null, false, false);
    }
}
