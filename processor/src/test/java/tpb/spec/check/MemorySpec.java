package tpb.spec.check;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tpb.spec.load.LoadResult;
import tpb.spec.load.SpecFiles;
import tpb.spec.load.SpecLoader;
import tpb.spec.model.ArmDef;
import tpb.spec.model.IsaModel;

/**
 * A small ISA spec held in memory and loaded through {@link SpecLoader} — the path the processor
 * and {@code tpb check-spec} share — without javac, so a check's test costs milliseconds and a
 * mutation run can afford to run every one of them per mutant. {@code DiagnosticsTest} checks the
 * same diagnostics once through the processor.
 *
 * <p>The base spec is a test ISA, not the TPB one: 8-byte little-endian records, the opcode at +0
 * (u8, enum Op: Nop 1, Load 2), arm Load with {@code kind} at +1 (u8 through LUT KindWire: lt 0x10,
 * ge 0x11), {@code reg} at +2 (u8) and {@code imm} at +4..+7 (u32, ending at the record's last
 * byte), and one example, {@code e1}, setting all three.
 */
final class MemorySpec {
    static final String ROOT = """
            isa: t
            source: {ref: test, confidence: ASSUMED}
            record:
              size: 8
              endian: little
              stride: 8
              opcode: {at: 0, enum: Op}
              preamble:
                - {name: op, at: 0, type: u8, enum: Op}
              source: {ref: test, confidence: ASSUMED}
            include:
              - defs.yaml
            """;

    static final String DEFS = """
            enum: Op
            type: u8
            source: {ref: test, confidence: ASSUMED}
            values:
              - {name: Nop, value: 1}
              - {name: Load, value: 2}
            ---
            enum: Kind
            type: u8
            source: {ref: test, confidence: ASSUMED}
            values:
              - {name: lt, value: 0}
              - {name: ge, value: 1}
            ---
            lut: Neg
            from: Kind
            to: Kind
            involution: true
            source: {ref: test, confidence: ASSUMED}
            entries: {lt: ge, ge: lt}
            ---
            lut: KindWire
            from: Kind
            to: u8
            source: {ref: test, confidence: ASSUMED}
            entries: {lt: 0x10, ge: 0x11}
            ---
            arm: Load
            opcode: Load
            struct: LD
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: kind, at: 1, type: u8, lut: KindWire}
              - {name: reg, at: 2, type: u8}
              - {name: imm, at: 4, type: u32}
            examples:
              - name: e1
                fields: {kind: ge, reg: 3, imm: 5}
                bytes: {0: "02 11 03 00 05"}
            ---
            arch: A
            generation: 1
            source: {ref: test, confidence: ASSUMED}
            opcodes: {enum: Op, source: {ref: test, confidence: ASSUMED}}
            """;

    /** Arm Load's fields and example, as {@code DEFS} writes them: a test replaces them whole. */
    static final String LOAD_BODY = """
            fields:
              - {name: kind, at: 1, type: u8, lut: KindWire}
              - {name: reg, at: 2, type: u8}
              - {name: imm, at: 4, type: u32}
            examples:
              - name: e1
                fields: {kind: ge, reg: 3, imm: 5}
                bytes: {0: "02 11 03 00 05"}
            """;

    /** A second arm, opcode Nop (1), one u8 field at +1 set by its example. */
    static final String NOP = """
            ---
            arm: Nop
            opcode: Nop
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: a, at: 1, type: u8}
            examples:
              - {name: n1, fields: {a: 7}, bytes: {0: "01 07"}}
            """;

    private final Map<String, String> files = new LinkedHashMap<>();

    static MemorySpec base() {
        return new MemorySpec().with("isa.yaml", ROOT).with("defs.yaml", DEFS);
    }

    MemorySpec with(String file, String text) {
        files.put(file, text);
        return this;
    }

    /** Appends documents (starting with "---") to {@code defs.yaml}. */
    MemorySpec append(String text) {
        return with("defs.yaml", files.get("defs.yaml") + text);
    }

    /** Replaces the first occurrence of {@code from} in {@code file}; fails if it is absent. */
    MemorySpec edit(String file, String from, String to) {
        String text = files.get(file);
        if (!text.contains(from)) {
            throw new IllegalArgumentException(file + " has no '" + from + "'");
        }
        files.put(file, text.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to)));
        return this;
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

    /** {@code file:line:column} of the {@code nth} (from 1) occurrence of {@code snippet} in {@code file}. */
    String at(String file, String snippet, int nth) {
        String text = files.get(file);
        int idx = -1;
        for (int i = 0; i < nth; i++) {
            idx = text.indexOf(snippet, idx + 1);
            if (idx < 0) {
                throw new IllegalArgumentException(file + " has no occurrence " + nth + " of '" + snippet + "'");
            }
        }
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < idx; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return file + ":" + line + ":" + (idx - lineStart + 1);
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
