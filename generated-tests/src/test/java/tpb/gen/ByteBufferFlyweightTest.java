package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.codec.FieldInfo;
import tpb.codec.ShortBufferException;
import tpb.isa.IsaInfo;
import tpb.isa.MatmulFlyweight;
import tpb.isa.PreambleFlyweight;
import tpb.isa.RegisterAluFlyweight;

/**
 * Flyweights over a {@code ByteBuffer}: heap, direct and mapped, through the one
 * path the {@code byte[]} flyweights take. Every field of every flyweight (each arm's and each
 * generation layout's) reads the same over an array and over each kind of buffer (read-only ones
 * and a file mapped {@code READ_ONLY} among them), on random records; writes and {@code reset}
 * store the same bytes; a read-only buffer refuses every store and keeps its bytes; a record past
 * the limit is refused.
 */
class ByteBufferFlyweightTest {
    private static final int SIZE = IsaInfo.RECORD_SIZE;
    /** Where the record lies in each holder: not at 0, so an offset that is dropped shows. */
    private static final int AT = 3 * SIZE;

    /** Whether the JDK is 22+, where the codecs read a buffer through its view VarHandles, which serve every kind of buffer. */
    private static final boolean SEGMENTS = Runtime.version().feature() >= 22;

    private static final List<PreambleFlyweight<?>> ARRAY = AllFlyweights.make();
    private static final List<PreambleFlyweight<?>> BUFFER = AllFlyweights.make();

    /** Every element of every field, as {@code get(field, element)} reads it. */
    private static List<Long> readAll(PreambleFlyweight<?> fw) {
        List<Long> out = new ArrayList<>();
        List<FieldInfo> fields = fw.fields();
        for (int f = 0; f < fields.size(); f++) {
            for (int e = 0; e < fields.get(f).elements(); e++) {
                out.add(fw.get(f, e));
            }
        }
        return out;
    }

    @Property(tries = 40)
    void everyFieldReadsTheSameOverEveryHolder(@ForAll @Size(value = 64) byte[] record) throws IOException {
        byte[] array = new byte[AT + SIZE + 5];
        System.arraycopy(record, 0, array, AT, SIZE);
        ByteBuffer heap = ByteBuffer.wrap(array.clone(), 1, array.length - 1).slice(); // an array offset of 1
        ByteBuffer direct = ByteBuffer.allocateDirect(array.length).order(ByteOrder.BIG_ENDIAN); // its order is not read
        direct.put(array).clear();
        Path file = Files.createTempFile("bbflyweight", ".bin");
        try {
            Files.write(file, array);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
                    FileChannel readOnlyChannel = FileChannel.open(file, StandardOpenOption.READ)) {
                MappedByteBuffer mapped = ch.map(FileChannel.MapMode.PRIVATE, 0, array.length);
                MappedByteBuffer readOnlyMapping = readOnlyChannel.map(FileChannel.MapMode.READ_ONLY, 0, array.length);
                ByteBuffer readOnlyHeap = heap.asReadOnlyBuffer();
                ByteBuffer readOnlyDirect = direct.asReadOnlyBuffer();
                for (int k = 0; k < ARRAY.size(); k++) {
                    List<Long> expected = readAll(ARRAY.get(k).wrap(array, AT));
                    PreambleFlyweight<?> fw = BUFFER.get(k);
                    assertEquals(expected, readAll(fw.wrap(heap, AT - 1)), fw.getClass().getSimpleName() + " over a heap buffer");
                    assertEquals(expected, readAll(fw.wrap(direct, AT)), fw.getClass().getSimpleName() + " over a direct buffer");
                    assertEquals(expected, readAll(fw.wrap(mapped, AT)), fw.getClass().getSimpleName() + " over a mapped file");
                    assertEquals(expected, readAll(fw.wrap(readOnlyMapping, AT)), fw.getClass().getSimpleName() + " over a read-only mapping");
                    if (SEGMENTS) {
                        assertEquals(expected, readAll(fw.wrap(readOnlyHeap, AT - 1)), fw.getClass().getSimpleName() + " over a read-only heap buffer");
                    }
                    assertEquals(expected, readAll(fw.wrap(readOnlyDirect, AT)), fw.getClass().getSimpleName() + " over a read-only direct buffer");
                }
            }
        } finally {
            Files.delete(file);
        }
    }

    /** Setting every settable element to random values, and reset, store the same bytes in a direct buffer as in an array. */
    @Test
    void writesAndResetStoreTheSameBytes() {
        Random r = new Random(34);
        ByteBuffer direct = ByteBuffer.allocateDirect(AT + SIZE);
        byte[] array = new byte[AT + SIZE];
        int stored = 0;
        for (int k = 0; k < ARRAY.size(); k++) {
            PreambleFlyweight<?> a = ARRAY.get(k).wrap(array, AT);
            PreambleFlyweight<?> b = BUFFER.get(k).wrap(direct, AT);
            a.reset();
            b.reset();
            assertArrayEquals(record(array), record(direct), a.getClass().getSimpleName() + ".reset");
            List<FieldInfo> fields = a.fields();
            for (int f = 0; f < fields.size(); f++) {
                for (int e = 0; e < fields.get(f).elements(); e++) {
                    long v = r.nextLong();
                    try {
                        a.set(f, e, v);
                    } catch (IllegalArgumentException fixedBySpec) {
                        continue;
                    }
                    b.set(f, e, v);
                    stored++;
                }
            }
            assertArrayEquals(record(array), record(direct), a.getClass().getSimpleName());
        }
        assertEquals(true, stored > 1000, stored + " elements stored");
    }

    private static byte[] record(byte[] array) {
        return java.util.Arrays.copyOfRange(array, AT, AT + SIZE);
    }

    private static byte[] record(ByteBuffer b) {
        byte[] out = new byte[SIZE];
        b.get(AT, out);
        return out;
    }

    /** A typed accessor and a group view over a direct buffer, by hand: MATMUL's num[0] is the u16 at +0x1A. */
    @Test
    void aDirectBufferByHand() {
        ByteBuffer direct = ByteBuffer.allocateDirect(SIZE);
        MatmulFlyweight mm = new MatmulFlyweight().wrap(direct, 0).reset();
        mm.srcMemPattern().num(0, 0x1234);
        assertEquals(0x34, direct.get(0x1A));
        assertEquals(0x12, direct.get(0x1B));
        assertEquals(MatmulFlyweight.OPCODE, direct.get(0) & 0xFF);
        assertNull(mm.buffer(), "no array behind a direct buffer");
        byte[] array = new byte[SIZE];
        assertSame(array, mm.wrap(ByteBuffer.wrap(array), 0).buffer(), "a heap buffer's own array, no copy");
    }

    /**
     * A read-only buffer is viewed without a copy, and every store into it (a setter, {@code set},
     * {@code reset}, a group view's setter, a name) throws ReadOnlyBufferException with its bytes
     * unchanged: a file the user cannot write, mapped READ_ONLY, reads as any other.
     */
    @Test
    void aReadOnlyBufferRefusesEveryStore(@TempDir Path dir) throws IOException {
        byte[] image = new byte[SIZE];
        new MatmulFlyweight().wrap(image, 0).reset().srcMemPattern().num(0, 0x1234);
        Path file = dir.resolve("matmul.bin");
        Files.write(file, image);
        assertTrue(file.toFile().setWritable(false), "the file made read-only");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            MappedByteBuffer mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, SIZE);
            List<ByteBuffer> buffers = new ArrayList<>(List.of(mapped, ByteBuffer.allocateDirect(SIZE).put(image).flip().asReadOnlyBuffer()));
            if (SEGMENTS) {
                buffers.add(ByteBuffer.wrap(image.clone()).asReadOnlyBuffer());
            }
            for (ByteBuffer b : buffers) {
                MatmulFlyweight mm = new MatmulFlyweight().wrap(b, 0);
                assertEquals(0x1234, mm.srcMemPattern().num(0), b.getClass().getSimpleName());
                assertEquals(MatmulFlyweight.OPCODE, mm.headerOpcodeRaw());
                assertThrows(ReadOnlyBufferException.class, () -> mm.srcMemPattern().num(0, 7));
                assertThrows(ReadOnlyBufferException.class, () -> mm.numActiveRows(3));
                assertThrows(ReadOnlyBufferException.class, mm::reset);
                byte[] after = new byte[SIZE];
                b.get(0, after);
                assertArrayEquals(image, after, "nothing stored");
            }
        }
    }

    /**
     * Decoder.decode, Validator.validate and a record's decode over a buffer (a READ_ONLY mapping,
     * a read-only direct buffer) give what they give over the same bytes in an array, on random
     * records (most decode to a RawRecord or a violation, some to a typed record).
     */
    @Property(tries = 200)
    void decodeAndValidateReadAnyBuffer(@ForAll @Size(value = 64) byte[] record) throws IOException {
        record[0] = (byte) RegisterAluFlyweight.OPCODE; // one arm in four or so with a layout: make it one of them often
        byte[] array = new byte[AT + SIZE];
        System.arraycopy(record, 0, array, AT, SIZE);
        Path file = Files.createTempFile("bbdecode", ".bin");
        Files.write(file, array);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, array.length);
            ByteBuffer direct = ByteBuffer.allocateDirect(array.length).put(array).flip().asReadOnlyBuffer();
            for (ByteBuffer b : List.of(mapped, direct)) {
                assertEquals(tpb.isa.Decoder.decode(array, AT).toString(), tpb.isa.Decoder.decode(b, AT).toString());
                assertEquals(tpb.isa.Validator.validate(array, AT), tpb.isa.Validator.validate(b, AT));
                List<tpb.codec.Violation> onArch = new ArrayList<>();
                List<tpb.codec.Violation> onArchBuffer = new ArrayList<>();
                tpb.isa.Validator.validate(array, AT, 7, tpb.isa.Arch.values()[0], tpb.codec.ViolationSink.into(onArch));
                tpb.isa.Validator.validate(b, AT, 7, tpb.isa.Arch.values()[0], tpb.codec.ViolationSink.into(onArchBuffer));
                assertEquals(onArch, onArchBuffer);
                String want;
                try {
                    want = tpb.isa.RegisterAluRecord.decode(array, AT).toString();
                } catch (tpb.codec.MalformedRecordException e) {
                    want = e.getMessage();
                }
                String got;
                try {
                    got = tpb.isa.RegisterAluRecord.decode(b, AT).toString();
                } catch (tpb.codec.MalformedRecordException e) {
                    got = e.getMessage();
                }
                assertEquals(want, got);
            }
        } finally {
            Files.delete(file);
        }
    }

    /** Java 17-21 read a buffer without an array through Unsafe, which reaches a heap array only through a fenced base. */
    @Test
    void aReadOnlyHeapBufferNeedsJava22() {
        ByteBuffer readOnlyHeap = ByteBuffer.allocate(SIZE).asReadOnlyBuffer();
        if (SEGMENTS) {
            assertEquals(0, new RegisterAluFlyweight().wrap(readOnlyHeap, 0).opRaw());
        } else {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RegisterAluFlyweight().wrap(readOnlyHeap, 0));
            assertEquals("a read-only heap ByteBuffer is viewed on Java 22 or later; on Java " + Runtime.version().feature()
                    + " wrap a writable buffer or its array", e.getMessage());
        }
    }

    @Test
    void shortBuffersAreRefused() {
        RegisterAluFlyweight fw = new RegisterAluFlyweight();
        ByteBuffer limited = ByteBuffer.allocateDirect(2 * SIZE).limit(SIZE + 10);
        assertThrows(ShortBufferException.class, () -> fw.wrap(limited, 11)); // 11 + 64 > 74
        fw.wrap(limited, 10); // 10 + 64 = 74: the last record that fits
        assertThrows(ShortBufferException.class, () -> fw.wrap(limited, -1));
    }

    /** The buffer's view is made at the first wrap; a record below a limit raised since is read and written in place. */
    @Test
    void aLimitRaisedAfterTheFirstWrapIsHonoured() {
        ByteBuffer b = ByteBuffer.allocateDirect(2 * SIZE).limit(SIZE);
        RegisterAluFlyweight fw = new RegisterAluFlyweight().wrap(b, 0);
        assertThrows(ShortBufferException.class, () -> fw.wrap(b, SIZE));
        b.limit(2 * SIZE);
        b.put(SIZE + RegisterAluFlyweight.DST_LO_OFFSET, (byte) 0x2A);
        assertEquals(0x2A, fw.wrap(b, SIZE).dstLo());
        fw.dstLo(0x15);
        assertEquals(0x15, b.get(SIZE + RegisterAluFlyweight.DST_LO_OFFSET));
    }
}
