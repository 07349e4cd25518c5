package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tpb neff info} as a pre-flight on qwen3-moe-captured: every input and
 * output with its tensor_map.json dtype and shape, each DMA queue's blocks, descriptors and bytes
 * (from the engine files: qSPIO0 9 blocks, input1's 32 bytes + eight 4-byte floats of input0 =
 * 64; qPoolIO0 16 blocks of 256 bytes = 4096, output0 whole), and the arms the data level cannot
 * run yet with their record counts (from the histogram on the same lines).
 */
class NeffPreflightTest {
    static String moe() {
        try {
            return Path.of(NeffPreflightTest.class.getResource("/neff/real/qwen3-moe-captured.neff").toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void text() {
        CliRun r = CliRun.of("neff", "info", moe());
        assertEquals(0, r.code(), r.err());
        List<String> lines = List.of(r.out().split("\n"));
        assertTrue(lines.contains("  dma   qSPIO0: owner sp, 16 queues, semaphores [24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39], "
                + "9 blocks, 9 descriptors, 64 bytes"), r.out());
        assertTrue(lines.contains("  dma   qPoolIO0: owner pool, 16 queues, semaphores [40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55], "
                + "16 blocks, 16 descriptors, 4096 bytes"), r.out());
        // one data line a subgraph: every arm of sg00 has semantics since TensorLoadPhysical, RegisterAlu and the
        // PseudoExtension records did (before: "no data-level semantics yet: PseudoExtension (0xDA) 144, …"), and the stub
        // sg01 has nothing missing
        List<String> data = lines.stream().filter(l -> l.startsWith("  data  ")).toList();
        assertEquals(List.of("  data  every record's arm has data-level semantics", "  data  every record's arm has data-level semantics"),
                data, r.out());
        assertEquals(List.of("input  input0 float32 (1, 8), 32 bytes", "input  input1 int32 (1, 8), 32 bytes",
                "input  input2 bfloat16 (128, 256, 2048), 134217728 bytes", "input  input3 bfloat16 (128, 2048, 512), 268435456 bytes",
                "input  input4 bfloat16 (1, 2048), 4096 bytes", "output output0 bfloat16 (1, 2048), 4096 bytes"),
                lines.subList(lines.size() - 6, lines.size()));
    }

    @Test
    @SuppressWarnings("unchecked")
    void json() throws Exception {
        CliRun r = CliRun.of("neff", "info", moe(), "--json");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> j = new ObjectMapper().readValue(r.out(), Map.class);
        assertEquals(Map.of("name", "input2", "dtype", "bfloat16", "shape", List.of(128, 256, 2048), "bytes", 134217728),
                ((List<Object>) j.get("inputs")).get(2));
        assertEquals(List.of(Map.of("name", "output0", "dtype", "bfloat16", "shape", List.of(1, 2048), "bytes", 4096)), j.get("outputs"));
        Map<String, Object> sg00 = (Map<String, Object>) ((List<Object>) j.get("subgraphs")).get(0);
        Map<String, Object> pool = (Map<String, Object>) ((List<Object>) sg00.get("dma_queues")).get(1);
        assertEquals("qPoolIO0", pool.get("name"));
        assertEquals(16, pool.get("blocks"));
        assertEquals(4096, pool.get("bytes"));
        Map<String, Object> sg01 = (Map<String, Object>) ((List<Object>) j.get("subgraphs")).get(1);
        assertEquals(Map.of(), sg01.getOrDefault("data_level_unmodelled", Map.of()));
    }

    /**
     * DMA descriptors the data level cannot move are in the pre-flight too, counted like records:
     * moe-captured with its SP.json's first descriptor's op made "scatter_add" and the second's a
     * transpose whose op names no order of the axes (the run would fault at the trigger of each).
     */
    @Test
    void descriptorsItCannotMoveAreListed(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Map<String, byte[]> files = new java.util.LinkedHashMap<>();
        tpb.neff.Neff.of(java.nio.file.Files.readAllBytes(Path.of(moe()))).forEachEntry((path, size, data) -> files.put(path, data.readAllBytes()));
        String sp = new String(files.get("sg00/SP.json"), java.nio.charset.StandardCharsets.UTF_8);
        int first = sp.indexOf("\"op\":\"copy\"");
        int second = sp.indexOf("\"op\":\"copy\"", first + 1);
        assertTrue(first > 0 && second > 0, "moe-captured's SP.json writes its ops so");
        sp = sp.substring(0, first) + "\"op\":\"scatter_add\"" + sp.substring(first + "\"op\":\"copy\"".length(), second)
                + "\"transpose_op\":\"WZXQ\",\"transpose_shape\":[1,1,1,8],\"transpose_element_size\":4"
                + sp.substring(second + "\"op\":\"copy\"".length());
        files.put("sg00/SP.json", sp.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path neff = dir.resolve("edited.neff");
        java.nio.file.Files.write(neff, tpb.neff.NeffWriter.write("edited.neff", files));
        CliRun r = CliRun.of("neff", "info", neff.toString());
        assertEquals(0, r.code(), r.err());
        List<String> data = List.of(r.out().split("\n")).stream().filter(l -> l.startsWith("  data  ")).toList();
        assertEquals(List.of("  data  no data-level semantics yet: DMA descriptor op \"scatter_add\" 1, DMA transpose_op \"WZXQ\" 1",
                "  data  every record's arm has data-level semantics"), data, r.out());
    }
}
