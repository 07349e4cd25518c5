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
 * An {@code open: true} enum names values without restricting them, and a bit run's {@code enum:}
 * names the run's values: a mini spec whose arm Act holds {@code fn} (open enum Fn: exp 7, copy
 * 128), {@code mode} (closed enum Mode: a 0, b 1) and {@code pair}, a byte of two nibbles each
 * named by Mode. The compiled codecs are run: an id Fn does not name decodes, encodes and validates
 * like a named one, where the closed field refuses the same kind of value.
 */
class OpenEnumTest {
    static final String DEFS = """
            enum: Op
            type: u8
            source: {ref: test, confidence: ASSUMED}
            values:
              - {name: Nop, value: 1}
              - {name: Act, value: 2}
            ---
            enum: Fn
            type: u8
            open: true
            source: {ref: test, confidence: ASSUMED}
            values:
              - {name: exp, value: 7}
              - {name: copy, value: 128}
            ---
            enum: Mode
            type: u8
            source: {ref: test, confidence: ASSUMED}
            values:
              - {name: a, value: 0}
              - {name: b, value: 1}
            ---
            arm: Act
            opcode: Act
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: fn, at: 1, type: u8, enum: Fn}
              - {name: mode, at: 2, type: u8, enum: Mode}
              - name: pair
                at: 3
                type: u8
                bits:
                  - {name: lo, lsb: 0, width: 4, enum: Mode}
                  - {name: hi, lsb: 4, width: 4, enum: Mode}
            guards:
              - {field: fn, in: [exp, copy, 9], when: {field: mode, equals: b}, message: "mode b takes exp, copy or 9"}
            examples:
              - {name: named, fields: {fn: exp, mode: b, pair: 0x10}, bytes: {0: "02 07 01 10"}}
              - {name: unnamed, fields: {fn: 9}, bytes: {0: "02 09"}}
            """;

    private static SpecCompiler spec() {
        return new SpecCompiler().with("isa.yaml", tpb.spec.SpecDraft.ROOT).with("defs.yaml", DEFS);
    }

    private static byte[] hex(String s) {
        return Arrays.copyOf(HexFormat.ofDelimiter(" ").parseHex(s), 8);
    }

    /** What {@code ActRecord.decode} says of {@code bytes}: the record's encoding back, or the exception's message. */
    private static String decode(ClassLoader l, byte[] bytes) throws Exception {
        Class<?> t = l.loadClass("t.ActRecord");
        try {
            Object r = t.getMethod("decode", byte[].class, int.class).invoke(null, bytes, 0);
            return HexFormat.ofDelimiter(" ").formatHex((byte[]) t.getMethod("toBytes").invoke(r));
        } catch (InvocationTargetException e) {
            return e.getCause().getMessage();
        }
    }

    private static String violations(ClassLoader l, byte[] bytes) throws Exception {
        return l.loadClass("t.Validator").getMethod("validate", byte[].class, int.class).invoke(null, bytes, 0).toString();
    }

    @Test
    void anOpenEnumsFieldHoldsAnyNumberAndItsNamesStayNames() throws Exception {
        Compilation c = spec().compile("isa.yaml");
        assertThat(c).succeededWithoutWarnings();
        ClassLoader l = SpecCompiler.load(c);
        // 0x05 is no value of Fn: the record decodes and encodes it back, and the validator accepts it
        assertEquals("02 05 00 00 00 00 00 00", decode(l, hex("02 05")));
        assertEquals("[]", violations(l, hex("02 05")));
        // the closed enum's field refuses its unnamed 5, in decode and in the validator
        assertEquals("mode: 5 is not a value of Mode", decode(l, hex("02 07 05")));
        assertEquals("[record 0 (+0x02) mode: enum: 5 is not a value of Mode]", violations(l, hex("02 07 05")));
        // the record holds the open field as a number, the closed one as its enum
        Class<?> record = l.loadClass("t.ActRecord");
        assertEquals(int.class, record.getMethod("fn").getReturnType());
        assertEquals("t.Mode", record.getMethod("mode").getReturnType().getName());
        // the guard's values were named through Fn (exp 7, copy 128) and one given as a number
        assertEquals("[]", violations(l, hex("02 80 01")));
        assertEquals("[record 0 (+0x01) fn: guard: mode b takes exp, copy or 9]", violations(l, hex("02 05 01")));
        // the open enum is still an enum: its names for tools, every number from fromValue's refusal aside
        Class<?> fn = l.loadClass("t.Fn");
        assertEquals("EXP", fn.getMethod("fromValue", long.class).invoke(null, 7L).toString());
        // the field metadata: Named for the open field; the bit runs with the enum that names them
        String fields = l.loadClass("t.ActFlyweight").getField("FIELDS").get(null).toString();
        assertTrue(fields.contains("name=fn") && fields.contains("encoding=Named[table=Fn]"), fields);
        assertTrue(fields.contains("bits=[Bits[name=lo, lsb=0, width=4, table=Mode], Bits[name=hi, lsb=4, width=4, table=Mode]]"), fields);
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
    void anOpenEnumsExampleNamesOnlyItsValuesAndABitRunsEnumMustExist() {
        SpecCompiler name = spec().edit("defs.yaml", "fields: {fn: exp, mode: b", "fields: {fn: exq, mode: b");
        expect(name, name.at("defs.yaml", "fn: exq") + ": example 'named': field 'fn': 'exq' is not a value of enum Fn");
        SpecCompiler bit = spec().edit("defs.yaml", "width: 4, enum: Mode}\n      - {name: hi", "width: 4, enum: Mood}\n      - {name: hi");
        expect(bit, bit.at("defs.yaml", "Mood") + ": unknown enum 'Mood'; did you mean 'Mode'?");
    }
}
