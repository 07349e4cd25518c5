package tpb.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.codegen.Compiler;
import tpb.isa.Arch;

/**
 * A register read before anything writes it holds its reset value, all ones (facts §7.1: "u32
 * value initialised to 0xFFFFFFFF", CONFIRMED) — at every level and on every register file size,
 * including files so small that the allocator spills the never-written register: its reload then
 * reads a spill slot nothing stored, and spill memory starts as the register file does (README,
 * "Spill code", ASSUMED). Before this was fixed the stream faulted ("reload from spill memory …
 * that was never stored") on fewer than three registers while the IR and the lowered code ended
 * with the reset value.
 */
class ResetValueTest {
    /**
     * r = a + b, s = c + 1 with b (32-bit) and c (64-bit) never written: b = 0xFFFFFFFF, so
     * r = 5 + 0xFFFFFFFF = 0x1_0000_0004, wrapped to 32 bits 4; c = 0xFFFFFFFF_FFFFFFFF, so
     * s = c + 1 wraps to 0 at 64 bits, and t = c + 3 = 2.
     */
    static final String KERNEL = """
            kernel: reset_value
            registers:
              - a
              - b
              - r
              - {name: c, is_64bit: true}
              - {name: s, is_64bit: true}
              - {name: t, is_64bit: true}
            functions:
              - name: main
                insts:
                  - {inst: RegisterMove, dst: a, src: 5}
                  - {inst: RegisterAlu, op: add, dst: r, src0: a, src1: b}
                  - {inst: RegisterAlu, op: add, is_64bit: true, dst: s, src0: c, src1: 1}
                  - {inst: RegisterAlu, op: add, is_64bit: true, dst: t, src0: c, src1: 3}
                  - {inst: Exit}
            """;

    @Test
    void aNeverWrittenRegisterReadsAllOnesOnEveryFileSize() {
        // 2 slots: the smallest file a 64-bit pair fits; 3 and 4 spill some; 62 spills none
        for (int regs : new int[] {2, 3, 4, 62}) {
            List<SimResult> runs = TruthTables.runAll("reset_value_" + regs, KERNEL, SimResult.Status.EXIT, null,
                    new Compiler.Options(Arch.SUNDA, regs, false));
            for (int i = 0; i < runs.size(); i++) {
                Map<String, Long> got = runs.get(i).registers();
                String leg = regs + " registers " + TruthTables.LEGS.get(i);
                assertEquals(5L, got.get("a"), leg);
                assertEquals(4L, got.get("r"), leg);
                assertEquals(0L, got.get("s"), leg);
                assertEquals(2L, got.get("t"), leg);
            }
        }
    }

    /**
     * y = 2; a dynamic loop on i up to limit = y * 1 + 3 = 5 (i ends 5); then y = r + 0 with r never
     * written: r holds all ones, so y = 0xFFFFFFFF. The loop's limit is a temporary dead after the
     * loop and r is first named after it: when r's range started at its first read, the two did not
     * interfere, r took the limit's slot, and the stream ended y = 5 (on 62 registers as on 3-5)
     * while the IR and the lowered code ended 0xFFFFFFFF. A register some read may find unwritten
     * now holds its slot from the engine's first record.
     */
    static final String DEAD_TEMPORARY = """
            kernel: dead_temporary
            registers: [i, y, r]
            functions:
              - name: main
                insts:
                  - {inst: RegisterMove, dst: y, src: 2}
                  - {inst: DynamicForLoop, var: i, lb: 0, ub_const: 3, ub_coef: 1, ub_reg: y, body: [{inst: NoOp}]}
                  - {inst: RegisterAlu, op: add, dst: y, src0: r, src1: 0}
                  - {inst: Exit}
            """;

    @Test
    void aDeadTemporaryLendsNoSlotToANeverWrittenRegister() {
        for (int regs : new int[] {3, 4, 5, 62}) {
            for (boolean fences : new boolean[] {false, true}) {
                List<SimResult> runs = TruthTables.runAll("dead_temporary_" + regs, DEAD_TEMPORARY, SimResult.Status.EXIT, null,
                        new Compiler.Options(Arch.SUNDA, regs, fences));
                for (int k = 0; k < runs.size(); k++) {
                    String leg = regs + " registers" + (fences ? " fenced " : " ") + TruthTables.LEGS.get(k);
                    assertEquals(0xFFFF_FFFFL, runs.get(k).registers().get("y"), leg);
                    assertEquals(5L, runs.get(k).registers().get("i"), leg);
                }
            }
        }
    }
}
