package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link LayoutRule} at its boundaries, each expected message written out by hand: a field that
 * ends on the record's (or group's) last byte against one that runs one byte past it, fields that
 * touch against fields that share one byte, bit fields that end on the field's top bit against one
 * past it. The base spec ({@link MemorySpec}) has 8-byte records and {@code imm} at +4..+7.
 */
class LayoutRuleTest {
    @Test
    void theBaseSpecIsClean() {
        // imm [+4, +8) ends exactly at the 8-byte record's end; kind [+1, +2) and reg [+2, +3) touch
        assertEquals(List.of(), MemorySpec.base().errors());
    }

    @Test
    void aFieldOneBytePastTheRecordLeavesIt() {
        // imm at +5, u32: [+5, +9), one byte past the 8-byte record
        MemorySpec s = MemorySpec.base().edit("{name: imm, at: 4, type: u32}", "{name: imm, at: 5, type: u32}");
        assertEquals(List.of(s.at("{name: imm") + ": field 'imm' [+0x05, +0x09) leaves the 8-byte record"), s.errors());
    }

    @Test
    void aFieldBeforeTheRecordLeavesIt() {
        // reg at -1, u8: [-1, 0); %02X prints -1 as the int's two's complement
        MemorySpec s = MemorySpec.base().edit("{name: reg, at: 2, type: u8}", "{name: reg, at: -1, type: u8}");
        assertEquals(List.of(s.at("{name: reg") + ": field 'reg' [+0xFFFFFFFF, +0x00) leaves the 8-byte record"), s.errors());
    }

    /** Leaving the record is the one error: the overlap with reg and the fit are not looked at. */
    @Test
    void aFieldThatLeavesTheRecordIsNotAlsoAnOverlap() {
        // imm at +2, u64: [+2, +10) leaves the record and covers reg [+2, +3)
        MemorySpec s = MemorySpec.base().edit("{name: imm, at: 4, type: u32}", "{name: imm, at: 2, type: u64, const: 1}");
        assertEquals(List.of(s.at("{name: imm") + ": field 'imm' [+0x02, +0x0A) leaves the 8-byte record"), s.errors());
    }

    /** A field declared after one it ends against: [+3, +4) then [+4, +8) touch, they do not overlap. */
    @Test
    void aLaterFieldEndingWhereAnEarlierBeginsIsClean() {
        MemorySpec s = MemorySpec.base()
                .withField("{name: lo, at: 3, type: u8}")
                .edit("imm: 5}", "imm: 5, lo: 9}")
                .edit("\"02 11 03 00 05\"", "\"02 11 03 09 05\"");
        assertEquals(List.of(), s.errors());
    }

    @Test
    void fieldsSharingOneByteOverlap() {
        // lo at +3, u16: [+3, +5) shares byte +4 with imm [+4, +8)
        MemorySpec s = MemorySpec.base()
                .withField("{name: lo, at: 3, type: u16}");
        assertEquals(List.of(s.at("{name: lo") + ": field 'lo' [+0x03, +0x05) overlaps field 'imm' [+0x04, +0x08)"), s.errors());
    }

    /** One overlap error per field, naming the first field (in declaration order) it overlaps. */
    @Test
    void aFieldOverlappingThreeIsOneError() {
        // wide at +1, u32: [+1, +5) covers kind [+1, +2), reg [+2, +3) and imm's first byte
        MemorySpec s = MemorySpec.base()
                .withField("{name: wide, at: 1, type: u32}");
        assertEquals(List.of(s.at("{name: wide") + ": field 'wide' [+0x01, +0x05) overlaps field 'kind' [+0x01, +0x02)"), s.errors());
    }

    /** The preamble is checked once, where the record declares it, not again for each arm and view. */
    @Test
    void aPreambleFieldOutsideTheRecordIsOneError() {
        // tail at +8, u8: [+8, +9); the spec has arm Load with a view and arm Nop
        MemorySpec s = MemorySpec.base().append(MemorySpec.NOP)
                .edit("isa.yaml", "    - {name: op, at: 0, type: u8, enum: Op}\n",
                        "    - {name: op, at: 0, type: u8, enum: Op}\n    - {name: tail, at: 8, type: u8}\n")
                .withView("    fields:\n      - {name: reg, at: 2, type: u8}\n");
        assertEquals(List.of(s.at("isa.yaml", "{name: tail", 1) + ": field 'tail' [+0x08, +0x09) leaves the 8-byte record"), s.errors());
    }

    @Test
    void aViewsFieldsAreLaidOutToo() {
        // the view's wide at +2, u16: [+2, +4) overlaps the view's r [+3, +4) (a view is laid out with the preamble, not the arm's fields)
        MemorySpec s = MemorySpec.base().withView("    fields:\n      - {name: r, at: 3, type: u8}\n      - {name: wide, at: 2, type: u16}\n");
        assertEquals(List.of(s.at("{name: wide") + ": field 'wide' [+0x02, +0x04) overlaps field 'r' [+0x03, +0x04)"), s.errors());
    }

    /** A 2-byte group G: one u16 field w at +0 (unlike {@link MemorySpec#GROUP}, it fills two bytes). */
    static final String GROUP2 = """
            ---
            group: G
            size: 2
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: w, at: 0, type: u16}
            """;

    @Test
    void aGroupFieldMayEndOnTheGroupsLastByteButNotPastIt() {
        // w at +0, u16: [+0, +2) fills the 2-byte group; at +1 it is [+1, +3)
        assertEquals(List.of(), MemorySpec.base().append(GROUP2).errors());
        MemorySpec s = MemorySpec.base().append(GROUP2.replace("at: 0", "at: 1"));
        assertEquals(List.of(s.at("{name: w") + ": field 'w' [+0x01, +0x03) leaves the 2-byte group G"), s.errors());
    }

    @Test
    void theSelectBytesLieInsideTheRecord() {
        // select at +7, u16: [+7, +9) — one byte past the 8-byte record
        MemorySpec s = MemorySpec.base().edit("struct: LD\n", "struct: LD\nselect: {at: 7, type: u16, equals: 0}\n");
        assertEquals(List.of(s.at("{at: 7") + ": arm 'Load': the select bytes leave the record"), s.errors());
        MemorySpec before = MemorySpec.base().edit("struct: LD\n", "struct: LD\nselect: {at: -1, type: u8, equals: 0}\n");
        assertEquals(List.of(before.at("{at: -1") + ": arm 'Load': the select bytes leave the record"), before.errors());
    }

    @Test
    void aSelectMayReadTheFirstOrTheLastBytes() {
        // select at +6, u16: [+6, +8) ends on the last byte; equals 0 matches e1's zero bytes there
        assertEquals(List.of(), MemorySpec.base().edit("struct: LD\n", "struct: LD\nselect: {at: 6, type: u16, equals: 0}\n").errors());
        // select at +0, u8: the opcode byte itself, 2 for Load
        assertEquals(List.of(), MemorySpec.base().edit("struct: LD\n", "struct: LD\nselect: {at: 0, type: u8, equals: 2}\n").errors());
    }

    /** The base spec with no preamble and the record's opcode at {@code at}: no field declares the opcode's bytes. */
    static MemorySpec opcodeAt(String at) {
        return MemorySpec.base().edit("isa.yaml", "  preamble:\n    - {name: op, at: 0, type: u8, enum: Op}\n", "  preamble: []\n")
                .edit("isa.yaml", "opcode: {at: 0,", "opcode: {at: " + at + ",");
    }

    /**
     * The encoders write the opcode at {@code opcode.at}, as wide as its enum, whether or not a field
     * declares those bytes: they lie inside the record, or the opcode is the one error and the vectors
     * wait for it (they used to index past the record and crash).
     */
    @Test
    void theOpcodeMayEndOnTheRecordsLastByteButNotPastIt() {
        // u8 opcode at +7, [+7, +8): imm narrowed to u16 at +4..+5 so e1 reads 00 11 03 00 05 00 00 02 (Load = 2 at +7)
        MemorySpec last = opcodeAt("7").edit("{name: imm, at: 4, type: u32}", "{name: imm, at: 4, type: u16}")
                .edit("\"02 11 03 00 05\"", "\"00 11 03 00 05 00 00 02\"");
        assertEquals(List.of(), last.errors());
        // u8 opcode at +8, [+8, +9): one byte past the 8-byte record
        MemorySpec past = opcodeAt("8");
        assertEquals(List.of(past.at("isa.yaml", "{at: 8", 1) + ": the opcode [+0x08, +0x09) leaves the 8-byte record"), past.errors());
        // u16 opcode at +7, [+7, +9): the opcode is as wide as its enum
        MemorySpec wide = opcodeAt("7").edit("enum: Op\ntype: u8", "enum: Op\ntype: u16");
        assertEquals(List.of(wide.at("isa.yaml", "{at: 7", 1) + ": the opcode [+0x07, +0x09) leaves the 8-byte record"), wide.errors());
    }

    @Test
    void theOpcodeBeforeTheRecordLeavesIt() {
        // u8 opcode at -1, [-1, 0); %02X prints -1 as the int's two's complement
        MemorySpec s = opcodeAt("-1");
        assertEquals(List.of(s.at("isa.yaml", "{at: -1", 1) + ": the opcode [+0xFFFFFFFF, +0x00) leaves the 8-byte record"), s.errors());
    }

    @Test
    void bitFieldsMayEndOnTheFieldsTopBitButNotPastIt() {
        // reg is u8, bits 0..7: lo is bit 0 (lsb 0, width 1), hi bits 4..7 (lsb 4, width 4)
        assertEquals(List.of(), MemorySpec.base().edit("{name: reg, at: 2, type: u8}",
                "{name: reg, at: 2, type: u8, bits: [{name: lo, lsb: 0, width: 1}, {name: hi, lsb: 4, width: 4}]}").errors());
        // lsb 5, width 4: bits 5..8, one past bit 7
        MemorySpec past = MemorySpec.base().edit("{name: reg, at: 2, type: u8}",
                "{name: reg, at: 2, type: u8, bits: [{name: hi, lsb: 5, width: 4}]}");
        assertEquals(List.of(past.at("{name: hi") + ": bit field 'hi' (bits 5..8) leaves its 8-bit field"), past.errors());
    }

    @Test
    void aBitFieldNeedsALsbFromZeroAndAWidthFromOne() {
        // lsb -1, width 2: bits -1..0
        MemorySpec below = MemorySpec.base().edit("{name: reg, at: 2, type: u8}",
                "{name: reg, at: 2, type: u8, bits: [{name: hi, lsb: -1, width: 2}]}");
        assertEquals(List.of(below.at("{name: hi") + ": bit field 'hi' (bits -1..0) leaves its 8-bit field"), below.errors());
        // lsb 3, width 0: bits 3..2, no bit at all
        MemorySpec empty = MemorySpec.base().edit("{name: reg, at: 2, type: u8}",
                "{name: reg, at: 2, type: u8, bits: [{name: hi, lsb: 3, width: 0}]}");
        assertEquals(List.of(empty.at("{name: hi") + ": bit field 'hi' (bits 3..2) leaves its 8-bit field"), empty.errors());
    }

    static final String WIDE = """
            ---
            enum: Wide
            type: u16
            source: {ref: test, confidence: ASSUMED}
            values:
              - {name: w1, value: 1}
            """;

    @Test
    void anEnumWiderThanItsFieldDoesNotFit() {
        MemorySpec s = MemorySpec.base().append(WIDE).edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, enum: Wide}");
        assertEquals(List.of(s.at("{name: reg") + ": field 'reg': value enum Wide (u16) does not fit u8"), s.errors());
    }

    @Test
    void aConstantOfAnEnumFieldIsOneOfItsValues() {
        // Kind has lt 0 and ge 1: const 1 is ge, const 5 is no value
        MemorySpec ok = MemorySpec.base().edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, enum: Kind, const: 1}")
                .edit("reg: 3, ", "").edit("\"02 11 03 00 05\"", "\"02 11 01 00 05\"");
        assertEquals(List.of(), ok.errors());
        MemorySpec s = MemorySpec.base().edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, enum: Kind, const: 5}");
        assertEquals(List.of(s.at("{name: reg") + ": const of field 'reg': value 5 does not fit enum Kind"), s.errors());
    }

    @Test
    void aLutYieldingAnEnumIsNotAFieldsEncoding() {
        MemorySpec s = MemorySpec.base().edit("lut: KindWire}", "lut: Neg}");
        assertEquals(List.of(s.at("{name: kind") + ": field 'kind': LUT Neg yields values of enum Kind; give the field 'enum: Kind' instead"),
                s.errors());
    }

    static final String WIRE16 = """
            ---
            lut: Wire16
            from: Kind
            to: u16
            source: {ref: test, confidence: ASSUMED}
            entries: {lt: 0xFF, ge: 0x100}
            """;

    /** The LUT's wire values fit its own u16, but 0x100 = 256 not the u8 field; 0xFF = 255 does. */
    @Test
    void aLutsWireValuesFitTheField() {
        MemorySpec s = MemorySpec.base().append(WIRE16).edit("lut: KindWire}", "lut: Wire16}");
        assertEquals(List.of(s.at("{name: kind") + ": LUT Wire16: wire value 256 of 'ge' does not fit field 'kind' (u8)"), s.errors());
    }

    /** The first wire value that does not fit is the one named. */
    @Test
    void oneLutErrorPerField() {
        MemorySpec s = MemorySpec.base().append(WIRE16.replace("{lt: 0xFF, ge: 0x100}", "{lt: 0x101, ge: 0x100}"))
                .edit("lut: KindWire}", "lut: Wire16}");
        assertEquals(List.of(s.at("{name: kind") + ": LUT Wire16: wire value 257 of 'lt' does not fit field 'kind' (u8)"), s.errors());
    }

    /** A LUT that repeats a wire value is LutRule's error, at the entry that repeats it; the layout says nothing more about it. */
    @Test
    void aLutRepeatingAWireValueIsReportedOnceAtTheLut() {
        MemorySpec s = MemorySpec.base().append(WIRE16.replace("{lt: 0xFF, ge: 0x100}", "{lt: 0x100, ge: 0x100}"))
                .edit("lut: KindWire}", "lut: Wire16}");
        assertEquals(List.of(s.at("ge: 0x100") + ": LUT Wire16 maps 'lt' and 'ge' to one wire value 256, so field 'kind' of arm Load, "
                + "which decodes through it, could not tell them apart"), s.errors());
    }

    /** A wire value outside the LUT's own u8 is the LUT's error alone, though the field is u8 too. */
    @Test
    void aLutValueOutsideItsOwnTypeIsTheLutsErrorOnly() {
        // 0x111 = 273
        MemorySpec s = MemorySpec.base().edit("entries: {lt: 0x10, ge: 0x11}", "entries: {lt: 0x10, ge: 0x111}");
        assertEquals(List.of(s.at("ge: 0x111") + ": LUT KindWire: wire value 273 of 'ge' does not fit u8"), s.errors());
    }

    @Test
    void aConstantFitsItsType() {
        // u8 holds 0..255
        assertEquals(List.of(), MemorySpec.base().edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, const: 255}")
                .edit("reg: 3, ", "").edit("\"02 11 03 00 05\"", "\"02 11 FF 00 05\"").errors());
        MemorySpec s = MemorySpec.base().edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, const: 256}");
        assertEquals(List.of(s.at("{name: reg") + ": const of field 'reg': value 256 does not fit u8"), s.errors());
    }
}
