package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link FeatureRule}: a feature is set by an integer field (one scalar, no enum, LUT or constant)
 * of an arm with a layout, and the arms that require or clear it have layouts too.
 */
class FeatureRuleTest {
    private static MemorySpec feature(String setBy, String rest) {
        return MemorySpec.base().append("---\nfeature: f\nsource: {ref: test, confidence: ASSUMED}\nset_by: {" + setBy + "}\n" + rest);
    }

    /** Load's fields besides reg and imm: kind (LUT), k (enum), c (constant), arr (two u8), tag (char). */
    private static MemorySpec richLoad(MemorySpec s) {
        return s.edit("isa.yaml", "size: 8\n  endian: little\n  stride: 8", "size: 16\n  endian: little\n  stride: 16")
                .withField("{name: k, at: 8, type: u8, enum: Kind}", "{name: c, at: 9, type: u8, const: 1}",
                        "{name: arr, at: 10, type: u8, count: 2}", "{name: tag, at: 12, type: char, size: 2}")
                .edit("imm: 5}", "imm: 5, k: ge, arr: [1, 2], tag: \"A\"}").edit("\"02 11 03 00 05\"", "\"02 11 03 00 05 00 00 00 01 01 01 02 41\"");
    }

    /** Where the value of {@code key: value} starts: the position of the key plus its length. */
    private static String valueOf(MemorySpec s, String keyAndValue) {
        String[] at = s.at(keyAndValue).split(":");
        return at[0] + ":" + at[1] + ":" + (Integer.parseInt(at[2]) + keyAndValue.indexOf(' ') + 1);
    }

    @Test
    void anIntegerFieldSetsAFeature() {
        assertEquals(List.of(), richLoad(feature("arm: Load, field: imm", "")).errors());
    }

    @Test
    void onlyTheIntegerFieldsMaySetIt() {
        for (String field : List.of("kind", "k", "c", "arr", "tag")) {
            MemorySpec s = richLoad(feature("arm: Load, field: " + field, ""));
            assertEquals(List.of(valueOf(s, "field: " + field + "}") + ": feature 'f' is set by field '" + field
                    + "' of arm Load, which is not one of its integer fields [reg, imm]"), s.errors(), field);
        }
    }

    /** With unlisted opcodes opaque, Nop is an arm without a layout: it cannot set, need or clear a feature. */
    @Test
    void anOpaqueArmHasNoLayout() {
        MemorySpec s = feature("arm: Nop, field: a", "required_by:\n  - {arm: Nop, message: m}\ncleared_by:\n  - {arm: Nop}\n")
                .edit("isa.yaml", "  source: {ref: test", "  unlisted_opcodes: opaque\n  source: {ref: test");
        String tail = " arm 'Nop', which the spec does not define (or gives no layout)";
        assertEquals(List.of(s.at("Nop, field") + ": feature 'f' is set by" + tail, s.at("Nop, message") + ": feature 'f' is required by" + tail,
                s.at("{arm: Nop}") + ": feature 'f' is cleared by" + tail), s.errors());
    }

    @Test
    void aClearingArmIsNamedWithTheClosestName() {
        MemorySpec s = feature("arm: Load, field: reg", "cleared_by:\n  - {arm: Lood}\n");
        assertEquals(List.of(s.at("{arm: Lood}") + ": feature 'f' is cleared by arm 'Lood', which the spec does not define (or gives no layout); "
                + "did you mean 'Load'?"), s.errors());
    }

    /** The arm or field left out after its own error is that error's: an unknown type, a misspelt opcode. */
    @Test
    void aSetterLeftOutIsTheKnockOnOfItsError() {
        MemorySpec field = feature("arm: Load, field: reg", "").edit("{name: reg, at: 2, type: u8}", "{name: reg, at: 2, type: u9}");
        assertEquals(List.of(field.at("u9") + MemorySpec.U9_ERROR), field.errors());
        MemorySpec arm = feature("arm: Load, field: reg", "required_by:\n  - {arm: Load, message: m}\ncleared_by:\n  - {arm: Load}\n")
                .edit("isa.yaml", "  source: {ref: test", "  unlisted_opcodes: opaque\n  source: {ref: test").edit("opcode: Load", "opcode: Lod");
        assertEquals(List.of(arm.at("Lod") + ": unknown opcode 'Lod'; did you mean 'Load'?"), arm.errors());
    }

    /** A group field is no integer either (and the path "g" ends on the group itself). */
    @Test
    void aGroupFieldDoesNotSetAFeature() {
        MemorySpec s = feature("arm: Load, field: g", "")
                .append(MemorySpec.GROUP)
                .withField("{name: g, at: 3, group: G}")
                .edit("imm: 5}", "imm: 5, g: {x: 4}}").edit("\"02 11 03 00 05\"", "\"02 11 03 04 05\"");
        assertEquals(List.of(valueOf(s, "field: g}") + ": feature 'f' is set by field 'g' of arm Load, which is not one of its integer fields "
                + "[reg, imm]"), s.errors());
    }
}
