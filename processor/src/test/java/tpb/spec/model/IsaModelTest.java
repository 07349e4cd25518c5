package tpb.spec.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.LinkedHashMap;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tpb.spec.SpecDraft;
import tpb.spec.load.LoadResult;
import tpb.spec.load.SpecFiles;
import tpb.spec.load.SpecLoader;

class IsaModelTest {
    /** Opcode 2 has two arms told apart by the byte at +1; opcode 1 one arm, declared between them. */
    private static final String DEFS = """
            enum: Op
            type: u8
            source: {ref: test, confidence: ASSUMED}
            values:
              - {name: Nop, value: 1}
              - {name: Load, value: 2}
            ---
            arm: LoadA
            opcode: Load
            select: {at: 1, type: u8, equals: 0}
            source: {ref: test, confidence: ASSUMED}
            fields: []
            ---
            arm: Nop
            opcode: Nop
            source: {ref: test, confidence: ASSUMED}
            fields: []
            ---
            arm: LoadB
            opcode: Load
            select: {at: 1, type: u8, otherwise: true}
            source: {ref: test, confidence: ASSUMED}
            fields: []
            """;

    @Test
    void armsByOpcodeGroupsInSpecOrder() {
        Map<String, String> files = Map.of("isa.yaml", SpecDraft.ROOT, "defs.yaml", DEFS);
        LoadResult r = SpecLoader.load("isa.yaml", new SpecFiles() {
            @Override
            public Optional<String> read(String path) {
                return Optional.ofNullable(files.get(path));
            }

            @Override
            public String where(String path) {
                return "memory";
            }
        });
        assertTrue(r.ok(), () -> r.diagnostics().sorted().toString());
        Map<Long, List<String>> names = new LinkedHashMap<>();
        r.model().armsByOpcode().forEach((op, arms) -> names.put(op, arms.stream().map(ArmDef::name).toList()));
        // opcode 2 first (its first arm, LoadA, comes first in the spec), LoadB after LoadA within it
        assertEquals(Map.of(2L, List.of("LoadA", "LoadB"), 1L, List.of("Nop")), names);
        assertEquals(List.of(2L, 1L), List.copyOf(names.keySet()), "groups in the order of their first arm");
    }
}
