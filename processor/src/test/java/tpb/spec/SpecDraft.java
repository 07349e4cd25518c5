package tpb.spec;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Spec files a test holds as text, edited in place and located by snippet, so a test can state
 * the exact {@code file:line:column} a diagnostic must carry. {@code MemorySpec} loads them in
 * memory (the checks' tests), {@code SpecCompiler} writes them out and runs the processor
 * through javac ({@code DiagnosticsTest}).
 *
 * <p>{@link #ROOT} and {@link #DEFS} are the base test ISA both start from — not the TPB one: 8-byte
 * little-endian records, the opcode at +0 (u8, enum Op: Nop 1, Load 2), arm Load with {@code kind}
 * at +1 (u8 through LUT KindWire: lt 0x10, ge 0x11), {@code reg} at +2 (u8) and {@code imm} at
 * +4..+7 (u32, ending at the record's last byte), and one example, {@code e1}, setting all three.
 */
public abstract class SpecDraft<S extends SpecDraft<S>> {
    public static final String ROOT = """
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

    /** Arm Load's fields and example, as {@link #DEFS} writes them: a test may replace them whole. */
    public static final String LOAD_BODY = """
            fields:
              - {name: kind, at: 1, type: u8, lut: KindWire}
              - {name: reg, at: 2, type: u8}
              - {name: imm, at: 4, type: u32}
            examples:
              - name: e1
                fields: {kind: ge, reg: 3, imm: 5}
                bytes: {0: "02 11 03 00 05"}
            """;

    public static final String DEFS = """
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
            """ + LOAD_BODY + """
            ---
            arch: A
            generation: 1
            source: {ref: test, confidence: ASSUMED}
            opcodes: {enum: Op, source: {ref: test, confidence: ASSUMED}}
            """;

    /** A second arm, opcode Nop (1), one u8 field at +1 set by its example, independent of arm Load's layout. */
    public static final String NOP = """
            ---
            arm: Nop
            opcode: Nop
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: a, at: 1, type: u8}
            examples:
              - {name: n1, fields: {a: 7}, bytes: {0: "01 07"}}
            """;

    /** The files by path, in the order first given. */
    protected final Map<String, String> files = new LinkedHashMap<>();

    @SuppressWarnings("unchecked")
    private S self() {
        return (S) this;
    }

    public S with(String file, String text) {
        files.put(file, text);
        return self();
    }

    /** Replaces the first occurrence of {@code from} in {@code file}; fails if it is absent. */
    public S edit(String file, String from, String to) {
        String text = files.get(file);
        if (!text.contains(from)) {
            throw new IllegalArgumentException(file + " has no '" + from + "'");
        }
        files.put(file, text.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to)));
        return self();
    }

    /** {@code file:line:column} of the {@code nth} (from 1) occurrence of {@code snippet} in {@code file}. */
    public String at(String file, String snippet, int nth) {
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
}
