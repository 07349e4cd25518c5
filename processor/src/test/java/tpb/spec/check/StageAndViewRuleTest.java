package tpb.spec.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link StageRule} and {@link ViewGenerationRule}, each message written out. */
class StageAndViewRuleTest {
    private static MemorySpec stage(String rules) {
        return MemorySpec.base().append("---\nstage: loaded\nsource: {ref: test, confidence: ASSUMED}\nrules: " + rules + "\n");
    }

    @Test
    void aStageNamesEachRuleOnceAsAnIdentifier() {
        assertEquals(List.of(), stage("[exit, final]").errors());
        MemorySpec s = stage("[exit, \"fi nal\", exit, \"fi nal\"]");
        // "fi nal" is no identifier each time; exit is named twice once
        assertEquals(List.of(s.at("loaded") + ": stage 'loaded' names rule 'fi nal' which is not an identifier",
                s.at("loaded") + ": stage 'loaded' names rule 'exit' twice",
                s.at("loaded") + ": stage 'loaded' names rule 'fi nal' which is not an identifier"), s.errors());
    }

    private static MemorySpec view(String generation) {
        return MemorySpec.base().append("---\narch: C\ngeneration: 3\nsource: {ref: test, confidence: ASSUMED}\n"
                + "opcodes: {enum: Op, source: {ref: test, confidence: ASSUMED}}\n")
                .withView("    generation: " + generation + "\n"
                        + "    fields:\n      - {name: reg, at: 2, type: u8}\n"
                        + "    examples:\n      - {name: v1, fields: {reg: 1}, bytes: {0: \"02 00 01\"}}\n");
    }

    @Test
    void aGenerationViewNamesAnArchProfile() {
        assertEquals(List.of(), view("C").errors());
        MemorySpec s = view("B");
        assertEquals(List.of(s.at("view: V") + ": view 'Load.V' is the layout of generation 'B', which is not an arch profile (A, C)"),
                s.errors());
    }

    /** Arch C left out after its own error (no 'generation'): the view naming it is that error's knock-on. */
    @Test
    void anArchLeftOutIsTheKnockOnOfItsError() {
        MemorySpec s = view("C").edit("arch: C\ngeneration: 3\n", "arch: C\n");
        assertEquals(List.of(s.at("arch: C") + ": arch C is missing required key 'generation'"), s.errors());
    }
}
