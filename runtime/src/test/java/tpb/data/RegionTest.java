package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Region}: long addresses across its 1 GiB chunks, slices, bounds, a read-only mapping. */
class RegionTest {
    @TempDir
    Path dir;

    @Test
    void accessesAcrossChunkBoundariesPastTwoToThe31() {
        Region r = Region.zeroed(3L << 30);   // a deleted sparse temporary file: only touched pages take room
        assertEquals(3L << 30, r.size());
        byte[] seven = {1, 2, 3, 4, 5, 6, 7};
        long[] ats = {(1L << 30) - 3, (2L << 30) - 1, (3L << 30) - 7};
        for (long at : ats) {
            r.put(at, seven, 0, 7);
        }
        for (long at : ats) {
            byte[] back = new byte[7];
            r.get(at, back, 0, 7);
            assertArrayEquals(seven, back, "at 0x" + Long.toHexString(at));
        }
        Region s = r.slice((2L << 30) - 4, 8);
        byte[] b = new byte[8];
        s.get(0, b, 0, 8);
        assertArrayEquals(new byte[] {0, 0, 0, 1, 2, 3, 4, 5}, b);
        DataFault f = assertThrows(DataFault.class, () -> s.get(1, new byte[8], 0, 8));
        assertEquals("bytes 0x1+8 run outside a region of 8 bytes", f.getMessage());
        assertThrows(DataFault.class, () -> r.get((3L << 30) - 6, new byte[7], 0, 7));
    }

    @Test
    void aReadOnlyMappingRefusesWrites() throws Exception {
        Path p = dir.resolve("in.bin");
        Files.write(p, new byte[] {9, 8, 7, 6});
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
            Region r = Region.map(ch, 1, 3, FileChannel.MapMode.READ_ONLY);
            assertArrayEquals(new byte[] {8, 7, 6}, r.toBytes());
            DataFault f = assertThrows(DataFault.class, () -> r.put(0, new byte[] {1}, 0, 1));
            assertEquals("the var is mapped read-only from its .npy (an input): a program that writes its input has no data-level "
                    + "semantics here", f.getMessage());
        }
        assertArrayEquals(new byte[] {9, 8, 7, 6}, Files.readAllBytes(p));
    }

    @Test
    void aHeapArrayIsOneChunk() {
        byte[] a = {1, 2, 3};
        Region r = Region.of(a);
        r.put(1, new byte[] {5}, 0, 1);
        assertArrayEquals(new byte[] {1, 5, 3}, a, "a view, not a copy");
    }
}
