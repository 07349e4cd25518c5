package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mapped region at its chunk edges (chunks of 2^30 bytes, {@link Region#CHUNK_BITS}), on sparse
 * files so no test writes a GiB: one byte short of a chunk is one chunk; five bytes past it are a
 * second chunk of five bytes, mapped read-only from a file exactly that long (a second chunk mapped
 * any longer would run past the file's end, which a read-only channel cannot extend). (PIT
 * survivors of the element-level run, mutation-survivors.md.)
 */
class RegionChunksTest {
    private static final long CHUNK = 1L << Region.CHUNK_BITS;

    @TempDir
    Path dir;

    /** 2^30 - 1 zero bytes (past the direct limit: a mapped temporary file): its last byte written and read back. */
    @Test
    void oneByteShortOfAChunkIsOneChunk() {
        Region r = Region.zeroed(CHUNK - 1);
        assertEquals(CHUNK - 1, r.size());
        r.put(CHUNK - 2, new byte[] {5}, 0, 1);
        byte[] back = new byte[2];
        r.get(CHUNK - 3, back, 0, 2);
        assertArrayEquals(new byte[] {0, 5}, back);
    }

    /**
     * A file of 2^30 + 5 bytes with 0x11 at 2^30 - 1 (the first chunk's last byte), 0x22 at 2^30 (the
     * second's first) and 0x33 at 2^30 + 4 (the file's last), mapped read-only: a read across the
     * chunk edge gives 0x11 0x22, the last byte 0x33, and the region refuses writes.
     */
    @Test
    void fiveBytesPastAChunkAreASecondChunkOfFive() throws Exception {
        Path f = dir.resolve("big.bin");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(CHUNK + 5);
            raf.seek(CHUNK - 1);
            raf.write(new byte[] {0x11, 0x22});
            raf.seek(CHUNK + 4);
            raf.write(0x33);
        }
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            Region r = Region.map(ch, 0, CHUNK + 5, FileChannel.MapMode.READ_ONLY);
            assertEquals(CHUNK + 5, r.size());
            byte[] edge = new byte[2];
            r.get(CHUNK - 1, edge, 0, 2);
            assertArrayEquals(new byte[] {0x11, 0x22}, edge);
            byte[] last = new byte[1];
            r.get(CHUNK + 4, last, 0, 1);
            assertEquals(0x33, last[0]);
            assertTrue(r.readOnly());
        }
    }

    /**
     * An empty file mapped read-only is one empty chunk on the heap: {@code readOnly()} reads that chunk
     * (false: there is no byte a write could reach; any non-empty write is out of bounds anyway) rather
     * than failing on a missing one.
     */
    @Test
    void anEmptyMappedRegionHasItsOneChunk() throws Exception {
        Path f = dir.resolve("e.bin");
        Files.write(f, new byte[0]);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            Region r = Region.map(ch, 0, 0, FileChannel.MapMode.READ_ONLY);
            assertTrue(r.readOnly()); // mapped read-only, even with no byte to map (it said writable before)
            assertEquals(0, r.size());
        }
    }
}
