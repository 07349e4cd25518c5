package tpb.codec;

/** A value that writes itself as one fixed-size record. */
public interface Encodable {
    /** Writes the whole record at {@code offset}, zeroing bytes no field covers. */
    void encodeTo(byte[] buffer, int offset);
}
