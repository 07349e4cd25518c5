package tpb.codec;

import static tpb.codec.Memory.NATIVE_LITTLE;
import static tpb.codec.Memory.UNSAFE;

/**
 * Big-endian reads and writes at {@link Memory}'s absolute addresses: what the generated flyweights
 * do over a direct buffer for a big-endian record. The byte order test is a constant the JIT folds.
 */
public final class BigEndianMemory {
    private BigEndianMemory() {}

    private static short s(short v) {
        return !NATIVE_LITTLE ? v : Short.reverseBytes(v);
    }

    private static int i(int v) {
        return !NATIVE_LITTLE ? v : Integer.reverseBytes(v);
    }

    private static long l(long v) {
        return !NATIVE_LITTLE ? v : Long.reverseBytes(v);
    }

    public static int u16(long at) {
        return s(UNSAFE.getShort(at)) & 0xFFFF;
    }

    public static int i16(long at) {
        return s(UNSAFE.getShort(at));
    }

    public static long u32(long at) {
        return i(UNSAFE.getInt(at)) & 0xFFFF_FFFFL;
    }

    public static int i32(long at) {
        return i(UNSAFE.getInt(at));
    }

    public static long i64(long at) {
        return l(UNSAFE.getLong(at));
    }

    public static void put16(long at, int v) {
        UNSAFE.putShort(at, s((short) v));
    }

    public static void put32(long at, long v) {
        UNSAFE.putInt(at, i((int) v));
    }

    public static void put64(long at, long v) {
        UNSAFE.putLong(at, l(v));
    }
}
