package tpb.codec;

/**
 * A codec entry point was given a buffer that does not hold a whole record at the offset asked
 * for. An {@link IndexOutOfBoundsException}, so code that caught the JDK's still does, with a
 * message that says which record did not fit and by how much.
 */
public final class ShortBufferException extends IndexOutOfBoundsException {
    private final int offset;
    private final int size;
    private final int length;

    public ShortBufferException(int offset, int size, int length) {
        super(message(offset, size, length));
        this.offset = offset;
        this.size = size;
        this.length = length;
    }

    private static String message(int offset, int size, int length) {
        if (offset < 0) {
            return "a " + size + "-byte record cannot start at offset " + offset;
        }
        return "a " + size + "-byte record at offset " + offset + " needs " + ((long) offset + size)
                + " bytes; the buffer holds " + length;
    }

    /** Where the record was to start. */
    public int offset() {
        return offset;
    }

    /** The record size. */
    public int size() {
        return size;
    }

    /** The buffer's length. */
    public int length() {
        return length;
    }
}
