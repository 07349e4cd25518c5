package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tpb.data.NpyTest.npy;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * .npy at its edges, against numpy 2.4's own bytes (np.save, and numpy.lib.format.write_array
 * with version (2, 0), printed once and pasted here): a 0-d array, an empty one, three
 * dimensions, a first dimension of ten digits, version 2.0; the header reader of a mapped input
 * ({@link Npy#header}) with each count it checks one byte off; every refusal's line.
 */
class NpyEdgesTest {
    @TempDir
    Path dir;


    private static String header(String dict, int total) {
        return dict + " ".repeat(total - dict.length() - 1) + "\n";
    }

    /** numpy's bytes: the dict, padded with spaces to the header length numpy chose, then the data. */
    private static final Object[][] NUMPY = {
        // np.save(f, np.array(1.5, dtype='<f4')): 132 bytes, a 0-d array
        {header("{'descr': '<f4', 'fortran_order': False, 'shape': (), }", 118), "0000c03f", NpyType.FLOAT32, new int[0], 132},
        // np.zeros((0,), '<u2'): no data at all
        {header("{'descr': '<u2', 'fortran_order': False, 'shape': (0,), }", 118), "", NpyType.UINT16, new int[] {0}, 128},
        // np.arange(-3, 3, dtype='|i1').reshape(2, 3)
        {header("{'descr': '|i1', 'fortran_order': False, 'shape': (2, 3), }", 118), "fdfeff000102", NpyType.INT8, new int[] {2, 3}, 134},
        // np.arange(6, dtype='|u1').reshape(3, 1, 2)
        {header("{'descr': '|u1', 'fortran_order': False, 'shape': (3, 1, 2), }", 118), "000102030405", NpyType.UINT8, new int[] {3, 1, 2}, 134},
        // np.zeros((1000000000, 0), '|u1'): the first dimension's ten digits eat into the 21 spaces numpy reserves
        {header("{'descr': '|u1', 'fortran_order': False, 'shape': (1000000000, 0), }", 118), "", NpyType.UINT8, new int[] {1000000000, 0}, 128},
        // np.array([65504.0], dtype='<f2'): fp16's largest finite value
        {header("{'descr': '<f2', 'fortran_order': False, 'shape': (1,), }", 118), "ff7b", NpyType.FLOAT16, new int[] {1}, 130},
    };

    @Test
    void numpysBytesReadAndWrittenBackByteForByte() throws IOException {
        for (Object[] c : NUMPY) {
            byte[] file = npy(1, (String) c[0], (String) c[1]);
            assertEquals(c[4], file.length);
            Npy.Array a = Npy.parse(file);
            assertEquals(c[2], a.type());
            assertArrayEquals((int[]) c[3], a.shape());
            assertArrayEquals(HexFormat.of().parseHex((String) c[1]), a.data());
            assertArrayEquals(file, Npy.format(a), (String) c[0]);
            assertArrayEquals(java.util.Arrays.copyOf(file, file.length - a.data().length), Npy.headerBytes(a.type(), a.shape()));
            // and through a file and the mapped reader's header
            Path p = dir.resolve("a.npy");
            Npy.write(p, a);
            assertArrayEquals(file, Files.readAllBytes(p));
            assertEquals(a, Npy.read(p));
            try (FileChannel ch = FileChannel.open(p)) {
                Npy.Header h = Npy.header(ch);
                assertEquals(a.type(), h.type());
                assertArrayEquals(a.shape(), h.shape());
                assertEquals(file.length - a.data().length, h.dataOffset());
                assertEquals(a.data().length, h.dataBytes());
            }
        }
        // version 2.0 (numpy.lib.format.write_array(f, np.array([1, -2], dtype='<i2'), version=(2, 0))): a u32 header length of 0x74
        byte[] v2 = HexFormat.of().parseHex("934e554d5059020074000000");
        String h2 = header("{'descr': '<i2', 'fortran_order': False, 'shape': (2,), }", 0x74);
        byte[] file = new byte[12 + 0x74 + 4];
        System.arraycopy(v2, 0, file, 0, 12);
        System.arraycopy(h2.getBytes(StandardCharsets.ISO_8859_1), 0, file, 12, 0x74);
        System.arraycopy(HexFormat.of().parseHex("0100feff"), 0, file, 12 + 0x74, 4);
        Npy.Array a = Npy.parse(file);
        assertEquals(NpyType.INT16, a.type());
        assertArrayEquals(new int[] {2}, a.shape());
        Path p = dir.resolve("v2.npy");
        Files.write(p, file);
        try (FileChannel ch = FileChannel.open(p)) {
            assertEquals(12 + 0x74, Npy.header(ch).dataOffset());
        }
    }

    /**
     * A header past 255 bytes, so its length's high byte counts: np.save(f, np.zeros((1000000000,) + (0,) * 63, '|u1')),
     * numpy's 64 dimensions at most: 320 bytes, header length 0x136.
     */
    @Test
    void aHeaderLongerThan255Bytes() {
        StringBuilder shape = new StringBuilder("(1000000000");
        int[] dims = new int[64];
        dims[0] = 1000000000;
        for (int i = 1; i < 64; i++) {
            shape.append(", 0");
        }
        shape.append(')');
        byte[] file = npy(1, header("{'descr': '|u1', 'fortran_order': False, 'shape': " + shape + ", }", 0x136), "");
        assertEquals(320, file.length);
        assertEquals(0x36, file[8]);
        assertEquals(0x01, file[9]);
        Npy.Array a = Npy.parse(file);
        assertArrayEquals(dims, a.shape());
        assertArrayEquals(file, Npy.format(a));
        // its first ten bytes alone: the header runs past them; with the length made 0, there is no dict to read
        assertEquals("header length 310 runs past the end of the file", parseError(java.util.Arrays.copyOf(file, 10)));
        byte[] ten = java.util.Arrays.copyOf(file, 10);
        ten[8] = 0;
        ten[9] = 0;
        assertEquals("header is empty: no dict", parseError(ten));
    }

    @Test
    void theMappedReadersHeaderChecks() throws IOException {
        byte[] good = npy(1, header("{'descr': '<f2', 'fortran_order': False, 'shape': (1,), }", 118), "ff7b");
        // a byte short and a byte over
        assertEquals("the header promises (1,) float16 = 2 data bytes, the file holds 1", headerError(java.util.Arrays.copyOf(good, good.length - 1)));
        assertEquals("the header promises (1,) float16 = 2 data bytes, the file holds 3", headerError(java.util.Arrays.copyOf(good, good.length + 1)));
        // the header length one past the file's end; at the end exactly (no data: the count check speaks)
        byte[] past = good.clone();
        past[8] = (byte) (good.length - 10 + 1);
        assertEquals("header length 121 runs past the end of the file", headerError(past));
        byte[] noData = java.util.Arrays.copyOf(good, 10 + 118);
        assertEquals("the header promises (1,) float16 = 2 data bytes, the file holds 0", headerError(noData));
        // version 2's u32 length past the reader's bound of 1 MiB, and just at it (then past the file)
        byte[] big = HexFormat.of().parseHex("934e554d505902000100100000");
        assertEquals("header length 1048577 is larger than any .npy header (1048576 bytes)", headerError(big));
        big[8] = 0;
        assertEquals("header length 1048576 runs past the end of the file", headerError(big));
        // fewer than ten bytes, or a version 2 file cut inside its prelude
        assertEquals("not a .npy file (no \\x93NUMPY magic)", headerError(java.util.Arrays.copyOf(good, 9)));
        assertEquals("npy format version 2.0 is not supported (1.0 and 2.0 are)", headerError(java.util.Arrays.copyOf(big, 11)));
        byte[] magic = good.clone();
        magic[5] = 'x';
        assertEquals("not a .npy file (no \\x93NUMPY magic)", headerError(magic));
        byte[] v0 = good.clone();
        v0[6] = 0;
        v0[7] = 9;
        assertEquals("npy format version 0.9 is not supported (1.0 and 2.0 are)", headerError(v0));
        byte[] fortran = npy(1, header("{'descr': '<f2', 'fortran_order': True, 'shape': (1,), }", 118), "ff7b");
        assertEquals("fortran_order True is not supported (write the array C-contiguous)", headerError(fortran));
    }

    /**
     * Each byte of the header length counts, in both readers: version 1.0's u16 and version 2.0's u32 at +8, little-endian
     * and unsigned (numpy's format.py packs them as '<H' and '<I'). The expected lengths are the bytes summed here by hand:
     * 01 02 = 0x0201 = 513; 01 02 03 04 = 0x04030201 = 67,305,985; FF FF FF FF = 2^32 - 1 = 4,294,967,295 (read as -1
     * it once made the mapped reader allocate a negative array, a stack trace for a hostile file).
     */
    @Test
    void everyByteOfTheHeaderLengthCountsUnsigned() throws IOException {
        String[][] cases = {
            // file (hex), parse's line, the mapped reader's line
            {"934e554d505901000102", "header length 513 runs past the end of the file", "header length 513 runs past the end of the file"},
            {"934e554d50590200010203040000", "header length 67305985 runs past the end of the file",
                "header length 67305985 is larger than any .npy header (1048576 bytes)"},
            {"934e554d50590200ffffffff", "header length 4294967295 runs past the end of the file",
                "header length 4294967295 is larger than any .npy header (1048576 bytes)"},
            // exactly ten bytes, a version 1.0 length of 0: the prelude is whole, and there is no dict to read
            {"934e554d505901000000", "header is empty: no dict", "header is empty: no dict"},
        };
        for (String[] c : cases) {
            byte[] file = HexFormat.of().parseHex(c[0]);
            assertEquals(c[1], parseError(file), c[0]);
            assertEquals(c[2], headerError(file), c[0]);
        }
    }

    /**
     * The data size of a shape, at the edge of 2^62 bytes: 1073741824 x 1073741824 x 4 = 2^30 * 2^30 * 2^2 = 2^62 elements,
     * 2^62 bytes of uint8 (allowed, then the file is short of it) and 2^64 bytes of float32, which wrapped to 0 in a long
     * and let a file of no data pass as that array.
     */
    @Test
    void aShapeOfMoreBytesThanAnyFileIsRefusedNotWrapped() throws IOException {
        String shape = "(1073741824, 1073741824, 4)";
        byte[] u1 = npy(1, header("{'descr': '|u1', 'fortran_order': False, 'shape': " + shape + ", }", 118), "");
        assertEquals("shape " + shape + " of |u1 needs 4611686018427387904 data bytes, the file has 0", parseError(u1));
        assertEquals("the header promises " + shape + " uint8 = 4611686018427387904 data bytes, the file holds 0", headerError(u1));
        byte[] f4 = npy(1, header("{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }", 118), "");
        assertEquals("shape " + shape + " of <f4 has more bytes than any file can hold", parseError(f4));
        assertEquals("shape " + shape + " of <f4 has more bytes than any file can hold", headerError(f4));
        // a NEFF's tensor_map.json shape against its var's size: 2^64 bytes is not 0, 2^62 bytes of uint8 is 2^62
        int[] dims = {1073741824, 1073741824, 4};
        assertFalse(Npy.takes(dims, NpyType.FLOAT32, 0));
        assertTrue(Npy.takes(dims, NpyType.UINT8, 1L << 62));
        assertFalse(Npy.takes(dims, NpyType.UINT8, (1L << 62) - 1));
        assertFalse(Npy.takes(new int[] {3}, NpyType.FLOAT32, 13)); // 12 bytes and one more: not whole elements
        assertTrue(Npy.takes(new int[] {3}, NpyType.FLOAT32, 12));
    }

    /**
     * A version 2.0 header of 64 KiB and one more line (65,536 + 64 bytes: 00 00 01 00 read as 0x00010040 would be
     * wrong; the length here is 0x00010040 = 65,600, bytes 40 00 01 00), so the u32's third byte is what makes the
     * file readable: both readers find the dict, the shape and the data after it.
     */
    @Test
    void aVersion2HeaderPast64KiB() throws IOException {
        int length = 0x10040;
        String text = header("{'descr': '<f2', 'fortran_order': False, 'shape': (1,), }", length);
        byte[] file = npy(2, text, "ff7b");
        file[8] = 0x40;
        file[9] = 0x00;
        file[10] = 0x01;
        assertEquals(12 + 65_600 + 2, file.length);
        Npy.Array a = Npy.parse(file);
        assertArrayEquals(new int[] {1}, a.shape());
        assertArrayEquals(new byte[] {(byte) 0xff, 0x7b}, a.data());
        Path p = dir.resolve("v2.npy");
        Files.write(p, file);
        try (FileChannel ch = FileChannel.open(p)) {
            Npy.Header h = Npy.header(ch);
            assertEquals(12 + 65_600, h.dataOffset());
            assertArrayEquals(new int[] {1}, h.shape());
            assertEquals(NpyType.FLOAT16, h.type());
        }
    }

    private String headerError(byte[] file) throws IOException {
        Path p = dir.resolve("h.npy");
        Files.write(p, file);
        try (FileChannel ch = FileChannel.open(p)) {
            return assertThrows(NpyException.class, () -> Npy.header(ch)).getMessage();
        }
    }

    @Test
    void parseRefusals() {
        String ok = "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }\n";
        assertEquals("header length 58 runs past the end of the file", parseError(java.util.Arrays.copyOf(npy(1, ok, ""), 67)));
        assertEquals("shape (1,) of <f4 needs 4 data bytes, the file has 0", parseError(npy(1, ok, "")));
        // version 2 with fewer than 12 bytes
        byte[] short2 = HexFormat.of().parseHex("934e554d50590200010000");
        assertEquals("npy format version 2.0 is not supported (1.0 and 2.0 are)", parseError(short2));
        // a u32 length with its top bit set is 2^31, unsigned as numpy reads it
        byte[] top = HexFormat.of().parseHex("934e554d5059020000000080");
        assertEquals("header length 2147483648 runs past the end of the file", parseError(top));
        assertEquals("header has no 'descr'",
                parseError(npy(1, "{'fortran_order': False, 'shape': (1,), }\n", "00000000")));
        assertEquals("header has no 'fortran_order'",
                parseError(npy(1, "{'descr': '<f4', 'shape': (1,), }\n", "00000000")));
        assertEquals("header has no 'shape'",
                parseError(npy(1, "{'descr': '<f4', 'fortran_order': False, }\n", "00000000")));
        // what numpy refuses is refused, each message naming what is wrong
        // (before: the first descr won, an extra key and text after the dict were read, and these
        // three said "header has no 'descr'", "no 'fortran_order'" and "no 'shape'")
        assertEquals("header gives 'descr' twice",
                parseError(npy(1, "{'descr': '<f4', 'descr': '<f2', 'fortran_order': False, 'shape': (1,), }\n", "00000000")));
        assertEquals("header has key 'extra'; a .npy header has exactly 'descr', 'fortran_order' and 'shape'",
                parseError(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'extra': 1}\n", "00000000")));
        assertEquals("header has text after its dict: 'junk'",
                parseError(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), } junk\n", "00000000")));
        assertEquals("descr [('a', '<f4'), ('b', '<i4')] is a structured dtype (a list of fields); only plain dtypes are supported",
                parseError(npy(1, "{'descr': [('a', '<f4'), ('b', '<i4')], 'fortran_order': False, 'shape': (1,), }\n", "0000000000000000")));
        assertEquals("fortran_order 0 is not a bool (True or False)",
                parseError(npy(1, "{'descr': '<f4', 'fortran_order': 0, 'shape': (1,), }\n", "00000000")));
        assertEquals("shape [128, 256] is not a tuple of integers",
                parseError(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': [128, 256], }\n", "00000000")));
        String deep = "(1, ".repeat(10_000).replace(", ", ",") + ")".repeat(10_000);
        String longShape = parseError(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': " + deep + ", }\n", "00000000"));
        assertEquals("header nests tuples or lists deeper than 32 levels", longShape);
        String wide = "(" + "1, ".repeat(10_000) + "x)";
        String wideShape = parseError(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': " + wide + ", }\n", "00000000"));
        assertEquals(true, wideShape.length() < 200 && wideShape.startsWith("shape (1, 1, 1,"), wideShape);
        assertEquals("shape (1, x) is not a tuple of integers",
                parseError(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1, x), }\n", "00000000")));
        assertEquals("shape (-1,) has a negative dimension",
                parseError(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }\n", "")));
        assertEquals("shape (2147483647, 2147483647, 2147483647) has more elements than any file can hold",
                parseError(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2147483647, 2147483647, 2147483647), }\n", "")));
        assertEquals("shape (0,) of <f4 needs 0 data bytes, the file has 4",
                parseError(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (0,), }\n", "00000000")));
        // spaces in the dict, "=" byte order and a byte dtype written with any order character read as numpy does
        Npy.Array eq = Npy.parse(npy(1, "{'descr' : '=f4' ,'fortran_order':False,'shape':( 1 , ),}\n", "0000803f"));
        assertEquals(NpyType.FLOAT32, eq.type());
        assertArrayEquals(new int[] {1}, eq.shape());
        assertEquals(NpyType.UINT8, NpyType.ofDescr("<u1"));
        assertEquals(NpyType.INT8, NpyType.ofDescr("=i1"));
        assertEquals(NpyType.INT8, NpyType.ofDescr("|i1"));
        assertEquals("dtype '' is not supported (supported: <f2 <f4 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8 <V2)",
                assertThrows(NpyException.class, () -> NpyType.ofDescr("")).getMessage());
        assertEquals("dtype '=f8' is not supported (supported: <f2 <f4 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8 <V2)",
                assertThrows(NpyException.class, () -> NpyType.ofDescr("=f8")).getMessage());
        // bfloat16 has one: ml_dtypes' np.save form, '<V2' (Bf16InputsTest)
        assertEquals("dtype 'float64' has no .npy form here (supported: <f2 <f4 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8 <V2)",
                assertThrows(NpyException.class, () -> NpyType.ofNumpyName("float64")).getMessage());
        for (NpyType t : NpyType.values()) {
            assertEquals(t, NpyType.ofNumpyName(t.numpyName()));
            assertEquals(t, NpyType.ofDescr(t.descr()));
        }
    }

    private static String parseError(byte[] file) {
        return assertThrows(NpyException.class, () -> Npy.parse(file)).getMessage();
    }

    @Test
    void arraysShapesAndCounts() {
        Npy.Array a = new Npy.Array(NpyType.INT16, new int[] {2, 3}, new byte[12]);
        assertEquals(6, a.count());
        assertEquals("<i2(2, 3)", a.toString());
        int[] s = a.shape();
        s[0] = 9;
        assertArrayEquals(new int[] {2, 3}, a.shape(), "the shape is a copy");
        assertEquals(a, new Npy.Array(NpyType.INT16, new int[] {2, 3}, new byte[12]));
        assertEquals(a.hashCode(), new Npy.Array(NpyType.INT16, new int[] {2, 3}, new byte[12]).hashCode());
        assertNotEquals(a, new Npy.Array(NpyType.UINT16, new int[] {2, 3}, new byte[12]));
        assertNotEquals(a, new Npy.Array(NpyType.INT16, new int[] {3, 2}, new byte[12]));
        byte[] one = new byte[12];
        one[11] = 1;
        assertNotEquals(a, new Npy.Array(NpyType.INT16, new int[] {2, 3}, one));
        assertNotEquals(a, "<i2(2, 3)");
        assertEquals("shape (2, 3) of <i2 needs 12 bytes, got 11",
                assertThrows(NpyException.class, () -> new Npy.Array(NpyType.INT16, new int[] {2, 3}, new byte[11])).getMessage());
        assertEquals("()", Npy.shapeText(new int[0]));
        assertEquals("(7,)", Npy.shapeText(new int[] {7}));
        assertEquals("(1, 2, 3)", Npy.shapeText(new int[] {1, 2, 3}));
        assertEquals(1, Npy.elements(new int[0]));
        assertEquals(0, Npy.elements(new int[] {0, 2147483647, 2147483647, 2147483647}));
        // 2^62 elements is the most a shape may have; one more dimension's factor past it is refused
        assertEquals(1L << 62, Npy.elements(new int[] {1 << 30, 1 << 30, 4}));
        assertEquals("shape (1073741824, 1073741824, 5) has more elements than any file can hold",
                assertThrows(NpyException.class, () -> Npy.elements(new int[] {1 << 30, 1 << 30, 5})).getMessage());
        assertEquals(NpyType.FLOAT16.bytes() * 3L, new Npy.Header(NpyType.FLOAT16, new int[] {3}, 128).dataBytes());
    }

    @Test
    void aFileThatCannotBeReadIsOneLineNamingIt() {
        Path missing = dir.resolve("nope.npy");
        String m = assertThrows(NpyException.class, () -> Npy.read(missing)).getMessage();
        assertEquals(missing + ": cannot read (" + missing + ")", m);
        Path bad = dir.resolve("bad.npy");
        assertEquals(bad + ": not a .npy file (no \\x93NUMPY magic)", assertThrows(NpyException.class, () -> {
            Files.write(bad, new byte[] {1, 2, 3});
            Npy.read(bad);
        }).getMessage());
    }
}
