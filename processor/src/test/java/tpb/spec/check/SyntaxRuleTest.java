package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SyntaxRule}: a syntax line parses, its mnemonic placeholder names an enum or LUT field,
 * its operands name fields that can be written, and no two arms' mnemonics can be confused — an
 * exact mnemonic with another's, or with a prefix another arm completes with a value name.
 */
class SyntaxRuleTest {
    private static MemorySpec load(String syntax) {
        return MemorySpec.base().edit("struct: LD\n", "struct: LD\nsyntax: \"" + syntax + "\"\n");
    }

    /** Load then Nop, each with the given line. */
    private static MemorySpec both(String load, String nop) {
        return load(load).append(MemorySpec.NOP.replace("opcode: Nop\n", "opcode: Nop\nsyntax: \"" + nop + "\"\n"));
    }

    @Test
    void aLineThatDoesNotParse() {
        MemorySpec s = load("Ld {reg}");
        assertEquals(List.of(s.at("\"Ld {reg}") + ": arm 'Load': syntax: mnemonic 'Ld' must be lower case letters, digits, '_' and '.'"),
                s.errors());
    }

    @Test
    void theMnemonicPlaceholderNamesAnEnumOrLutField() {
        assertEquals(List.of(), load("ld.{kind} {reg}, {imm}").errors());
        // kind as an enum field (Kind: ge = 1) instead of through the LUT
        assertEquals(List.of(), load("ld.{kind}").edit("lut: KindWire}", "enum: Kind}").edit("\"02 11 03 00 05\"", "\"02 01 03 00 05\"")
                .errors());
        MemorySpec plain = load("ld.{reg}");
        assertEquals(List.of(plain.at("\"ld.{reg}") + ": arm 'Load': syntax: the mnemonic placeholder {reg} must name an enum or LUT field"),
                plain.errors());
        MemorySpec none = load("ld.{nope}");
        assertEquals(List.of(none.at("\"ld.{nope}") + ": arm 'Load': syntax: the mnemonic placeholder {nope} must name an enum or LUT field"),
                none.errors());
    }

    /** A field left out after its own error (an unknown type) is that error's, in the mnemonic and as an operand. */
    @Test
    void aFieldLeftOutIsTheKnockOnOfItsError() {
        MemorySpec s = load("ld.{kind} {reg}").edit("{name: kind, at: 1, type: u8, lut: KindWire}", "{name: kind, at: 1, type: u9, lut: KindWire}")
                .edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u9}");
        assertEquals(List.of(s.at("u9, lut") + MemorySpec.U9_ERROR, s.at("u9}") + MemorySpec.U9_ERROR), s.errors());
    }

    @Test
    void anOperandIsAWritableField() {
        String fixed = "} is fixed or an array; it cannot be an operand";
        MemorySpec opcode = load("ld {op}");
        assertEquals(List.of(opcode.at("\"ld {op}") + ": arm 'Load': syntax: operand {op" + fixed), opcode.errors());
        MemorySpec constant = load("ld {reg}").edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, const: 3}").edit("reg: 3, ", "");
        assertEquals(List.of(constant.at("\"ld {reg}") + ": arm 'Load': syntax: operand {reg" + fixed), constant.errors());
        MemorySpec reserved = load("ld {reg}").edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, reserved: true}")
                .edit("reg: 3, ", "").edit("\"02 11 03 00 05\"", "\"02 11 00 00 05\"");
        assertEquals(List.of(reserved.at("\"ld {reg}") + ": arm 'Load': syntax: operand {reg" + fixed), reserved.errors());
        // reg as two u8 at +2, +3 (e1: [3, 0])
        MemorySpec array = load("ld {reg}").edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u8, count: 2}").edit("reg: 3,", "reg: [3, 0],");
        assertEquals(List.of(array.at("\"ld {reg}") + ": arm 'Load': syntax: operand {reg" + fixed), array.errors());
    }

    /**
     * Implied values end the line (name=number): each a plain number field no operand or
     * placeholder names, with a value its type holds (imm is a u32: 0xFFFFFFFF fits, 2^32 does not).
     */
    @Test
    void impliedValuesNameAPlainFieldThatHoldsThem() {
        assertEquals(List.of(), load("ld {reg} imm=0xFFFFFFFF").errors());
        assertEquals(List.of(), load("ld.{kind} imm=7").errors());
        String plain = "': only a plain number field that no operand names can have one";
        MemorySpec none = load("ld {reg} nope=1");
        assertEquals(List.of(none.at("\"ld {reg} nope") + ": arm 'Load': syntax: implied value of 'nope' names no field"), none.errors());
        MemorySpec operand = load("ld {reg} reg=1");
        assertEquals(List.of(operand.at("\"ld {reg} reg") + ": arm 'Load': syntax: implied value of 'reg" + plain), operand.errors());
        MemorySpec lut = load("ld {reg} kind=1");
        assertEquals(List.of(lut.at("\"ld {reg} kind") + ": arm 'Load': syntax: implied value of 'kind" + plain), lut.errors());
        MemorySpec wide = load("ld {reg} imm=4294967296");
        assertEquals(List.of(wide.at("\"ld {reg} imm") + ": arm 'Load': syntax: implied value imm=4294967296 does not fit its u32"),
                wide.errors());
        MemorySpec word = load("ld {reg} imm=x");
        assertEquals(List.of(word.at("\"ld {reg} imm") + ": arm 'Load': syntax: implied value 'imm=x' must be name=number (decimal or 0x hex) "
                + "after the operands"), word.errors());
        MemorySpec twice = load("ld {reg} imm=1 imm=2");
        assertEquals(List.of(twice.at("\"ld {reg} imm") + ": arm 'Load': syntax: implied value of 'imm' is given twice"), twice.errors());
    }

    @Test
    void aGroupOfWritableFieldsIsAnOperand() {
        MemorySpec s = load("ld {g}").append(MemorySpec.GROUP)
                .withField("{name: g, at: 3, group: G}")
                .edit("imm: 5}", "imm: 5, g: {x: 4}}").edit("\"02 11 03 00 05\"", "\"02 11 03 04 05\"");
        assertEquals(List.of(), s.errors());
    }

    @Test
    void twoArmsWithOneMnemonic() {
        MemorySpec s = both("ld {reg}", "ld {a}");
        assertEquals(List.of(s.at("\"ld {a}") + ": arm 'Nop': syntax: mnemonic 'ld' is ambiguous with arm 'Load' (defs.yaml:"
                + s.at("\"ld {reg}").split(":")[1] + ")"), s.errors());
    }

    /** Mnemonics that only start alike are distinct when neither ends in a placeholder. */
    @Test
    void exactMnemonicsSharingAPrefixAreDistinct() {
        assertEquals(List.of(), both("ld {reg}", "ldx {a}").errors());
        assertEquals(List.of(), both("ld.{kind}", "ldx {a}").errors());
    }

    /** alu.{kind} reads "alu." then a value name, so the exact "alu.add" could be one: before or after it. */
    @Test
    void anExactMnemonicThatAPlaceholderCouldSpell() {
        MemorySpec after = both("alu.{kind}", "alu.add");
        assertEquals(List.of(after.at("\"alu.add") + ": arm 'Nop': syntax: mnemonic 'alu.add' is ambiguous with arm 'Load' (defs.yaml:"
                + after.at("\"alu.{kind}").split(":")[1] + ")"), after.errors());
        MemorySpec before = both("alu.add", "alu.{a}").edit("{name: a, at: 1, type: u8}", "{name: a, at: 1, type: u8, enum: Kind}")
                .edit("{a: 7}, bytes: {0: \"01 07\"}", "{a: ge}, bytes: {0: \"01 01\"}");
        assertEquals(List.of(before.at("\"alu.{a}") + ": arm 'Nop': syntax: mnemonic 'alu.{a}' is ambiguous with arm 'Load' (defs.yaml:"
                + before.at("\"alu.add").split(":")[1] + ")"), before.errors());
    }

    @Test
    void twoPlaceholdersAfterOnePrefix() {
        MemorySpec s = both("alu.{kind}", "alu.{a}").edit("{name: a, at: 1, type: u8}", "{name: a, at: 1, type: u8, enum: Kind}")
                .edit("{a: 7}, bytes: {0: \"01 07\"}", "{a: ge}, bytes: {0: \"01 01\"}");
        assertEquals(List.of(s.at("\"alu.{a}") + ": arm 'Nop': syntax: mnemonic 'alu.{a}' is ambiguous with arm 'Load' (defs.yaml:"
                + s.at("\"alu.{kind}").split(":")[1] + ")"), s.errors());
    }

    /** Without a line an arm's mnemonic is its name in lower snake case: arm Ld clashes with a line "ld". */
    @Test
    void theDefaultMnemonicIsTheArmsName() {
        MemorySpec s = load("ld {reg}").append(MemorySpec.NOP.replace("arm: Nop", "arm: Ld"));
        assertEquals(List.of(s.at("Ld\nopcode") + ": arm 'Ld': syntax: mnemonic 'ld' is ambiguous with arm 'Load' (defs.yaml:"
                + s.at("\"ld {reg}").split(":")[1] + ")"), s.errors());
    }

    @Test
    void aGroupWithAFixedFieldIsNoOperand() {
        MemorySpec s = load("ld {g}").append("---\ngroup: G\nsize: 2\nsource: {ref: test, confidence: ASSUMED}\nfields:\n"
                        + "  - {name: x, at: 0, type: u8}\n  - {name: pad, at: 1, type: u8, reserved: true}\n")
                .edit("{name: reg, at: 2, type: u8}", "{name: g, at: 2, group: G}").edit("reg: 3,", "g: {x: 3},");
        assertEquals(List.of(s.at("\"ld {g}") + ": arm 'Load': syntax: operand {g} is a group with fixed fields; it cannot be an operand"), s.errors());
    }
}
