package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link KnockOn#field}: a syntax operand (or feature setter) naming a field that was left out
 * after its own error — in the arm, in the preamble, inside a group, however deep — is that
 * error's knock-on and silent; a path that is simply wrong is reported.
 */
class KnockOnTest {
    private static MemorySpec syntax(String line) {
        return MemorySpec.base().edit("struct: LD\n", "struct: LD\nsyntax: \"" + line + "\"\n");
    }

    @Test
    void aPreambleFieldLeftOut() {
        MemorySpec s = syntax("ld {flags}").edit("isa.yaml", "    - {name: op, at: 0, type: u8, enum: Op}\n",
                "    - {name: op, at: 0, type: u8, enum: Op}\n    - {name: flags, at: 3, type: u9}\n");
        assertEquals(List.of(s.at("isa.yaml", "u9", 1) + MemorySpec.U9_ERROR), s.errors());
    }

    static final String GROUPS = """
            ---
            group: G
            size: 1
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: x, at: 0, type: u9}
            ---
            group: Outer
            size: 1
            source: {ref: test, confidence: ASSUMED}
            fields:
              - {name: inner, at: 0, group: G}
            """;

    private static MemorySpec grouped(String line) {
        return syntax(line).append(GROUPS)
                .withField("{name: o, at: 3, group: Outer}");
    }

    @Test
    void aGroupMemberLeftOutHoweverDeep() {
        MemorySpec s = grouped("ld {o.inner.x}");
        assertEquals(List.of(s.at("u9") + MemorySpec.U9_ERROR), s.errors());
    }

    /** Beside the left-out x, a member G never had is a mistake of the line. */
    @Test
    void aMemberTheGroupNeverHadIsReported() {
        MemorySpec s = grouped("ld {o.inner.z}");
        // the malformed type (a root cause) first, then the line's own mistake (Diagnostics.sorted)
        assertEquals(List.of(s.at("u9") + MemorySpec.U9_ERROR, s.at("\"ld {o") + ": arm 'Load': syntax: operand {o.inner.z} names no field"), s.errors());
    }

    @Test
    void aPathThroughAFieldThatIsNoGroup() {
        MemorySpec s = syntax("ld {reg.x}");
        assertEquals(List.of(s.at("\"ld {reg") + ": arm 'Load': syntax: operand {reg.x} names no field"), s.errors());
        MemorySpec unknown = syntax("ld {nope.x}");
        assertEquals(List.of(unknown.at("\"ld {nope") + ": arm 'Load': syntax: operand {nope.x} names no field"), unknown.errors());
    }

    /** A group operand whose group lost every field to errors: the operand names that group, so it is their knock-on. */
    @Test
    void aGroupOperandWhoseMembersWereAllLeftOut() {
        MemorySpec s = grouped("ld {o}");
        assertEquals(List.of(s.at("u9") + MemorySpec.U9_ERROR), s.errors());
    }

    /** G itself, its only field x left out, as an operand. */
    @Test
    void aGroupOperandWhoseOnlyFieldWasLeftOut() {
        MemorySpec s = syntax("ld {g}").append(GROUPS)
                .withField("{name: g, at: 3, group: G}");
        assertEquals(List.of(s.at("u9") + MemorySpec.U9_ERROR), s.errors());
    }

    /** A group written with no fields lost none: naming it is the line's mistake. */
    @Test
    void aGroupWrittenEmptyIsNoOperand() {
        MemorySpec s = syntax("ld {e}").append("---\ngroup: E\nsize: 1\nsource: {ref: test, confidence: ASSUMED}\nfields: []\n")
                .withField("{name: e, at: 3, group: E}");
        assertEquals(List.of(s.at("\"ld {e}") + ": arm 'Load': syntax: operand {e} names no field"), s.errors());
    }

    /** The path walks o, then Outer's inner, to G, which lost x. */
    @Test
    void aNestedGroupOperandWhoseOnlyFieldWasLeftOut() {
        MemorySpec s = grouped("ld {o.inner}");
        assertEquals(List.of(s.at("u9") + MemorySpec.U9_ERROR), s.errors());
    }

    /** Outer holding only E, written with no fields: nothing was lost inside, so naming Outer is the line's mistake. */
    @Test
    void aGroupHoldingOnlyAGroupWrittenEmptyIsNoOperand() {
        MemorySpec s = syntax("ld {o}").append("---\ngroup: E\nsize: 1\nsource: {ref: test, confidence: ASSUMED}\nfields: []\n"
                        + "---\ngroup: Outer\nsize: 1\nsource: {ref: test, confidence: ASSUMED}\nfields:\n  - {name: inner, at: 0, group: E}\n")
                .withField("{name: o, at: 3, group: Outer}");
        assertEquals(List.of(s.at("\"ld {o}") + ": arm 'Load': syntax: operand {o} names no field"), s.errors());
    }
}
