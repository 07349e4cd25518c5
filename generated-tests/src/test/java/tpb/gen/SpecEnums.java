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

    /**
     * How many values of enum {@code name} in {@code file} live in {@code generation} (since <= it <=
     * until; absent since/until: always) and carry none of {@code excluded} tags: a profile's legal set.
     */
    static long live(String file, String name, int generation, List<String> excluded) {
        long n = 0;
        for (Map<?, ?> v : values(file, name)) {
            int since = v.get("since") == null ? Integer.MIN_VALUE : ((Number) v.get("since")).intValue();
            int until = v.get("until") == null ? Integer.MAX_VALUE : ((Number) v.get("until")).intValue();
            List<?> tags = v.get("tags") == null ? List.of() : (List<?>) v.get("tags");
            if (since <= generation && generation <= until && tags.stream().noneMatch(excluded::contains)) {
                n++;
            }
        }
        return n;
    }

    /** The {@code opcodes.exclude_tags} of arch profile {@code arch} in arch/profiles.yaml. */
    static List<String> excludeTags(String arch) {
        for (Object doc : docs("arch/profiles.yaml")) {
            if (doc instanceof Map<?, ?> m && arch.equals(m.get("arch")) && m.get("opcodes") instanceof Map<?, ?> o) {
                List<String> tags = new ArrayList<>();
                if (o.get("exclude_tags") instanceof List<?> l) {
                    l.forEach(t -> tags.add((String) t));
                }
                return tags;
            }
        }
        throw new AssertionError("no arch profile " + arch);
    }

    private static List<Map<?, ?>> values(String file, String name) {
        for (Object doc : docs(file)) {
            if (doc instanceof Map<?, ?> m && name.equals(m.get("enum"))) {
                List<Map<?, ?>> out = new ArrayList<>();
                ((List<?>) m.get("values")).forEach(v -> out.add((Map<?, ?>) v));
                return out;
            }
        }
        throw new AssertionError("no enum " + name + " in " + SPEC.resolve(file));
    }

    private static Iterable<Object> docs(String file) {
        try {
            return new Load(LoadSettings.builder().build()).loadAllFromString(Files.readString(SPEC.resolve(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
