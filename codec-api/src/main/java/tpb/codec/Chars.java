package tpb.codec;

import java.nio.charset.StandardCharsets;

/** Fixed-length NUL-padded character fields (function and queue names). */
public final class Chars {
    private Chars() {}

    public static String read(byte[] b, int at, int size) {
        int n = 0;
        while (n < size && b[at + n] != 0) {
            n++;
        }
        return new String(b, at, n, StandardCharsets.ISO_8859_1);
    }

    public static void write(byte[] b, int at, int size, String s) {
        int n = Math.min(s.length(), size);
        for (int i = 0; i < n; i++) {
            b[at + i] = (byte) s.charAt(i);
        }
        for (int i = n; i < size; i++) {
            b[at + i] = 0;
        }
    }

    /**
     * Whether the field holds printable ASCII followed only by NULs, with at least one NUL unless
     * {@code mayBeFull} (a field strncpy fills: a name of exactly {@code size} characters).
     */
    public static boolean wellFormed(byte[] b, int at, int size, boolean mayBeFull) {
        int i = 0;
        while (i < size && b[at + i] != 0) {
            int c = b[at + i] & 0xFF;
            if (c < 0x20 || c > 0x7E) {
                return false;
            }
            i++;
        }
        if (i == size) {
            return mayBeFull;
        }
        for (; i < size; i++) {
            if (b[at + i] != 0) {
                return false;
            }
        }
        return true;
    }
}
