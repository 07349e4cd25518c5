package tpb.codec;

/**
 * Big-endian reads and writes at a {@link Memory}'s indexes (the buffer's, not its position), whatever
 * the buffer's own order: what the generated flyweights do over a buffer {@link Memory} serves, for a
 * big-endian record. A store into a read-only buffer throws {@link java.nio.ReadOnlyBufferException}.
 */
public final class BigEndianMemory {
    private BigEndianMemory() {}

    public static int u16(Memory m, int at) {
        return m.getBe16(at) & 0xFFFF;
    }

    public static int i16(Memory m, int at) {
        return m.getBe16(at);
    }

    public static long u32(Memory m, int at) {
        return m.getBe32(at) & 0xFFFF_FFFFL;
    }

    public static int i32(Memory m, int at) {
        return m.getBe32(at);
    }

    public static long i64(Memory m, int at) {
        return m.getBe64(at);
    }

    public static void put16(Memory m, int at, int v) {
        m.setBe16(at, (short) v);
    }

    public static void put32(Memory m, int at, long v) {
        m.setBe32(at, (int) v);
    }

    public static void put64(Memory m, int at, long v) {
        m.setBe64(at, v);
    }
}
