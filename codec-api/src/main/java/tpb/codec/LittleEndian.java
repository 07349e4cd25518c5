package tpb.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little-endian reads and writes at byte offsets, through {@code static final} VarHandles that
 * the JIT turns into plain loads and stores. The generated flyweights call nothing else.
 */
public final class LittleEndian {
    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private LittleEndian() {}

    public static int u16(byte[] b, int at) {
        return (short) I16.get(b, at) & 0xFFFF;
    }

    public static int i16(byte[] b, int at) {
        return (short) I16.get(b, at);
    }

    public static long u32(byte[] b, int at) {
        return (int) I32.get(b, at) & 0xFFFF_FFFFL;
    }

    public static int i32(byte[] b, int at) {
        return (int) I32.get(b, at);
    }

    public static long i64(byte[] b, int at) {
        return (long) I64.get(b, at);
    }

    public static void put16(byte[] b, int at, int v) {
        I16.set(b, at, (short) v);
    }

    public static void put32(byte[] b, int at, long v) {
        I32.set(b, at, (int) v);
    }

    public static void put64(byte[] b, int at, long v) {
        I64.set(b, at, v);
    }
}
