package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ConflictRule}: a conflict may be about an arm, an enum, a LUT, a group or an arch, and nothing else. */
class ConflictRuleTest {
    private static MemorySpec about(String names) {
        return MemorySpec.base().append(MemorySpec.GROUP).append("""
                ---
                conflict: c
                about: [%s]
                emitted: x
                readings:
                  - {claim: a, source: {ref: test, confidence: ASSUMED}}
                  - {claim: b, source: {ref: test, confidence: ASSUMED}}
                """.formatted(names));
    }

    /** Each subject is looked up on its own: a kind the rule forgot shows as an error naming that subject. */
    @Test
    void everyKindOfDefinitionMayBeTheSubject() {
        assertEquals(List.of(), about("Load, Kind, KindWire, G, A").errors());
    }

    @Test
    void anUndefinedSubjectIsNamedWithTheClosestName() {
        MemorySpec far = about("Load, Nowhere");
        assertEquals(List.of(far.at("c\nabout") + ": conflict 'c' is about 'Nowhere', which the spec does not define"), far.errors());
        MemorySpec near = about("Kinds");
        assertEquals(List.of(near.at("c\nabout") + ": conflict 'c' is about 'Kinds', which the spec does not define; did you mean 'Kind'?"),
                near.errors());
    }

    /** An arm left out after its own error (a misspelt opcode) is not a second mistake of the conflict. */
    @Test
    void aSubjectLeftOutAfterAnErrorIsThatErrorsKnockOn() {
        MemorySpec s = about("Load").edit("isa.yaml", "  source: {ref: test", "  unlisted_opcodes: opaque\n  source: {ref: test")
                .edit("opcode: Load", "opcode: Lod");
        assertEquals(List.of(s.at("Lod") + ": unknown opcode 'Lod'; did you mean 'Load'?"), s.errors());
    }
}
