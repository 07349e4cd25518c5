package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

class SpecCommandTest {
    @Test
    void tableListsTheArmsWithALayout() {
        CliRun r = CliRun.of("spec");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("0xA8   -            RegisterAlu              CTRL_AL                      SP       CONFIRMED   22\n"), r.out());
        assertTrue(r.out().contains("0xA9   +0x0C=0      UnconditionalBranch      CTRL_BR"), r.out());
        assertTrue(r.out().endsWith("24 arms with a layout; 152 opaque arms not shown (--all)\n"), r.out());
        assertFalse(r.out().contains("Matmul"));
        assertTrue(CliRun.of("spec", "--all").out().contains("0x02   -            Matmul                   (opaque)"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonCarriesEnumsLutsAndEveryField() {
        CliRun r = CliRun.of("spec", "--json");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> spec = (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(r.out());
        List<Map<String, Object>> enums = (List<Map<String, Object>>) spec.get("enums");
        Map<String, Object> alu = enums.stream().filter(e -> e.get("name").equals("AluOpType")).findFirst().orElseThrow();
        List<Map<String, Object>> values = (List<Map<String, Object>>) alu.get("values");
        assertEquals(33, values.size());
        Map<String, Object> notEqual = values.get(19);
        assertEquals("not_equal", notEqual.get("name"));
        assertEquals(19, notEqual.get("ordinal"));
        assertEquals(0x18, notEqual.get("wire"));
        assertEquals("Invalid enum variant for enum AluOpType", values.get(24).get("fatal"));
        List<Map<String, Object>> arms = (List<Map<String, Object>>) spec.get("arms");
        assertEquals(176, arms.size());
        Map<String, Object> ralu = arms.stream().filter(a -> a.get("name").equals("RegisterAlu")).findFirst().orElseThrow();
        List<Map<String, Object>> fields = (List<Map<String, Object>>) ralu.get("fields");
        Map<String, Object> dst = fields.stream().filter(f -> f.get("name").equals("dst_lo")).findFirst().orElseThrow();
        assertEquals(0x14, dst.get("offset"));
        assertEquals(1, dst.get("width"));
        assertEquals("raw", dst.get("encoding"));
        assertEquals("CONFIRMED", dst.get("confidence"));
        assertEquals(1, ((List<?>) ralu.get("views")).size());
        List<Map<String, Object>> luts = (List<Map<String, Object>>) spec.get("luts");
        Map<String, Object> neg = luts.stream().filter(l -> l.get("name").equals("BranchNegation")).findFirst().orElseThrow();
        assertEquals(Boolean.TRUE, neg.get("involution"));
        assertEquals(13, ((List<?>) spec.get("conflicts")).size());
        Map<?, ?> feature = (Map<?, ?>) ((List<?>) spec.get("features")).get(0);
        assertEquals("neff_feature_SQI_no_rearm", feature.get("name"));
        assertEquals(Map.of("arm", "SwitchQueueInstance", "field", "no_rearm", "source",
                "facts §3.10: PseudoDMASwapQueueSet 'sets a module feature attribute'; the feature's name says which", "confidence", "INFERRED"),
                feature.get("set_by"));
    }

    @Test
    void jsonToAFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("spec.json");
        CliRun r = CliRun.of("spec", "--json", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out());
        assertTrue(Files.readString(out).startsWith("{\n  \"isa\": \"tpb\","));
    }

    @Test
    void usageErrorsAreOneLineAndExit2() {
        CliRun r = CliRun.of("spec", "--jsn");
        assertEquals(2, r.code());
        assertEquals("tpb: Unknown option: '--jsn'\nTry 'tpb spec --help' for more information.\n", r.err());
        CliRun nope = CliRun.of("frobnicate");
        assertEquals(2, nope.code());
        assertTrue(nope.err().startsWith("tpb: Unmatched argument at index 0: 'frobnicate'"), nope.err());
    }

    @Test
    void writingIntoAMissingDirectoryFailsCleanly(@TempDir Path dir) {
        CliRun r = CliRun.of("spec", "-o", dir.resolve("no/such/dir/x.txt").toString());
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith("tpb: " + dir.resolve("no/such/dir/x.txt") + ": directory "), r.err());
        assertEquals(1, r.err().lines().count());
    }
}
