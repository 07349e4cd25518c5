package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.neff.Fixture;
import tpb.neff.NeffWriter;

/**
 * Var ids are per subgraph, not per NEFF (12 public NEFFs stopped on
 * {@code var identity_29 (id 5) is declared twice} when they were read as per NEFF). The fixture with its sg01 made a stub (each
 * stream cut to its first two records, set_ordering_mode and pseudo_branch_label, as the qwen3
 * NEFFs' sg01 are) whose def.json gives input {@code x} id 9 and declares an internal var
 * {@code scratch} with id 1, which is {@code x}'s id in sg00. Shared by name, {@code x} stays one
 * var; each subgraph finds it under its own id. The run equals sg00 run alone, byte for byte.
 */
class SubgraphVarIdsTest {
    @Test
    void aStubSecondSubgraphWithItsOwnIdsRuns() throws Exception {
        Map<String, byte[]> files = new LinkedHashMap<>(Fixture.files());
        ObjectMapper m = new ObjectMapper();
        ObjectNode def = (ObjectNode) m.readTree(files.get("sg01/def.json"));
        ObjectNode vars = (ObjectNode) def.get("var");
        ((ObjectNode) vars.get("x")).put("var_id", 9);
        vars.putObject("scratch").put("type", "internal").put("size", 16).put("var_id", 1);
        files.put("sg01/def.json", m.writeValueAsBytes(def));
        for (String e : List.of("Activation", "DVE", "PE", "Pool", "SP")) {
            files.put("sg01/" + e + ".bin", Arrays.copyOf(files.get("sg01/" + e + ".bin"), 128));
        }
        NeffImage stubbed = NeffImage.read(tpb.neff.Neff.of(NeffWriter.write("stub.neff", files)));
        Random r = new Random(31);
        Npy.Array x = DataFixtureTest.fp16(DataFixtureTest.M, DataFixtureTest.K, i -> Fp16.fromFloat((float) r.nextGaussian()));
        Npy.Array y = DataFixtureTest.fp16(DataFixtureTest.K, DataFixtureTest.N, i -> Fp16.fromFloat((float) r.nextGaussian()));
        Npy.Array out = DataFixtureTest.run(stubbed, x, y, null);
        Npy.Array alone = DataFixtureTest.run(DataFixtureTest.IMAGE.only(List.of("sg00")), x, y, null);
        assertEquals(HexFormat.of().formatHex(alone.data()), HexFormat.of().formatHex(out.data()));
        DataRun run = new DataRun(stubbed, Arch.CAYMAN, Map.of("x", x, "y", y));
        assertEquals("x", run.dram(1).byId(9).name());
        assertEquals("scratch", run.dram(1).byId(1).name());
        assertEquals("x", run.dram(0).byId(1).name());
    }
}
