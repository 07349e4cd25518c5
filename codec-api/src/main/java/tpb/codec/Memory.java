package tpb.codec;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import sun.misc.Unsafe;

/**
 * Bytes at an absolute address: a direct or mapped {@link ByteBuffer}'s memory, which the generated
 * flyweights read and write when they wrap one; over a {@code byte[]} they keep
 * their array path ({@link LittleEndian}). Two paths, not one: an {@code Unsafe} access whose base
 * may be an array or null is one the JIT fences (it cannot tell heap from off-heap), which made the
 * array path 1.4-2x slower when tried; with a null base known at the call, an off-heap access is a
 * plain load. It does no bounds checks: a flyweight checks once, when it wraps
 * ({@link #room(ByteBuffer, int, int)}), that the record lies inside the buffer, and every field it
 * reads is inside the record by the spec.
 *
 * <p>{@code sun.misc.Unsafe} (module jdk.unsupported, in every JDK 17) reads a direct buffer's
 * memory without a bounds check per access; {@code MemorySegment} arrives as a final API in Java 22.
 */
public final class Memory {
    static final Unsafe UNSAFE = unsafe();
    private static final long ARRAY_BASE = UNSAFE.arrayBaseOffset(byte[].class);
    /** Whether the machine stores words little-endian: the byte-order classes swap when it does not match theirs. */
    static final boolean NATIVE_LITTLE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private static final long BUFFER_ADDRESS = addressField();

    private Memory() {}

    private static Unsafe unsafe() {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static long addressField() {
        try {
            return UNSAFE.objectFieldOffset(Buffer.class.getDeclaredField("address"));
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Refuses a buffer a flyweight may not wrap at {@code index}: a read-only one (a flyweight
     * writes, and a write to a read-only mapping would crash the JVM: map with
     * {@code MapMode.PRIVATE} to read a file without changing it), or one without {@code size}
     * bytes from {@code index} below its limit.
     */
    public static void room(ByteBuffer b, int index, int size) {
        if (b.isReadOnly()) {
            throw new IllegalArgumentException("a read-only ByteBuffer: a flyweight writes through it; wrap a writable one "
                    + "(FileChannel.map with MapMode.PRIVATE reads a file without changing it)");
        }
        if (index < 0 || index > b.limit() - size) {
            throw new ShortBufferException(index, size, b.limit());
        }
    }

    /** The address of a direct buffer's first byte. */
    public static long address(ByteBuffer direct) {
        return UNSAFE.getLong(direct, BUFFER_ADDRESS);
    }

    public static int u8(long at) {
        return UNSAFE.getByte(at) & 0xFF;
    }

    public static byte i8(long at) {
        return UNSAFE.getByte(at);
    }

    public static void put8(long at, int v) {
        UNSAFE.putByte(at, (byte) v);
    }

    /** A NUL-padded name of {@code size} bytes, as {@link Chars#read}. */
    public static String chars(long at, int size) {
        byte[] b = new byte[size];
        int n = 0;
        while (n < size && (b[n] = UNSAFE.getByte(at + n)) != 0) {
            n++;
        }
        return new String(b, 0, n, StandardCharsets.ISO_8859_1);
    }

    /** Writes a name NUL-padded to {@code size} bytes, as {@link Chars#write}. */
    public static void writeChars(long at, int size, String s) {
        int n = Math.min(s.length(), size);
        for (int i = 0; i < size; i++) {
            UNSAFE.putByte(at + i, i < n ? (byte) s.charAt(i) : 0);
        }
    }

    /** Copies {@code size} bytes at {@code at} into {@code dst} from {@code dstOffset}. */
    public static void copy(long at, byte[] dst, int dstOffset, int size) {
        Checks.room(dst, dstOffset, size);
        UNSAFE.copyMemory(null, at, dst, ARRAY_BASE + dstOffset, size);
    }
}
