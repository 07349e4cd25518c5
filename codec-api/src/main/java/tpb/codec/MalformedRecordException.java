package tpb.codec;

/** Bytes that a typed record cannot represent (a value outside its enum, a non-zero reserved byte). */
public final class MalformedRecordException extends IllegalArgumentException {
    private final String field;
    private final int offset;

    public MalformedRecordException(String field, int offset, String message) {
        super(message);
        this.field = field;
        this.offset = offset;
    }

    public String field() {
        return field;
    }

    public int offset() {
        return offset;
    }
}
