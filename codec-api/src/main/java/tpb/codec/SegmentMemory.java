package tpb.codec;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@link Memory}'s access on Java 22 and later: a {@code java.lang.foreign.MemorySegment} of the buffer
 * ({@code MemorySegment.ofBuffer}), read and written through the unaligned value layouts' var
 * handles. This library compiles for Java 17, which has no such API, so the segment is held as an
 * {@code Object} and each access is a method handle looked up once, in {@code static final}
 * fields the JIT treats as constants and inlines to the var handle's load or store, as a direct
 * call would. Initialised only when {@link Memory#SEGMENTS} is true.
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
            OF_BUFFER = lookup.findStatic(segment, "ofBuffer", MethodType.methodType(segment, Buffer.class))
                    .asType(MethodType.methodType(Object.class, ByteBuffer.class));
            GET8 = get(layout("JAVA_BYTE", ByteOrder.LITTLE_ENDIAN), byte.class);
            SET8 = set(layout("JAVA_BYTE", ByteOrder.LITTLE_ENDIAN), byte.class);
            Object le16 = layout("JAVA_SHORT_UNALIGNED", ByteOrder.LITTLE_ENDIAN);
            Object le32 = layout("JAVA_INT_UNALIGNED", ByteOrder.LITTLE_ENDIAN);
            Object le64 = layout("JAVA_LONG_UNALIGNED", ByteOrder.LITTLE_ENDIAN);
            Object be16 = layout("JAVA_SHORT_UNALIGNED", ByteOrder.BIG_ENDIAN);
            Object be32 = layout("JAVA_INT_UNALIGNED", ByteOrder.BIG_ENDIAN);
            Object be64 = layout("JAVA_LONG_UNALIGNED", ByteOrder.BIG_ENDIAN);
            GET_LE16 = get(le16, short.class);
            SET_LE16 = set(le16, short.class);
            GET_LE32 = get(le32, int.class);
            SET_LE32 = set(le32, int.class);
            GET_LE64 = get(le64, long.class);
            SET_LE64 = set(le64, long.class);
            GET_BE16 = get(be16, short.class);
            SET_BE16 = set(be16, short.class);
            GET_BE32 = get(be32, int.class);
            SET_BE32 = set(be32, int.class);
            GET_BE64 = get(be64, long.class);
            SET_BE64 = set(be64, long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private SegmentMemory() {}

    /** {@code MemorySegment.ofBuffer(buffer)}. */
    static Object of(ByteBuffer buffer) {
        try {
            return (Object) OF_BUFFER.invokeExact(buffer);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    /** {@code ValueLayout.<name>.withOrder(order)}. */
    private static Object layout(String name, ByteOrder order) throws ReflectiveOperationException {
        Class<?> valueLayout = Class.forName("java.lang.foreign.ValueLayout");
        Object layout = valueLayout.getField(name).get(null);
        // the interface's method: the layout's own class is internal to java.base
        return valueLayout.getMethod("withOrder", ByteOrder.class).invoke(layout, order);
    }

    /** The layout's var handle, coordinates (segment, offset), as a (Object, long) getter. */
    private static MethodHandle get(Object layout, Class<?> type) throws ReflectiveOperationException {
        return handle(layout).toMethodHandle(VarHandle.AccessMode.GET)
                .asType(MethodType.methodType(type, Object.class, long.class));
    }

    private static MethodHandle set(Object layout, Class<?> type) throws ReflectiveOperationException {
        return handle(layout).toMethodHandle(VarHandle.AccessMode.SET)
                .asType(MethodType.methodType(void.class, Object.class, long.class, type));
    }

    private static VarHandle handle(Object layout) throws ReflectiveOperationException {
        Class<?> valueLayout = Class.forName("java.lang.foreign.ValueLayout");
        return (VarHandle) valueLayout.getMethod("varHandle").invoke(layout);
    }

    /** A method handle's throwable as it is: an unchecked one (a bounds failure) passes through. */
    private static RuntimeException rethrow(Throwable e) {
        if (e instanceof RuntimeException r) {
            throw r;
        }
        if (e instanceof Error err) {
            throw err;
        }
        throw new IllegalStateException(e);
    }

    static byte get8(Object segment, long at) {
        try {
            return (byte) GET8.invokeExact(segment, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void set8(Object segment, long at, byte v) {
        try {
            SET8.invokeExact(segment, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static short getLe16(Object segment, long at) {
        try {
            return (short) GET_LE16.invokeExact(segment, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setLe16(Object segment, long at, short v) {
        try {
            SET_LE16.invokeExact(segment, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static int getLe32(Object segment, long at) {
        try {
            return (int) GET_LE32.invokeExact(segment, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setLe32(Object segment, long at, int v) {
        try {
            SET_LE32.invokeExact(segment, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static long getLe64(Object segment, long at) {
        try {
            return (long) GET_LE64.invokeExact(segment, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setLe64(Object segment, long at, long v) {
        try {
            SET_LE64.invokeExact(segment, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static short getBe16(Object segment, long at) {
        try {
            return (short) GET_BE16.invokeExact(segment, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setBe16(Object segment, long at, short v) {
        try {
            SET_BE16.invokeExact(segment, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static int getBe32(Object segment, long at) {
        try {
            return (int) GET_BE32.invokeExact(segment, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setBe32(Object segment, long at, int v) {
        try {
            SET_BE32.invokeExact(segment, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static long getBe64(Object segment, long at) {
        try {
            return (long) GET_BE64.invokeExact(segment, at);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static void setBe64(Object segment, long at, long v) {
        try {
            SET_BE64.invokeExact(segment, at, v);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }
}
