package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link OpcodeRule}: arms may share an opcode (0x2, Load, in the base spec) only when each carries
 * a select on the same bytes, with distinct values and at most one "otherwise"; the opcode enum is
 * u8 or u16. Every message written out.
 */
class OpcodeRuleTest {
    /** Arm Load with {@code select} (or none), then arms sharing its opcode with the given selects (null: none). */
    private static MemorySpec sharing(String loadSelect, String... others) {
        MemorySpec s = MemorySpec.base();
        if (loadSelect != null) {
            s.edit("struct: LD\n", "struct: LD\nselect: " + loadSelect + "\n");
        }
        for (int i = 0; i < others.length; i++) {
            s.append("---\narm: Load" + (i + 2) + "\nopcode: Load\n" + (others[i] == null ? "" : "select: " + others[i] + "\n")
                    + "source: {ref: test, confidence: ASSUMED}\nfields: []\n");
        }
        return s;
    }

    private static final String DUPLICATE = ": opcode 0x2 is already taken by arm '%s'; arms that share an opcode need a 'select'";

    @Test
    void distinctValuesOnTheSameBytesAndOneOtherwiseAreClean() {
        // byte +3 is 0 in e1, so Load's own vector agrees with its select value 0
        assertEquals(List.of(), sharing("{at: 3, type: u8, equals: 0}", "{at: 3, type: u8, equals: 1}", "{at: 3, type: u8, otherwise: true}")
                .errors());
        assertEquals(List.of(), sharing("{at: 3, type: u8, otherwise: true}", "{at: 3, type: u8, equals: 1}").errors());
    }

    @Test
    void twoArmsWithoutASelectIsTheSecondsError() {
        MemorySpec s = sharing(null, (String) null);
        assertEquals(List.of(s.at("Load2") + DUPLICATE.formatted("Load")), s.errors());
    }

    /** The first arm may stand alone only when no other selects: then it is the one without a select, named once. */
    @Test
    void aFirstArmWithoutASelectAmongArmsThatSelect() {
        MemorySpec s = sharing(null, "{at: 3, type: u8, equals: 0}", "{at: 3, type: u8, equals: 1}");
        assertEquals(List.of(s.at("Load\nopcode") + DUPLICATE.formatted("Load2")), s.errors());
    }

    @Test
    void aLaterArmWithoutASelect() {
        MemorySpec s = sharing("{at: 3, type: u8, equals: 0}", (String) null);
        assertEquals(List.of(s.at("Load2") + DUPLICATE.formatted("Load")), s.errors());
    }

    @Test
    void theSelectsReadTheSameBytes() {
        MemorySpec at = sharing("{at: 3, type: u8, equals: 0}", "{at: 2, type: u8, equals: 1}");
        assertEquals(List.of(at.at("{at: 2") + ": arm 'Load2': arms sharing opcode 0x2 must select on the same bytes as 'Load'"), at.errors());
        MemorySpec type = sharing("{at: 3, type: u8, equals: 0}", "{at: 3, type: u16, equals: 1}");
        assertEquals(List.of(type.at("{at: 3, type: u16") + ": arm 'Load2': arms sharing opcode 0x2 must select on the same bytes as 'Load'"),
                type.errors());
    }

    @Test
    void oneOtherwise() {
        MemorySpec s = sharing("{at: 3, type: u8, otherwise: true}", "{at: 3, type: u8, otherwise: true}");
        assertEquals(List.of(s.at("{at: 3, type: u8, otherwise", 2) + ": arm 'Load2': 'Load' is already the 'otherwise' arm"), s.errors());
    }

    /** A repeated value names the arm that took it, and only that one. */
    @Test
    void eachSelectValueOnce() {
        MemorySpec s = sharing("{at: 3, type: u8, equals: 0}", "{at: 3, type: u8, equals: 1}", "{at: 3, type: u8, equals: 1}");
        assertEquals(List.of(s.at("{at: 3, type: u8, equals: 1}", 2) + ": arm 'Load3': select value 1 is already taken by 'Load2'"), s.errors());
    }

    private static final String U16_BODY = """
            fields:
              - {name: kind, at: 2, type: u8, lut: KindWire}
              - {name: reg, at: 3, type: u8}
              - {name: imm, at: 4, type: u32}
            examples:
              - name: e1
                fields: {kind: ge, reg: 3, imm: 5}
                bytes: {0: "02 00 11 03 05"}
            """;

    /** A 16-bit opcode is the widest (opcode 2, little-endian: 02 00). */
    @Test
    void aU16OpcodeIsClean() {
        MemorySpec s = MemorySpec.base().edit("isa.yaml", "type: u8, enum: Op", "type: u16, enum: Op")
                .edit("enum: Op\ntype: u8", "enum: Op\ntype: u16").edit(MemorySpec.LOAD_BODY, U16_BODY);
        assertEquals(List.of(), s.errors());
    }

    @Test
    void aU32OpcodeIsTooWide() {
        MemorySpec s = MemorySpec.base().edit("isa.yaml", "type: u8, enum: Op", "type: u32, enum: Op")
                .edit("enum: Op\ntype: u8", "enum: Op\ntype: u32")
                .edit(MemorySpec.LOAD_BODY, "fields:\n  - {name: imm, at: 4, type: u32}\nexamples:\n"
                        + "  - {name: e1, fields: {imm: 5}, bytes: {0: \"02 00 00 00 05\"}}\n");
        assertEquals(List.of(s.at("isa.yaml", "size: 8", 1)
                + ": record: the opcode enum 'Op' is u32; an opcode is u8 or u16 (tools keep a table indexed by opcode value)"), s.errors());
    }
}
