package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.neff.Neff;
import tpb.neff.NeffWriter;

/**
 * Which function an ACTIVATE's id names: the union of the profiles of every table set the ACT
 * engine lists. Values read once with python from the extracted archives: qwen3-attn-tkg-v6's
 * Activation.json lists reciprocal_sqrt_and_small and natural_log_exp_and_others (act_info.json's
 * first set is exp_and_others, whose profile the NEFF does not pack), and its ACTIVATEs use 29
 * (reciprocal_sqrt_40000p, first set) and 7 (exp_400p, second); the MoE NEFFs list only
 * silu_and_others (silu_32p is 36).
 */
class ActivationNamesTest {
    static final Path REAL = Path.of("src/test/resources/neff/real");

    private static Map<Integer, String> names(String neff) {
        return NeffImage.read(Neff.open(REAL.resolve(neff))).cores().get(0).activationNames();
    }

    @Test
    void everyListedSetNamesItsFunctions() {
        Map<Integer, String> attn = names("qwen3-attn-tkg-v6.neff");
        assertEquals("reciprocal_sqrt_40000p", attn.get(29));
        assertEquals("exp_400p", attn.get(7));
        assertEquals("ln_400p", attn.get(10));
        assertEquals("identity_1p", attn.get(1));   // in both sets, under one id
        assertEquals("copy_1p", attn.get(128));
        assertEquals(15 + 1, attn.size());          // 15 ids in the second set, 29 only in the first
        Map<Integer, String> moe = names("qwen3-moe-tkg-v6b.neff");
        assertEquals("silu_32p", moe.get(36));
        assertEquals("sin_4p", moe.get(19));
    }

    /** Two listed sets that name id 7 differently: kept as both, and an ACTIVATE of 7 says so; one function in two table sizes is one name. */
    @Test
    void anIdTwoSetsNameDifferentlyFaultsWhenUsed() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("kelf-0.json", utf8("{\"graphs\": [{\"definition\": \"sg00/def.json\", \"name\": \"sg00\"}], \"target\": \"cayman\"}"));
        files.put("sg00/def.json", utf8("{\"var\": {}, \"act\": \"Activation.json\", \"act_instr\": \"Activation.bin\"}"));
        files.put("sg00/Activation.bin", new byte[0]);
        files.put("sg00/Activation.json", utf8("{\"act_info\": \"act_info.json\", \"activation_function_sets\": [\"one\", \"two\"]}"));
        files.put("sg00/act_info.json", utf8("{\"act_func_sets\": ["
                + "{\"name\": \"unused\", \"profile_json\": \"unused.json\"},"
                + "{\"name\": \"one\", \"profile_json\": \"one.json\"}, {\"name\": \"two\", \"profile_json\": \"two.json\"}]}"));
        files.put("sg00/unused.json", profile(7, "sqrt_400p"));
        files.put("sg00/one.json", profile(7, "exp_400p", 6, "tanh_4p"));
        files.put("sg00/two.json", profile(7, "sigmoid_40p", 6, "tanh_13p"));
        Map<Integer, String> names = NeffImage.read(Neff.of(NeffWriter.write("two-sets.neff", files))).cores().get(0).activationNames();
        assertEquals(Map.of(7, "exp_400p|sigmoid_40p", 6, "tanh_4p"), names);
        Rig rig = new Rig(Arch.CAYMAN, names);
        assertEquals("ACTIVATE function 7 is named differently by the table sets the engine lists: exp_400p, sigmoid_40p",
                assertThrows(DataFault.class, () -> rig.run(VectorArmsTest.activate(rig, 7, 1, 0))).getMessage());
    }

    private static byte[] profile(Object... idsAndNames) {
        StringBuilder s = new StringBuilder("{\"profile_meta_data\": [");
        for (int i = 0; i < idsAndNames.length; i += 2) {
            s.append(i == 0 ? "" : ", ").append("{\"func_id\": ").append(idsAndNames[i]).append(", \"func_name\": \"").append(idsAndNames[i + 1]).append("\"}");
        }
        return utf8(s + "]}");
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
