package tpb.codec;

/** Range checks the generated records run in their constructors: a value that does not fit its field is refused. */
public final class Checks {
    private Checks() {}

    /** Refuses a buffer without {@code size} bytes from {@code at}: the codecs' entry points call this first. */
    public static void room(byte[] b, int at, int size) {
        if (at < 0 || at > b.length - size) {
            throw new ShortBufferException(at, size, b.length);
        }
    }

    public static int u8(int v, String field) {
        if ((v & ~0xFF) != 0) {
            throw new IllegalArgumentException(field + ": " + v + " does not fit u8");
        }
        return v;
    }

    public static int i8(int v, String field) {
        if (v < Byte.MIN_VALUE || v > Byte.MAX_VALUE) {
            throw new IllegalArgumentException(field + ": " + v + " does not fit i8");
        }
        return v;
    }

    public static int u16(int v, String field) {
        if ((v & ~0xFFFF) != 0) {
            throw new IllegalArgumentException(field + ": " + v + " does not fit u16");
        }
        return v;
    }

    public static int i16(int v, String field) {
        if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
            throw new IllegalArgumentException(field + ": " + v + " does not fit i16");
        }
        return v;
    }

    public static long u32(long v, String field) {
        if ((v & ~0xFFFF_FFFFL) != 0) {
            throw new IllegalArgumentException(field + ": " + v + " does not fit u32");
        }
        return v;
    }

    /**
     * Characters of a fixed-length char field: printable ASCII, at most {@code maxChars} (the
     * field's size less one for a NUL-terminated field, its size for one that may be full).
     */
    public static String chars(String v, int maxChars, String field) {
        if (v == null) {
            throw new NullPointerException(field);
        }
        if (v.length() > maxChars) {
            throw new IllegalArgumentException(field + ": '" + v + "' is longer than " + maxChars + " characters");
        }
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == 0 || c > 0x7E) {
                throw new IllegalArgumentException(field + ": '" + v + "' has a character outside printable ASCII");
            }
        }
        return v;
    }

    public static byte[] bytes(byte[] v, int size, String field) {
        if (v.length != size) {
            throw new IllegalArgumentException(field + ": " + v.length + " bytes given, the field has " + size);
        }
        return v.clone();
    }

    public static int[] ints(int[] v, int count, String field) {
        if (v.length != count) {
            throw new IllegalArgumentException(field + ": " + v.length + " values given, the field has " + count);
        }
        return v.clone();
    }

    public static long[] longs(long[] v, int count, String field) {
        if (v.length != count) {
            throw new IllegalArgumentException(field + ": " + v.length + " values given, the field has " + count);
        }
        return v.clone();
    }
}
