package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.neff.NeffParts;

/**
 * {@code tpb neff info --json} lists a subgraph's engines in def.json's order, whatever the
 * archive's order of their streams: here def.json names pool then act, and the
 * archive holds Act.bin before Pool.bin.
 */
class NeffInfoOrderTest {
    @Test
    void enginesInDefJsonOrder(@TempDir Path dir) throws Exception {
        NeffParts p = new NeffParts();
        p.def.put("act_instr", NeffParts.str("Act.bin"));
        p.tarEdit = l -> {
            List<NeffParts.Entry> out = new ArrayList<>();
            out.add(NeffParts.Entry.file("sg00/Act.bin", new byte[64]));
            out.addAll(l);
            return out;
        };
        Path n = dir.resolve("o.neff");
        Files.write(n, p.bytes());
        CliRun r = CliRun.of("neff", "info", n.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode engines = new ObjectMapper().readTree(r.out()).get("subgraphs").get(0).get("engines");
        assertEquals(2, engines.size());
        assertEquals("pool", engines.get(0).get("engine").asText());
        assertEquals(2, engines.get(0).get("records").asInt());
        assertEquals("act", engines.get(1).get("engine").asText());
        assertEquals("sg00/Act.bin", engines.get(1).get("path").asText());
        assertEquals(1, engines.get(1).get("records").asInt());
    }
}
