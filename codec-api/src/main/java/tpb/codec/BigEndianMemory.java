package tpb.codec;

/**
 * Big-endian reads and writes at a {@link Memory}'s {@link Memory#base()} plus an index (the buffer's, not its position), whatever
 * the buffer's own order: what the generated flyweights do over a buffer {@link Memory} serves, for a
 * big-endian record. A store into a read-only buffer throws {@link java.nio.ReadOnlyBufferException}.
 */
public final class BigEndianMemory {
    private BigEndianMemory() {}

    public static int u16(Memory m, long at) {
        return Memory.getBe16(m, at) & 0xFFFF;
    }

    public static int i16(Memory m, long at) {
        return Memory.getBe16(m, at);
    }

    public static long u32(Memory m, long at) {
        return Memory.getBe32(m, at) & 0xFFFF_FFFFL;
    }

    public static int i32(Memory m, long at) {
        return Memory.getBe32(m, at);
    }

    public static long i64(Memory m, long at) {
        return Memory.getBe64(m, at);
    }

    public static void put16(Memory m, long at, int v) {
        Memory.setBe16(m, at, (short) v);
    }

    public static void put32(Memory m, long at, long v) {
        Memory.setBe32(m, at, (int) v);
    }

    public static void put64(Memory m, long at, long v) {
        Memory.setBe64(m, at, v);
    }
}
