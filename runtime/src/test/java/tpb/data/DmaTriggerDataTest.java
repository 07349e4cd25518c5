package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.BirWaitMode;
import tpb.isa.DMATriggerFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.WaitModeWire;
import tpb.neff.Neff;
import tpb.neff.NeffWriter;

/**
 * DMATrigger at the data level: a hand-built NEFF whose Pool stream fires two
 * blocks of queue qPoolIO0 (Pool.json): block 0 copies input {@code a} (8 float32) into SBUF
 * 0x100 of partitions 0 and 1 (four floats each), block 1, once {@code $S[40] >= 16} (block 0's
 * completion), casts those eight floats to {@code out} as float16 or bfloat16. Every expected
 * byte is written here by hand.
 */
class DmaTriggerDataTest {
    static final long STRIDE = Arch.CAYMAN.sbufPartitionStride();
    static final float[] A = {1.5f, -2f, 3.25f, 0f, -0.5f, 65504f, 7f, 1f / 3};

    static byte[] trigger(String queue, int block, int waitSem, int threshold) {
        byte[] r = new byte[64];
        DMATriggerFlyweight t = new DMATriggerFlyweight().wrap(r, 0).reset().queueName(queue).blockId(block);
        if (threshold > 0) {
            t.eventsWaitModeRaw(WaitModeWire.map(BirWaitMode.SEM_GE_IMM).value()).eventsWaitIdx(waitSem).eventsSemaphoreValue(threshold);
        }
        return r;
    }

    static Map<String, Npy.Array> run(String outDtype, int outBytes, String op, String toVar) {
        byte[] pool = new byte[128];
        System.arraycopy(trigger("qPoolIO0", 0, 0, 0), 0, pool, 0, 64);
        System.arraycopy(trigger("qPoolIO0", 1, 40, 16), 0, pool, 64, 64);
        String def = "{\"pool_instr\": \"Pool.bin\", \"pool\": \"Pool.json\","
                + "\"dma_queue\": {\"qPoolIO0\": {\"owner\": \"pool\", \"num_queues\": 16, \"semaphore_set\": [40, 41], \"type\": \"in\"}},"
                + "\"var\": {\"SB\": {\"type\": \"state-buffer\", \"var_id\": 0},"
                + "\"a\": {\"type\": \"input\", \"size\": 32, \"var_id\": 1},"
                + "\"out\": {\"type\": \"output\", \"size\": " + outBytes + ", \"var_id\": 2}}}";
        String in = "{\"queue\": \"qPoolIO0\", \"id\": 0, \"semaphore\": 40, \"desc\": [{\"from\": \"a\", \"from_dtype\": \"float32\","
                + "\"from_off\": 0, \"from_sizes\": [16, 2], \"from_steps\": [1, 16], \"op\": \"copy\", \"to\": \"SB\", \"to_dtype\": \"float32\","
                + "\"to_off\": " + (0x100) + ", \"to_sizes\": [16, 2], \"to_steps\": [1, " + STRIDE + "]}]}";
        String back = "{\"queue\": \"qPoolIO0\", \"id\": 1, \"semaphore\": 41, \"desc\": [{\"from\": \"SB\", \"from_dtype\": \"float32\","
                + "\"from_off\": " + 0x100 + ", \"from_sizes\": [16, 2], \"from_steps\": [1, " + STRIDE + "], \"op\": \"" + op + "\","
                + "\"to\": \"" + toVar + "\", \"to_dtype\": \"" + outDtype + "\", \"to_off\": 0, \"to_sizes\": [" + outBytes / 2 + ", 2],"
                + "\"to_steps\": [1, " + outBytes / 2 + "]}]}";
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("kelf-0.json", "{\"graphs\": [{\"definition\": \"sg00/def.json\", \"name\": \"sg00\"}], \"target\": \"cayman\"}"
                .getBytes(StandardCharsets.UTF_8));
        files.put("sg00/def.json", def.getBytes(StandardCharsets.UTF_8));
        files.put("sg00/Pool.json", ("{\"dma\": [" + in + ", " + back + "]}").getBytes(StandardCharsets.UTF_8));
        files.put("sg00/Pool.bin", pool);
        NeffImage image = NeffImage.read(Neff.of(NeffWriter.write("trigger.neff", files)));
        byte[] a = new byte[32];
        for (int i = 0; i < 8; i++) {
            Elements.write(a, 4 * i, DtypeWire.FP32, A[i]);
        }
        return new DataRun(image, Arch.CAYMAN, Map.of("a", new Npy.Array(NpyType.FLOAT32, new int[] {8}, a))).run(null);
    }

    static List<Integer> u16(byte[] b) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < b.length; i += 2) {
            out.add((b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8);
        }
        return out;
    }

    /**
     * fp16 bits by hand: 1.5 = 0x3E00, -2 = 0xC000, 3.25 = 0x4280, 0 = 0x0000, -0.5 = 0xB800,
     * 65504 = 0x7BFF (fp16's largest), 7 = 0x4700, 1/3 = 0x3555 (0x1.555555p-2: ten fraction bits
     * 0101010101, the rest 0101... below half: rounds down).
     */
    @Test
    void aCastToFloat16MovesEveryElement() {
        byte[] out = run("float16", 16, "cast", "out").get("out").data();
        assertEquals(List.of(0x3E00, 0xC000, 0x4280, 0x0000, 0xB800, 0x7BFF, 0x4700, 0x3555), u16(out));
    }

    /**
     * bf16 bits by hand (the fp32 word's top half, rounded to nearest even): 1.5 = 0x3FC0,
     * -2 = 0xC000, 3.25 = 0x4050, 0, -0.5 = 0xBF00, 65504 = 0x477FE000 -> 0x4780 (the low half
     * 0xE000 is past half: rounds up to 65536), 7 = 0x40E0, 1/3 = 0x3EAAAAAB -> 0x3EAB (0xAAAB past half).
     */
    @Test
    void aCastToBfloat16RoundsToNearestEven() {
        byte[] out = run("bfloat16", 16, "cast", "out").get("out").data();
        assertEquals(List.of(0x3FC0, 0xC000, 0x4050, 0x0000, 0xBF00, 0x4780, 0x40E0, 0x3EAB), u16(out));
    }

    /** A copy moves the bytes unchanged: out (32 bytes) holds a's exact float32 words, through both SBUF partitions. */
    @Test
    void aCopyMovesTheExactBytes() {
        Map<String, Npy.Array> r = run("float32", 32, "copy", "out");
        byte[] a = new byte[32];
        for (int i = 0; i < 8; i++) {
            Elements.write(a, 4 * i, DtypeWire.FP32, A[i]);
        }
        assertEquals(java.util.HexFormat.of().formatHex(a), java.util.HexFormat.of().formatHex(r.get("out").data()));
    }

    @Test
    void anUnknownOpIsAFaultNamingTheBlock() {
        DataFault f = assertThrows(DataFault.class, () -> run("float32", 32, "scatter_add", "out"));
        assertEquals("sg00 pool record 1: qPoolIO0 block 1 descriptor 0 (sg00/Pool.json): DMA descriptor op \"scatter_add\" has no "
                + "data-level semantics (copy, cast and transpose have)", f.getMessage());
    }

    @Test
    void aCopyBetweenDtypesIsRefused() {
        DataFault f = assertThrows(DataFault.class, () -> run("float16", 16, "copy", "out"));
        assertEquals("sg00 pool record 1: qPoolIO0 block 1 descriptor 0 (sg00/Pool.json): DMA copy of 32 B float32 into 16 B float16: "
                + "a copy moves bytes as they are, so both sides must be one dtype and size", f.getMessage());
    }
}
