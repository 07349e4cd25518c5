package tpb.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import tpb.spec.load.LoadResult;
import tpb.spec.load.SpecFiles;
import tpb.spec.load.SpecLoader;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YSeq;
import tpb.spec.yaml.YamlReader;

/**
 * The spec language's grammar is written twice — the JSON Schema editors validate against, and
 * the loader's key lists (each mapping it reads asks for the keys it may have) — so this test
 * holds them equal: every mapping of the shipped spec and the mini ISA is walked alongside the
 * schema, and where the schema closes a mapping ({@code additionalProperties: false}) its
 * properties must be exactly the keys the loader asked of that mapping.
 */
class GrammarTest {
    private final JsonNode schema;
    private final Map<Pos, Set<String>> asked = new HashMap<>();
    private final Set<String> compared = new TreeSet<>();
    private final List<String> differences = new ArrayList<>();

    GrammarTest() throws Exception {
        schema = SchemaTest.JSON.readTree(SchemaTest.SPECS.resolve("schema/isa-spec.schema.json").toFile());
    }

    @Test
    void theSchemaAndTheLoaderKnowTheSameKeys() throws Exception {
        check(SchemaTest.SPECS, "tpb/isa.yaml");
        check(SchemaTest.MINI, "mini/isa.yaml");
        assertEquals(List.of(), differences, "schema and loader disagree");
        // the comparison reached every closed mapping of the language, not a few
        assertTrue(compared.containsAll(List.of("root", "root/record", "root/record/opcode", "enum", "enum/values", "lut",
                "group", "check", "arm", "arm/select", "arm/views", "field", "bit", "example", "guard", "guardCondition", "arch",
                "arch/opcodes", "arch/opcodes/masks", "arch/constants", "conflict", "conflict/readings", "feature",
                "feature/set_by", "feature/required_by", "stage", "source")), compared.toString());
    }

    private void check(Path dir, String root) throws Exception {
        List<MapView> views = new ArrayList<>();
        LoadResult r = SpecLoader.load(root, SpecFiles.directory(dir), views::add);
        assertTrue(r.ok(), () -> r.diagnostics().sorted().toString());
        for (MapView v : views) {
            asked.computeIfAbsent(v.pos(), p -> new TreeSet<>()).addAll(v.asked());
        }
        for (String file : r.model().files()) {
            for (YNode doc : YamlReader.read(file, Files.readString(dir.resolve(file)), new Diagnostics())) {
                YMap m = (YMap) doc;
                String kind = m.has("isa") ? "root" : m.entries().get(0).key();
                walk(doc, schema.at("/definitions/" + kind), kind);
            }
        }
    }

    /** Walks {@code n} with its schema {@code s}; {@code name} says where in the grammar it is ("arm/views"). */
    private void walk(YNode n, JsonNode s, String name) {
        if (s.has("$ref")) {
            String ref = s.get("$ref").asText();
            walk(n, schema.at(ref.substring(1)), ref.substring(ref.lastIndexOf('/') + 1));
            return;
        }
        if (s.has("oneOf") && !s.has("properties") && !s.has("items")) {
            // a mapping may take the keys of any mapping alternative ({below: N} or {in: apertures})
            ObjectNode merged = SchemaTest.JSON.createObjectNode();
            ObjectNode properties = merged.putObject("properties");
            for (JsonNode alt : s.get("oneOf")) {
                if (alt.has("$ref")) {
                    walk(n, alt, name);
                    return;
                }
                if (alt.has("properties")) {
                    properties.setAll((ObjectNode) alt.get("properties"));
                    merged.put("additionalProperties", false);
                }
            }
            if (n instanceof YMap && merged.has("additionalProperties")) {
                walk(n, merged, name);
            }
            return;
        }
        if (n instanceof YSeq seq && s.has("items")) {
            seq.items().forEach(item -> walk(item, s.get("items"), name));
        } else if (n instanceof YMap m) {
            compareKeys(m, s, name);
            for (YMap.Entry e : m.entries()) {
                JsonNode child = s.path("properties").get(e.key());
                if (child == null && s.path("additionalProperties").isObject()) {
                    child = s.get("additionalProperties");
                }
                if (child != null) {
                    walk(e.value(), child, child == s.get("additionalProperties") ? name : name + "/" + e.key());
                }
            }
        }
    }

    private void compareKeys(YMap m, JsonNode s, String name) {
        Set<String> loader = asked.get(m.pos());
        if (!s.has("properties") || !s.path("additionalProperties").isBoolean() || loader == null) {
            return;
        }
        Set<String> inSchema = new TreeSet<>();
        for (Iterator<String> it = s.get("properties").fieldNames(); it.hasNext(); ) {
            inSchema.add(it.next());
        }
        compared.add(name);
        if (!inSchema.equals(loader)) {
            Set<String> onlySchema = new TreeSet<>(inSchema);
            onlySchema.removeAll(loader);
            Set<String> onlyLoader = new TreeSet<>(loader);
            onlyLoader.removeAll(inSchema);
            String d = name + ": only in the schema " + onlySchema + ", only in the loader " + onlyLoader;
            if (!differences.contains(d)) {
                differences.add(d);
            }
        }
    }
}
