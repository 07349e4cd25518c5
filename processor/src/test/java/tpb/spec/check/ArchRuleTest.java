package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ArchRule}: an arch's opcode masks (bit i of a mask is opcode base + i) decode to exactly
 * the opcodes its generation admits; terminators and no_encoder name arms; every arch names the
 * same constants. Enum Op of the base spec: Nop 1, Load 2, neither with since/until.
 */
class ArchRuleTest {
    private static MemorySpec masks(String masks) {
        return MemorySpec.base().edit("opcodes: {enum: Op, source:", "opcodes: {enum: Op, masks: [" + masks + "], source:");
    }

    @Test
    void masksThatDecodeToTheLegalOpcodesAreClean() {
        // 0x6 = bits 1 and 2 from base 0: opcodes 1 and 2
        assertEquals(List.of(), masks("{base: 0, bits: 0x6}").errors());
        // 0x3 = bits 0 and 1 from base 1: opcodes 1 and 2 again; two masks of one bit each too
        assertEquals(List.of(), masks("{base: 1, bits: 0x3}").errors());
        assertEquals(List.of(), masks("{base: 0, bits: 0x2}, {base: 2, bits: 0x1}").errors());
    }

    /** Bit 63 of a mask is opcode base + 63: here Far, 63, beside Zero (bit 0). */
    @Test
    void aMasksTopBitIsAnOpcode() {
        MemorySpec s = masks("{base: 0, bits: 0x8000000000000007}").edit("{name: Nop, value: 1}",
                "{name: Zero, value: 0}\n  - {name: Nop, value: 1}\n  - {name: Far, value: 63}");
        assertEquals(List.of(), s.errors());
    }

    @Test
    void anOpcodeOnlyInTheMasks() {
        // 0xE: opcodes 1, 2 and 3; Op has no 3
        MemorySpec s = masks("{base: 0, bits: 0xE}");
        assertEquals(List.of(s.at("{base: 0") + ": arch A: the opcode masks and the generation rule disagree: only in masks [0x3], only by generation []"),
                s.errors());
    }

    /** Load lives from generation 1 (since: 1) but the masks miss it: no since: hint, it has one. */
    @Test
    void anOpcodeOnlyByGenerationWithASince() {
        MemorySpec s = masks("{base: 0, bits: 0x2}").edit("{name: Load, value: 2}", "{name: Load, value: 2, since: 1}");
        assertEquals(List.of(s.at("{base: 0") + ": arch A: the opcode masks and the generation rule disagree: only in masks [], only by generation [0x2]"),
                s.errors());
        MemorySpec until = masks("{base: 0, bits: 0x2}").edit("{name: Load, value: 2}", "{name: Load, value: 2, until: 3}");
        assertEquals(List.of(until.at("{base: 0") + ": arch A: the opcode masks and the generation rule disagree: only in masks [], "
                + "only by generation [0x2]"), until.errors());
    }

    /**
     * An opcode without since: lives in every generation, so the masks miss it: each such value is
     * reported at its own line, where since: goes, naming the masks; nothing is left for the masks' line.
     */
    @Test
    void anOpcodeWithoutSinceIsReportedAtItsOwnLine() {
        MemorySpec s = masks("{base: 8, bits: 0x1}").edit("{name: Load, value: 2}", "{name: Load, value: 2}\n  - {name: Eight, value: 8}");
        String masks = s.at("{base: 8");
        assertEquals(List.of(s.at("{name: Nop, value: 1}") + ": opcode 0x1 (Nop) has no since:, so it lives in every generation, but the opcode "
                + "masks of arch A (" + masks + ") do not hold it; give a new opcode since: N, the first generation that has it",
                s.at("{name: Load, value: 2}") + ": opcode 0x2 (Load) has no since:, so it lives in every generation, but the opcode masks of "
                + "arch A (" + masks + ") do not hold it; give a new opcode since: N, the first generation that has it"), s.errors());
        // a disagreement no since: explains stays at the masks' line, beside it
        MemorySpec both = masks("{base: 8, bits: 0x3}").edit("{name: Load, value: 2}", "{name: Load, value: 2}\n  - {name: Eight, value: 8}")
                .edit("{name: Nop, value: 1}", "{name: Nop, value: 1, since: 1}");
        assertEquals(List.of(both.at("{name: Load, value: 2}") + ": opcode 0x2 (Load) has no since:, so it lives in every generation, "
                + "but the opcode masks of arch A (" + both.at("{base: 8") + ") do not hold it; give a new opcode since: N, the first generation "
                + "that has it", both.at("{base: 8") + ": arch A: the opcode masks and the generation rule disagree: only in masks [0x9], only by "
                + "generation [0x1]"), both.errors());
    }

    /** Generation 1 admits Load with since: 1 but not since: 2; a tag the arch excludes takes Load out too. */
    @Test
    void theGenerationRuleReadsSinceUntilAndExcludedTags() {
        assertEquals(List.of(), masks("{base: 0, bits: 0x2}").edit("{name: Load, value: 2}", "{name: Load, value: 2, since: 2}").errors());
        assertEquals(List.of(), masks("{base: 0, bits: 0x6}").edit("{name: Load, value: 2}", "{name: Load, value: 2, since: 1}").errors());
        assertEquals(List.of(), masks("{base: 0, bits: 0x2}").edit("{name: Nop, value: 1}", "{name: Nop, value: 1, until: 1}")
                .edit("{name: Load, value: 2}", "{name: Load, value: 2, tags: [compiler-only]}")
                .edit("opcodes: {enum: Op, masks:", "opcodes: {enum: Op, exclude_tags: [compiler-only], masks:").errors());
    }

    @Test
    void noEncoderNamesAnArm() {
        MemorySpec s = MemorySpec.base().append("no_encoder: [Lood]\nno_encoder_source: {ref: test, confidence: ASSUMED}\n");
        assertEquals(List.of(s.at("A\ngeneration") + ": arch A: no_encoder names 'Lood', which is not an arm; did you mean 'Load'?"), s.errors());
        assertEquals(List.of(), MemorySpec.base().append("no_encoder: [Load]\nno_encoder_source: {ref: test, confidence: ASSUMED}\n").errors());
    }

    @Test
    void aTerminatorIsAnArm() {
        assertEquals(List.of(), MemorySpec.base().append("terminators: [Load]\nterminators_source: {ref: test, confidence: ASSUMED}\n").errors());
        MemorySpec s = MemorySpec.base().append("terminators: [Load, Stop]\nterminators_source: {ref: test, confidence: ASSUMED}\n");
        assertEquals(List.of(s.at("Stop") + ": arch A: terminator 'Stop' is not an arm"), s.errors());
    }

    /** An item that is no string is skipped with its own error; the next terminator's error stays at that terminator. */
    @Test
    void aTerminatorAfterAnItemThatIsNoStringIsNamedWhereItStands() {
        MemorySpec s = MemorySpec.base().append("terminators: [~, Stop]\nterminators_source: {ref: test, confidence: ASSUMED}\n");
        assertEquals(List.of(s.at("~") + ": 'terminators item' must be a string", s.at("Stop") + ": arch A: terminator 'Stop' is not an arm"),
                s.errors());
    }

    private static String arch(String name, int generation, String constants) {
        return "---\narch: " + name + "\ngeneration: " + generation + "\nsource: {ref: test, confidence: ASSUMED}\n"
                + "opcodes: {enum: Op, source: {ref: test, confidence: ASSUMED}}\nconstants: {" + constants + "}\n";
    }

    private static String constant(String name) {
        return name + ": {value: 1, source: {ref: test, confidence: ASSUMED}}";
    }

    /** The same names in another order are the same constants. */
    @Test
    void everyArchNamesTheSameConstants() {
        MemorySpec s = MemorySpec.base().append("constants: {" + constant("x") + ", " + constant("y") + "}\n")
                .append(arch("B", 2, constant("y") + ", " + constant("x")));
        assertEquals(List.of(), s.errors());
    }

    /** Each arch is compared with the first. */
    @Test
    void aThirdArchWithOtherConstants() {
        MemorySpec s = MemorySpec.base().append("constants: {" + constant("x") + "}\n")
                .append(arch("B", 2, constant("x"))).append(arch("C", 3, constant("z")));
        assertEquals(List.of(s.at("C\ngeneration") + ": arch C: constants [z] differ from arch A's [x]"), s.errors());
    }
}
