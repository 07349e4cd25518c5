package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tpb.codec.Violation;
import tpb.codec.ViolationSink;
import tpb.isa.Arch;
import tpb.isa.Validator;
import tpb.stream.RecordStream;

/**
 * What the real records say about the spec's guards and conflicts, counted on the records
 * themselves: every record of the fifteen shared NEFFs is read once, the figures the conflicts quote
 * are counted again by hand-written byte reads, and a real record changed in one field shows that a
 * guard refuses what its source refuses (with the source's rule in the message) and takes what the
 * source takes.
 */
class RealRecordGuardsTest {
    /** One record: the NEFF, the stream ("sg00/Pool.bin"), its index there, its 64 bytes and the record before it. */
    record Rec(String neff, String stream, int index, byte[] bytes, byte[] before) {
        int u8(int at) {
            return bytes[at] & 0xFF;
        }
    }

    private static final List<Rec> RECORDS = new ArrayList<>();
    private static int all;

    /** Reads every shared NEFF once, keeping the records of the opcodes the tests below count. */
    @BeforeAll
    static void read() throws IOException {
        for (String name : Fixture.sharedNeffs()) {
            Neff neff = Neff.of(Files.readAllBytes(Fixture.path(name)));
            neff.forEachSubgraph(null, (sg, streams) -> {
                for (EngineStream es : streams) {
                    RecordStream s = es.stream();
                    byte[] b = s.bytes();
                    for (int i = 0; i < s.length() / RecordStream.STRIDE; i++) {
                        int at = RecordStream.offsetOf(i);
                        all++;
                        int op = b[at] & 0xFF;
                        if (op == 0x48 || op == 0x49 || op == 0xDA || op == 0xC1 || op == 0x01 || op == 0x02) {
                            byte[] before = i == 0 ? new byte[64] : java.util.Arrays.copyOfRange(b, at - 64, at);
                            RECORDS.add(new Rec(name, es.path(), i, java.util.Arrays.copyOfRange(b, at, at + 64), before));
                        }
                    }
                }
            });
        }
        assertEquals(15, Fixture.sharedNeffs().size(), "the fifteen shared NEFFs");
    }

    private static List<Rec> opcode(int op) {
        return RECORDS.stream().filter(r -> r.u8(0) == op).toList();
    }

    private static String violations(byte[] b) {
        List<Violation> out = new ArrayList<>();
        Validator.validate(b, 0, 0, Arch.CAYMAN, ViolationSink.into(out));
        return out.toString();
    }

    /**
     * «CLA» §3 (is_valid_reciprocal): in_dtype is is_valid_dtype(.., FP32R false), out_dtype
     * is_valid_dtype(.., FP32R true) — "FP32R legal as output"; is_valid_dtype refuses UINT64 and
     * INT64 whatever FP32R («CPS» §8). The first RECIPROCAL of attention-fused.neff, changed.
     */
    @Test
    void reciprocalTakesFp32rOutOnly() {
        List<Rec> recips = opcode(0x48);
        assertEquals(12, recips.size(), "the ten attention NEFFs' RECIPROCALs");
        for (Rec r : recips) {
            assertEquals(0x0A, r.u8(0x20), r.neff() + " in FP32");
            assertEquals(0x0A, r.u8(0x21), r.neff() + " out FP32");
            assertEquals("[]", violations(r.bytes()), r.neff());
        }
        byte[] b = recips.stream().filter(r -> r.neff().equals("real/attention-fused.neff")).findFirst().orElseThrow().bytes().clone();
        b[0x21] = 0x0B; // FP32R out: legal
        assertEquals("[]", violations(b));
        for (int bad : new int[] {0x01, 0x0C}) { // UINT64, INT64
            b[0x21] = (byte) bad;
            assertEquals("[record 0 (+0x21) out_dtype: guard: RECIPROCAL's out_dtype takes no UINT64 or INT64 (is_valid_dtype, FP32R "
                    + "legal as output)]", violations(b), "out " + bad);
        }
        b[0x21] = 0x0A;
        b[0x20] = 0x0B; // FP32R in: illegal
        assertEquals("[record 0 (+0x20) in_dtype: guard: RECIPROCAL's in_dtype takes no FP32R, UINT64 or INT64 (is_valid_dtype, FP32R "
                + "illegal as input)]", violations(b));
    }

    /**
     * Conflict memset-dtypes: the struct table allows FP32R, memset_set_value_type names twelve
     * dtypes without it («CLA» §5); both refuse UINT64 and INT64. Every real MEMSET is in the strict
     * list, and a real one changed to FP32R, UINT64 or INT64 is refused, each by one guard.
     */
    @Test
    void memsetTakesTheDtypesMemsetSetValueTypeNames() {
        Map<Integer, Integer> dtypes = new TreeMap<>();
        for (Rec r : opcode(0x49)) {
            dtypes.merge(r.u8(0x20), 1, Integer::sum);
            assertEquals("[]", violations(r.bytes()), r.neff() + " " + r.stream() + " " + r.index());
        }
        assertEquals("{6=1, 8=3, 10=588}", dtypes.toString(), "BFLOAT16 1, INT32 3, FP32 588 (the conflict's real_data)");
        byte[] b = opcode(0x49).get(0).bytes().clone();
        assertEquals(0, b[0x28] | b[0x29] | b[0x2A] | b[0x2B], "a zero fill, which every dtype's width takes");
        b[0x20] = 0x0B;
        assertEquals("[record 0 (+0x20) dtype: guard: MEMSET's dtype takes no FP32R (memset_set_value_type)]", violations(b));
        for (int bad : new int[] {0x01, 0x0C}) {
            b[0x20] = (byte) bad;
            assertEquals("[record 0 (+0x20) dtype: guard: MEMSET's dtype takes no UINT64 or INT64 (is_valid_dtype; memset_set_value_type)]",
                    violations(b), "dtype " + bad);
        }
        b[0x20] = 0x08; // INT32: taken
        assertEquals("[]", violations(b));
    }

    /**
     * Conflicts pseudo-extension and inst-word-len: the 912 0xDA records of the Qwen3 MoE NEFFs hold
     * inst_word_len 0 and a zero payload but +0x0F, which is 0x10 in 640 and 0x08 in 272; +0x0F
     * times the DMA_DIRECT2D's byte +0x14 before it is 16 in every pair.
     */
    @Test
    void pseudoExtensionPayloads() {
        Map<String, Integer> counts = new TreeMap<>();
        for (Rec r : opcode(0xDA)) {
            counts.merge(r.neff() + " 0x" + Integer.toHexString(r.u8(0x0F)), 1, Integer::sum);
            assertEquals(0, r.u8(1), "inst_word_len");
            for (int k = 2; k < 64; k++) {
                assertTrue(k == 0x0F || r.bytes()[k] == 0, r.neff() + " " + r.stream() + " " + r.index() + " +0x" + Integer.toHexString(k));
            }
            assertEquals(0xD4, r.before()[0] & 0xFF, "a DMA_DIRECT2D before it");
            assertEquals(16, r.u8(0x0F) * (r.before()[0x14] & 0xFF), r.neff() + " " + r.index());
        }
        assertEquals("{real/qwen3-moe-captured.neff 0x10=512, real/qwen3-moe-captured.neff 0x8=256, real/qwen3-moe-tkg-v6b.neff 0x10=128, "
                + "real/qwen3-moe-tkg-v6b.neff 0x8=16}", counts.toString());
        Rec r406 = opcode(0xDA).stream().filter(r -> r.neff().equals("real/qwen3-moe-captured.neff") && r.stream().equals("sg00/Pool.bin")
                && r.index() == 406).findFirst().orElseThrow();
        assertEquals(0x08, r406.u8(0x0F), "the conflict's example");
    }

    /**
     * Conflicts dma-trigger-0x30 and dma-trigger-cursor: the 70 DMATriggers of the Qwen3 NEFFs, read
     * in stream order per queue, hold block ids 0, 1, 2, ...: the blocks a per-queue cursor fires; a
     * cursor per trigger record would fire block 0 each time.
     */
    @Test
    void triggerBlockIdsRunInStreamOrderPerQueue() {
        Map<String, List<Long>> ids = new LinkedHashMap<>();
        for (Rec r : opcode(0xC1)) {
            byte[] b = r.bytes();
            int nul = 0x0C;
            while (nul < 0x0C + 31 && b[nul] != 0) {
                nul++;
            }
            String queue = new String(b, 0x0C, nul - 0x0C, StandardCharsets.US_ASCII);
            long id = (b[0x30] & 0xFFL) | (b[0x31] & 0xFFL) << 8 | (b[0x32] & 0xFFL) << 16 | (b[0x33] & 0xFFL) << 24;
            ids.computeIfAbsent(r.neff() + " " + r.stream() + " " + queue, k -> new ArrayList<>()).add(id);
        }
        assertEquals(70, ids.values().stream().mapToInt(List::size).sum());
        assertEquals(5, ids.size(), ids.keySet().toString());
        for (Map.Entry<String, List<Long>> e : ids.entrySet()) {
            List<Long> v = e.getValue();
            for (int i = 0; i < v.size(); i++) {
                assertEquals(i, v.get(i), e.getKey());
            }
        }
    }

    /**
     * Conflict fp32-matmul-split: an fp32 weight tile is loaded twice, LDWEIGHTS fp32_mode LOW then
     * HIGH, and every fp32 MATMUL says LOW_HIGH; the transposes load LOW only. In attention-fused.neff
     * 20 LOW and 20 HIGH loads, 20 LOW transpose loads, 60 LOW_HIGH MATMULs.
     */
    @Test
    void fp32MatmulsRunAsLowAndHighLoads() {
        Map<String, Integer> fused = new TreeMap<>();
        int low = 0;
        int high = 0;
        for (Rec r : RECORDS) {
            int op = r.u8(0);
            if ((op != 0x01 && op != 0x02) || r.u8(0x20) != 0x0A) {
                continue;
            }
            if (op == 0x02) {
                assertEquals(3, r.u8(0x21), "every FP32 MATMUL is LOW_HIGH: " + r.neff() + " " + r.index());
            } else if (r.u8(0x22) == 0) {
                low += r.u8(0x21) == 1 ? 1 : 0;
                high += r.u8(0x21) == 2 ? 1 : 0;
                assertTrue(r.u8(0x21) == 1 || r.u8(0x21) == 2, r.neff());
            } else {
                assertEquals(1, r.u8(0x21), "a transpose load is LOW: " + r.neff());
            }
            if (r.neff().equals("real/attention-fused.neff")) {
                fused.merge((op == 1 ? "LDWEIGHTS" : "MATMUL") + " mode " + r.u8(0x21) + " transpose " + r.u8(0x22), 1, Integer::sum);
            }
        }
        assertEquals(low, high, "a HIGH load for every LOW one");
        assertTrue(low > 0);
        assertEquals("{LDWEIGHTS mode 1 transpose 0=20, LDWEIGHTS mode 1 transpose 1=20, LDWEIGHTS mode 2 transpose 0=20, "
                + "MATMUL mode 3 transpose 0=40, MATMUL mode 3 transpose 1=20}", fused.toString());
        // every record of the fifteen NEFFs' engine streams (PE, Activation, Pool, DVE, SP of each subgraph), counted from the
        // extracted .bin files' sizes / 64
        assertEquals(75_733, all, "every record of the fifteen NEFFs was read");
    }
}
