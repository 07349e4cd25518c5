package tpb.profile;

import java.io.ByteArrayOutputStream;

/**
 * Writes NTFFs from the format as docs/ntff.md describes it, for tests that need a file of a
 * version or shape no licensed fixture has: the 128-byte preamble (version at byte 0, the header's
 * length as a u32 at 1), the header as protobuf wire format at 128, then the trace data.
 */
final class SyntheticNtff {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** A message's fields, in the order written. */
    static SyntheticNtff message() {
        return new SyntheticNtff();
    }

    /** Field {@code field} as a varint. */
    SyntheticNtff varint(int field, long v) {
        raw(field << 3);
        raw(v);
        return this;
    }

    /** Field {@code field} length-delimited: bytes, a string or a message. */
    SyntheticNtff bytes(int field, byte[] v) {
        raw(field << 3 | 2);
        raw(v.length);
        out.writeBytes(v);
        return this;
    }

    SyntheticNtff string(int field, String s) {
        return bytes(field, s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    SyntheticNtff message(int field, SyntheticNtff m) {
        return bytes(field, m.bytes());
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    private void raw(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
    }

    /** A 16-byte trace record: {@code payload} (at most 8 bytes, the rest 0), then {@code tick} as a u64 little-endian. */
    static byte[] record(long tick, int... payload) {
        byte[] r = new byte[16];
        for (int i = 0; i < payload.length; i++) {
            r[i] = (byte) payload[i];
        }
        for (int i = 0; i < 8; i++) {
            r[8 + i] = (byte) (tick >>> 8 * i);
        }
        return r;
    }

    /** Records one after the other. */
    static byte[] records(byte[]... rs) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] r : rs) {
            b.writeBytes(r);
        }
        return b.toByteArray();
    }

    /** The file: preamble (version, header length), header at 128, trace data after it. */
    static byte[] file(int version, byte[] header, byte[] data) {
        byte[] b = new byte[128 + header.length + data.length];
        b[0] = (byte) version;
        for (int i = 0; i < 4; i++) {
            b[1 + i] = (byte) (header.length >>> 8 * i);
        }
        System.arraycopy(header, 0, b, 128, header.length);
        System.arraycopy(data, 0, b, 128 + header.length, data.length);
        return b;
    }
}
