package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Region} at its size edges: empty regions of each kind, the first and last byte, one byte
 * past the end, negative offsets and lengths, slices of slices, and the direct-memory limit (64 MiB
 * and one byte more, which takes the temporary-file path).
 */
class RegionEdgesTest {
    @TempDir
    Path dir;

    @Test
    void emptyRegionsOfEveryKind() throws Exception {
        Region heap = Region.of(new byte[0]);
        assertEquals(0, heap.size());
        assertArrayEquals(new byte[0], heap.toBytes());
        assertFalse(heap.readOnly());
        heap.get(0, new byte[0], 0, 0);
        heap.put(0, new byte[0], 0, 0);
        assertEquals("bytes 0x0+1 run outside a region of 0 bytes", assertThrows(DataFault.class, () -> heap.get(0, new byte[1], 0, 1)).getMessage());
        Region direct = Region.zeroed(0);
        assertEquals(0, direct.size());
        assertArrayEquals(new byte[0], direct.toBytes());
        Path f = dir.resolve("e.bin");
        Files.write(f, new byte[0]);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            Region mapped = Region.map(ch, 0, 0, FileChannel.MapMode.READ_ONLY);
            assertEquals(0, mapped.size());
            assertArrayEquals(new byte[0], mapped.toBytes());
            mapped.force();
        }
    }

    @Test
    void theFirstAndLastByteAndOnePast() {
        byte[] a = {10, 20, 30, 40, 50};
        Region r = Region.of(a);
        byte[] one = new byte[1];
        r.get(0, one, 0, 1);
        assertEquals(10, one[0]);
        r.get(4, one, 0, 1);
        assertEquals(50, one[0]);
        assertEquals("bytes 0x5+1 run outside a region of 5 bytes", assertThrows(DataFault.class, () -> r.get(5, one, 0, 1)).getMessage());
        assertEquals("bytes 0x4+2 run outside a region of 5 bytes", assertThrows(DataFault.class, () -> r.put(4, new byte[2], 0, 2)).getMessage());
        assertEquals("bytes 0xffffffffffffffff+1 run outside a region of 5 bytes",
                assertThrows(DataFault.class, () -> r.get(-1, one, 0, 1)).getMessage());
        assertEquals("bytes 0x0+-1 run outside a region of 5 bytes", assertThrows(DataFault.class, () -> r.slice(0, -1)).getMessage());
        // the whole region, through an offset into the caller's array
        byte[] into = new byte[7];
        r.get(0, into, 2, 5);
        assertArrayEquals(new byte[] {0, 0, 10, 20, 30, 40, 50}, into);
        r.put(1, new byte[] {9, 8, 7}, 1, 2);
        assertArrayEquals(new byte[] {10, 8, 7, 40, 50}, a);
    }

    @Test
    void slicesOfSlicesAddTheirOffsets() {
        byte[] a = new byte[32];
        for (int i = 0; i < a.length; i++) {
            a[i] = (byte) i;
        }
        Region r = Region.of(a);
        Region s = r.slice(8, 16).slice(4, 8);          // bytes 12 .. 19
        assertEquals(8, s.size());
        assertArrayEquals(new byte[] {12, 13, 14, 15, 16, 17, 18, 19}, s.toBytes());
        s.put(7, new byte[] {-1}, 0, 1);
        assertEquals(-1, a[19]);
        assertEquals("bytes 0x1+8 run outside a region of 8 bytes", assertThrows(DataFault.class, () -> s.slice(1, 8)).getMessage());
        Region whole = r.slice(0, 32);
        assertEquals(32, whole.size());
        Region end = r.slice(32, 0);
        assertEquals(0, end.size());
    }

    @Test
    void directMemoryUpToItsLimitThenATemporaryFile() {
        Region atLimit = Region.zeroed(Region.DIRECT_LIMIT);
        assertEquals(64L << 20, atLimit.size());
        assertFalse(atLimit.readOnly());
        byte[] last = {7};
        atLimit.put(Region.DIRECT_LIMIT - 1, last, 0, 1);
        byte[] back = new byte[2];
        atLimit.get(Region.DIRECT_LIMIT - 2, back, 0, 2);
        assertArrayEquals(new byte[] {0, 7}, back);
        Region past = Region.zeroed(Region.DIRECT_LIMIT + 1);
        assertEquals((64L << 20) + 1, past.size());
        past.put(Region.DIRECT_LIMIT, last, 0, 1);
        past.get(Region.DIRECT_LIMIT - 1, back, 0, 2);
        assertArrayEquals(new byte[] {0, 7}, back);
        past.force();
        assertTrue(Region.DIRECT_LIMIT < (1L << Region.CHUNK_BITS));
    }

    @Test
    void aRegionTooLargeForOneArrayIsRefusedAsBytes() {
        Region r = Region.zeroed(Integer.MAX_VALUE - 7L);
        assertEquals("a region of 2147483640 bytes does not fit one array", assertThrows(DataFault.class, r::toBytes).getMessage());
    }
}
