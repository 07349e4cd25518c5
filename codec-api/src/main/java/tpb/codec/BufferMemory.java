package tpb.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@link Memory}'s access on Java 22 and later: the buffer's own absolute accessors and
 * {@code MethodHandles.byteBufferViewVarHandle}s, which the JDK implements over the buffer's
 * memory segment (its scope and bounds checked on every access) and C2 compiles to a load or store
 * behind those checks; no {@code sun.misc.Unsafe}. An index is the buffer's, not its position; the
 * buffer's own order is not read.
 *
 * <p>Measured against holding a {@code MemorySegment} of the buffer: this library compiles for
 * Java 17, so a segment's accessors can only be method handles looked up at run time, and their
 * chain of adapters defeated the JIT's inlining of the decode loop (5x slower than these handles,
 * docs/performance.md).
 */
final class BufferMemory {
    private static final VarHandle LE16 = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LE32 = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LE64 = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE16 = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle BE32 = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle BE64 = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private BufferMemory() {}

    static byte get8(ByteBuffer b, long at) {
        return b.get((int) at);
    }

    static void set8(ByteBuffer b, long at, byte v) {
        b.put((int) at, v);
    }

    static short getLe16(ByteBuffer b, long at) {
        return (short) LE16.get(b, (int) at);
    }

    static void setLe16(ByteBuffer b, long at, short v) {
        LE16.set(b, (int) at, v);
    }

    static int getLe32(ByteBuffer b, long at) {
        return (int) LE32.get(b, (int) at);
    }

    static void setLe32(ByteBuffer b, long at, int v) {
        LE32.set(b, (int) at, v);
    }

    static long getLe64(ByteBuffer b, long at) {
        return (long) LE64.get(b, (int) at);
    }

    static void setLe64(ByteBuffer b, long at, long v) {
        LE64.set(b, (int) at, v);
    }

    static short getBe16(ByteBuffer b, long at) {
        return (short) BE16.get(b, (int) at);
    }

    static void setBe16(ByteBuffer b, long at, short v) {
        BE16.set(b, (int) at, v);
    }

    static int getBe32(ByteBuffer b, long at) {
        return (int) BE32.get(b, (int) at);
    }

    static void setBe32(ByteBuffer b, long at, int v) {
        BE32.set(b, (int) at, v);
    }

    static long getBe64(ByteBuffer b, long at) {
        return (long) BE64.get(b, (int) at);
    }

    static void setBe64(ByteBuffer b, long at, long v) {
        BE64.set(b, (int) at, v);
    }
}
