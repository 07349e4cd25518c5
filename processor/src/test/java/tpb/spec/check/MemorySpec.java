package tpb.spec.check;

import java.util.List;
import java.util.Optional;
import tpb.spec.SpecDraft;
import tpb.spec.load.LoadResult;
import tpb.spec.load.SpecFiles;
import tpb.spec.load.SpecLoader;
import tpb.spec.model.ArmDef;
import tpb.spec.model.IsaModel;

/**
 * A small ISA spec held in memory and loaded through {@link SpecLoader} — the path the processor
 * and {@code tpb check-spec} share — without javac, so a check's test costs milliseconds and a
 * mutation run can afford to run every one of them per mutant. {@code DiagnosticsTest} checks the
 * same diagnostics once through the processor. The base spec is {@link SpecDraft#ROOT} and
 * {@link SpecDraft#DEFS}; {@link SpecDraft#LOAD_BODY} is arm Load's fields and example in it.
 */
final class MemorySpec extends SpecDraft<MemorySpec> {
    /** The last of arm Load's fields, after which {@link #withField} inserts. */
    private static final String IMM = "  - {name: imm, at: 4, type: u32}\n";

    /** A 1-byte group G: one u8 field x at +0. */
    static final String GROUP = """
            ---
            group: G
            size: 1
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: x, at: 0, type: u8}
            """;

    /** The loader's message, after {@code file:line:column}, for a field of the unknown type u9. */
    static final String U9_ERROR = ": unknown field type 'u9'; expected one of [u8, u16, u32, u64, i8, i16, i32, i64, char, bytes]";

    static MemorySpec base() {
        return new MemorySpec().with("isa.yaml", ROOT).with("defs.yaml", DEFS);
    }


    /** Appends documents (starting with "---") to {@code defs.yaml}. */
    MemorySpec append(String text) {
        return with("defs.yaml", files.get("defs.yaml") + text);
    }


    /** Adds {@code fields} (each one flow mapping) to arm Load's fields, after imm, in order. */
    MemorySpec withField(String... fields) {
        StringBuilder added = new StringBuilder(IMM);
        for (String f : fields) {
            added.append("  - ").append(f).append('\n');
        }
        return edit(IMM, added.toString());
    }

    /**
     * Gives arm Load a view V: {@code lines} follow its {@code source:}, indented four spaces
     * ({@code "    fields:\n      - ...\n"}).
     */
    MemorySpec withView(String lines) {
        return edit("---\narch: A", "views:\n  - view: V\n    source: {ref: test, confidence: ASSUMED}\n" + lines + "---\narch: A");
    }

    /** Edits {@code defs.yaml}. */
    MemorySpec edit(String from, String to) {
        return edit("defs.yaml", from, to);
    }

    LoadResult load() {
        return SpecLoader.load("isa.yaml", new SpecFiles() {
            @Override
            public Optional<String> read(String path) {
                return Optional.ofNullable(files.get(path));
            }

            @Override
            public String where(String path) {
                return "memory";
            }
        });
    }

    /** Every diagnostic, as {@code file:line:column: message}, in file order. */
    List<String> errors() {
        return load().diagnostics().sorted().stream().map(Object::toString).toList();
    }

    /** The model of a spec that must load without an error. */
    IsaModel model() {
        LoadResult r = load();
        if (!r.ok()) {
            throw new AssertionError("the spec does not load cleanly: " + r.diagnostics().sorted());
        }
        return r.model();
    }

    static ArmDef arm(IsaModel model, String name) {
        return model.arm(name).orElseThrow();
    }


    /** Where {@code snippet} first occurs in {@code defs.yaml}. */
    String at(String snippet) {
        return at("defs.yaml", snippet, 1);
    }

    /** Where the {@code nth} (from 1) {@code snippet} occurs in {@code defs.yaml}. */
    String at(String snippet, int nth) {
        return at("defs.yaml", snippet, nth);
    }
}
