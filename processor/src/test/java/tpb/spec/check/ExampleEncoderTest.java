package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.spec.Diagnostics;
import tpb.spec.model.ArmDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;

/**
 * {@link ExampleEncoder} and {@link ExampleRule}: the bytes an example's fields encode to, laid out
 * by hand for both byte orders, and the exact message for every value that cannot be encoded.
 *
 * <p>The arm under test, in 16-byte records: the opcode at +0 (Load = 2), {@code kind} at +1 (u8
 * through LUT KindWire: lt 0x10, ge 0x11), {@code c} at +2 (u8, constant 0x7F), {@code k} at +3
 * (u8, enum Kind: lt 0, ge 1), {@code arr} at +4 (two u16), {@code imm} at +8 (u32), {@code tag} at
 * +12 (char, 2 bytes, NUL-terminated), {@code raw} at +14 (1 opaque byte), and a select at +15
 * (u8, equals 0x5A).
 */
class ExampleEncoderTest {
    static final String BODY = """
            select: {at: 15, type: u8, equals: 0x5A}
            fields:
              - {name: kind, at: 1, type: u8, lut: KindWire}
              - {name: c, at: 2, type: u8, const: 0x7F}
              - {name: k, at: 3, type: u8, enum: Kind}
              - {name: arr, at: 4, type: u16, count: 2}
              - {name: imm, at: 8, type: u32}
              - {name: tag, at: 12, type: char, size: 2}
              - {name: raw, at: 14, type: bytes, size: 1}
            examples:
              - name: e1
                fields: {kind: lt, k: ge, arr: [0x0102, 0x0304], imm: 0x01020304, tag: "A", raw: "EE"}
                bytes: {0: "%s"}
            """;

    /*
     * Little-endian, byte by byte: +0 02 (opcode Load, fixed by the arm), +1 10 (lt through
     * KindWire), +2 7F (the constant, though no example sets it), +3 01 (ge), +4..+7 02 01 04 03
     * (0x0102 then 0x0304, low byte first, the second element at +4 + 1 * 2), +8..+11 04 03 02 01,
     * +12 41 ('A') then its NUL 00, +14 EE, +15 5A (the select value).
     */
    static final String LITTLE = "02 10 7F 01 02 01 04 03 04 03 02 01 41 00 EE 5A";
    /* Big-endian: the same but each number high byte first: +4..+7 01 02 03 04, +8..+11 01 02 03 04. */
    static final String BIG = "02 10 7F 01 01 02 03 04 01 02 03 04 41 00 EE 5A";

    private static MemorySpec spec(String endian, String bytes) {
        return MemorySpec.base()
                .edit("isa.yaml", "size: 8\n  endian: little\n  stride: 8", "size: 16\n  endian: " + endian + "\n  stride: 16")
                .edit(MemorySpec.LOAD_BODY, BODY.formatted(bytes));
    }

    private static MemorySpec little() {
        return spec("little", LITTLE);
    }

    private static byte[] encoded(MemorySpec s) {
        IsaModel m = s.model();
        ArmDef a = MemorySpec.arm(m, "Load");
        return ExampleEncoder.encode(m, a, Layout.arm(m, a), a.examples().get(0), new Diagnostics());
    }

    @Test
    void littleEndianBytes() {
        assertArrayEquals(HexFormat.ofDelimiter(" ").parseHex(LITTLE), encoded(little()));
    }

    @Test
    void bigEndianBytes() {
        assertArrayEquals(HexFormat.ofDelimiter(" ").parseHex(BIG), encoded(spec("big", BIG)));
    }

    /** The little-endian bytes under a big-endian record: the first difference, arr's first byte, is the one named. */
    @Test
    void theFirstDifferingByteIsNamed() {
        // +4: 02 written in 'bytes', 01 encoded (0x0102 high byte first); +5, +6, ... differ too but are not named
        MemorySpec s = spec("big", LITTLE);
        assertEquals(List.of(s.at("name: e1") + ": example 'e1': byte +0x04 is 0x02 in 'bytes' but the fields encode 0x01"), s.errors());
    }

    @Test
    void aDifferenceInTheLastByteIsFound() {
        // +15 is the select value 0x5A; 'bytes' say 0x5B there
        MemorySpec s = spec("little", LITTLE.replace("EE 5A", "EE 5B"));
        assertEquals(List.of(s.at("name: e1") + ": example 'e1': byte +0x0F is 0x5B in 'bytes' but the fields encode 0x5A"), s.errors());
    }

    /** Bytes above 0x7F print as the unsigned byte. */
    @Test
    void aHighByteIsPrintedUnsigned() {
        MemorySpec s = spec("little", LITTLE.replace("41 00 EE", "41 00 EF"));
        assertEquals(List.of(s.at("name: e1") + ": example 'e1': byte +0x0E is 0xEF in 'bytes' but the fields encode 0xEE"), s.errors());
    }

    /**
     * Without an opcode field in the preamble the arm's opcode is still written at the record's
     * opcode offset, as the generated encoders write it: e1 is 02 11 03 00 05 either way. (Was a
     * false "byte +0x00 is 0x02 in 'bytes' but the fields encode 0x00": the opcode was written only
     * through a preamble field.)
     */
    @Test
    void theOpcodeIsWrittenWhereTheRecordSaysEvenWithoutAPreambleField() {
        MemorySpec s = MemorySpec.base().edit("isa.yaml", "  preamble:\n    - {name: op, at: 0, type: u8, enum: Op}\n", "  preamble: []\n");
        assertEquals(List.of(), s.errors());
        IsaModel m = s.model();
        ArmDef a = MemorySpec.arm(m, "Load");
        assertArrayEquals(HexFormat.ofDelimiter(" ").parseHex("02 11 03 00 05 00 00 00"),
                ExampleEncoder.encode(m, a, Layout.arm(m, a), a.examples().get(0), new Diagnostics()));
    }

    /** A 16-bit opcode at +1 of a big-endian record: Load = 0x0002 is 00 02 there. */
    @Test
    void aWideOpcodeIsWrittenInTheRecordsByteOrder() {
        MemorySpec s = MemorySpec.base().edit("isa.yaml", "endian: little", "endian: big")
                .edit("isa.yaml", "opcode: {at: 0, enum: Op}", "opcode: {at: 1, enum: Op}")
                .edit("isa.yaml", "{name: op, at: 0, type: u8, enum: Op}", "{name: op, at: 1, type: u16, enum: Op}")
                .edit("enum: Op\ntype: u8", "enum: Op\ntype: u16")
                .edit(MemorySpec.LOAD_BODY, "fields:\n  - {name: reg, at: 0, type: u8}\n  - {name: imm, at: 4, type: u32}\nexamples:\n"
                        + "  - {name: e1, fields: {reg: 3, imm: 0x01020304}, bytes: {0: \"03 00 02 00 01 02 03 04\"}}\n");
        assertEquals(List.of(), s.errors());
    }

    private static MemorySpec withFields(String fields) {
        return little().edit("tag: \"A\", raw: \"EE\"}", "tag: \"A\", raw: \"EE\"" + fields + "}");
    }

    private static MemorySpec replacing(String from, String to) {
        return little().edit(from, to);
    }

    @Test
    void theOpcodeIsTheArmsEvenWhenAnExampleGivesTheSameValue() {
        MemorySpec s = withFields(", op: Load");
        assertEquals(List.of(s.at("op: Load") + ": example 'e1': field 'op': the opcode is fixed by the arm"), s.errors());
    }

    @Test
    void aConstantFieldTakesOnlyItsValue() {
        // c is const 0x7F = 127: giving 127 is fine, 1 is not
        assertEquals(List.of(), withFields(", c: 0x7F").errors());
        MemorySpec s = withFields(", c: 1");
        assertEquals(List.of(s.at("c: 1") + ": example 'e1': field 'c': the field is constant 127"), s.errors());
    }

    @Test
    void aNulTerminatedStringLeavesRoomForItsNul() {
        // tag is 2 bytes, NUL-terminated: 1 character at most
        MemorySpec s = replacing("tag: \"A\"", "tag: \"AB\"");
        assertEquals(List.of(s.at("tag: \"AB\"") + ": example 'e1': field 'tag': 'AB' is longer than 1 characters (the field is NUL-terminated)"),
                s.errors());
    }

    @Test
    void aStringThatMayBeFullTakesItsSize() {
        // nul: optional: 2 characters fit the 2 bytes ("AB" = 41 42), 3 do not
        MemorySpec full = little().edit("type: char, size: 2}", "type: char, size: 2, nul: optional}")
                .edit("tag: \"A\"", "tag: \"AB\"").edit("41 00 EE", "41 42 EE");
        assertEquals(List.of(), full.errors());
        MemorySpec over = little().edit("type: char, size: 2}", "type: char, size: 2, nul: optional}").edit("tag: \"A\"", "tag: \"ABC\"");
        assertEquals(List.of(over.at("tag: \"ABC\"") + ": example 'e1': field 'tag': 'ABC' is longer than 2 characters"), over.errors());
    }

    @Test
    void opaqueBytesFitTheirSize() {
        MemorySpec s = replacing("raw: \"EE\"", "raw: \"EE FF\"");
        assertEquals(List.of(s.at("raw: \"EE FF\"") + ": example 'e1': field 'raw': 2 bytes do not fit 1"), s.errors());
    }

    @Test
    void everyArrayElementFitsTheType() {
        // u16 holds 0..65535: 0x10000 = 65536 is one past
        MemorySpec s = replacing("arr: [0x0102, 0x0304]", "arr: [0x0102, 0x10000]");
        assertEquals(List.of(s.at("arr: [") + ": example 'e1': field 'arr': value 65536 does not fit u16"), s.errors());
        MemorySpec neg = replacing("arr: [0x0102, 0x0304]", "arr: [-1, 0x0304]");
        assertEquals(List.of(neg.at("arr: [") + ": example 'e1': field 'arr': value -1 does not fit u16"), neg.errors());
    }

    @Test
    void aNumberFitsTheFieldsType() {
        // u32 holds up to 0xFFFFFFFF; 0x100000000 = 4294967296
        MemorySpec s = replacing("imm: 0x01020304", "imm: 0x100000000");
        assertEquals(List.of(s.at("imm: 0x1") + ": example 'e1': field 'imm': value 4294967296 does not fit u32"), s.errors());
        // an enum field given a number: 256 does not fit its u8
        MemorySpec k = replacing("k: ge", "k: 256");
        assertEquals(List.of(k.at("k: 256") + ": example 'e1': field 'k': value 256 does not fit u8"), k.errors());
    }

    @Test
    void anEnumFieldTakesTheEnumsValueNames() {
        MemorySpec s = replacing("k: ge", "k: gt");
        assertEquals(List.of(s.at("k: gt") + ": example 'e1': field 'k': 'gt' is not a value of enum Kind"), s.errors());
    }

    @Test
    void aLutFieldTakesTheLutsKeys() {
        MemorySpec s = replacing("kind: lt", "kind: eq");
        assertEquals(List.of(s.at("kind: eq") + ": example 'e1': field 'kind': 'eq' is not a key of LUT KindWire"), s.errors());
    }

    /** With a fatal default, a value of the enum without an entry is refused with the LUT's message; a name outside the enum is still no key. */
    @Test
    void aLutsFatalDefaultRefusesTheEnumsOtherValues() {
        MemorySpec refused = little().edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10}\nfatal: {default: \"only lt\"}")
                .edit("kind: lt", "kind: ge");
        assertEquals(List.of(refused.at("kind: ge") + ": example 'e1': field 'kind': LUT KindWire refuses 'ge': only lt"), refused.errors());
        MemorySpec unknown = little().edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10}\nfatal: {default: \"only lt\"}")
                .edit("kind: lt", "kind: eq");
        assertEquals(List.of(unknown.at("kind: eq") + ": example 'e1': field 'kind': 'eq' is not a key of LUT KindWire"), unknown.errors());
    }

    /** Every bad value of an example is named, and no byte is compared once one is bad. */
    @Test
    void everyBadValueIsReportedAndNoByteMismatchFollows() {
        MemorySpec s = little().edit("kind: lt", "kind: eq").edit("imm: 0x01020304", "imm: 0x100000000");
        assertEquals(List.of(s.at("kind: eq") + ": example 'e1': field 'kind': 'eq' is not a key of LUT KindWire",
                s.at("imm: 0x1") + ": example 'e1': field 'imm': value 4294967296 does not fit u32"), s.errors());
    }

    /** A view's examples are encoded with the view's layout. */
    @Test
    void aViewsExampleIsChecked() {
        MemorySpec ok = MemorySpec.base().withView("    fields:\n      - {name: r, at: 3, type: u8}\n"
                + "    examples:\n      - {name: v1, fields: {r: 9}, bytes: {0: \"02 00 00 09\"}}\n");
        assertEquals(List.of(), ok.errors());
        MemorySpec bad = ok.edit("\"02 00 00 09\"", "\"02 00 09 00\"");
        // r is at +3: +2 is 0x09 in 'bytes' but encodes 0x00
        assertEquals(List.of(bad.at("{name: v1") + ": example 'v1': byte +0x02 is 0x09 in 'bytes' but the fields encode 0x00"), bad.errors());
    }

    /**
     * The loader resolves an example's fields against the layout they belong to, so through a spec
     * this cannot happen; the encoder still refuses, by name, a field the given layout lacks
     * (here arm Load's e1 against its view V, which has only r).
     */
    @Test
    void aFieldTheGivenLayoutLacks() {
        MemorySpec s = MemorySpec.base().withView("    fields:\n      - {name: r, at: 3, type: u8}\n");
        IsaModel m = s.model();
        ArmDef a = MemorySpec.arm(m, "Load");
        Diagnostics d = new Diagnostics();
        assertEquals(null, ExampleEncoder.encode(m, a, Layout.view(m, a.views().get(0)), a.examples().get(0), d));
        // e1 sets kind, reg and imm, in that order; each is missing from V
        assertEquals(List.of(s.at("kind: ge") + ": example 'e1': no field 'kind' in Load", s.at("reg: 3") + ": example 'e1': no field 'reg' in Load",
                s.at("imm: 5") + ": example 'e1': no field 'imm' in Load"), d.sorted().stream().map(Object::toString).toList());
    }
}
