package tpb.codec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.StandardCharsets;

/**
 * The bytes of a {@link ByteBuffer} that has no writable array to view: a direct buffer, a mapped
 * file (read-only or not), a read-only heap buffer. A generated flyweight reads and writes them
 * through one of these when it wraps such a buffer (made once per buffer, not per record); over a
 * {@code byte[]} or a writable heap buffer's array it keeps its array path ({@link LittleEndian}).
 *
 * <p>One way to the bytes, chosen once by the running JDK (a constant the JIT folds, so each access
 * is a static call into one of them, no dispatch). On Java 22 and later, the buffer's own absolute
 * getters and setters ({@code getInt(index)}, …) on two duplicates of it held here, one in each byte
 * order: a JDK 22+ run never calls {@code sun.misc.Unsafe}, whose memory access JDK 24 warns about and
 * a later JDK removes (JEP 471, 498). Before it, {@code Unsafe} at the record's absolute address
 * ({@link UnsafeMemory}), with no bounds check per access (a flyweight checks once, when it wraps,
 * that the record lies inside the buffer, and every field is inside the record by the spec). A store
 * into a read-only buffer throws {@link ReadOnlyBufferException} on every path.
 *
 * <p>Why the absolute getters on 22+: of the ways to the memory without {@code Unsafe}, measured side
 * by side on Java 25 (docs/performance.md, the {@code RegisterAluBench} rows of each path), they are
 * the fastest and the steadiest: a getter is a bounds check and one access, small enough for C2 to
 * inline every field of a record into the loop; the buffer's view VarHandles ({@link BufferMemory})
 * and a {@code MemorySegment}'s layout handles ({@link SegmentMemory}, reached through method
 * handles because this library compiles for Java 17) chain adapters whose inlined code is larger,
 * and a decode loop over them ran 1-2.5x slower. Both stay selectable to be measured again
 * ({@link #PATH}).
 *
 * <p>The getters and setters take {@link #base()} plus an index into the buffer (not its position)
 * and name the byte order; {@link LittleEndianMemory} and {@link BigEndianMemory} are what generated code calls.
 */
public final class Memory {
    /** {@link UnsafeMemory}: the default on Java 17-21. */
    static final int UNSAFE = 0;
    /** The buffer's absolute getters and setters on a duplicate in each byte order: the default on Java 22+. */
    static final int ABSOLUTE = 1;
    /** {@link BufferMemory}, the buffer's view VarHandles: measured against the default, not taken by it. */
    static final int VIEW = 2;
    /** {@link SegmentMemory}, the buffer's {@code MemorySegment} (Java 22+): measured against the default, not taken by it. */
    static final int SEGMENT = 3;
    /**
     * The path this JVM takes, a constant the JIT folds: {@link #UNSAFE} below Java 22, else
     * {@link #ABSOLUTE}. The system property {@code tpb.codec.memory} ({@code unsafe},
     * {@code absolute}, {@code view} or {@code segment}) picks another one, so the benchmarks can
     * measure each in a fork of its own; {@code segment} needs Java 22+ (below it the default
     * serves), and {@code unsafe} prints the JDK's warning on JDK 24+. Any other value is the default: a
     * library does not fail its user's class loading over a tuning knob.
     */
    static final int PATH = path(System.getProperty("tpb.codec.memory", ""), Runtime.version().feature());
    /** Whether {@code sun.misc.Unsafe} is kept away from: heap buffers are served too. */
    static final boolean HANDLES = PATH != UNSAFE;

    private final ByteBuffer buffer;
    private final boolean readOnly;
    /** {@link #UNSAFE}: the buffer's first byte's address, to which a flyweight adds its index. */
    private final long base;
    /** {@link #ABSOLUTE}: the buffer in each byte order (a duplicate shares its memory and keeps it alive). */
    private final ByteBuffer le;
    private final ByteBuffer be;
    /** {@link #SEGMENT}: the buffer's {@code MemorySegment} (an {@code Object}: this library compiles for Java 17). */
    private final Object segment;

    private Memory(ByteBuffer buffer) {
        this.buffer = buffer;
        this.readOnly = buffer.isReadOnly();
        this.base = PATH == UNSAFE ? UnsafeMemory.address(buffer) : 0;
        // the whole capacity: wrap checks each record against the buffer's limit as it is then (room),
        // which may have grown since this view was made
        this.le = PATH == ABSOLUTE ? buffer.duplicate().clear().order(ByteOrder.LITTLE_ENDIAN) : null;
        this.be = PATH == ABSOLUTE ? buffer.duplicate().clear().order(ByteOrder.BIG_ENDIAN) : null;
        this.segment = PATH == SEGMENT ? SegmentMemory.of(buffer) : null;
    }

    /** The path {@code asked} for ("" for the default) on a Java of {@code feature}. */
    static int path(String asked, int feature) {
        return switch (asked) {
            case "unsafe" -> UNSAFE;
            case "absolute" -> ABSOLUTE;
            case "view" -> VIEW;
            case "segment" -> feature >= 22 ? SEGMENT : UNSAFE;
            default -> feature >= 22 ? ABSOLUTE : UNSAFE;
        };
    }

    /**
     * A view of {@code buffer}'s bytes, which keeps the buffer (and a mapping's memory) alive.
     *
     * @throws IllegalArgumentException on Java 17-21 for a read-only heap buffer, whose array
     *                                  {@code Unsafe} reaches only through a base the JIT fences on
     *                                  every access (on Java 22+ its absolute getters serve it)
     */
    public static Memory of(ByteBuffer buffer) {
        if (!HANDLES && !buffer.isDirect()) {
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

    /**
     * The {@code size} bytes of the record at {@code index} of any buffer (read-only, direct or
     * mapped), copied into a new array: what the generated decoders and validators read a buffer's
     * record through (the record, never the buffer, is copied).
     *
     * @throws ShortBufferException when the record does not lie below the buffer's limit
     */
    public static byte[] record(ByteBuffer b, int index, int size) {
        room(b, index, size);
        byte[] out = new byte[size];
        b.get(index, out, 0, size);
        return out;
    }

    /** Throws when the buffer is read-only: every setter asks first. */
    private void writable() {
        if (readOnly) {
            throw new ReadOnlyBufferException();
        }
    }

    static byte get8(Memory m, long at) {
        return PATH == ABSOLUTE ? m.le.get((int) at) : PATH == SEGMENT ? SegmentMemory.get8(m.segment, at)
                : PATH == VIEW ? BufferMemory.get8(m.buffer, at) : UnsafeMemory.get8(at);
    }

    static short getLe16(Memory m, long at) {
        return PATH == ABSOLUTE ? m.le.getShort((int) at) : PATH == SEGMENT ? SegmentMemory.getLe16(m.segment, at)
                : PATH == VIEW ? BufferMemory.getLe16(m.buffer, at) : UnsafeMemory.getLe16(at);
    }

    static int getLe32(Memory m, long at) {
        return PATH == ABSOLUTE ? m.le.getInt((int) at) : PATH == SEGMENT ? SegmentMemory.getLe32(m.segment, at)
                : PATH == VIEW ? BufferMemory.getLe32(m.buffer, at) : UnsafeMemory.getLe32(at);
    }

    static long getLe64(Memory m, long at) {
        return PATH == ABSOLUTE ? m.le.getLong((int) at) : PATH == SEGMENT ? SegmentMemory.getLe64(m.segment, at)
                : PATH == VIEW ? BufferMemory.getLe64(m.buffer, at) : UnsafeMemory.getLe64(at);
    }

    static short getBe16(Memory m, long at) {
        return PATH == ABSOLUTE ? m.be.getShort((int) at) : PATH == SEGMENT ? SegmentMemory.getBe16(m.segment, at)
                : PATH == VIEW ? BufferMemory.getBe16(m.buffer, at) : UnsafeMemory.getBe16(at);
    }

    static int getBe32(Memory m, long at) {
        return PATH == ABSOLUTE ? m.be.getInt((int) at) : PATH == SEGMENT ? SegmentMemory.getBe32(m.segment, at)
                : PATH == VIEW ? BufferMemory.getBe32(m.buffer, at) : UnsafeMemory.getBe32(at);
    }

    static long getBe64(Memory m, long at) {
        return PATH == ABSOLUTE ? m.be.getLong((int) at) : PATH == SEGMENT ? SegmentMemory.getBe64(m.segment, at)
                : PATH == VIEW ? BufferMemory.getBe64(m.buffer, at) : UnsafeMemory.getBe64(at);
    }

    static void set8(Memory m, long at, byte v) {
        m.writable();
        if (PATH == ABSOLUTE) {
            m.le.put((int) at, v);
        } else if (PATH == SEGMENT) {
            SegmentMemory.set8(m.segment, at, v);
        } else if (PATH == VIEW) {
            BufferMemory.set8(m.buffer, at, v);
        } else {
            UnsafeMemory.set8(at, v);
        }
    }

    static void setLe16(Memory m, long at, short v) {
        m.writable();
        if (PATH == ABSOLUTE) {
            m.le.putShort((int) at, v);
        } else if (PATH == SEGMENT) {
            SegmentMemory.setLe16(m.segment, at, v);
        } else if (PATH == VIEW) {
            BufferMemory.setLe16(m.buffer, at, v);
        } else {
            UnsafeMemory.setLe16(at, v);
        }
    }

    static void setLe32(Memory m, long at, int v) {
        m.writable();
        if (PATH == ABSOLUTE) {
            m.le.putInt((int) at, v);
        } else if (PATH == SEGMENT) {
            SegmentMemory.setLe32(m.segment, at, v);
        } else if (PATH == VIEW) {
            BufferMemory.setLe32(m.buffer, at, v);
        } else {
            UnsafeMemory.setLe32(at, v);
        }
    }

    static void setLe64(Memory m, long at, long v) {
        m.writable();
        if (PATH == ABSOLUTE) {
            m.le.putLong((int) at, v);
        } else if (PATH == SEGMENT) {
            SegmentMemory.setLe64(m.segment, at, v);
        } else if (PATH == VIEW) {
            BufferMemory.setLe64(m.buffer, at, v);
        } else {
            UnsafeMemory.setLe64(at, v);
        }
    }

    static void setBe16(Memory m, long at, short v) {
        m.writable();
        if (PATH == ABSOLUTE) {
            m.be.putShort((int) at, v);
        } else if (PATH == SEGMENT) {
            SegmentMemory.setBe16(m.segment, at, v);
        } else if (PATH == VIEW) {
            BufferMemory.setBe16(m.buffer, at, v);
        } else {
            UnsafeMemory.setBe16(at, v);
        }
    }

    static void setBe32(Memory m, long at, int v) {
        m.writable();
        if (PATH == ABSOLUTE) {
            m.be.putInt((int) at, v);
        } else if (PATH == SEGMENT) {
            SegmentMemory.setBe32(m.segment, at, v);
        } else if (PATH == VIEW) {
            BufferMemory.setBe32(m.buffer, at, v);
        } else {
            UnsafeMemory.setBe32(at, v);
        }
    }

    static void setBe64(Memory m, long at, long v) {
        m.writable();
        if (PATH == ABSOLUTE) {
            m.be.putLong((int) at, v);
        } else if (PATH == SEGMENT) {
            SegmentMemory.setBe64(m.segment, at, v);
        } else if (PATH == VIEW) {
            BufferMemory.setBe64(m.buffer, at, v);
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
