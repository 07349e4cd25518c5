package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.model.IsaModel;

/**
 * {@link Soundness}: a vector is checked while an error stands only in a document it does not
 * lean on, and waits while its arm, the record, the opcode enum or any enum, LUT or group its
 * fields use is broken. Each case breaks one document and gives e1 a wrong byte (+0x02 written 04,
 * reg 3 encodes 03): the mismatch is reported exactly when the broken document is not one e1
 * depends on.
 */
class SoundnessTest {
    private static MemorySpec wrongByte() {
        return MemorySpec.base().edit("\"02 11 03 00 05\"", "\"02 11 04 00 05\"");
    }

    private static String mismatch(MemorySpec s) {
        return s.at("name: e1") + ": example 'e1': byte +0x02 is 0x04 in 'bytes' but the fields encode 0x03";
    }

    static final String OTHER = """
            ---
            enum: Other
            type: u8
            source: {ref: test, confidence: ASSUMED}
            values:
              - {name: big, value: 256}
            """;

    private static String otherError(MemorySpec s) {
        return s.at("{name: big") + ": enum Other value big: value 256 does not fit u8";
    }

    @Test
    void aVectorIsCheckedWhileADocumentItDoesNotUseIsBroken() {
        MemorySpec s = wrongByte().append(OTHER);
        assertEquals(List.of(mismatch(s), otherError(s)), s.errors());
    }

    @Test
    void aVectorWaitsForItsArm() {
        MemorySpec s = wrongByte().withField("{name: lo, at: 3, type: u16}");
        assertEquals(List.of(s.at("{name: lo") + ": field 'lo' [+0x03, +0x05) overlaps field 'imm' [+0x04, +0x08)"), s.errors());
    }

    @Test
    void aVectorWaitsForTheRecord() {
        MemorySpec s = wrongByte().edit("isa.yaml", "stride: 8", "stride: 8\n  stried: 9");
        assertEquals(List.of(s.at("isa.yaml", "stried", 1) + ": unknown key 'stried' in record; did you mean 'stride'?"), s.errors());
    }

    @Test
    void aVectorWaitsForTheOpcodeEnum() {
        MemorySpec s = wrongByte().edit("{name: Load, value: 2}", "{name: Load, value: 2}\n  - {name: Top, value: 256}");
        assertEquals(List.of(s.at("{name: Top") + ": enum Op value Top: value 256 does not fit u8"), s.errors());
    }

    /** The same when the preamble does not declare the opcode field (the record's opcode: still names enum Op). */
    @Test
    void aVectorWaitsForTheOpcodeEnumOutsideThePreamble() {
        MemorySpec clean = wrongByte().edit("isa.yaml", "  preamble:\n    - {name: op, at: 0, type: u8, enum: Op}\n", "  preamble: []\n");
        assertEquals(List.of(mismatch(clean)), clean.errors());
        MemorySpec s = clean.edit("{name: Load, value: 2}", "{name: Load, value: 2}\n  - {name: Top, value: 256}");
        assertEquals(List.of(s.at("{name: Top") + ": enum Op value Top: value 256 does not fit u8"), s.errors());
    }

    /** Other is broken; reg made an enum field of it (as a number, 3, in e1). */
    @Test
    void aVectorWaitsForAFieldsEnum() {
        MemorySpec s = wrongByte().append(OTHER).edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, enum: Other}");
        assertEquals(List.of(otherError(s)), s.errors());
    }

    @Test
    void aVectorWaitsForAFieldsLut() {
        MemorySpec s = wrongByte().edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x11}\nfatal: {eq: \"no eq\"}");
        assertEquals(List.of(s.at("eq: \"no eq") + ": LUT KindWire: key 'eq' is not a value of enum Kind"), s.errors());
    }

    /** Kind, the enum KindWire maps from, is broken (a subset naming bit 2, no value of Kind). */
    @Test
    void aVectorWaitsForItsLutsEnum() {
        MemorySpec s = wrongByte().edit("  - {name: ge, value: 1}\n", "  - {name: ge, value: 1}\nsubsets:\n  s: {mask: 0x4, source: {ref: test, confidence: ASSUMED}}\n");
        assertEquals(List.of(s.at("s: {mask") + ": subset s of enum Kind: value bit 2 does not fit the enum (no value 2)"), s.errors());
    }

    /** reg an enum field of Kind, whose wire LUT, KindWire, is broken; kind made a plain u8 (0x11), so no field uses KindWire itself. */
    @Test
    void aVectorWaitsForItsEnumsWireLut() {
        MemorySpec ok = wrongByte().edit("enum: Kind\ntype: u8\n", "enum: Kind\ntype: u8\nwire: KindWire\n")
                .edit("{name: kind, at: 1, type: u8, lut: KindWire}", "{name: kind, at: 1, type: u8}").edit("kind: ge", "kind: 0x11")
                .edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, enum: Kind}");
        assertEquals(List.of(mismatch(ok)), ok.errors());
        MemorySpec s = ok.edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x11}\nfatal: {eq: \"no eq\"}");
        assertEquals(List.of(s.at("eq: \"no eq") + ": LUT KindWire: key 'eq' is not a value of enum Kind"), s.errors());
    }

    /** The same with KindWire still used by kind. */
    @Test
    void aVectorWaitsForItsEnumsWireLutAlsoUsedByAField() {
        MemorySpec s = wrongByte().edit("enum: Kind\ntype: u8\n", "enum: Kind\ntype: u8\nwire: KindWire\n")
                .edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, enum: Kind}")
                .edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x11}\nfatal: {eq: \"no eq\"}");
        assertEquals(List.of(s.at("eq: \"no eq") + ": LUT KindWire: key 'eq' is not a value of enum Kind"), s.errors());
    }

    private static MemorySpec withGroup(String group) {
        return wrongByte().append(group)
                .withField("{name: g, at: 3, group: G}")
                .edit("imm: 5}", "imm: 5, g: {x: 1}}").edit("\"02 11 04 00 05\"", "\"02 11 04 01 05\"");
    }

    @Test
    void aVectorWaitsForAGroup() {
        assertEquals(List.of(mismatch(withGroup(MemorySpec.GROUP))), withGroup(MemorySpec.GROUP).errors());
        MemorySpec s = withGroup(MemorySpec.GROUP.replace("{name: x, at: 0, type: u8}", "{name: x, at: 0, type: u8}\n  - {name: y, at: 1, type: u8}"));
        assertEquals(List.of(s.at("{name: y") + ": field 'y' [+0x01, +0x02) leaves the 1-byte group G"), s.errors());
    }

    @Test
    void aVectorWaitsForAnEnumOfAGroupsField() {
        MemorySpec s = withGroup(MemorySpec.GROUP.replace("{name: x, at: 0, type: u8}", "{name: x, at: 0, type: u8, enum: Other}")).append(OTHER);
        assertEquals(List.of(otherError(s)), s.errors());
    }

    /** A view's vector leans on the enums of the view's fields. */
    @Test
    void aViewsVectorWaitsForAnEnumOfTheViewsFields() {
        MemorySpec ok = MemorySpec.base().append(OTHER.replace("value: 256", "value: 9")).withView(
                "    fields:\n      - {name: r, at: 3, type: u8, enum: Other}\n"
                + "    examples:\n      - {name: v1, fields: {r: big}, bytes: {0: \"02 00 00 08\"}}\n");
        // big is 9, written 08
        assertEquals(List.of(ok.at("{name: v1") + ": example 'v1': byte +0x03 is 0x08 in 'bytes' but the fields encode 0x09"), ok.errors());
        MemorySpec broken = ok.edit("value: 9", "value: 256");
        assertEquals(List.of(otherError(broken)), broken.errors());
    }

    /** A file that is not YAML holds no document: an error there may be anything's, so every vector waits. */
    @Test
    void aVectorWaitsForAnErrorOutsideEveryDocument() {
        MemorySpec s = wrongByte().with("bad.yaml", "a: [\n").edit("isa.yaml", "  - defs.yaml", "  - defs.yaml\n  - bad.yaml");
        // "a: [" opens a flow sequence that the end of the file leaves without an item: SnakeYAML's words for it
        assertEquals(List.of("bad.yaml:2:1: YAML syntax error: expected the node content, but found '<stream end>'"), s.errors());
    }

    /** Checked without knowing the documents, any error at all makes every vector wait. */
    @Test
    void withoutDocumentsAnyErrorMakesTheVectorsWait() {
        MemorySpec s = wrongByte();
        IsaModel model = s.load().model();
        Diagnostics clean = new Diagnostics();
        Checker.check(model, clean);
        assertEquals(List.of(mismatch(s)), clean.sorted().stream().map(Object::toString).toList());
        Diagnostics elsewhere = new Diagnostics();
        elsewhere.error(new Pos("other.yaml", 1, 1), Message.KERNEL, "an error elsewhere");
        Checker.check(model, elsewhere);
        assertEquals(List.of("other.yaml:1:1: an error elsewhere"), elsewhere.sorted().stream().map(Object::toString).toList());
    }
}
