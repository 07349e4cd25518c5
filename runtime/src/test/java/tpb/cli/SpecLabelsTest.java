package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * Labels the sources do not support, and contradictions the spec must record, pinned where a reader meets it: in
 * {@code tpb spec --json}. Each conflict carries both readings and what real records say; each
 * label says no more (and no less) than its source.
 */
@SuppressWarnings("unchecked")
class SpecLabelsTest {
    private static Map<String, Object> spec;

    @BeforeAll
    static void load() {
        CliRun r = CliRun.of("spec", "--json");
        assertEquals(0, r.code(), r.err());
        spec = (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(r.out());
    }

    private static Map<String, Object> named(String list, String key, String name) {
        return ((List<Map<String, Object>>) spec.get(list)).stream().filter(m -> name.equals(m.get(key))).findFirst()
                .orElseThrow(() -> new AssertionError("no " + list + " " + name));
    }

    private static Map<String, Object> conflict(String id) {
        return named("conflicts", "id", id);
    }

    private static Map<String, Object> view(String arm, String view) {
        return ((List<Map<String, Object>>) named("arms", "name", arm).get("views")).stream().filter(v -> view.equals(v.get("name")))
                .findFirst().orElseThrow();
    }

    private static Map<String, Object> field(List<Map<String, Object>> fields, String name) {
        return fields.stream().filter(f -> name.equals(f.get("name"))).findFirst().orElseThrow();
    }

    @Test
    void everyNewConflictHasBothReadingsAndAVerdict() {
        for (String id : List.of("matmul-out-dtype-zero", "pe-transpose-psum-dtype", "act-accumulate-idle", "copy-0x25", "halt-notify-byte",
                "v2-ldweights-addr4-bit31", "gpsimd-int32-tensor-tensor", "book-untested-readings")) {
            Map<String, Object> c = conflict(id);
            assertEquals(2, ((List<?>) c.get("readings")).size(), id);
            assertTrue(c.get("real_data") instanceof String s && !s.isBlank(), id + " says what real records show");
            assertTrue(c.get("emitted") instanceof String s && !s.isBlank(), id);
        }
        // the verdict a reader of out_dtype=... needs: 0 on every real MATMUL, read as DEFAULT_FP32
        assertTrue(((String) conflict("matmul-out-dtype-zero").get("real_data")).contains("all 33,288 MATMULs of both nkipy NEFFs, both subgraphs"));
        assertTrue(((String) conflict("matmul-out-dtype-zero").get("emitted")).contains("DEFAULT_FP32"));
        // the PSUM-dtype decision cites both the fact it overrides and the NKI documentation that supports it
        List<Map<String, Object>> psum = (List<Map<String, Object>>) conflict("pe-transpose-psum-dtype").get("readings");
        assertTrue(((String) psum.get(0).get("source")).contains("facts §4.1"));
        assertTrue(((String) psum.get(1).get("source")).contains("nki.isa.nc_transpose"));
        // the sentence is the current page's, and nc_transpose = transpose_mode 1 is an inference
        assertFalse(((String) psum.get(1).get("source")).contains("latest and v2.26.1"));
        assertEquals("INFERRED", psum.get(1).get("confidence"));
    }

    @Test
    void matmulOutDtypeZeroIsFp32NotInvalid() {
        Map<String, Object> outDtype = field((List<Map<String, Object>>) named("arms", "name", "Matmul").get("fields"), "out_dtype");
        assertEquals("enum MatmulOutDtype", outDtype.get("encoding"));
        List<Map<String, Object>> values = (List<Map<String, Object>>) named("enums", "name", "MatmulOutDtype").get("values");
        assertEquals("DEFAULT_FP32", values.get(0).get("name"));
        assertEquals(0, values.get(0).get("ordinal"));
    }

    @Test
    void labelsSayWhatTheirSourcesSay() {
        // LDWEIGHTS: cayman offsets for 8 fields (dpfacts §0), not 10
        String lw = (String) named("arms", "name", "Ldweights").get("doc");
        assertTrue(lw.contains("cayman offsets for 8 fields"), lw);
        // Ldweights.Mariana: the sources give mariana offsets only for what differs; the rest is carried, INFERRED
        List<Map<String, Object>> mariana = (List<Map<String, Object>>) view("Ldweights", "Mariana").get("fields");
        for (String carried : List.of("fp32_mode", "transpose_mode", "perf_opt", "num_active_rows", "num_active_cols")) {
            assertEquals("INFERRED", field(mariana, carried).get("confidence"), carried);
        }
        assertEquals("STRONG", field(mariana, "bg_xpose_mode").get("confidence"));
        assertEquals(47, field(mariana, "flags").get("offset"));
        // the book lost every dispute records could settle: its untested readings are not CONFIRMED
        assertEquals("INFERRED", named("arms", "name", "Pool").get("confidence"));
        assertEquals("INFERRED", view("CopyPredicated", "Book").get("confidence"));
        assertEquals("ASSUMED", view("BatchNormBackProp", "Book").get("confidence"));
        // a refuted book reading is SPECULATIVE, an untested one INFERRED; what an update mode
        // does is read from its name, as a wait mode's comparison is (WaitTest is INFERRED)
        assertEquals("SPECULATIVE", view("TensorTensorArith", "Book").get("confidence"));
        assertEquals("SPECULATIVE", view("Matmul", "Book").get("confidence"));
        assertEquals("INFERRED", view("TensorTensorBitvec", "Book").get("confidence"));
        // the TT Book views carried BatchNormBackProp's doc ("the book gives no ... layout at all")
        for (String arm : List.of("TensorTensorArith", "TensorTensorBitvec")) {
            assertFalse(((String) view(arm, "Book").get("doc")).contains("BatchNormBackProp"), arm);
        }
        assertTrue(((String) view("TensorTensorArith", "Book").get("doc")).contains("512 real 0x41 records"));
        assertEquals("INFERRED", named("luts", "name", "UpdateOp").get("confidence"));
        assertEquals("INFERRED", named("luts", "name", "UpdateMoment").get("confidence"));
        assertEquals(named("luts", "name", "WaitTest").get("confidence"), named("luts", "name", "UpdateOp").get("confidence"));
        assertFalse(((String) view("CopyPredicated", "Book").get("doc")).contains("Refuted on real records"));
        // TENSOR1D's 4+4N rule: facts §4.3 credits isa/tensor-descriptors.md
        assertTrue(((String) named("groups", "name", "TENSOR1D").get("source")).contains("isa/tensor-descriptors.md"));
        // MatmulZeroRegion: no source says what a group start zeroes
        assertFalse(((String) named("enums", "name", "MatmulZeroRegion").get("doc")).contains("a group start zeroes"));
        // the "sync band absent" reading cites facts §1.2, which is CONFIRMED
        Map<String, Object> absent = ((List<Map<String, Object>>) conflict("matmul-sync-band").get("readings")).get(0);
        assertEquals("CONFIRMED", absent.get("confidence"));
    }

    /**
     * The op_dim values the attention NEFFs settled: the zero region says
     * what its page says (the banks a group's first write clears), MATMUL_FLAGS' bits are laid out as
     * «PEPATH» §4.1 gives them, and TensorSubdim's numbers are the book's (X = 2), with the real
     * records named in the conflict's verdict.
     */
    @Test
    void zeroRegionMatmulFlagsAndTheReduceAxes() {
        String zero = (String) named("enums", "name", "MatmulZeroRegion").get("doc");
        assertTrue(zero.contains("clears on the first write of an accumulation group (SINGLE or MULTI_START)"), zero);
        assertFalse(zero.contains("no source consulted"), zero);
        Map<String, Object> flags = field((List<Map<String, Object>>) view("Matmul", "Mariana").get("fields"), "flags");
        assertEquals("INFERRED", flags.get("confidence"));
        assertEquals(List.of("scalar_mode@0:2", "seed_mode@2:2", "accumulate_flag@4:1", "xpose_mode@5:1", "reserved_bitfield@6:2"),
                ((List<Map<String, Object>>) flags.get("bits")).stream().map(b -> b.get("name") + "@" + b.get("lsb") + ":" + b.get("width")).toList());
        List<Map<String, Object>> axes = (List<Map<String, Object>>) named("enums", "name", "TensorSubdim").get("values");
        assertEquals(List.of("UNUSED=0 ASSUMED", "X=2 STRONG", "XY=3 INFERRED", "XYZ=4 INFERRED", "XYZW=5 INFERRED"),
                axes.stream().map(v -> v.get("name") + "=" + v.get("wire") + " " + v.get("confidence")).toList());
        assertTrue(((String) conflict("tr-axis-byte").get("real_data")).contains("(2,8,1,1) with steps (1,2) into 8"));
    }

    /** The values a syntax line implies carry a source and confidence key, not a YAML comment. */
    @Test
    void impliedListingValuesCarryTheirSource() {
        for (String arm : List.of("Matmul", "Ldweights")) {
            Map<String, Object> src = (Map<String, Object>) named("arms", "name", arm).get("syntax_source");
            assertEquals("ASSUMED", src.get("confidence"), arm);
            assertTrue(((String) src.get("source")).startsWith("a listing convention of this project"), arm);
        }
        assertTrue(((String) conflict("wait-0x04").get("real_data")).contains("`$S[10]>0`"));
    }
}
