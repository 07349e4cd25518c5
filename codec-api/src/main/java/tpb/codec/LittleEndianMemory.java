package tpb.codec;

/**
 * Little-endian reads and writes at a {@link Memory}'s indexes (the buffer's, not its position), whatever
 * the buffer's own order: what the generated flyweights do over a buffer {@link Memory} serves, for a
 * little-endian record. A store into a read-only buffer throws {@link java.nio.ReadOnlyBufferException}.
 */
public final class LittleEndianMemory {
    private LittleEndianMemory() {}

    public static int u16(Memory m, int at) {
        return m.getLe16(at) & 0xFFFF;
    }

    public static int i16(Memory m, int at) {
        return m.getLe16(at);
    }

    public static long u32(Memory m, int at) {
        return m.getLe32(at) & 0xFFFF_FFFFL;
    }

    public static int i32(Memory m, int at) {
        return m.getLe32(at);
    }

    public static long i64(Memory m, int at) {
        return m.getLe64(at);
    }

    public static void put16(Memory m, int at, int v) {
        m.setLe16(at, (short) v);
    }

    public static void put32(Memory m, int at, long v) {
        m.setLe32(at, (int) v);
    }

    public static void put64(Memory m, int at, long v) {
        m.setLe64(at, v);
    }
}
