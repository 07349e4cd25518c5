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

    private static List<Map<String, Object>> guards(String arm) {
        return (List<Map<String, Object>>) named("arms", "name", arm).get("guards");
    }

    private static Map<String, Object> guard(String arm, String field, String messageStart) {
        return guards(arm).stream().filter(g -> field.equals(g.get("field")) && ((String) g.get("message")).startsWith(messageStart))
                .findFirst().orElseThrow(() -> new AssertionError(arm + " has no guard on " + field + " '" + messageStart + "'"));
    }

    /** Every source the spec gives, wherever it stands in spec --json: none cites an issue or an audit. */
    @Test
    void everySourceNamesADocument() {
        List<String> refs = new java.util.ArrayList<>();
        collectSources(spec, refs);
        assertTrue(refs.size() > 1000, "sources found: " + refs.size());
        java.util.regex.Pattern notADocument = java.util.regex.Pattern.compile("(?i)\\b(issues?\\s*#?\\s*\\d+|audit(s|or|ed)?)\\b");
        assertEquals(List.of(), refs.stream().filter(r -> notADocument.matcher(r).find()).toList());
    }

    private static void collectSources(Object node, List<String> refs) {
        if (node instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                if (String.valueOf(k).endsWith("source") && v instanceof String ref) {
                    refs.add(ref);
                } else {
                    collectSources(v, refs);
                }
            });
        } else if (node instanceof List<?> l) {
            l.forEach(x -> collectSources(x, refs));
        }
    }

    /**
     * The guards the sources' validators state, with their confidence: RECIPROCAL's out_dtype takes
     * FP32R («CLA» §3), MEMSET's dtype memset_set_value_type's twelve (conflict memset-dtypes), the
     * predicated copies' equal counts only while no start address is register-shaped («CASTPRED»
     * §5.3), and the PE array's 128 rows and columns INFERRED (NKI's limit, the field's meaning derived).
     */
    @Test
    void guardsSayWhatTheirSourcesSay() {
        Map<String, Object> out = guard("Reciprocal", "out_dtype", "RECIPROCAL's out_dtype");
        assertTrue(((List<String>) out.get("in")).contains("FP32R"), out.toString());
        assertTrue(((String) out.get("source")).contains("FP32R legal as output"), out.toString());
        assertFalse(((List<String>) guard("Reciprocal", "in_dtype", "RECIPROCAL's in_dtype").get("in")).contains("FP32R"));
        Map<String, Object> memsetWide = guard("Memset", "dtype", "MEMSET's dtype takes no UINT64");
        assertEquals("STRONG", memsetWide.get("confidence"));
        Map<String, Object> memsetFp32r = guard("Memset", "dtype", "MEMSET's dtype takes no FP32R");
        assertEquals("INFERRED", memsetFp32r.get("confidence"));
        assertFalse(((List<String>) memsetFp32r.get("in")).contains("FP32R"));
        Map<String, Object> memset = conflict("memset-dtypes");
        assertTrue(((String) memset.get("real_data")).contains("592 MEMSETs"), memset.toString());
        assertTrue(((String) memset.get("emitted")).startsWith("the strict side"), memset.toString());
        for (String arm : List.of("CopyPredicated", "CastPredicated")) {
            for (String src : List.of("src0", "src1")) {
                Map<String, Object> g = guards(arm).stream().filter(x -> ("product(" + src + "_mem_pattern.num)").equals(x.get("field")))
                        .findFirst().orElseThrow();
                assertEquals(List.of("src0_mem_pattern.start.word.register", "src1_mem_pattern.start.word.register",
                        "dst_mem_pattern.start.word.register"),
                        ((List<Map<String, Object>>) g.get("when")).stream().map(w -> w.get("field")).toList(), arm + " " + src);
                assertTrue(((String) g.get("source")).contains("unless a start-addr is register-shaped"), arm);
            }
        }
        // the four at_most 128 guards of the PE arms: NKI's limit is CONFIRMED, that the field is the tile it limits derived
        int pe = 0;
        for (String arm : List.of("Matmul", "Ldweights")) {
            for (Map<String, Object> g : guards(arm)) {
                if (Integer.valueOf(128).equals(g.get("at_most")) && ((String) g.get("field")).startsWith("num_active_")) {
                    assertEquals("INFERRED", g.get("confidence"), arm + " " + g.get("field"));
                    pe++;
                }
            }
        }
        assertEquals(4, pe);
    }

    /**
     * Labels that said more, or other, than their sources: the trigger fires the block its block_id
     * names, which semaphores a queue switch clears is the project's mapping, a GE_REG wait's register
     * id sits in semaphore_value (facts §1.2), CAYMAN's apertures are its own generation's, and the 0xDA
     * payload's +0x0F takes two values in the real records.
     */
    @Test
    void labelsOfTheSyncKindsTheAperturesAndTheExtension() throws java.io.IOException {
        List<Map<String, Object>> kinds = (List<Map<String, Object>>) named("enums", "name", "SyncKind").get("values");
        Map<String, Object> trigger = field(kinds, "QUEUE_TRIGGER");
        assertTrue(((String) trigger.get("doc")).contains("block_id (+0x30)"), trigger.toString());
        assertFalse(((String) trigger.get("doc")).contains("a cursor per trigger"), trigger.toString());
        assertEquals("INFERRED", field(kinds, "QUEUE_SWITCH").get("confidence"));
        Map<String, Object> register = field((List<Map<String, Object>>) named("enums", "name", "SemOperand").get("values"), "REGISTER");
        assertFalse(((String) register.get("doc")).contains("INFERRED"), register.toString());
        assertEquals("CONFIRMED", register.get("confidence"));
        assertTrue(((String) field((List<Map<String, Object>>) named("enums", "name", "WaitMode").get("values"), "SEM_GE_REG").get("doc"))
                .contains("register id is carried in semaphore_value"));
        String profiles;
        try (java.io.InputStream in = CliRun.class.getResourceAsStream("/isa/tpb/arch/profiles.yaml")) {
            profiles = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        String cayman = profiles.substring(profiles.indexOf("arch: CAYMAN"), profiles.indexOf("arch: MARIANA"));
        assertFalse(cayman.contains("arch-independent"), cayman);
        assertTrue(cayman.contains("apertures_source: {ref: \"seed002 §3 NOTE; facts §4.1"), cayman);
        Map<String, Object> payload = field((List<Map<String, Object>>) named("arms", "name", "PseudoExtension").get("fields"), "payload");
        assertTrue(((String) payload.get("doc")).contains("0x10 in 640 and 0x08 in 272"), payload.toString());
        assertTrue(((String) conflict("pseudo-extension").get("real_data")).contains("0x08 in 272"));
        assertTrue(((String) conflict("inst-word-len").get("real_data")).contains("0x08 in 272"));
    }

    /**
     * The contradictions recorded with both readings and the real records' verdict: the fp32 matmul
     * split («PEPATH» §4.3 against the data level's), the trigger's cursor (facts §7.5 against seed000
     * §4.3), wait 0x04 («SEQMC» §1.2's GE beside the enum's GT), and mariana's bg_xpose_mode width.
     */
    @Test
    void theContradictionsCarryBothReadingsAndAVerdict() {
        Map<String, Object> split = conflict("fp32-matmul-split");
        List<Map<String, Object>> readings = (List<Map<String, Object>>) split.get("readings");
        assertEquals(2, readings.size());
        assertEquals("ASSUMED", readings.get(0).get("confidence"));
        assertTrue(((String) readings.get(1).get("source")).startsWith("«PEPATH» §4.3"));
        assertTrue(((String) split.get("real_data")).contains("counts every product twice"), split.toString());
        Map<String, Object> cursor = conflict("dma-trigger-cursor");
        assertEquals(List.of("CONFIRMED", "STRONG"),
                ((List<Map<String, Object>>) cursor.get("readings")).stream().map(r -> r.get("confidence")).toList());
        assertTrue(((String) cursor.get("real_data")).startsWith("all 70 DMATriggers"), cursor.toString());
        List<Map<String, Object>> wait = (List<Map<String, Object>>) conflict("wait-0x04").get("readings");
        assertEquals(3, wait.size());
        assertTrue(((String) wait.get(2).get("source")).startsWith("«SEQMC» §1.2"));
        Map<String, Object> bg = conflict("ldweights-bg-xpose-width");
        assertEquals(2, ((List<?>) bg.get("readings")).size());
        assertTrue(((String) bg.get("emitted")).startsWith("one byte"), bg.toString());
        assertTrue(((String) ((List<Map<String, Object>>) bg.get("readings")).get(0).get("source")).startsWith("«XGEN» §2.4 QUIRK"));
    }

    /** The data level's citations: NKI's pages give softplus's and mish's formulas, and copy takes the scale and bias. */
    @Test
    void theDataLevelCitesNkisFormulas() {
        String functions = tpb.data.DataAssumptions.ALL.stream().filter(d -> d.what().startsWith("ACTIVATE's functions")).findFirst()
                .orElseThrow().evidence();
        assertTrue(functions.contains("softplus (nki.language.softplus: log(1 + exp(x)))"), functions);
        assertTrue(functions.contains("mish (nki.language.mish: x * tanh(softplus(x)))"), functions);
        assertTrue(tpb.data.DataAssumptions.ALL.stream().anyMatch(d -> d.what().startsWith("ACTIVATE copy is the identity after the scale and bias")));
    }
}
