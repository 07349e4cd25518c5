package tpb.stream;

import tpb.isa.IsaInfo;

/**
 * A TPB instruction stream: a flat array of 64-byte records at a 0x40 stride (seed002 §1), never
 * strided by {@code inst_word_len}. Wraps the bytes without copying.
 */
public final class RecordStream {
    public static final int STRIDE = IsaInfo.STRIDE;
    public static final int RECORD_SIZE = IsaInfo.RECORD_SIZE;

    private final byte[] bytes;
    private final int length;

    private RecordStream(byte[] bytes, int length) {
        this.bytes = bytes;
        this.length = length;
    }

    /**
     * The stream over the first {@code length} bytes.
     *
     * @throws StreamException when {@code length} is not a whole number of records, naming the
     *                         trailing byte count
     */
    public static RecordStream of(byte[] bytes, int length) {
        if (length < 0 || length > bytes.length) {
            throw new IllegalArgumentException("length " + length + " outside the " + bytes.length + "-byte buffer");
        }
        checkWhole(length);
        return new RecordStream(bytes, length);
    }

    /** @throws StreamException when {@code length} bytes are not a whole number of records, naming the trailing byte count */
    public static void checkWhole(long length) {
        StreamException e = trailingBytes(length);
        if (e != null) {
            throw e;
        }
    }

    /** Why {@code length} bytes are not a whole number of records, or null when they are. */
    public static StreamException trailingBytes(long length) {
        return trailingBytes(length, STRIDE);
    }

    /** Why {@code length} bytes are not a whole number of {@code stride}-byte records (any ISA's), or null when they are. */
    public static StreamException trailingBytes(long length, int stride) {
        long trailing = length % stride;
        if (trailing == 0) {
            return null;
        }
        String s = trailing == 1 ? "" : "s";
        if (length < stride) {
            return new StreamException(String.format("stream length %d is not a multiple of %d: %d byte%s, less than one record",
                    length, stride, trailing, s));
        }
        return new StreamException(String.format("stream length %d is not a multiple of %d: %d trailing byte%s after record %d",
                length, stride, trailing, s, length / stride - 1));
    }

    public static RecordStream of(byte[] bytes) {
        return of(bytes, bytes.length);
    }

    public byte[] bytes() {
        return bytes;
    }

    public int length() {
        return length;
    }

    public int count() {
        return length / STRIDE;
    }

    public static int offsetOf(int record) {
        return record * STRIDE;
    }
}
