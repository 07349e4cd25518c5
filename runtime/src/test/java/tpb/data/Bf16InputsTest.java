package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.neff.Neff;

/**
 * bfloat16 as users hold it, on the real attention-fused-bf16-s512 NEFF, whose
 * tensor_map.json declares q_ref, k_ref and v_ref bfloat16 (128, 512). Before, only a uint16 file
 * could be given, and it was refused: {@code input k_ref is uint16 (128, 512); the NEFF declares
 * bfloat16 (128, 512)}.
 */
class Bf16InputsTest {
    static NeffImage image() throws IOException {
        try (InputStream in = Bf16InputsTest.class.getResourceAsStream("/neff/real/attention-fused-bf16-s512.neff")) {
            return NeffImage.read(Neff.of(in.readAllBytes()));
        }
    }

    static Npy.Array array(NpyType t, byte[] data) {
        return new Npy.Array(t, new int[] {128, 512}, data);
    }

    /** ml_dtypes' np.save writes a bfloat16 array as '<V2' (numpy 2.4); numpy may also write a two-byte void as '|V2'. */
    @Test
    void mlDtypesBfloat16IsTheV2Descriptor() {
        assertEquals(NpyType.BFLOAT16, NpyType.ofDescr("<V2"));
        assertEquals(NpyType.BFLOAT16, NpyType.ofDescr("|V2"));
        assertEquals(NpyType.BFLOAT16, NpyType.ofNumpyName("bfloat16"));
        byte[] npy = Npy.format(new Npy.Array(NpyType.BFLOAT16, new int[] {2}, new byte[] {(byte) 0x80, 0x3f, 0x20, 0x40}));
        Npy.Array back = Npy.parse(npy);
        assertEquals(NpyType.BFLOAT16, back.type());
        // 0x3f80 is bfloat16 1.0, 0x4020 is 2.5: the bytes as they were
        assertEquals(1.0f, Bf16.toFloat((short) 0x3f80));
        assertEquals(2.5f, Bf16.toFloat((short) 0x4020));
        assertEquals(List.of((byte) 0x80, (byte) 0x3f, (byte) 0x20, (byte) 0x40),
                List.of(back.data()[0], back.data()[1], back.data()[2], back.data()[3]));
    }

    /**
     * q as bfloat16, k as its uint16 bit patterns, v as float32: all taken, v rounded once and said
     * so. 1 + 2^-8 lies halfway between bfloat16 1.0 and 1 + 2^-7: ties to even gives 1.0 (0x3f80);
     * 1 + 3 x 2^-9 rounds up to 1 + 2^-7 (0x3f81).
     */
    @Test
    void bfloat16Uint16AndFloat32InputsAreTaken() throws IOException {
        byte[] v = new byte[128 * 512 * 4];
        putFloat(v, 0, 1 + 0x1p-8f);
        putFloat(v, 1, 1 + 3 * 0x1p-9f);
        Map<String, Npy.Array> in = new LinkedHashMap<>();
        in.put("q_ref", array(NpyType.BFLOAT16, new byte[128 * 512 * 2]));
        in.put("k_ref", array(NpyType.UINT16, new byte[128 * 512 * 2]));
        in.put("v_ref", array(NpyType.FLOAT32, v));
        DataRun run = new DataRun(image(), Arch.CAYMAN, in);
        assertEquals(List.of("input v_ref: float32 rounded to bfloat16 (nearest, ties to even), as the NEFF declares"), run.notes());
        assertEquals((short) 0x3f80, Bf16.fromFloat(1 + 0x1p-8f));
        assertEquals((short) 0x3f81, Bf16.fromFloat(1 + 3 * 0x1p-9f));
    }

    @Test
    void anotherDtypeIsStillRefused() throws IOException {
        Map<String, Npy.Array> in = new LinkedHashMap<>();
        in.put("q_ref", array(NpyType.FLOAT16, new byte[128 * 512 * 2]));
        in.put("k_ref", array(NpyType.BFLOAT16, new byte[128 * 512 * 2]));
        in.put("v_ref", array(NpyType.BFLOAT16, new byte[128 * 512 * 2]));
        assertEquals("input q_ref is float16 (128, 512); the NEFF declares bfloat16 (128, 512)",
                assertThrows(DataFault.class, () -> new DataRun(image(), Arch.CAYMAN, in)).getMessage());
    }

    static void putFloat(byte[] b, int i, float f) {
        int x = Float.floatToIntBits(f);
        for (int k = 0; k < 4; k++) {
            b[4 * i + k] = (byte) (x >>> (8 * k));
        }
    }
}
