package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** .npy bytes as numpy 2.4 writes them (np.save, printed once and pasted here), read and written back. */
class NpyTest {
    // np.save(f, np.array([[1, 2, 3], [4, 5, -0.5]], dtype='<f2')): 140 bytes, header length 0x76
    private static final String F2_HEADER = "{'descr': '<f2', 'fortran_order': False, 'shape': (2, 3), }"
            + " ".repeat(58) + "\n";
    private static final String F2_DATA = "003c004000420044004500b8";

    /** A .npy file of format {@code major} with {@code header} (padding included) and data given in hex. */
    static byte[] npy(int major, String header, String dataHex) {
        byte[] h = header.getBytes(StandardCharsets.ISO_8859_1);
        byte[] d = HexFormat.of().parseHex(dataHex);
        int pre = major == 1 ? 10 : 12;
        byte[] out = new byte[pre + h.length + d.length];
        System.arraycopy(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) major, 0}, 0, out, 0, 8);
        out[8] = (byte) h.length;
        out[9] = (byte) (h.length >>> 8);
        System.arraycopy(h, 0, out, pre, h.length);
        System.arraycopy(d, 0, out, pre + h.length, d.length);
        return out;
    }

    @Test
    void readsAndWritesNumpysOwnBytes() {
        byte[] file = npy(1, F2_HEADER, F2_DATA);
        assertEquals(140, file.length);
        Npy.Array a = Npy.parse(file);
        assertEquals(NpyType.FLOAT16, a.type());
        assertArrayEquals(new int[] {2, 3}, a.shape());
        assertEquals(-0.5f, Fp16.toFloat((short) ((a.data()[10] & 0xFF) | a.data()[11] << 8)));
        assertArrayEquals(file, Npy.format(a));
    }

    @Test
    void oneDimensionAndVersionTwo() {
        // np.save(f, np.arange(5, dtype='<i4')): header padded to 128 bytes in all
        String h = "{'descr': '<i4', 'fortran_order': False, 'shape': (5,), }" + " ".repeat(60) + "\n";
        byte[] file = npy(1, h, "0000000001000000020000000300000004000000");
        assertEquals(148, file.length);
        assertArrayEquals(file, Npy.format(Npy.parse(file)));
        // numpy.lib.format.write_array(f, np.arange(3, dtype='<f4'), version=(2, 0)): u32 header length
        String h2 = "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }" + " ".repeat(58) + "\n";
        Npy.Array b = Npy.parse(npy(2, h2, "000000000000803f00000040"));
        assertArrayEquals(new int[] {3}, b.shape());
        assertEquals(NpyType.FLOAT32, b.type());
    }

    @Test
    void refusesWhatItDoesNotSupportInOneLine() {
        assertEquals("dtype '>f4' is not supported (supported: <f2 <f4 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8 <V2)",
                assertThrows(NpyException.class, () -> Npy.parse(npy(1,
                        "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }\n", "00000000"))).getMessage());
        assertEquals("fortran_order True is not supported (write the array C-contiguous)",
                assertThrows(NpyException.class, () -> Npy.parse(npy(1,
                        "{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }\n", "00000000"))).getMessage());
        assertEquals("shape (2,) of <f4 needs 8 data bytes, the file has 4",
                assertThrows(NpyException.class, () -> Npy.parse(npy(1,
                        "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }\n", "00000000"))).getMessage());
        byte[] v3 = npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }\n", "00000000");
        v3[6] = 3;
        assertEquals("npy format version 3.0 is not supported (1.0 and 2.0 are)",
                assertThrows(NpyException.class, () -> Npy.parse(v3)).getMessage());
        assertEquals("not a .npy file (no \\x93NUMPY magic)",
                assertThrows(NpyException.class, () -> Npy.parse("hello world".getBytes(StandardCharsets.US_ASCII))).getMessage());
    }
}
