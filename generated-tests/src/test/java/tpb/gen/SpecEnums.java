package tpb.gen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * An enum's value names as the shipped spec lists them, read from its YAML with a plain YAML
 * parser (not the processor's loader): what a test compares a generated enum with, so that no
 * test pins how many values the spec happens to hold today.
 */
final class SpecEnums {
    static final Path SPEC = Path.of(System.getProperty("user.dir")).getParent().resolve("isa-spec/src/main/resources/isa/tpb");

    private SpecEnums() {
    }

    /** The {@code name}s of enum {@code name}'s {@code values}, in file order, from {@code file} (relative to the TPB spec). */
    static List<String> names(String file, String name) {
        String text;
        try {
            text = Files.readString(SPEC.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Object doc : new Load(LoadSettings.builder().build()).loadAllFromString(text)) {
            if (doc instanceof Map<?, ?> m && name.equals(m.get("enum"))) {
                List<String> names = new ArrayList<>();
                for (Object v : (List<?>) m.get("values")) {
                    names.add((String) ((Map<?, ?>) v).get("name"));
                }
                return names;
            }
        }
        throw new AssertionError("no enum " + name + " in " + SPEC.resolve(file));
    }
}
