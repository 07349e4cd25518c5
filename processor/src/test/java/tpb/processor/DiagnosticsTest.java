package tpb.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tpb.spec.SpecDraft.DEFS;
import static tpb.spec.SpecDraft.LOAD_BODY;
import static tpb.spec.SpecDraft.NOP;
import static tpb.spec.SpecDraft.ROOT;

import com.google.testing.compile.Compilation;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * One small broken spec per diagnostic, each asserting the file, the line, the column and the
 * message the processor reports, that nothing is generated, and that no stack trace leaks.
 */
class DiagnosticsTest {
    private static SpecCompiler spec() {
        return new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", DEFS);
    }

    /** Compiles, expects exactly the given errors (plus the summary line), and nothing generated. */
    private static void expect(SpecCompiler s, String... errors) {
        Compilation c = s.compile("isa.yaml");
        assertThat(c).failed();
        List<String> messages = c.errors().stream().map(d -> d.getMessage(null)).collect(Collectors.toList());
        for (String e : errors) {
            assertTrue(messages.contains(e), () -> "missing error\n  " + e + "\nreported:\n  " + String.join("\n  ", messages));
        }
        assertEquals(errors.length + 1, messages.size(), () -> "reported:\n  " + String.join("\n  ", messages));
        assertEquals("isa.yaml: " + errors.length + " error(s) in the ISA spec; nothing was generated", messages.get(messages.size() - 1));
        assertTrue(messages.stream().noneMatch(m -> m.contains("Exception") || m.contains("\tat ")), "stack trace leaked");
    }

    @Test
    void theBaseSpecIsClean() {
        Compilation c = spec().compile("isa.yaml");
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("t.LoadRecord").contentsAsUtf8String()
                .contains("public record LoadRecord(Kind kind, int reg, long imm) implements Instruction {");
        assertThat(c).generatedSourceFile("t.LoadRecord").contentsAsUtf8String().contains(String.join("\n",
                "        b[at] = (byte) (OPCODE);",
                "        b[at + 1] = (byte) (KindWire.encode(this.kind));",
                "        b[at + 2] = (byte) (this.reg);",
                "        LittleEndian.put32(b, at + 4, this.imm);"));
        assertThat(c).generatedSourceFile("t.LoadFlyweight").contentsAsUtf8String().contains(String.join("\n",
                "    public static long imm(byte[] buffer, int offset) {",
                "        return LittleEndian.u32(buffer, offset + IMM_OFFSET);",
                "    }"));
        assertThat(c).generatedSourceFile("t.LoadFlyweight").contentsAsUtf8String().contains(String.join("\n",
                "    public long imm() {",
                "        return buffer != null ? imm(buffer, offset) : LittleEndianMemory.u32(memory, address + IMM_OFFSET);",
                "    }")); // the static reader over the array, or a direct buffer's memory
        assertThat(c).generatedSourceFile("t.KindWire").contentsAsUtf8String().contains("private static final long[] OUT = {0x10, 0x11};");
    }

    /** A syntax operand may name a whole group (written [a; b]), but only one whose fields can all be written. */
    @Test
    void aGroupOperandNeedsSettableFields() {
        SpecCompiler s = spec()
                .edit("defs.yaml", "arch: A", "group: G\nsize: 1\nsource: {ref: test, confidence: ASSUMED}\nfields:\n"
                        + "  - {name: pad, at: 0, type: u8, reserved: true}\n---\narch: A")
                .edit("defs.yaml", "  - {name: imm, at: 4, type: u32}\n", "  - {name: imm, at: 4, type: u32}\n  - {name: g, at: 3, group: G}\n"
                        + "syntax: \"load {g}, {h}\"\n");
        expect(s, "defs.yaml:37:9: arm 'Load': syntax: operand {g} is a group with fixed fields; it cannot be an operand",
                "defs.yaml:37:9: arm 'Load': syntax: operand {h} names no field");
    }

    /** A view with generation: is the arm's layout on that generation, so it must name an arch profile. */
    @Test
    void aGenerationViewNamesAnArchProfile() {
        SpecCompiler s = spec().edit("defs.yaml", "---\narch: A", "views:\n  - view: V\n    generation: B\n"
                + "    source: {ref: test, confidence: ASSUMED}\n    fields:\n      - {name: reg, at: 2, type: u8}\n"
                + "    examples:\n      - {name: v1, fields: {reg: 1}, bytes: {0: \"02 00 01\"}}\n---\narch: A");
        expect(s, "defs.yaml:41:5: view 'Load.V' is the layout of generation 'B', which is not an arch profile (A)");
    }

    @Test
    void aBrokenSpecWritesNothing() throws Exception {
        SpecCompiler s = spec().edit("defs.yaml", "struct: LD", "strcut: LD");
        Path dir = s.write();
        Path out = Files.createTempDirectory("gen");
        Path src = Files.createTempDirectory("src");
        Files.createDirectories(src.resolve("t"));
        Files.writeString(src.resolve("t/package-info.java"), "@tpb.codec.IsaSpec(\"isa.yaml\")\npackage t;\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter log = new StringWriter();
        StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null);
        boolean ok = javac.getTask(log, fm, null,
                List.of("-proc:only", "-Aisa.spec.dir=" + dir, "-s", out.toString(), "-d", out.toString()), null,
                fm.getJavaFileObjects(src.resolve("t/package-info.java")))
                .call();
        assertEquals(false, ok);
        try (Stream<Path> files = Files.walk(out)) {
            assertEquals(List.of(out), files.toList(), "a broken spec must leave no generated file");
        }
    }

    @Test
    void yamlSyntax() {
        SpecCompiler s = spec().edit("defs.yaml", "entries: {lt: ge, ge: lt}", "entries: {lt: ge, ge: lt");
        Compilation c = s.compile("isa.yaml");
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("defs.yaml:21:1: YAML syntax error: ");
    }

    @Test
    void duplicateKey() {
        SpecCompiler s = spec().edit("defs.yaml", "struct: LD\n", "struct: LD\nstruct: LX\n");
        String first = s.at("defs.yaml", "struct: LD").split(":")[1];
        expect(s, s.at("defs.yaml", "struct: LX") + ": duplicate key 'struct' (first at line " + first + ")");
    }

    @Test
    void unknownKeyWithSuggestion() {
        SpecCompiler s = spec().edit("defs.yaml", "struct: LD", "strcut: LD");
        expect(s, s.at("defs.yaml", "strcut") + ": unknown key 'strcut' in arm Load; did you mean 'struct'?");
    }

    @Test
    void missingRequiredKey() {
        SpecCompiler s = spec().edit("defs.yaml", "enum: Kind\ntype: u8\n", "enum: Kind\n");
        expect(s, s.at("defs.yaml", "enum: Kind") + ": enum Kind is missing required key 'type'");
    }

    @Test
    void badConfidence() {
        SpecCompiler s = spec().edit("defs.yaml", "struct: LD\nsource: {ref: test, confidence: ASSUMED}",
                "struct: LD\nsource: {ref: test, confidence: SURE}");
        expect(s, s.at("defs.yaml", "SURE") + ": confidence 'SURE' is not one of CONFIRMED, STRONG, INFERRED, SPECULATIVE, ASSUMED");
    }

    /** A source names the document a reader can open, not the issue or audit that asked for the fact. */
    @Test
    void sourceCitingAnIssueOrAnAudit() {
        SpecCompiler s = spec().edit("defs.yaml", "struct: LD\nsource: {ref: test, confidence: ASSUMED}",
                "struct: LD\nsource: {ref: \"seed000 §2.2, as issue 35's audit quotes it\", confidence: ASSUMED}");
        expect(s, s.at("defs.yaml", "\"seed000") + ": source cites 'issue 35', which is no document: name the page and "
                + "section the fact is read from");
        SpecCompiler audit = spec().edit("defs.yaml", "struct: LD\nsource: {ref: test, confidence: ASSUMED}",
                "struct: LD\nsource: {ref: \"the Audit of the spec\", confidence: ASSUMED}");
        expect(audit, audit.at("defs.yaml", "\"the Audit") + ": source cites 'Audit', which is no document: name the page and "
                + "section the fact is read from");
        // a row of a document's table ("facts §10 #5") and a word that holds "audit" (RecordAuditTest) are no such citation
        SpecCompiler row = spec().edit("defs.yaml", "struct: LD\nsource: {ref: test, confidence: ASSUMED}",
                "struct: LD\nsource: {ref: \"facts §10 #5; RecordAuditTest's count\", confidence: ASSUMED}");
        assertThat(row.compile("isa.yaml")).succeededWithoutWarnings();
    }

    static final String FEATURE = """
            ---
            feature: f_reg_set
            doc: "set when a Load names a register"
            source: {ref: test, confidence: ASSUMED}
            set_by: {arm: Load, field: reg}
            required_by:
              - {arm: Load, message: "assertion 7"}
            """;

    @Test
    void aFeatureBecomesModuleFeature() {
        Compilation c = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", DEFS + FEATURE).compile("isa.yaml");
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("t.ModuleFeature").contentsAsUtf8String().contains(String.join("\n",
                "        if (r instanceof LoadRecord x && x.reg() != 0) {",
                "            out.add(F_REG_SET);",
                "        }"));
        assertThat(c).generatedSourceFile("t.ModuleFeature").contentsAsUtf8String()
                .contains("if (this == F_REG_SET && arm.equals(\"Load\")) {");
    }

    @Test
    void aFeatureNamesArmsWithLayoutsAndAnIntegerField() {
        SpecCompiler arm = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", (DEFS + FEATURE).replace("set_by: {arm: Load,", "set_by: {arm: Lood,"));
        // at the offending value, not at 'feature:'
        expect(arm, arm.at("defs.yaml", "Lood") + ": feature 'f_reg_set' is set by arm 'Lood', which the spec does not define (or gives no layout); "
                + "did you mean 'Load'?");
        SpecCompiler field = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", (DEFS + FEATURE).replace("field: reg}", "field: kind}"));
        expect(field, field.at("defs.yaml", "kind}") + ": feature 'f_reg_set' is set by field 'kind' of arm Load, which is not one of its "
                + "integer fields [reg, imm]");
        SpecCompiler needer = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", (DEFS + FEATURE).replace("{arm: Load, message", "{arm: Store, message"));
        expect(needer, needer.at("defs.yaml", "Store, message") + ": feature 'f_reg_set' is required by arm 'Store', which the spec does not "
                + "define (or gives no layout)");
    }

    static final String STAGES = """
            ---
            stage: written
            doc: "as the compiler writes it"
            source: {ref: test, confidence: ASSUMED}
            rules: []
            ---
            stage: loaded
            source: {ref: test, confidence: ASSUMED}
            rules: [exit, final]
            """;

    @Test
    void stagesBecomeStage() {
        Compilation c = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", DEFS + STAGES).compile("isa.yaml");
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("t.Stage").contentsAsUtf8String().contains("WRITTEN(\"written\", List.of()),");
        assertThat(c).generatedSourceFile("t.Stage").contentsAsUtf8String().contains("LOADED(\"loaded\", List.of(\"exit\", \"final\"));");
    }

    @Test
    void aStageNamesEachRuleOnceAsAnIdentifier() {
        SpecCompiler twice = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", (DEFS + STAGES).replace("[exit, final]", "[exit, exit]"));
        expect(twice, twice.at("defs.yaml", "loaded") + ": stage 'loaded' names rule 'exit' twice");
        SpecCompiler odd = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", (DEFS + STAGES).replace("[exit, final]", "[exit, \"fi nal\"]"));
        expect(odd, odd.at("defs.yaml", "loaded") + ": stage 'loaded' names rule 'fi nal' which is not an identifier");
        SpecCompiler missing = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", (DEFS + STAGES).replace("rules: []\n", ""));
        expect(missing, missing.at("defs.yaml", "stage: written") + ": stage written is missing required key 'rules'");
    }

    /** The processor knows no enum by name: the enum with 'role: engine' (or 'sync') holds the values arms name there. */
    @Test
    void anArmsEngineIsAValueOfTheEnumWithTheEngineRole() {
        SpecCompiler ok = spec().edit("defs.yaml", "enum: Kind\ntype: u8\n", "enum: Kind\ntype: u8\nrole: engine\n")
                .edit("defs.yaml", "struct: LD\n", "struct: LD\nengine: ge\n");
        assertThat(ok.compile("isa.yaml")).succeededWithoutWarnings();
        SpecCompiler typo = spec().edit("defs.yaml", "enum: Kind\ntype: u8\n", "enum: Kind\ntype: u8\nrole: engine\n")
                .edit("defs.yaml", "struct: LD\n", "struct: LD\nengine: gx\n");
        expect(typo, typo.at("defs.yaml", "gx") + ": unknown value of enum Kind 'gx'; did you mean 'ge'?");
        SpecCompiler none = spec().edit("defs.yaml", "struct: LD\n", "struct: LD\nsync: ge\n");
        expect(none, none.at("defs.yaml", "ge\n") + ": arm 'Load': 'sync: ge' names a value of the enum with 'role: sync', and no enum has that role");
    }

    @Test
    void aRoleIsOneOfTheLanguagesAndHeldByOneEnum() {
        SpecCompiler unknown = spec().edit("defs.yaml", "enum: Kind\ntype: u8\n", "enum: Kind\ntype: u8\nrole: engin\n");
        expect(unknown, unknown.at("defs.yaml", "engin") + ": unknown enum role 'engin'; did you mean 'engine'?");
        SpecCompiler twice = spec().edit("defs.yaml", "enum: Kind\ntype: u8\n", "enum: Kind\ntype: u8\nrole: sync\n")
                .edit("defs.yaml", "enum: Op\ntype: u8\n", "enum: Op\ntype: u8\nrole: sync\n");
        expect(twice, twice.at("defs.yaml", "Kind") + ": enum role 'sync' is defined twice (first at " + twice.at("defs.yaml", "Op")
                + " on enum Op)");
    }

    /** Tools keep a table indexed by opcode value (Arch's legal set), so the opcode is at most 16 bits and unsigned. */
    @Test
    void anOpcodeIsU8OrU16() {
        SpecCompiler wide = spec().edit("defs.yaml", "enum: Op\ntype: u8\n", "enum: Op\ntype: i8\n")
                .edit("isa.yaml", "type: u8, enum: Op", "type: i8, enum: Op");
        expect(wide, wide.at("isa.yaml", "size: 8") + ": record: the opcode enum 'Op' is i8; an opcode is u8 or u16 (tools keep a table indexed by opcode value)");
    }

    @Test
    void unknownReferenceWithSuggestion() {
        SpecCompiler s = spec().edit("defs.yaml", "lut: KindWire}", "lut: KindWyre}");
        expect(s, s.at("defs.yaml", "KindWyre") + ": unknown lut 'KindWyre'; did you mean 'KindWire'?");
    }

    static final String NAMES = """
            ---
            arm: Name
            opcode: Nop
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: tag, at: 1, type: char, size: 3, nul: optional}
              - {name: label, at: 4, type: char, size: 3}
            examples:
              - name: full
                fields: {tag: "abc", label: "de"}
                bytes: {0: "01 61 62 63 64 65"}
            """;

    @Test
    void aCharFieldMayBeFull() {
        Compilation c = spec().with("defs.yaml", DEFS + NAMES).compile("isa.yaml");
        assertThat(c).succeededWithoutWarnings();
        // nul: optional — strncpy(dst, src, size) semantics: `size` characters and no NUL
        assertThat(c).generatedSourceFile("t.NameFlyweight").contentsAsUtf8String().contains("public static final int TAG_MAX_LENGTH = 3;");
        assertThat(c).generatedSourceFile("t.NameFlyweight").contentsAsUtf8String().contains("public static final int LABEL_MAX_LENGTH = 2;");
        assertThat(c).generatedSourceFile("t.NameRecord").contentsAsUtf8String().contains("if (!Chars.wellFormed(b, at + 1, 3, true)) {");
        assertThat(c).generatedSourceFile("t.NameRecord").contentsAsUtf8String().contains("if (!Chars.wellFormed(b, at + 4, 3, false)) {");
    }

    @Test
    void aNulTerminatedFieldKeepsRoomForItsNul() {
        SpecCompiler s = spec().with("defs.yaml", DEFS + NAMES.replace("label: \"de\"", "label: \"def\""));
        expect(s, s.at("defs.yaml", "label: \"def") + ": example 'full': field 'label': 'def' is longer than 2 characters (the field is NUL-terminated)");
    }

    @Test
    void nulIsAPropertyOfCharFields() {
        SpecCompiler s = spec().with("defs.yaml", DEFS.replace("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, nul: optional}")
                + NAMES.replace("size: 3, nul: optional", "size: 3, nul: maybe"));
        expect(s, s.at("defs.yaml", "optional}") + ": field 'reg': 'nul' applies to char fields only",
                s.at("defs.yaml", "maybe") + ": 'nul' must be required (at least one NUL) or optional (NUL-terminated or full)");
    }

    static final String GUARD = """
              - {name: imm, at: 4, type: u32}
            guards:
              - {when: {field: kind, not_equals: lt}, field: reg, in: [3], message: "reg 3 unless lt", source: {ref: test, confidence: ASSUMED}}
            """;

    @Test
    void aGuardMayHoldWhenAFieldDiffers() {
        Compilation c = spec().edit("defs.yaml", "  - {name: imm, at: 4, type: u32}\n", GUARD).compile("isa.yaml");
        assertThat(c).succeededWithoutWarnings();
        // the guard is checked in the arm's own checks class, which Validator dispatches to
        // kind is a LUT field: 'lt' is its wire value 0x10
        assertThat(c).generatedSourceFile("t.LoadChecks").contentsAsUtf8String().contains("if ((b[at + 1] & 0xFF) != 0x10L) {");
    }

    @Test
    void aGuardNamesFieldsByTheirPath() {
        expectGuard("field: reg,", "field: op.x,", "op.x", "guard on 'op.x': no such field");
        expectGuard("not_equals: lt}", "not_equals: lt, equals: ge}", "lt, equals", "guard on 'kind': 'when' takes 'equals' or 'not_equals', not both");
    }

    /** The test ISA with its guard {@code GUARD} edited from {@code from} to {@code to}. */
    private static SpecCompiler guarded(String from, String to) {
        return spec().edit("defs.yaml", "  - {name: imm, at: 4, type: u32}\n", GUARD.replace(from, to));
    }

    /** As {@link #guarded}: the one error, at {@code at} in defs.yaml. */
    private static void expectGuard(String from, String to, String at, String message) {
        SpecCompiler s = guarded(from, to);
        expect(s, s.at("defs.yaml", at) + ": " + message);
    }

    /** As {@link #guarded}, compiled; it must compile cleanly. */
    private static Compilation withGuard(String from, String to) {
        Compilation c = guarded(from, to).compile("isa.yaml");
        assertThat(c).succeededWithoutWarnings();
        return c;
    }

    @Test
    void anAtMostGuardComparesUnsigned() {
        // imm is a u32 at +4: the bound is compared as an unsigned long, so 0xFFFFFFFF is above 128
        assertThat(withGuard("field: reg, in: [3]", "field: imm, at_most: 128")).generatedSourceFile("t.LoadChecks")
                .contentsAsUtf8String().contains("if (Long.compareUnsigned(v0, 0x80L) > 0) {");
    }

    @Test
    void aSameAsGuardReadsTheOtherField() {
        // reg (u8 at +2) must equal the u8 kind at +1
        assertThat(withGuard("{when: {field: kind, not_equals: lt}, field: reg, in: [3]", "{field: reg, same_as: kind"))
                .generatedSourceFile("t.LoadChecks").contentsAsUtf8String().contains("if (v0 != (b[at + 1] & 0xFF)) {");
    }

    @Test
    void aGuardTakesExactlyOneRule() {
        expectGuard("in: [3],", "in: [3], at_most: 4,", "{when: {field: kind", "guard on 'reg': takes one of 'in', 'one_of', 'at_most' and 'same_as'");
        expectGuard("in: [3],", "", "{when: {field: kind", "guard is missing required key 'in'");
        expectGuard("in: [3],", "same_as: nope,", "nope,", "guard on 'reg': same_as 'nope' is no scalar field of the arm");
        expectGuard("in: [3],", "at_most: -1,", "-1,", "guard on 'reg': at_most must not be negative");
    }

    /** Arm Load with an array {@code n} (two u8 at +4), a u16 {@code total} at +6 and bit runs on {@code reg}. */
    static final String TERMS_BODY = """
            fields:
              - {name: kind, at: 1, type: u8, lut: KindWire}
              - {name: reg, at: 2, type: u8, bits: [{name: lo, lsb: 0, width: 1}, {name: hi, lsb: 4, width: 4}]}
              - {name: n, at: 4, type: u8, count: 2}
              - {name: total, at: 6, type: u16}
            guards:
              - {field: total, same_as: product(n), message: "total is the product of n", source: {ref: test, confidence: ASSUMED}}
            examples:
              - name: e1
                fields: {kind: ge, reg: 0x13, n: [2, 3], total: 6}
                bytes: {0: "02 11 13 00 02 03 06"}
            """;

    /** The test ISA with arm Load's body {@link #TERMS_BODY}, its guard line edited from {@code from} to {@code to}. */
    private static SpecCompiler terms(String from, String to) {
        return spec().edit("defs.yaml", LOAD_BODY, TERMS_BODY.replace(from, to));
    }

    private static void expectTerm(String from, String to, String at, String message) {
        SpecCompiler s = terms(from, to);
        expect(s, s.at("defs.yaml", at) + ": " + message);
    }

    private static String loadChecks(String from, String to) {
        Compilation c = terms(from, to).compile("isa.yaml");
        assertThat(c).succeededWithoutWarnings();
        try {
            return c.generatedSourceFile("t.LoadChecks").orElseThrow().getCharContent(false).toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aProductGuardMultipliesTheArraysElements() {
        // MEMSET's dst_element_count = the product of the dst nums, IOTA's count = its destination's
        String same = loadChecks("x", "x");
        assertTrue(same.contains("long v0 = LittleEndian.u16(b, at + 6);"), same);
        assertTrue(same.contains("if (v0 != (long) (b[at + 4] & 0xFF) * (b[at + 5] & 0xFF)) {"), same);
        assertTrue(same.contains("sink.report(index, \"total\", 6, \"guard\", \"total is the product of n\");"), same);
        String bound = loadChecks("field: total, same_as: product(n)", "field: product(n), at_most: 6");
        assertTrue(bound.contains("long v0 = (long) (b[at + 4] & 0xFF) * (b[at + 5] & 0xFF);"), bound);
        assertTrue(bound.contains("if (Long.compareUnsigned(v0, 6L) > 0) {"), bound);
        assertTrue(bound.contains("sink.report(index, \"product(n)\", 4, \"guard\", \"total is the product of n\");"), bound);
    }

    /**
     * «CASTPRED» §5.3's equal counts hold "unless a start-addr is register-shaped": a guard's
     * {@code when} may be a list of conditions that must all hold, each on a field or a bit run.
     */
    @Test
    void aGuardsWhenMayListConditionsOnBitRuns() {
        String c = loadChecks("{field: total, same_as: product(n),",
                "{when: [{field: reg.lo, equals: 0}, {field: kind, not_equals: lt}], field: total, same_as: product(n),");
        assertTrue(c.contains("if ((((b[at + 2] & 0xFF) >>> 0) & 1) == 0L && (b[at + 1] & 0xFF) != 0x10L) {"), c);
        assertTrue(c.contains("sink.report(index, \"total\", 6, \"guard\", \"total is the product of n\");"), c);
        expectTerm("{field: total, same_as: product(n),", "{when: [{field: product(n), equals: 6}], field: total, same_as: product(n),",
                "product(n), equals", "guard on 'total': 'when' takes a field or a bit run, not a product");
        expectTerm("{field: total, same_as: product(n),", "{when: [{field: reg.lo, equals: 2}], field: total, same_as: product(n),",
                "2}]", "guard on 'total': 'when' value 2 does not fit reg.lo's 1 bits");
        expectTerm("{field: total, same_as: product(n),", "{when: {field: reg.mid, equals: 0}, field: total, same_as: product(n),",
                "reg.mid", "guard on 'total': when 'reg.mid' is no scalar field of the arm");
    }

    @Test
    void aOneOfGuardNamesTheValuesOfABitRun() {
        // the predicate nibble of COPY_PREDICATED's DTYPE_PAIR has no enum of its own
        String c = loadChecks("field: total, same_as: product(n)", "field: reg.hi, one_of: {enum: Op, values: [Nop, Load]}");
        assertTrue(c.contains("long v0 = (((b[at + 2] & 0xFF) >>> 4) & 0xF);"), c);
        assertTrue(c.contains("if (v0 != 1L && v0 != 2L) {"), c);
        assertTrue(c.contains("sink.report(index, \"reg.hi\", 2, \"guard\","), c);
    }

    @Test
    void aGuardTermMustFitItsRule() {
        expectTerm("field: total, same_as: product(n)", "field: product(reg), at_most: 3", "product(reg)",
                "guard on 'product(reg)': product() takes an integer array; 'reg' is not one");
        expectTerm("field: total, same_as: product(n)", "field: n, at_most: 3", "n, at_most",
                "guard on 'n': 'n' is not a scalar field (an array: guard product(n))");
        expectTerm("field: total, same_as: product(n)", "field: product(n), in: [3]", "product(n), in",
                "guard on 'product(n)': a product takes 'at_most' or 'same_as'");
        expectTerm("field: total, same_as: product(n)", "field: reg.hi, in: [3]", "[3]",
                "guard on 'reg.hi': a bit run's values are named by 'one_of: {enum, values}', not 'in'");
        expectTerm("field: total, same_as: product(n)", "field: reg.lo, one_of: {enum: Op, values: [Load]}", "Load]",
                "guard on 'reg.lo': Op.Load (2) does not fit the term's 1 bits");
        expectTerm("field: total, same_as: product(n)", "field: reg.hi, one_of: {enum: Opp, values: [Load]}", "Opp",
                "unknown enum 'Opp'; did you mean 'Op'?");
        expectTerm("same_as: product(n)", "same_as: product(m)", "product(m)",
                "guard on 'total': same_as 'product(m)' is no scalar field of the arm");
        expectTerm("field: total, same_as: product(n)", "field: reg.mid, in: [1]", "reg.mid", "guard on 'reg.mid': no such field");
    }

    @Test
    void anArmsOwnTermNamesItsFieldsAndWritesItsValue() {
        String term = "terms:\n  - {syntax: \"$S[{index}]+={value}@x\", index: reg, value: imm}\n";
        Compilation ok = spec().edit("defs.yaml", "examples:\n  - name: e1", term + "examples:\n  - name: e1").compile("isa.yaml");
        assertThat(ok).succeededWithoutWarnings();
        assertThat(ok).generatedSourceFile("t.Symbols").contentsAsUtf8String()
                .contains("case \"Load\": return List.<String[]>of(new String[] {\"$S[{index}]+={value}@x\", \"reg\", \"imm\"});");
        SpecCompiler noField = spec().edit("defs.yaml", "examples:\n  - name: e1", term.replace("value: imm", "value: nope")
                + "examples:\n  - name: e1");
        expect(noField, noField.at("defs.yaml", "nope") + ": terms of arm Load: value 'nope' is no scalar field of the arm");
        SpecCompiler noValue = spec().edit("defs.yaml", "examples:\n  - name: e1", term.replace("+={value}", "++")
                + "examples:\n  - name: e1");
        expect(noValue, noValue.at("defs.yaml", "\"$S[{index}]++") + ": terms of arm Load: an arm's term '$S[{index}]++@x' must write its {value}");
        SpecCompiler blank = spec().edit("defs.yaml", "examples:\n  - name: e1", term.replace("@x", " @x") + "examples:\n  - name: e1");
        expect(blank, blank.at("defs.yaml", "{syntax") + ": terms of arm Load: '$S[{index}]+={value} @x' must be one word: no blank, ',' or '\"'");
    }

    @Test
    void fieldsOverlap() {
        SpecCompiler s = spec().edit("defs.yaml", "{name: imm, at: 4, type: u32}", "{name: imm, at: 2, type: u32}");
        // the example no longer matches either, but vectors are checked only once the layout is sound
        expect(s, s.at("defs.yaml", "{name: imm") + ": field 'imm' [+0x02, +0x06) overlaps field 'reg' [+0x02, +0x03)");
    }

    @Test
    void fieldLeavesTheRecord() {
        SpecCompiler s = spec().edit("defs.yaml", "{name: imm, at: 4, type: u32}", "{name: imm, at: 6, type: u32}");
        expect(s, s.at("defs.yaml", "{name: imm") + ": field 'imm' [+0x06, +0x0A) leaves the 8-byte record");
    }

    @Test
    void overlapWithThePreamble() {
        SpecCompiler s = spec().edit("defs.yaml", "{name: reg, at: 2, type: u8}", "{name: reg, at: 0, type: u8}");
        expect(s, s.at("defs.yaml", "{name: reg") + ": field 'reg' [+0x00, +0x01) overlaps field 'op' [+0x00, +0x01)");
    }

    @Test
    void duplicateOpcodeWithoutSelect() {
        SpecCompiler s = spec().with("defs.yaml", DEFS + """
                ---
                arm: Load2
                opcode: Load
                source: {ref: test, confidence: ASSUMED}
                fields: []
                """);
        expect(s, s.at("defs.yaml", "Load2") + ": opcode 0x2 is already taken by arm 'Load'; arms that share an opcode need a 'select'");
    }

    @Test
    void duplicateEnumValue() {
        SpecCompiler s = spec().edit("defs.yaml", "{name: Load, value: 2}", "{name: Load, value: 1}");
        expect(s, s.at("defs.yaml", "{name: Load") + ": enum Op: value 1 of 'Load' is already used by 'Nop'");
    }

    @Test
    void lutKeyOutsideItsEnum() {
        SpecCompiler s = spec().edit("defs.yaml", "entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x11, eq: 0x12}");
        expect(s, s.at("defs.yaml", "eq: 0x12") + ": LUT KindWire: key 'eq' is not a value of enum Kind");
    }

    @Test
    void lutWireValueOutsideTheField() {
        SpecCompiler s = spec().edit("defs.yaml", "entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x111}");
        expect(s, s.at("defs.yaml", "ge: 0x111") + ": LUT KindWire: wire value 273 of 'ge' does not fit u8");
    }

    @Test
    void lutMissingAKey() {
        SpecCompiler s = spec().edit("defs.yaml", "entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10}");
        expect(s, s.at("defs.yaml", "KindWire") + ": LUT KindWire: enum value 'ge' has neither an entry nor a fatal arm (add it, or a fatal 'default')");
    }

    @Test
    void negationTableNotAnInvolution() {
        SpecCompiler s = spec().edit("defs.yaml", "entries: {lt: ge, ge: lt}", "entries: {lt: ge, ge: ge}");
        // ge -> ge is a fixed point, which an involution may have; lt -> ge -> ge is not
        expect(s, s.at("defs.yaml", "lt: ge") + ": LUT Neg is declared an involution but lt -> ge -> ge");
    }

    @Test
    void exampleBytesDisagreeWithFields() {
        SpecCompiler s = spec().edit("defs.yaml", "bytes: {0: \"02 11 03 00 05\"}", "bytes: {0: \"02 10 03 00 05\"}");
        expect(s, s.at("defs.yaml", "name: e1") + ": example 'e1': byte +0x01 is 0x10 in 'bytes' but the fields encode 0x11");
    }

    @Test
    void exampleNamesAFieldTheArmLacks() {
        SpecCompiler s = spec().edit("defs.yaml", "fields: {kind: ge, reg: 3, imm: 5}", "fields: {kind: ge, rge: 3, imm: 5}");
        expect(s, s.at("defs.yaml", "rge") + ": example 'e1': no field 'rge' in Load");
    }

    static final String NOT_SETTING_IMM = "fields: {kind: ge, reg: 3}\n    bytes: {0: \"02 11 03\"}";

    @Test
    void aFieldNoExampleSetsIsAnError() {
        SpecCompiler s = spec().edit("defs.yaml", "fields: {kind: ge, reg: 3, imm: 5}\n    bytes: {0: \"02 11 03 00 05\"}",
                NOT_SETTING_IMM);
        expect(s, s.at("defs.yaml", "Load\nopcode") + ": arm 'Load': field 'imm' at +0x04 is zero in every example, so a "
                + "moved offset would go unnoticed; add an example that sets it (bytes from a source or a real record, "
                + "named in its doc) or list it under 'unexercised:' with the reason");
    }

    @Test
    void aFieldSetToZeroIsNotExercised() {
        // imm: 0 is written, but a zero moves without a trace: only a non-zero byte pins the offset
        SpecCompiler s = spec().edit("defs.yaml", "reg: 3, imm: 5}\n    bytes: {0: \"02 11 03 00 05\"}",
                "reg: 3, imm: 0}\n    bytes: {0: \"02 11 03\"}");
        Compilation c = s.compile("isa.yaml");
        assertThat(c).hadErrorContaining("arm 'Load': field 'imm' at +0x04 is zero in every example");
    }

    @Test
    void anUnexercisedFieldWithAReasonIsAccepted() {
        SpecCompiler s = spec().edit("defs.yaml", "fields: {kind: ge, reg: 3, imm: 5}\n    bytes: {0: \"02 11 03 00 05\"}",
                NOT_SETTING_IMM + "\nunexercised:\n  imm: \"no source gives a value\"");
        assertThat(s.compile("isa.yaml")).succeededWithoutWarnings();
    }

    @Test
    void anUnexercisedFieldThatAnExampleSetsIsAnError() {
        SpecCompiler s = spec().edit("defs.yaml", "bytes: {0: \"02 11 03 00 05\"}",
                "bytes: {0: \"02 11 03 00 05\"}\nunexercised:\n  imm: \"no source gives a value\"");
        expect(s, s.at("defs.yaml", "imm: \"no") + ": arm 'Load': field 'imm' is listed under 'unexercised:' but example 'e1' sets it");
    }

    @Test
    void anUnexercisedFieldTheArmLacksIsAnError() {
        SpecCompiler s = spec().edit("defs.yaml", "bytes: {0: \"02 11 03 00 05\"}",
                "bytes: {0: \"02 11 03 00 05\"}\nunexercised:\n  immm: \"no source gives a value\"");
        expect(s, s.at("defs.yaml", "immm") + ": unknown field of arm Load 'immm'");
    }

    @Test
    void anUnexercisedReasonMustBeText() {
        SpecCompiler s = spec().edit("defs.yaml", "bytes: {0: \"02 11 03 00 05\"}",
                "bytes: {0: \"02 11 03 00 05\"}\nunexercised:\n  imm: []");
        expect(s, s.at("defs.yaml", "[]") + ": 'unexercised.imm' must be the reason, a non-empty string");
    }

    @Test
    void constantTooWide() {
        SpecCompiler s = spec().edit("defs.yaml", "{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, const: 256}");
        expect(s, s.at("defs.yaml", "{name: reg") + ": const of field 'reg': value 256 does not fit u8");
    }

    /** {@code ./defs.yaml} is {@code defs.yaml} again: a file is read once, however it is named. */
    @Test
    void includeCycle() {
        SpecCompiler s = spec().edit("isa.yaml", "  - defs.yaml\n", "  - defs.yaml\n  - ./defs.yaml\n");
        expect(s, s.at("isa.yaml", "./defs.yaml") + ": './defs.yaml' is included more than once");
    }

    @Test
    void unknownFieldType() {
        SpecCompiler s = spec().edit("defs.yaml", "{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u9}");
        expect(s, s.at("defs.yaml", "u9") + ": unknown field type 'u9'; expected one of [u8, u16, u32, u64, i8, i16, i32, i64, char, bytes]");
    }

    /** Bits 6..9 of a u8: the last two lie past bit 7. */
    @Test
    void bitFieldOutsideItsField() {
        SpecCompiler s = spec().edit("defs.yaml", "{name: reg, at: 2, type: u8}",
                "{name: reg, at: 2, type: u8, bits: [{name: hi, lsb: 6, width: 4}]}");
        expect(s, s.at("defs.yaml", "{name: hi") + ": bit field 'hi' (bits 6..9) leaves its 8-bit field");
    }

    @Test
    void lutKeyBothEntryAndFatal() {
        SpecCompiler s = spec().edit("defs.yaml", "entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x11}\nfatal: {ge: \"no ge\"}");
        expect(s, s.at("defs.yaml", "ge: \"no ge") + ": LUT KindWire: 'ge' is both an entry and a fatal arm");
    }

    /** Every arch profile names the same constants, so a tool may ask any of them for any constant. */
    @Test
    void archConstantsDiffer() {
        SpecCompiler s = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", DEFS
                + "---\narch: B\ngeneration: 2\nsource: {ref: test, confidence: ASSUMED}\n"
                + "opcodes: {enum: Op, source: {ref: test, confidence: ASSUMED}}\n"
                + "constants: {n: {value: 1, source: {ref: test, confidence: ASSUMED}}}\n");
        expect(s, s.at("defs.yaml", "B\ngeneration") + ": arch B: constants [n] differ from arch A's []");
    }

    @Test
    void conflictAboutAnUndefinedName() {
        SpecCompiler s = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", DEFS
                + "---\nconflict: c\nabout: [Nowhere]\nemitted: x\nreadings:\n"
                + "  - {claim: a, source: {ref: test, confidence: ASSUMED}}\n"
                + "  - {claim: b, source: {ref: test, confidence: ASSUMED}}\n");
        expect(s, s.at("defs.yaml", "c\nabout") + ": conflict 'c' is about 'Nowhere', which the spec does not define");
    }

    @Test
    void aliasBomb() {
        StringBuilder bomb = new StringBuilder("lol0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for (int i = 1; i < 10; i++) {
            bomb.append("lol").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 10; j++) {
                bomb.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
            }
            bomb.append("]\n");
        }
        SpecCompiler s = spec().with("bomb.yaml", bomb.toString()).edit("isa.yaml", "  - defs.yaml", "  - defs.yaml\n  - bomb.yaml");
        // written out, a0 is 11 nodes, a1 111, ... a4 111,111: the 8th *a4 takes the aliases past a million
        expect(s, s.at("bomb.yaml", "*a4", 8) + ": YAML aliases expand to more than 1,000,000 nodes: refusing a possible alias bomb");
    }

    @Test
    void tooManyAliases() {
        StringBuilder many = new StringBuilder("one: &a [x]\nmany:\n");
        for (int i = 0; i < 65; i++) {
            many.append("  - *a\n");
        }
        SpecCompiler s = spec().with("many.yaml", many.toString()).edit("isa.yaml", "  - defs.yaml", "  - defs.yaml\n  - many.yaml");
        expect(s, s.at("many.yaml", "*a", 65) + ": too many YAML aliases (more than 64): refusing a possible alias bomb");
    }

    /** Was a StackOverflowError in the parser or the tree conversion. */
    @Test
    void nestingDeeperThanTheLimit() {
        String deep = "deep: " + "[".repeat(5000) + "]".repeat(5000) + "\n";
        SpecCompiler s = spec().with("deep.yaml", deep).edit("isa.yaml", "  - defs.yaml", "  - defs.yaml\n  - deep.yaml");
        expect(s, "deep.yaml:1:" + (7 + 255) + ": nested more than 256 levels deep: refusing the file (a spec needs about 8, a kernel 2 per loop)");
    }

    /** CVE-2022-1471 came through global tags; here every tag but the Core schema's is refused where it stands. */
    @Test
    void javaTagsAreRefused() {
        SpecCompiler s = spec().edit("defs.yaml", "{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: !!java.io.File u8}");
        expect(s, s.at("defs.yaml", "!!java.io.File") + ": tag '!!java.io.File' is not allowed: only the YAML Core schema's tags "
                + "(!!str, !!int, !!float, !!bool, !!null, !!seq, !!map)");
    }

    /** Was "isa.yaml: 0 error(s)": the empty file had no diagnostic of its own; an empty include had only knock-on errors. */
    @Test
    void emptyFiles() {
        SpecCompiler s = spec().with("empty.yaml", "# only a comment\n").edit("isa.yaml", "  - defs.yaml", "  - defs.yaml\n  - empty.yaml");
        expect(s, "empty.yaml:1:1: the file holds no YAML document (it is empty or only comments)");
    }

    @Test
    void includeNotFound() {
        SpecCompiler s = spec().edit("isa.yaml", "  - defs.yaml", "  - defs.yaml\n  - enums.yaml");
        Compilation c = s.compile("isa.yaml");
        assertThat(c).hadErrorContaining(s.at("isa.yaml", "enums.yaml") + ": included file 'enums.yaml' not found; looked in the compile class path and ");
    }

    /** A misspelt include gets the nearest file of its directory (the files beside isa.yaml here). */
    @Test
    void includeMisspeltGetsADidYouMean() {
        SpecCompiler s = spec().edit("isa.yaml", "  - defs.yaml", "  - defz.yaml");
        Compilation c = s.compile("isa.yaml");
        assertThat(c).hadErrorContaining(s.at("isa.yaml", "defz.yaml") + ": included file 'defz.yaml' not found; looked in the compile class path and ");
        assertThat(c).hadErrorContaining("defz.yaml; did you mean 'defs.yaml'?");
    }

    @Test
    void specNotFound() {
        Compilation c = spec().compile("nope/isa.yaml");
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("nope/isa.yaml: ISA spec 'nope/isa.yaml' not found; looked in the compile class path and ");
    }

    @Test
    void archMasksDisagreeWithGenerations() {
        SpecCompiler s = spec().edit("defs.yaml", "opcodes: {enum: Op, source: {ref: test, confidence: ASSUMED}}",
                "opcodes: {enum: Op, masks: [{base: 0, bits: 0x2}], source: {ref: test, confidence: ASSUMED}}");
        expect(s, s.at("defs.yaml", "{name: Load, value: 2}") + ": opcode 0x2 (Load) has no since:, so it lives in every generation, but the opcode "
                + "masks of arch A (" + s.at("defs.yaml", "{base: 0") + ") do not hold it; give a new opcode since: N, the first generation that has it");
    }

    @Test
    void quotedNumberIsAString() {
        SpecCompiler s = spec().edit("defs.yaml", "{name: reg, at: 2, type: u8}", "{name: reg, at: \"2\", type: u8}");
        expect(s, s.at("defs.yaml", "\"2\"") + ": '2' is not a number");
    }

    @Test
    void unknownDocumentKind() {
        SpecCompiler s = spec().with("defs.yaml", DEFS + "---\nopcode: Foo\n");
        expect(s, s.at("defs.yaml", "opcode: Foo") + ": a spec document must start with one of [enum, lut, group, arm, arch, conflict, feature, stage]");
    }

    @Test
    void fatalKeyInAnExample() {
        SpecCompiler s = spec().edit("defs.yaml", "entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10}\nfatal: {ge: \"no ge here\"}");
        expect(s, s.at("defs.yaml", "kind: ge") + ": example 'e1': field 'kind': LUT KindWire refuses 'ge': no ge here");
    }

    @Test
    void everyErrorOfOneBuildIsReported() {
        SpecCompiler s = spec()
                .edit("defs.yaml", "{name: Load, value: 2}", "{name: Load, value: 1}")
                .edit("defs.yaml", "struct: LD", "strcut: LD")
                .edit("isa.yaml", "stride: 8", "stride: 8\n  stried: 9");
        expect(s, s.at("isa.yaml", "stried") + ": unknown key 'stried' in record; did you mean 'stride'?",
                s.at("defs.yaml", "{name: Load") + ": enum Op: value 1 of 'Load' is already used by 'Nop'",
                s.at("defs.yaml", "strcut") + ": unknown key 'strcut' in arm Load; did you mean 'struct'?");
    }

    /**
     * An enum-name typo, an overlap and wrong example bytes in one file all show in one
     * run, in file order — the bytes of arm Nop are checked although arm Load is broken, because
     * nothing broken in Load can explain a wrong byte of Nop. Load's own vector waits (its field
     * kind was left out, so the vector would echo that error).
     */
    @Test
    void independentErrorsShowInOneRun() {
        SpecCompiler s = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", (DEFS + NOP)
                .replace("lut: KindWire}", "enum: Knd}")
                .replace("{name: imm, at: 4, type: u32}", "{name: imm, at: 2, type: u32}")
                .replace("\"01 07\"", "\"01 08\""));
        String typo = s.at("defs.yaml", "Knd") + ": unknown enum 'Knd'; did you mean 'Kind'?";
        String overlap = s.at("defs.yaml", "{name: imm") + ": field 'imm' [+0x02, +0x06) overlaps field 'reg' [+0x02, +0x03)";
        String bytes = s.at("defs.yaml", "{name: n1") + ": example 'n1': byte +0x01 is 0x08 in 'bytes' but the fields encode 0x07";
        expect(s, typo, overlap, bytes);
        Compilation c = s.compile("isa.yaml");
        assertEquals(List.of(typo, overlap, bytes), c.errors().stream().map(d -> d.getMessage(null)).limit(3).toList(), "in file order");
    }

    /**
     * A misspelt opcode is one error: the arm left out because of it is not reported again as
     * "defined twice" (by the opaque arm its opcode value would get), as an unknown terminator, or
     * as the unknown subject of a conflict.
     */
    @Test
    void aMisspeltOpcodeIsOneError() {
        SpecCompiler s = new SpecCompiler()
                .with("isa.yaml", ROOT.replace("  source: {ref: test", "  unlisted_opcodes: opaque\n  source: {ref: test"))
                .with("defs.yaml", DEFS.replace("opcode: Load", "opcode: Lod")
                        + "terminators: [Load]\nterminators_source: {ref: test, confidence: ASSUMED}\n"
                        + "---\nconflict: c\nabout: [Load]\nemitted: x\nreadings:\n"
                        + "  - {claim: a, source: {ref: test, confidence: ASSUMED}}\n"
                        + "  - {claim: b, source: {ref: test, confidence: ASSUMED}}\n");
        expect(s, s.at("defs.yaml", "Lod") + ": unknown opcode 'Lod'; did you mean 'Load'?");
    }

    /** A misspelt arm name in a terminator list or a conflict's subjects gets the closest name as a hint. */
    @Test
    void misspeltArmNamesGetAHint() {
        SpecCompiler s = new SpecCompiler().with("isa.yaml", ROOT).with("defs.yaml", DEFS
                + "terminators: [Lood]\nterminators_source: {ref: test, confidence: ASSUMED}\n"
                + "---\nconflict: c\nabout: [KindWir]\nemitted: x\nreadings:\n"
                + "  - {claim: a, source: {ref: test, confidence: ASSUMED}}\n"
                + "  - {claim: b, source: {ref: test, confidence: ASSUMED}}\n");
        expect(s, s.at("defs.yaml", "Lood") + ": arch A: terminator 'Lood' is not an arm; did you mean 'Load'?",
                s.at("defs.yaml", "c\nabout") + ": conflict 'c' is about 'KindWir', which the spec does not define; did you mean 'KindWire'?");
    }

    @Test
    void diagnosticsAreErrorsNotWarnings() {
        Compilation c = spec().edit("defs.yaml", "struct: LD", "strcut: LD").compile("isa.yaml");
        assertTrue(c.diagnostics().stream().filter(d -> d.getMessage(null).contains("strcut"))
                .allMatch(d -> d.getKind() == Diagnostic.Kind.ERROR));
    }
}
