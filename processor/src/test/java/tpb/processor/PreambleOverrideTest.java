package tpb.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;

/**
 * An arm's {@code overrides:} (PseudoExtension's inst_word_len 0 in the TPB spec): a mini spec whose
 * preamble holds two constants, {@code head.len} = 4 inside group H and {@code ver} = 7 directly, and
 * whose arm Nop holds them at 0 and 9. The compiled codecs are run: each arm decodes, encodes,
 * validates and resets with its own values, and refuses the other arm's.
 */
class PreambleOverrideTest {
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
                - {name: head, at: 1, group: H}
                - {name: ver, at: 2, type: u8, const: 7}
              source: {ref: test, confidence: ASSUMED}
            include:
              - defs.yaml
            """;

    static final String OVERRIDES = """
            overrides:
              - {field: head.len, const: 0, doc: "not fetched", source: {ref: "real records", confidence: INFERRED}}
              - {field: ver, const: 9, source: {ref: test, confidence: ASSUMED}}
            """;

    static final String DEFS = """
            enum: Op
            type: u8
            source: {ref: test, confidence: ASSUMED}
            values:
              - {name: Nop, value: 1}
              - {name: Load, value: 2}
            ---
            group: H
            size: 1
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: len, at: 0, type: u8, const: 4}
            ---
            arm: Load
            opcode: Load
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: reg, at: 3, type: u8}
            examples:
              - {name: l1, fields: {reg: 5}, bytes: {0: "02 04 07 05"}}
            ---
            arm: Nop
            opcode: Nop
            source: {ref: test, confidence: ASSUMED}
            """ + OVERRIDES + """
            fields:
              - {name: a, at: 3, type: u8}
            examples:
              - {name: n1, fields: {a: 6}, bytes: {0: "01 00 09 06"}}
            """;

    private static SpecCompiler spec() {
        return new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", DEFS);
    }

    private static byte[] hex(String s) {
        return Arrays.copyOf(HexFormat.ofDelimiter(" ").parseHex(s), 8);
    }

    /** What {@code decode} of {@code type} says of {@code bytes}: the record's encoding back, or the exception's message. */
    private static String decode(ClassLoader l, String type, byte[] bytes) throws Exception {
        Class<?> t = l.loadClass("t." + type);
        try {
            Object r = t.getMethod("decode", byte[].class, int.class).invoke(null, bytes, 0);
            return HexFormat.ofDelimiter(" ").formatHex((byte[]) t.getMethod("toBytes").invoke(r));
        } catch (InvocationTargetException e) {
            return e.getCause().getMessage();
        }
    }

    private static String violations(ClassLoader l, byte[] bytes) throws Exception {
        Object list = l.loadClass("t.Validator").getMethod("validate", byte[].class, int.class).invoke(null, bytes, 0);
        return list.toString();
    }

    @Test
    void eachArmDecodesEncodesAndValidatesWithItsOwnConstants() throws Exception {
        Compilation c = spec().compile("isa.yaml");
        assertThat(c).succeededWithoutWarnings();
        ClassLoader l = SpecCompiler.load(c);
        // Nop: its own 0 and 9 round-trip; the preamble's 4 and 7 are refused, by decode and by the validator
        assertEquals("01 00 09 06 00 00 00 00", decode(l, "NopRecord", hex("01 00 09 06")));
        assertEquals("len must be 0", decode(l, "NopRecord", hex("01 04 09 06")));
        assertEquals("ver must be 9", decode(l, "NopRecord", hex("01 00 07 06")));
        assertEquals("[]", violations(l, hex("01 00 09 06")));
        assertEquals("[record 0 (+0x01) head.len: const: expected 0x0, found 4, record 0 (+0x02) ver: const: expected 0x9, found 7]",
                violations(l, hex("01 04 07 06")));
        // Load keeps the preamble's: the shared check still holds it, and Nop's values are refused
        assertEquals("02 04 07 05 00 00 00 00", decode(l, "LoadRecord", hex("02 04 07 05")));
        assertEquals("len must be 4", decode(l, "LoadRecord", hex("02 00 07 05")));
        assertEquals("[]", violations(l, hex("02 04 07 05")));
        assertEquals("[record 0 (+0x01) head.len: const: expected 0x4, found 0, record 0 (+0x02) ver: const: expected 0x7, found 9]",
                violations(l, hex("02 00 09 05")));
        // the group's own decodeAt still insists on its constant; the reset image holds the arm's
        Class<?> h = l.loadClass("t.H");
        InvocationTargetException e = org.junit.jupiter.api.Assertions.assertThrows(InvocationTargetException.class,
                () -> h.getMethod("decodeAt", byte[].class, int.class).invoke(null, hex("01 00"), 1));
        assertEquals("len must be 4", e.getCause().getMessage());
        Class<?> fw = l.loadClass("t.NopFlyweight");
        Object f = fw.getConstructor().newInstance();
        byte[] b = hex("ff ff ff ff ff ff ff ff");
        fw.getMethod("wrap", byte[].class, int.class).invoke(f, b, 0);
        fw.getMethod("reset").invoke(f);
        assertEquals("01 00 09 00 00 00 00 00", HexFormat.ofDelimiter(" ").formatHex(b));
        // the field metadata says whose constant it is
        String fields = fw.getField("FIELDS").get(null).toString();
        assertTrue(fields.contains("head.len") && fields.contains("Const[value=0]") && fields.contains("real records"), fields);
    }

    /** Compiles, expects exactly the given errors (and the summary line), each at its file:line:column. */
    private static void expect(SpecCompiler s, String... errors) {
        Compilation c = s.compile("isa.yaml");
        assertThat(c).failed();
        List<String> got = c.errors().stream().map(d -> d.getMessage(null)).filter(m -> !m.contains("error(s) in the ISA spec"))
                .collect(Collectors.toList());
        assertEquals(List.of(errors), got, c.diagnostics().stream().map(Diagnostic::toString).collect(Collectors.joining("\n")));
    }

    @Test
    void anOverrideNamesAConstantOfThePreambleOnceAndFits() {
        String[][] cases = {
            {"field: ver, const: 9", "field: op, const: 9", "op, const: 9", "it is no constant of the record preamble (only a 'const' field can be overridden)"},
            {"field: ver, const: 9", "field: vers, const: 9", "vers, const", "the record preamble has no such field"},
            {"field: ver, const: 9", "field: ver, const: 300", "ver, const: 300", "value 300 does not fit u8"},
            {"field: ver, const: 9", "field: head.len, const: 9", "head.len, const: 9", "it is overridden twice"},
            {"field: ver, const: 9", "field: head.len.x, const: 9", "head.len.x", "only a constant of the preamble, or of a group placed in it, can be overridden"},
        };
        for (String[] k : cases) {
            SpecCompiler s = spec().edit("defs.yaml", k[0], k[1]);
            String path = k[1].substring("field: ".length(), k[1].indexOf(','));
            expect(s, s.at("defs.yaml", k[2]) + ": arm 'Nop': override of '" + path + "': " + k[3]);
        }
        SpecCompiler select = spec().edit("defs.yaml", "opcode: Nop\n", "opcode: Nop\nselect: {at: 3, type: u8, equals: 6}\n");
        expect(select, select.at("defs.yaml", "head.len, const: 0") + ": arm 'Nop': override of 'head.len': the arm shares its opcode"
                + " (it has a 'select'); the validator tells overrides apart by opcode alone",
                select.at("defs.yaml", "ver, const: 9") + ": arm 'Nop': override of 'ver': the arm shares its opcode"
                + " (it has a 'select'); the validator tells overrides apart by opcode alone");
    }
}
