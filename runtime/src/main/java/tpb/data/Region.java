package tpb.data;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A run of bytes addressed by {@code long}: the storage of one DRAM var. A Java array stops at
 * 2^31 elements and y of {@code matmul_large.neff} is 2^32 bytes, so a region is a row of
 * {@link ByteBuffer} chunks of {@value #CHUNK_BITS}-bit size (Lucene's {@code MMapDirectory} and
 * Agrona's {@code MappedResizeableBuffer} do the same): a mapped file (an input .npy mapped where
 * it lies, an output's staged file), direct memory (a var the run allocates) or, for small vars
 * and tests, a heap array. The heap holds only the chunk table, whatever the size. Absolute
 * accesses only (no buffer position is ever moved), so cores on threads may read one region at once.
 */
public final class Region {
    /** 1 GiB chunks: below 2^31 (a ByteBuffer's limit), few enough that the table stays tiny. */
    static final int CHUNK_BITS = 30;
    private static final long CHUNK = 1L << CHUNK_BITS;
    /** Vars up to this size get direct memory; larger ones a deleted temporary file, so -XX:MaxDirectMemorySize never binds. */
    static final long DIRECT_LIMIT = 64L << 20;

    private final ByteBuffer[] chunks;
    private final long base;
    private final long size;

    private Region(ByteBuffer[] chunks, long base, long size) {
        this.chunks = chunks;
        this.base = base;
        this.size = size;
    }

    /** A region over {@code bytes} (not copied). */
    public static Region of(byte[] bytes) {
        int n = (int) ((bytes.length + CHUNK - 1) >>> CHUNK_BITS);
        ByteBuffer[] c = new ByteBuffer[Math.max(n, 1)];
        c[0] = ByteBuffer.wrap(bytes, 0, 0);
        for (int i = 0; i < n; i++) {
            int at = (int) ((long) i << CHUNK_BITS);
            c[i] = ByteBuffer.wrap(bytes, at, (int) Math.min(CHUNK, bytes.length - at)).slice().order(ByteOrder.LITTLE_ENDIAN);
        }
        return new Region(c, 0, bytes.length);
    }

    /**
     * {@code size} bytes of {@code channel} from {@code position}, mapped in {@code mode} ({@code READ_ONLY} for an
     * input: a write to it is a fault, never a write to the user's file). The channel may be closed after.
     */
    public static Region map(FileChannel channel, long position, long size, FileChannel.MapMode mode) throws IOException {
        int n = (int) ((size + CHUNK - 1) >>> CHUNK_BITS);
        ByteBuffer[] c = new ByteBuffer[Math.max(n, 1)];
        if (size == 0) { // nothing to map: an empty buffer, read-only as the mapping would be
            c[0] = mode == FileChannel.MapMode.READ_ONLY ? ByteBuffer.allocate(0).asReadOnlyBuffer() : ByteBuffer.allocate(0);
        }
        for (int i = 0; i < n; i++) {
            long at = (long) i << CHUNK_BITS;
            MappedByteBuffer m = channel.map(mode, position + at, Math.min(CHUNK, size - at));
            c[i] = m.order(ByteOrder.LITTLE_ENDIAN);
        }
        return new Region(c, 0, size);
    }

    /**
     * {@code size} zero bytes off the heap: direct memory up to {@link #DIRECT_LIMIT}, else a
     * temporary file in {@code java.io.tmpdir}, mapped and deleted at once (sparse: only the pages
     * written take disk).
     */
    public static Region zeroed(long size) {
        if (size <= DIRECT_LIMIT) {
            return new Region(new ByteBuffer[] {ByteBuffer.allocateDirect((int) size).order(ByteOrder.LITTLE_ENDIAN)}, 0, size);
        }
        try {
            java.nio.file.Path f = java.nio.file.Files.createTempFile("tpb-var", ".bin");
            try (FileChannel ch = FileChannel.open(f, java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
                ch.truncate(0);
                ch.write(ByteBuffer.allocate(1), size - 1);
                return map(ch, 0, size, FileChannel.MapMode.READ_WRITE);
            } finally {
                java.nio.file.Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new DataFault("cannot make room for a var of " + size + " bytes in " + System.getProperty("java.io.tmpdir")
                    + ": " + e.getMessage());
        }
    }

    public long size() {
        return size;
    }

    /** Whether writes are refused (an input mapped read-only). */
    public boolean readOnly() {
        return chunks[0].isReadOnly();
    }

    /** Bytes {@code [offset, offset + length)} of this region as a region of their own (a view: writes show through). */
    public Region slice(long offset, long length) {
        check(offset, length);
        return new Region(chunks, base + offset, length);
    }

    public void get(long at, byte[] dst, int off, int len) {
        each(at, off, len, (c, in, o, n) -> c.get(in, dst, o, n));
    }

    public void put(long at, byte[] src, int off, int len) {
        each(at, off, len, (c, in, o, n) -> {
            if (c.isReadOnly()) {
                throw new DataFault("the var is mapped read-only from its .npy (an input): a program that writes its input "
                        + "has no data-level semantics here");
            }
            c.put(in, src, o, n);
        });
    }

    /** One chunk's share of an access: {@code n} bytes at {@code in} in chunk {@code c}, at {@code off} in the caller's array. */
    private interface ChunkPart {
        void apply(ByteBuffer c, int in, int off, int n);
    }

    /** Splits bytes {@code [at, at + len)} of this region at chunk boundaries. */
    private void each(long at, int off, int len, ChunkPart part) {
        check(at, len);
        long a = base + at;
        while (len > 0) {
            ByteBuffer c = chunks[(int) (a >>> CHUNK_BITS)];
            int in = (int) (a & (CHUNK - 1));
            int n = Math.min(len, c.capacity() - in);
            part.apply(c, in, off, n);
            a += n;
            off += n;
            len -= n;
        }
    }

    /** A copy of the whole region (for small regions: tests and the in-memory API). */
    public byte[] toBytes() {
        if (size > Integer.MAX_VALUE - 8) {
            throw new DataFault("a region of " + size + " bytes does not fit one array");
        }
        byte[] b = new byte[(int) size];
        get(0, b, 0, b.length);
        return b;
    }

    /** Writes every mapped chunk's dirty pages to its file (a no-op for memory). */
    public void force() {
        for (ByteBuffer c : chunks) {
            if (c instanceof MappedByteBuffer m) {
                m.force();
            }
        }
    }

    private void check(long at, long len) {
        if (at < 0 || len < 0 || at > size - len) {
            throw new DataFault("bytes 0x" + Long.toHexString(at) + "+" + len + " run outside a region of " + size + " bytes");
        }
    }
}
