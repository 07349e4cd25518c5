package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code estimate --against P --trace-events T}: the estimated and the measured timelines in one trace, side by side. */
class EstimateTraceTest {
    @TempDir
    Path dir;

    /**
     * attention-fused against its profile: one process per side and subgraph ("estimated sg00",
     * "measured sg00", ...), and the 164 measured instructions that are records named as the
     * estimated slices of the same records are (their listing), 60 of them MATMULs on each side.
     */
    @Test
    void theEstimateAndTheMeasurementShareOneTrace() throws IOException {
        Path trace = dir.resolve("t.json");
        String neff = "src/test/resources/neff/real/attention-fused.neff";
        CliRun r = CliRun.of("estimate", neff, "--against", "src/test/resources/neff/real/profiles/attention-fused.profile.json.gz",
                "--trace-events", trace.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode root = new ObjectMapper().readTree(trace.toFile());
        JsonNode events = root.isArray() ? root : root.get("traceEvents");
        Map<Long, String> processes = new HashMap<>();
        for (JsonNode e : events) {
            if ("M".equals(e.path("ph").asText()) && "process_name".equals(e.path("name").asText())) {
                processes.put(e.path("pid").asLong(), e.path("args").path("name").asText());
            }
        }
        assertTrue(processes.values().containsAll(Set.of("estimated sg00", "measured sg00")), processes.toString());
        Set<String> estimated = new TreeSet<>();
        Set<String> measuredNames = new TreeSet<>();
        int measuredRecords = 0;
        int[] matmuls = new int[2];
        for (JsonNode e : events) {
            if (!"X".equals(e.path("ph").asText())) {
                continue;
            }
            String side = processes.get(e.path("pid").asLong());
            String cat = e.path("cat").asText();
            if (side.startsWith("estimated")) {
                estimated.add(e.path("name").asText());
                matmuls[0] += e.path("name").asText().startsWith("matmul") ? 1 : 0;
            } else if (cat.equals("measured")) {
                measuredRecords++;
                matmuls[1] += e.path("name").asText().startsWith("matmul") ? 1 : 0;
                measuredNames.add(e.path("name").asText());
            }
        }
        assertEquals(164, measuredRecords);
        assertTrue(estimated.containsAll(measuredNames), "a measured record named as no estimated slice");
        assertEquals(60, matmuls[0]);
        assertEquals(60, matmuls[1]);
    }
}
