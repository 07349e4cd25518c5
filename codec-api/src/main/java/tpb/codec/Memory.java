package tpb.codec;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.StandardCharsets;

/**
 * The bytes of a {@link ByteBuffer} that has no writable array to view: a direct buffer, a mapped
 * file (read-only or not), a read-only heap buffer. A generated flyweight reads and writes them
 * through one of these when it wraps such a buffer (made once per buffer, not per record); over a
 * {@code byte[]} or a writable heap buffer's array it keeps its array path ({@link LittleEndian}).
 *
 * <p>Two implementations, chosen once by the running JDK: on Java 22 and later, a
 * {@code java.lang.foreign.MemorySegment} of the buffer, the JDK's supported access to memory
 * (JEP 454); before it, {@code sun.misc.Unsafe}, whose memory access JDK 24 warns about and a
 * later JDK removes (JEP 471, 498), and which a JDK 22+ run therefore never touches. Both read a
 * direct buffer's memory as a plain load the JIT does not fence; {@code Unsafe} makes no bounds
 * check (a flyweight checks once, when it wraps, that the record lies inside the buffer, and every
 * field is inside the record by the spec), a segment checks every access. A store into a read-only
 * buffer throws {@link ReadOnlyBufferException} on both.
 *
 * <p>The getters and setters take an index into the buffer (not its position) and name the byte
 * order; {@link LittleEndianMemory} and {@link BigEndianMemory} are what generated code calls.
 */
public abstract sealed class Memory permits SegmentMemory, UnsafeMemory {
    /** Whether this JDK has the final foreign-memory API (Java 22+): the JIT folds the choice. */
    static final boolean SEGMENTS = Runtime.version().feature() >= 22;

    private final ByteBuffer buffer;
    private final boolean readOnly;

    Memory(ByteBuffer buffer) {
        this.buffer = buffer;
        this.readOnly = buffer.isReadOnly();
    }

    /** A view of {@code buffer}'s bytes, which keeps the buffer (and a mapping's memory) alive. */
    public static Memory of(ByteBuffer buffer) {
        return SEGMENTS ? new SegmentMemory(buffer) : new UnsafeMemory(buffer);
    }

    /** Whether this views {@code b}: a flyweight re-wrapping the same buffer keeps its view. */
    public final boolean views(ByteBuffer b) {
        return buffer == b;
    }

    /**
     * Refuses a buffer without {@code size} bytes from {@code index} below its limit: a flyweight
     * checks this once, when it wraps.
     */
    public static void room(ByteBuffer b, int index, int size) {
        if (index < 0 || index > b.limit() - size) {
            throw new ShortBufferException(index, size, b.limit());
        }
    }

    /** Throws when the buffer is read-only: every setter asks first. */
    final void writable() {
        if (readOnly) {
            throw new ReadOnlyBufferException();
        }
    }

    abstract byte get8(int at);

    abstract short getLe16(int at);

    abstract int getLe32(int at);

    abstract long getLe64(int at);

    abstract short getBe16(int at);

    abstract int getBe32(int at);

    abstract long getBe64(int at);

    abstract void set8(int at, byte v);

    abstract void setLe16(int at, short v);

    abstract void setLe32(int at, int v);

    abstract void setLe64(int at, long v);

    abstract void setBe16(int at, short v);

    abstract void setBe32(int at, int v);

    abstract void setBe64(int at, long v);

    public static int u8(Memory m, int at) {
        return m.get8(at) & 0xFF;
    }

    public static byte i8(Memory m, int at) {
        return m.get8(at);
    }

    public static void put8(Memory m, int at, int v) {
        m.set8(at, (byte) v);
    }

    /** A NUL-padded name of {@code size} bytes, as {@link Chars#read}. */
    public static String chars(Memory m, int at, int size) {
        byte[] s = new byte[size];
        copy(m, at, s, 0, size);
        int n = 0;
        while (n < size && s[n] != 0) {
            n++;
        }
        return new String(s, 0, n, StandardCharsets.ISO_8859_1);
    }

    /** Writes a name NUL-padded to {@code size} bytes, as {@link Chars#write}. */
    public static void writeChars(Memory m, int at, int size, String s) {
        m.writable();
        byte[] out = new byte[size];
        Chars.write(out, 0, size, s);
        for (int i = 0; i < size; i++) {
            m.set8(at + i, out[i]);
        }
    }

    /** Copies {@code size} bytes at {@code at} into {@code dst} from {@code dstOffset}. */
    public static void copy(Memory m, int at, byte[] dst, int dstOffset, int size) {
        Checks.room(dst, dstOffset, size);
        for (int i = 0; i < size; i++) {
            dst[dstOffset + i] = m.get8(at + i);
        }
    }
}
