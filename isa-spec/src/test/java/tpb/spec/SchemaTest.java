package tpb.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/** Every shipped spec file points editors at the JSON Schema, and every document in it passes. */
class SchemaTest {
    static final Path SPECS = Path.of("src/main/resources/isa");
    static final Path MINI = Path.of("../generated-tests/src/test/resources/isa");
    static final ObjectMapper JSON = new ObjectMapper();

    static JsonSchema schema() throws Exception {
        try (InputStream in = Files.newInputStream(SPECS.resolve("schema/isa-spec.schema.json"))) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
        }
    }

    static List<Path> yamlFiles() throws Exception {
        List<Path> out = new ArrayList<>();
        for (Path root : List.of(SPECS, MINI)) {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(out::add);
            }
        }
        return out;
    }

    /** YAML (Core schema: 0xA8 is a number) to JSON; mapping keys become strings as JSON requires. */
    static Object jsonable(Object o) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put(String.valueOf(k), jsonable(v)));
            return out;
        }
        if (o instanceof List<?> l) {
            return l.stream().map(SchemaTest::jsonable).toList();
        }
        return o;
    }

    @Test
    void everySpecDocumentMatchesTheSchema() throws Exception {
        JsonSchema schema = schema();
        List<Path> files = yamlFiles();
        assertTrue(files.size() >= 20, files.toString());
        int documents = 0;
        for (Path f : files) {
            String text = Files.readString(f);
            assertTrue(text.startsWith("# yaml-language-server: $schema="), f + " does not name the schema");
            String ref = text.lines().findFirst().orElseThrow().substring("# yaml-language-server: $schema=".length());
            assertTrue(Files.exists(f.getParent().resolve(ref).normalize()), f + ": $schema " + ref + " does not resolve");
            Load load = new Load(LoadSettings.builder().setSchema(new CoreSchema()).build());
            for (Object doc : load.loadAllFromString(text)) {
                JsonNode node = JSON.valueToTree(jsonable(doc));
                Set<ValidationMessage> errors = schema.validate(node);
                assertEquals(Set.of(), errors, f + ": " + node.fieldNames().next());
                documents++;
            }
        }
        assertTrue(documents > 60, "documents: " + documents);
    }

    @Test
    void theSchemaRejectsWhatTheLoaderRejects() throws Exception {
        JsonSchema schema = schema();
        String[] bad = {
            "{arm: X, opcode: AluOp, source: {ref: r, confidence: SURE}, fields: []}",
            "{arm: X, opcode: AluOp, source: {ref: r, confidence: STRONG}, fields: [], strcut: Y}",
            "{enum: E, type: u128, source: {ref: r, confidence: STRONG}, values: []}",
            "{arm: X, opcode: AluOp, source: {ref: r, confidence: STRONG}, fields: [{name: a, at: 1}]}",
        };
        for (String b : bad) {
            Object doc = new Load(LoadSettings.builder().setSchema(new CoreSchema()).build()).loadFromString(b);
            assertFalse(schema.validate(JSON.valueToTree(jsonable(doc))).isEmpty(), b);
        }
    }
}
