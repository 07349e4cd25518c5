package tpb.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.Arm;

/** Which measured instruction is which record, on streams small enough to follow by hand, and on the worst shape a profile can take. */
class ProfileMatchTest {
    static Profile.Instruction at(long pc, String opcode) {
        return new Profile.Instruction("sg00", "pe", pc, opcode, "", pc * 10, 5);
    }

    /**
     * Records LDWEIGHTS, label, MATMUL, MATMUL; measured pcs 0-1 the runtime's (WRITE, LDWEIGHTS),
     * 2-4 the kernel's LDWEIGHTS, MATMUL, MATMUL (the label dropped), 5 a SEM_CLEAR. Start 1 puts
     * LDWEIGHTS on pc 1 but MATMUL (record 2) on pc 2's LDWEIGHTS: score 1 (pc 3 is MATMUL for
     * record 3); start 2 scores 3. So pcs 2, 3, 4 are records 0, 2, 3; pcs 0 and 1 the prologue, 5
     * the epilogue.
     */
    @Test
    void theStartIsWhereTheMostRecordsMeetTheirOpcode() {
        List<Profile.Instruction> measured = List.of(at(0, "WRITE"), at(1, "LDWEIGHTS"), at(2, "LDWEIGHTS"), at(3, "MATMUL"), at(4, "MATMUL"),
                at(5, "SEM_CLEAR"));
        ProfileMatch m = new ProfileMatch(measured, Map.of("pe", List.of(Arm.LDWEIGHTS, Arm.PSEUDO_BRANCH_LABEL, Arm.MATMUL, Arm.MATMUL)));
        List<Integer> records = m.matches().stream().map(ProfileMatch.Match::record).toList();
        assertEquals(List.of(-1, -1, 0, 2, 3, -1), records);
        assertEquals(3, m.mapped());
        assertEquals(3, m.runtimeInserted());
        assertEquals("runtime-inserted: before the kernel (prologue)", m.matches().get(1).reason());
        assertEquals("runtime-inserted: after the kernel (epilogue)", m.matches().get(5).reason());
    }

    /**
     * A DMATrigger runs as two WRITEs or as one, as the runtime does it; the layout that puts more
     * records on their pcs is taken. Records SetOrderingMode, DMATrigger, DMATrigger, NoOp.
     * Runtime 2.28 (two WRITEs): pcs 10 SET_ORDERING_MODE, 11-14 WRITE, 15 NOP: every record on
     * its pc, pcs 12 and 14 the triggers' second WRITEs, each trigger's interval the two's (start
     * 110, the second's end 125: 15 ns). Runtime 2.27 (one WRITE): pcs 10, 11-12 WRITE, 13 NOP:
     * read as two WRITEs, the NOP's pc would hold a WRITE (3 of 4 records on their pcs, pc 13
     * unexplained); read as one, all four, nothing unexplained and each trigger its own 5 ns.
     */
    @Test
    void aDmaTriggerIsTheWritesTheRuntimeRuns() {
        List<Arm> pool = List.of(Arm.SET_ORDERING_MODE, Arm.DMA_TRIGGER, Arm.DMA_TRIGGER, Arm.NO_OP);
        ProfileMatch two = new ProfileMatch(List.of(at(10, "SET_ORDERING_MODE"), at(11, "WRITE"), at(12, "WRITE"), at(13, "WRITE"), at(14, "WRITE"),
                at(15, "NOP")), Map.of("pe", pool));
        assertEquals(List.of(0, 1, -1, 2, -1, 3), two.matches().stream().map(ProfileMatch.Match::record).toList());
        assertEquals("runtime-inserted: a DMATrigger's second WRITE", two.matches().get(2).reason());
        assertEquals(15, two.matches().get(1).measured().durationNs());
        ProfileMatch one = new ProfileMatch(List.of(at(10, "SET_ORDERING_MODE"), at(11, "WRITE"), at(12, "WRITE"), at(13, "NOP")), Map.of("pe", pool));
        assertEquals(List.of(0, 1, 2, 3), one.matches().stream().map(ProfileMatch.Match::record).toList());
        assertEquals(List.of(), one.unexplained());
        assertEquals(5, one.matches().get(1).measured().durationNs());
        assertEquals(5, one.matches().get(2).measured().durationNs());
    }

    /**
     * The worst shape for choosing the start: 50,000 measured MATMULs (shuffled) against 30,000
     * MATMUL records, so every pc is a candidate and every candidate up to pc 20,000 scores all
     * 30,000. Scoring every candidate over every record is 1.5 x 10^9 comparisons; the ranked
     * choice is 50,000 x 64 + 8 x 30,000. Ties go to the smallest pc: pcs 0-29,999 are records,
     * the 20,000 after them the epilogue.
     */
    @Test
    void theWorstShapeIsMatchedInLinearWork() {
        List<Profile.Instruction> measured = new ArrayList<>();
        for (int pc = 0; pc < 50_000; pc++) {
            measured.add(at(pc, "MATMUL"));
        }
        Collections.shuffle(measured, new java.util.Random(45));
        ProfileMatch m = new ProfileMatch(measured, Map.of("pe", Collections.nCopies(30_000, Arm.MATMUL)));
        assertEquals(30_000, m.mapped());
        assertEquals(20_000, m.runtimeInserted());
        for (ProfileMatch.Match x : m.matches()) {
            assertEquals(x.measured().pc() < 30_000 ? (int) x.measured().pc() : -1, x.record());
        }
    }

    /** A repeated pc (a loop the profiler saw twice) is one candidate and maps both times. */
    @Test
    void aRepeatedPcMapsEachTime() {
        List<Profile.Instruction> measured = List.of(at(7, "MATMUL"), at(7, "MATMUL"), at(8, "LDWEIGHTS"));
        ProfileMatch m = new ProfileMatch(measured, Map.of("pe", List.of(Arm.MATMUL, Arm.LDWEIGHTS)));
        assertEquals(List.of(0, 0, 1), m.matches().stream().map(ProfileMatch.Match::record).toList());
    }
}
