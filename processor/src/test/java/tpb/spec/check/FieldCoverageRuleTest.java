package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link FieldCoverageRule}: a field counts as exercised only when some example puts a non-zero
 * byte inside its own bytes — its last byte is enough, the byte after it is not — and the
 * preamble is judged once over every arm's examples. Offsets in the messages are the field's own.
 */
class FieldCoverageRuleTest {
    private static String unexercised(String who, String field, int at) {
        return who + ": field '" + field + "' at +0x" + String.format("%02X", at) + " is zero in every example, so a moved offset would go "
                + "unnoticed; add an example that sets it (bytes from a source or a real record, named in its doc) or list it under "
                + "'unexercised:' with the reason";
    }

    @Test
    void aNonZeroLastByteExercisesAField() {
        // imm = 0x01000000, little-endian at +4..+7: 00 00 00 01 — only its last byte is non-zero
        MemorySpec s = MemorySpec.base().edit("imm: 5}", "imm: 0x01000000}").edit("\"02 11 03 00 05\"", "\"02 11 03 00 00 00 00 01\"");
        assertEquals(List.of(), s.errors());
    }

    @Test
    void aNonZeroByteRightAfterAFieldDoesNotExerciseIt() {
        // reg [+2, +3) is 0; lo at +3 is 9: the byte after reg is set, reg itself is not
        MemorySpec s = MemorySpec.base()
                .withField("{name: lo, at: 3, type: u8}")
                .edit("reg: 3, imm: 5}", "imm: 5, lo: 9}").edit("\"02 11 03 00 05\"", "\"02 11 00 09 05\"");
        assertEquals(List.of(s.at("Load\nopcode") + ": " + unexercised("arm 'Load'", "reg", 2)), s.errors());
    }

    /** The stale listing names the first example that sets the field: here the second. */
    @Test
    void aStaleListingNamesTheExampleThatSetsTheField() {
        MemorySpec s = MemorySpec.base()
                .edit("fields: {kind: ge, reg: 3, imm: 5}\n    bytes: {0: \"02 11 03 00 05\"}\n",
                        "fields: {kind: ge, reg: 3}\n    bytes: {0: \"02 11 03\"}\n"
                        + "  - {name: e2, fields: {imm: 6}, bytes: {0: \"02 00 00 00 06\"}}\n"
                        + "unexercised:\n  imm: \"no source gives a value\"\n");
        assertEquals(List.of(s.at("imm: \"no") + ": arm 'Load': field 'imm' is listed under 'unexercised:' but example 'e2' sets it"), s.errors());
    }

    /** ... and when it is the first example. */
    @Test
    void aStaleListingOfAFieldTheFirstExampleSets() {
        MemorySpec s = MemorySpec.base().edit("bytes: {0: \"02 11 03 00 05\"}\n", "bytes: {0: \"02 11 03 00 05\"}\nunexercised:\n  imm: \"none\"\n");
        assertEquals(List.of(s.at("imm: \"none") + ": arm 'Load': field 'imm' is listed under 'unexercised:' but example 'e1' sets it"), s.errors());
    }

    /** The preamble is the record's: an arm cannot list its fields as unexercised. */
    @Test
    void anArmCannotListAPreambleField() {
        MemorySpec s = MemorySpec.base().edit("bytes: {0: \"02 11 03 00 05\"}\n",
                "bytes: {0: \"02 11 03 00 05\"}\nunexercised:\n  op: \"fixed\"\n");
        assertEquals(List.of(s.at("op: \"fixed") + ": unknown field of arm Load 'op'"), s.errors());
    }

    /** Reserved and constant fields and the opcode are fixed by the spec: zero in every example is fine. */
    @Test
    void reservedAndConstantFieldsNeedNoExample() {
        MemorySpec s = MemorySpec.base().withField("{name: pad, at: 3, type: u8, reserved: true}");
        assertEquals(List.of(), s.errors());
        MemorySpec c = MemorySpec.base().withField("{name: zero, at: 3, type: u8, const: 0}");
        assertEquals(List.of(), c.errors());
    }

    /** A group's field is named by its path and placed at the group's offset plus its own. */
    @Test
    void aGroupsFieldIsNamedByItsPath() {
        // g at +3, x at +0 inside it: g.x at +0x03
        MemorySpec s = MemorySpec.base().append(MemorySpec.GROUP)
                .withField("{name: g, at: 3, group: G}");
        assertEquals(List.of(s.at("Load\nopcode") + ": " + unexercised("arm 'Load'", "g.x", 3)), s.errors());
    }

    /** flags at +3 in the preamble, beside the opcode; arm Load's e1 leaves byte +3 zero. */
    private static MemorySpec withFlags() {
        return MemorySpec.base().append(MemorySpec.NOP).edit("isa.yaml", "    - {name: op, at: 0, type: u8, enum: Op}\n",
                "    - {name: op, at: 0, type: u8, enum: Op}\n    - {name: flags, at: 3, type: u8}\n");
    }

    @Test
    void aPreambleFieldNoArmSetsIsReportedOnceAtTheRecord() {
        MemorySpec s = withFlags();
        assertEquals(List.of(s.at("isa.yaml", "size: 8", 1) + ": " + unexercised("the preamble", "flags", 3)), s.errors());
    }

    @Test
    void anyArmsExampleMayExerciseThePreamble() {
        // the first arm's only example sets it (04 at +3) ...
        assertEquals(List.of(), withFlags().edit("imm: 5}", "imm: 5, flags: 4}").edit("\"02 11 03 00 05\"", "\"02 11 03 04 05\"").errors());
        // ... or the second arm's (Nop: 01 07 00 04)
        assertEquals(List.of(), withFlags().edit("fields: {a: 7}, bytes: {0: \"01 07\"}", "fields: {a: 7, flags: 4}, bytes: {0: \"01 07 00 04\"}")
                .errors());
    }

    /** Judged over every arm's examples, the preamble waits until no error stands anywhere (an unsound arm's examples are not read). */
    @Test
    void thePreambleIsNotJudgedWhileAnotherErrorStands() {
        MemorySpec s = withFlags().append("---\nstage: loaded\nsource: {ref: test, confidence: ASSUMED}\nrules: [exit, exit]\n");
        assertEquals(List.of(s.at("loaded") + ": stage 'loaded' names rule 'exit' twice"), s.errors());
    }
}
