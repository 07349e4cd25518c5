package tpb.codec;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import sun.misc.Unsafe;

/**
 * {@link Memory}'s access on Java 17 to 21: {@code sun.misc.Unsafe} (module jdk.unsupported) at
 * the buffer's address, with no bounds check per access: a direct buffer's (or mapping's) reads are
 * off-heap loads at an absolute address, the flyweight's one field. Initialised only when
 * {@link Memory#PATH} takes it (Java 17-21), so a JDK 22+ run never calls an {@code Unsafe} method.
 */
final class UnsafeMemory {
    private static final Unsafe U = unsafe();
    private static final long ADDRESS = offset(Buffer.class, "address");
    private static final boolean LITTLE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private UnsafeMemory() {}

    /** A direct buffer's first byte's address. */
    static long address(ByteBuffer b) {
        return U.getLong(b, ADDRESS);
    }

    private static Unsafe unsafe() {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static long offset(Class<?> c, String field) {
        try {
            return U.objectFieldOffset(c.getDeclaredField(field));
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // a null base known at the call: an off-heap access; one whose base may be an array or null is
    // one the JIT fences (measured 1.4-2x slower), so heap buffers never come here
    static byte get8(long a) {
        return U.getByte(a);
    }

    static void set8(long a, byte v) {
        U.putByte(a, v);
    }

    static short getLe16(long a) {
        short v = U.getShort(a);
        return LITTLE ? v : Short.reverseBytes(v);
    }

    static void setLe16(long a, short v) {
        short w = LITTLE ? v : Short.reverseBytes(v);
        U.putShort(a, w);
    }

    static int getLe32(long a) {
        int v = U.getInt(a);
        return LITTLE ? v : Integer.reverseBytes(v);
    }

    static void setLe32(long a, int v) {
        int w = LITTLE ? v : Integer.reverseBytes(v);
        U.putInt(a, w);
    }

    static long getLe64(long a) {
        long v = U.getLong(a);
        return LITTLE ? v : Long.reverseBytes(v);
    }

    static void setLe64(long a, long v) {
        long w = LITTLE ? v : Long.reverseBytes(v);
        U.putLong(a, w);
    }

    static short getBe16(long a) {
        short v = U.getShort(a);
        return LITTLE ? Short.reverseBytes(v) : v;
    }

    static void setBe16(long a, short v) {
        short w = LITTLE ? Short.reverseBytes(v) : v;
        U.putShort(a, w);
    }

    static int getBe32(long a) {
        int v = U.getInt(a);
        return LITTLE ? Integer.reverseBytes(v) : v;
    }

    static void setBe32(long a, int v) {
        int w = LITTLE ? Integer.reverseBytes(v) : v;
        U.putInt(a, w);
    }

    static long getBe64(long a) {
        long v = U.getLong(a);
        return LITTLE ? Long.reverseBytes(v) : v;
    }

    static void setBe64(long a, long v) {
        long w = LITTLE ? Long.reverseBytes(v) : v;
        U.putLong(a, w);
    }
}
