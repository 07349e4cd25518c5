package tpb.codec;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@link Memory}'s access through the buffer's {@code java.lang.foreign.MemorySegment} (Java 22+,
 * {@code MemorySegment.ofBuffer}), read and written through the var handles of the unaligned
 * {@code ValueLayout}s in each byte order; no {@code sun.misc.Unsafe}. Not the default on any JDK:
 * kept selectable ({@code tpb.codec.memory=segment}) so the benchmarks measure the default path
 * against it. On Java 25 a decode loop over it ran about 1.5-2x the time of the buffer's absolute
 * getters and an encode loop 1.3-1.5x: the handles' adapter chain inlines into more code than a getter.
 *
 * <p>This library compiles for Java 17, which has no {@code java.lang.foreign}: the handles are looked
 * up once, when this class is initialised (only when {@link Memory#PATH} takes it), and each is
 * turned into a {@code static final} method handle of the exact type its call sites invoke it with
 * ({@code (Object, long)}, the segment held as an {@code Object}), so {@code invokeExact} on a constant
 * handle inlines to the segment's own access code. A var handle called directly with an
 * {@code Object} for its segment would go through an {@code asType} adapter the JIT does not inline.
 */
final class SegmentMemory {
    private static final MethodHandle OF_BUFFER;
    private static final MethodHandle GET8;
    private static final MethodHandle SET8;
    private static final MethodHandle GET_LE16;
    private static final MethodHandle SET_LE16;
    private static final MethodHandle GET_LE32;
    private static final MethodHandle SET_LE32;
    private static final MethodHandle GET_LE64;
    private static final MethodHandle SET_LE64;
    private static final MethodHandle GET_BE16;
    private static final MethodHandle SET_BE16;
    private static final MethodHandle GET_BE32;
    private static final MethodHandle SET_BE32;
    private static final MethodHandle GET_BE64;
    private static final MethodHandle SET_BE64;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
            Class<?> layout = Class.forName("java.lang.foreign.ValueLayout");
            OF_BUFFER = lookup.findStatic(segment, "ofBuffer", MethodType.methodType(segment, Buffer.class))
                    .asType(MethodType.methodType(Object.class, ByteBuffer.class));
            GET8 = get(layout, "JAVA_BYTE", null, byte.class);
            SET8 = set(layout, "JAVA_BYTE", null, byte.class);
            GET_LE16 = get(layout, "JAVA_SHORT_UNALIGNED", ByteOrder.LITTLE_ENDIAN, short.class);
            SET_LE16 = set(layout, "JAVA_SHORT_UNALIGNED", ByteOrder.LITTLE_ENDIAN, short.class);
            GET_LE32 = get(layout, "JAVA_INT_UNALIGNED", ByteOrder.LITTLE_ENDIAN, int.class);
            SET_LE32 = set(layout, "JAVA_INT_UNALIGNED", ByteOrder.LITTLE_ENDIAN, int.class);
            GET_LE64 = get(layout, "JAVA_LONG_UNALIGNED", ByteOrder.LITTLE_ENDIAN, long.class);
            SET_LE64 = set(layout, "JAVA_LONG_UNALIGNED", ByteOrder.LITTLE_ENDIAN, long.class);
            GET_BE16 = get(layout, "JAVA_SHORT_UNALIGNED", ByteOrder.BIG_ENDIAN, short.class);
            SET_BE16 = set(layout, "JAVA_SHORT_UNALIGNED", ByteOrder.BIG_ENDIAN, short.class);
            GET_BE32 = get(layout, "JAVA_INT_UNALIGNED", ByteOrder.BIG_ENDIAN, int.class);
            SET_BE32 = set(layout, "JAVA_INT_UNALIGNED", ByteOrder.BIG_ENDIAN, int.class);
            GET_BE64 = get(layout, "JAVA_LONG_UNALIGNED", ByteOrder.BIG_ENDIAN, long.class);
            SET_BE64 = set(layout, "JAVA_LONG_UNALIGNED", ByteOrder.BIG_ENDIAN, long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private SegmentMemory() {}

    /** The var handle of the layout {@code name} of {@code ValueLayout}, in {@code order} (null: the byte, which has none). */
    private static VarHandle handle(Class<?> layout, String name, ByteOrder order) throws ReflectiveOperationException {
        Object l = layout.getField(name).get(null);
        if (order != null) {
            l = layout.getMethod("withOrder", ByteOrder.class).invoke(l, order);
        }
        return (VarHandle) layout.getMethod("varHandle").invoke(l);
    }

    private static MethodHandle get(Class<?> layout, String name, ByteOrder order, Class<?> value) throws ReflectiveOperationException {
        return handle(layout, name, order).toMethodHandle(VarHandle.AccessMode.GET)
                .asType(MethodType.methodType(value, Object.class, long.class));
    }

    private static MethodHandle set(Class<?> layout, String name, ByteOrder order, Class<?> value) throws ReflectiveOperationException {
        return handle(layout, name, order).toMethodHandle(VarHandle.AccessMode.SET)
                .asType(MethodType.methodType(void.class, Object.class, long.class, value));
    }

    /** {@code buffer}'s segment, its whole capacity (a flyweight checks the limit when it wraps), read-only when the buffer is. */
    static Object of(ByteBuffer buffer) {
        try {
            return (Object) OF_BUFFER.invokeExact(buffer.duplicate().clear());
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    // the segment's own exceptions (IndexOutOfBoundsException, IllegalStateException for a closed
    // scope) pass through unchanged; nothing here throws a checked one
    private static RuntimeException rethrow(Throwable e) {
        if (e instanceof RuntimeException r) {
            throw r;
        }
        if (e instanceof Error r) {
            throw r;
        }
        throw new IllegalStateException(e);
    }

    static byte get8(Object s, long at) {
        try {
            return (byte) GET8.invokeExact(s, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void set8(Object s, long at, byte v) {
        try {
            SET8.invokeExact(s, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static short getLe16(Object s, long at) {
        try {
            return (short) GET_LE16.invokeExact(s, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setLe16(Object s, long at, short v) {
        try {
            SET_LE16.invokeExact(s, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static int getLe32(Object s, long at) {
        try {
            return (int) GET_LE32.invokeExact(s, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setLe32(Object s, long at, int v) {
        try {
            SET_LE32.invokeExact(s, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static long getLe64(Object s, long at) {
        try {
            return (long) GET_LE64.invokeExact(s, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setLe64(Object s, long at, long v) {
        try {
            SET_LE64.invokeExact(s, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static short getBe16(Object s, long at) {
        try {
            return (short) GET_BE16.invokeExact(s, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setBe16(Object s, long at, short v) {
        try {
            SET_BE16.invokeExact(s, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static int getBe32(Object s, long at) {
        try {
            return (int) GET_BE32.invokeExact(s, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setBe32(Object s, long at, int v) {
        try {
            SET_BE32.invokeExact(s, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static long getBe64(Object s, long at) {
        try {
            return (long) GET_BE64.invokeExact(s, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setBe64(Object s, long at, long v) {
        try {
            SET_BE64.invokeExact(s, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }
}
