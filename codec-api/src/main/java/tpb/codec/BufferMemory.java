package tpb.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@link Memory}'s access through the buffer's {@code MethodHandles.byteBufferViewVarHandle}s (and
 * its absolute byte getters), which the JDK implements over the buffer's memory segment, its scope
 * and bounds checked on every access; no {@code sun.misc.Unsafe}. Not the default on any JDK: kept
 * selectable ({@code tpb.codec.memory=view}) so the benchmarks measure the default path against it.
 * On Java 25 a decode loop over it ran 1-2.5x the time of the buffer's absolute getters (its adapters'
 * inlined code is larger). An index is the buffer's, not its position; the buffer's own order is not read.
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
