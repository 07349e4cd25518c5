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
 * <p>Two ways to the bytes, chosen once by the running JDK (a constant the JIT folds, so each access
 * is a static call into one of them, no dispatch): on Java 22 and later, a
 * {@code java.lang.foreign.MemorySegment} of the buffer, the JDK's supported access to memory
 * (JEP 454); before it, {@code sun.misc.Unsafe}, whose memory access JDK 24 warns about and a
 * later JDK removes (JEP 471, 498), and which a JDK 22+ run therefore never touches. Both read a
 * direct buffer's memory as a plain load the JIT does not fence; {@code Unsafe} makes no bounds
 * check (a flyweight checks once, when it wraps, that the record lies inside the buffer, and every
 * field is inside the record by the spec), a segment checks every access. A store into a read-only
 * buffer throws {@link ReadOnlyBufferException} on both.
 *
 * <p>The getters and setters take {@link #base()} plus an index into the buffer (not its position)
 * and name the byte order; {@link LittleEndianMemory} and {@link BigEndianMemory} are what generated code calls.
 */
public final class Memory {
    /** Whether this JDK has the final foreign-memory API (Java 22+): the JIT folds the choice. */
    static final boolean SEGMENTS = Runtime.version().feature() >= 22;

    private final ByteBuffer buffer;
    private final boolean readOnly;
    /** Java 17-21: the buffer's first byte's address, to which a flyweight adds its index. */
    private final long base;
    /** Java 22+: the {@code java.lang.foreign.MemorySegment} of the buffer. */
    private final Object segment;

    private Memory(ByteBuffer buffer) {
        this.buffer = buffer;
        this.readOnly = buffer.isReadOnly();
        if (SEGMENTS) {
            this.segment = SegmentMemory.of(buffer);
            this.base = 0;
        } else {
            this.segment = null;
            this.base = UnsafeMemory.address(buffer);
        }
    }

    /**
     * A view of {@code buffer}'s bytes, which keeps the buffer (and a mapping's memory) alive.
     *
     * @throws IllegalArgumentException on Java 17-21 for a read-only heap buffer, whose array
     *                                  {@code Unsafe} reaches only through a base the JIT fences on
     *                                  every access (on Java 22+ its segment serves it)
     */
    public static Memory of(ByteBuffer buffer) {
        if (!SEGMENTS && !buffer.isDirect()) {
            throw new IllegalArgumentException("a read-only heap ByteBuffer is viewed on Java 22 or later; on Java "
                    + Runtime.version().feature() + " wrap a writable buffer or its array");
        }
        return new Memory(buffer);
    }

    /** What a flyweight adds a record's index to: the buffer's address where {@code Unsafe} reads it, else 0. */
    public long base() {
        return base;
    }

    /** Whether this views {@code b}: a flyweight re-wrapping the same buffer keeps its view. */
    public boolean views(ByteBuffer b) {
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
    private void writable() {
        if (readOnly) {
            throw new ReadOnlyBufferException();
        }
    }

    static byte get8(Memory m, long at) {
        return SEGMENTS ? SegmentMemory.get8(m.segment, at) : UnsafeMemory.get8(at);
    }

    static short getLe16(Memory m, long at) {
        return SEGMENTS ? SegmentMemory.getLe16(m.segment, at) : UnsafeMemory.getLe16(at);
    }

    static int getLe32(Memory m, long at) {
        return SEGMENTS ? SegmentMemory.getLe32(m.segment, at) : UnsafeMemory.getLe32(at);
    }

    static long getLe64(Memory m, long at) {
        return SEGMENTS ? SegmentMemory.getLe64(m.segment, at) : UnsafeMemory.getLe64(at);
    }

    static short getBe16(Memory m, long at) {
        return SEGMENTS ? SegmentMemory.getBe16(m.segment, at) : UnsafeMemory.getBe16(at);
    }

    static int getBe32(Memory m, long at) {
        return SEGMENTS ? SegmentMemory.getBe32(m.segment, at) : UnsafeMemory.getBe32(at);
    }

    static long getBe64(Memory m, long at) {
        return SEGMENTS ? SegmentMemory.getBe64(m.segment, at) : UnsafeMemory.getBe64(at);
    }

    static void set8(Memory m, long at, byte v) {
        m.writable();
        if (SEGMENTS) {
            SegmentMemory.set8(m.segment, at, v);
        } else {
            UnsafeMemory.set8(at, v);
        }
    }

    static void setLe16(Memory m, long at, short v) {
        m.writable();
        if (SEGMENTS) {
            SegmentMemory.setLe16(m.segment, at, v);
        } else {
            UnsafeMemory.setLe16(at, v);
        }
    }

    static void setLe32(Memory m, long at, int v) {
        m.writable();
        if (SEGMENTS) {
            SegmentMemory.setLe32(m.segment, at, v);
        } else {
            UnsafeMemory.setLe32(at, v);
        }
    }

    static void setLe64(Memory m, long at, long v) {
        m.writable();
        if (SEGMENTS) {
            SegmentMemory.setLe64(m.segment, at, v);
        } else {
            UnsafeMemory.setLe64(at, v);
        }
    }

    static void setBe16(Memory m, long at, short v) {
        m.writable();
        if (SEGMENTS) {
            SegmentMemory.setBe16(m.segment, at, v);
        } else {
            UnsafeMemory.setBe16(at, v);
        }
    }

    static void setBe32(Memory m, long at, int v) {
        m.writable();
        if (SEGMENTS) {
            SegmentMemory.setBe32(m.segment, at, v);
        } else {
            UnsafeMemory.setBe32(at, v);
        }
    }

    static void setBe64(Memory m, long at, long v) {
        m.writable();
        if (SEGMENTS) {
            SegmentMemory.setBe64(m.segment, at, v);
        } else {
            UnsafeMemory.setBe64(at, v);
        }
    }

    public static int u8(Memory m, long at) {
        return get8(m, at) & 0xFF;
    }

    public static byte i8(Memory m, long at) {
        return get8(m, at);
    }

    public static void put8(Memory m, long at, int v) {
        set8(m, at, (byte) v);
    }

    /** A NUL-padded name of {@code size} bytes, as {@link Chars#read}. */
    public static String chars(Memory m, long at, int size) {
        byte[] s = new byte[size];
        copy(m, at, s, 0, size);
        int n = 0;
        while (n < size && s[n] != 0) {
            n++;
        }
        return new String(s, 0, n, StandardCharsets.ISO_8859_1);
    }

    /** Writes a name NUL-padded to {@code size} bytes, as {@link Chars#write}. */
    public static void writeChars(Memory m, long at, int size, String s) {
        byte[] out = new byte[size];
        Chars.write(out, 0, size, s);
        for (int i = 0; i < size; i++) {
            set8(m, at + i, out[i]);
        }
    }

    /** Copies {@code size} bytes at {@code at} into {@code dst} from {@code dstOffset}. */
    public static void copy(Memory m, long at, byte[] dst, int dstOffset, int size) {
        Checks.room(dst, dstOffset, size);
        for (int i = 0; i < size; i++) {
            dst[dstOffset + i] = get8(m, at + i);
        }
    }
}
