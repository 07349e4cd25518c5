package tpb.codec;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import sun.misc.Unsafe;

/**
 * {@link Memory}'s access on Java 17 to 21: {@code sun.misc.Unsafe} (module jdk.unsupported) at
 * the buffer's address, with no bounds check per access. A direct buffer's reads are off-heap loads
 * (a null base the JIT sees); a read-only heap buffer's go through its array. Initialised only when
 * {@link Memory#SEGMENTS} is false, so a JDK 22+ run never calls an {@code Unsafe} method.
 */
final class UnsafeMemory {
    private static final Unsafe U = unsafe();
    private static final long ADDRESS = offset(Buffer.class, "address");
    private static final long HB = offset(ByteBuffer.class, "hb");
    private static final boolean LITTLE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private UnsafeMemory() {}

    /** The heap buffer's array, or null for a direct buffer. */
    static Object base(ByteBuffer b) {
        return U.getObject(b, HB);
    }

    /** The buffer's first byte: an absolute address, or the offset of its first element in {@link #base}. */
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

    // a null base known at the call is an off-heap access the JIT does not fence; a base that may be
    // either is one it does (measured 1.4-2x slower), hence the branch, which a direct buffer's
    // profile prunes
    static byte get8(Object base, long a) {
        return base == null ? U.getByte(a) : U.getByte(base, a);
    }

    static void set8(Object base, long a, byte v) {
        if (base == null) {
            U.putByte(a, v);
        } else {
            U.putByte(base, a, v);
        }
    }

    static short getLe16(Object base, long a) {
        short v = base == null ? U.getShort(a) : U.getShort(base, a);
        return LITTLE ? v : Short.reverseBytes(v);
    }

    static void setLe16(Object base, long a, short v) {
        short w = LITTLE ? v : Short.reverseBytes(v);
        if (base == null) {
            U.putShort(a, w);
        } else {
            U.putShort(base, a, w);
        }
    }

    static int getLe32(Object base, long a) {
        int v = base == null ? U.getInt(a) : U.getInt(base, a);
        return LITTLE ? v : Integer.reverseBytes(v);
    }

    static void setLe32(Object base, long a, int v) {
        int w = LITTLE ? v : Integer.reverseBytes(v);
        if (base == null) {
            U.putInt(a, w);
        } else {
            U.putInt(base, a, w);
        }
    }

    static long getLe64(Object base, long a) {
        long v = base == null ? U.getLong(a) : U.getLong(base, a);
        return LITTLE ? v : Long.reverseBytes(v);
    }

    static void setLe64(Object base, long a, long v) {
        long w = LITTLE ? v : Long.reverseBytes(v);
        if (base == null) {
            U.putLong(a, w);
        } else {
            U.putLong(base, a, w);
        }
    }

    static short getBe16(Object base, long a) {
        short v = base == null ? U.getShort(a) : U.getShort(base, a);
        return LITTLE ? Short.reverseBytes(v) : v;
    }

    static void setBe16(Object base, long a, short v) {
        short w = LITTLE ? Short.reverseBytes(v) : v;
        if (base == null) {
            U.putShort(a, w);
        } else {
            U.putShort(base, a, w);
        }
    }

    static int getBe32(Object base, long a) {
        int v = base == null ? U.getInt(a) : U.getInt(base, a);
        return LITTLE ? Integer.reverseBytes(v) : v;
    }

    static void setBe32(Object base, long a, int v) {
        int w = LITTLE ? Integer.reverseBytes(v) : v;
        if (base == null) {
            U.putInt(a, w);
        } else {
            U.putInt(base, a, w);
        }
    }

    static long getBe64(Object base, long a) {
        long v = base == null ? U.getLong(a) : U.getLong(base, a);
        return LITTLE ? Long.reverseBytes(v) : v;
    }

    static void setBe64(Object base, long a, long v) {
        long w = LITTLE ? Long.reverseBytes(v) : v;
        if (base == null) {
            U.putLong(a, w);
        } else {
            U.putLong(base, a, w);
        }
    }
}
