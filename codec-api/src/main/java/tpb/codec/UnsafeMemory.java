package tpb.codec;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import sun.misc.Unsafe;

/**
 * {@link Memory} on Java 17 to 21: {@code sun.misc.Unsafe} (module jdk.unsupported) at the
 * buffer's address, with no bounds check per access. A direct buffer's reads are off-heap loads
 * (a null base the JIT sees); a read-only heap buffer's go through its array. Loaded only when
 * {@link Memory#SEGMENTS} is false, so a JDK 22+ run never calls an {@code Unsafe} method.
 */
final class UnsafeMemory extends Memory {
    private static final Unsafe U = unsafe();
    private static final long ADDRESS = offset(Buffer.class, "address");
    private static final long HB = offset(ByteBuffer.class, "hb");
    private static final boolean LITTLE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    /** The heap buffer's array, or null for a direct buffer's memory. */
    private final Object base;
    /** The buffer's first byte: an absolute address, or an offset into {@link #base}. */
    private final long address;

    UnsafeMemory(ByteBuffer buffer) {
        super(buffer);
        this.base = U.getObject(buffer, HB);
        this.address = U.getLong(buffer, ADDRESS);
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
    // either is one it does (measured 1.4-2x slower), so the branch, which the profile prunes
    @Override
    byte get8(int at) {
        return base == null ? U.getByte(address + at) : U.getByte(base, address + at);
    }

    private short get16(int at) {
        return base == null ? U.getShort(address + at) : U.getShort(base, address + at);
    }

    private int get32(int at) {
        return base == null ? U.getInt(address + at) : U.getInt(base, address + at);
    }

    private long get64(int at) {
        return base == null ? U.getLong(address + at) : U.getLong(base, address + at);
    }

    @Override
    void set8(int at, byte v) {
        writable();
        if (base == null) {
            U.putByte(address + at, v);
        } else {
            U.putByte(base, address + at, v);
        }
    }

    private void set16(int at, short v) {
        writable();
        if (base == null) {
            U.putShort(address + at, v);
        } else {
            U.putShort(base, address + at, v);
        }
    }

    private void set32(int at, int v) {
        writable();
        if (base == null) {
            U.putInt(address + at, v);
        } else {
            U.putInt(base, address + at, v);
        }
    }

    private void set64(int at, long v) {
        writable();
        if (base == null) {
            U.putLong(address + at, v);
        } else {
            U.putLong(base, address + at, v);
        }
    }

    @Override
    short getLe16(int at) {
        short v = get16(at);
        return LITTLE ? v : Short.reverseBytes(v);
    }

    @Override
    int getLe32(int at) {
        int v = get32(at);
        return LITTLE ? v : Integer.reverseBytes(v);
    }

    @Override
    long getLe64(int at) {
        long v = get64(at);
        return LITTLE ? v : Long.reverseBytes(v);
    }

    @Override
    short getBe16(int at) {
        short v = get16(at);
        return LITTLE ? Short.reverseBytes(v) : v;
    }

    @Override
    int getBe32(int at) {
        int v = get32(at);
        return LITTLE ? Integer.reverseBytes(v) : v;
    }

    @Override
    long getBe64(int at) {
        long v = get64(at);
        return LITTLE ? Long.reverseBytes(v) : v;
    }

    @Override
    void setLe16(int at, short v) {
        set16(at, LITTLE ? v : Short.reverseBytes(v));
    }

    @Override
    void setLe32(int at, int v) {
        set32(at, LITTLE ? v : Integer.reverseBytes(v));
    }

    @Override
    void setLe64(int at, long v) {
        set64(at, LITTLE ? v : Long.reverseBytes(v));
    }

    @Override
    void setBe16(int at, short v) {
        set16(at, LITTLE ? Short.reverseBytes(v) : v);
    }

    @Override
    void setBe32(int at, int v) {
        set32(at, LITTLE ? Integer.reverseBytes(v) : v);
    }

    @Override
    void setBe64(int at, long v) {
        set64(at, LITTLE ? Long.reverseBytes(v) : v);
    }
}
