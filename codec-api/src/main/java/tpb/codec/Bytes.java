package tpb.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.HexFormat;

/**
 * Byte-range helpers for generated code, eight bytes at a time: zeroing a record and checking
 * reserved runs are on every encode and validate, and a byte loop there costs more than the
 * fields themselves.
 */
public final class Bytes {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private Bytes() {}

    public static boolean allZero(byte[] b, int at, int size) {
        int i = 0;
        long acc = 0;
        for (; i + 8 <= size; i += 8) {
            acc |= (long) LONGS.get(b, at + i);
        }
        for (; i < size; i++) {
            acc |= b[at + i];
        }
        return acc == 0;
    }

    public static void zero(byte[] b, int at, int size) {
        int i = 0;
        for (; i + 8 <= size; i += 8) {
            LONGS.set(b, at + i, 0L);
        }
        for (; i < size; i++) {
            b[at + i] = 0;
        }
    }

    public static byte[] copy(byte[] b, int at, int size) {
        byte[] out = new byte[size];
        System.arraycopy(b, at, out, 0, size);
        return out;
    }

    /** {@code b} as space-separated lower-case hex pairs ({@code "a8 10 00"}), as the spec's examples write bytes. */
    public static String hex(byte[] b) {
        return HexFormat.ofDelimiter(" ").formatHex(b);
    }
}
