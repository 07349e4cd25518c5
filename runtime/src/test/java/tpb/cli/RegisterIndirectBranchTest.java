package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's register-indirect jump (CTRL_BR with +0x0C = 0, target_mode
 * REGISTER, the target register pair at +0x22/+0x23: facts §3.3) matched no arm, since
 * UnconditionalBranch reserved +0x0F..+0x2F and CompareAndBranch needs a compare op. It is now an
 * UnconditionalBranch with target_reg_lo/hi: it assembles, lists and validates; the simulator,
 * which knows no source for what the register holds, faults where it runs (and only there).
 */
class RegisterIndirectBranchTest {
    @Test
    void aRegisterIndirectJumpIsTypedValidAndAFaultWhereItRuns(@TempDir Path dir) throws Exception {
        Path bin = StreamCommandsTest.assemble(dir, "ri", "jmp 5 target_mode=REGISTER target_reg_lo=r40 target_reg_hi=r41\nexit\n");
        CliRun list = CliRun.of("disasm", bin.toString());
        assertEquals("     0  0x000000  jmp 5 target_mode=REGISTER target_reg_lo=r40 target_reg_hi=r41\n     1  0x000040  exit\n", list.out());
        CliRun stats = CliRun.of("disasm", "--stats", bin.toString());
        assertTrue(stats.out().endsWith(": 2 records: 2 typed (100.0 %), 0 opaque arm, 0 raw\n"), stats.out());
        CliRun valid = CliRun.of("validate", bin.toString());
        assertEquals(0, valid.code(), valid.err());
        CliRun run = CliRun.of("run", bin.toString());
        assertEquals(1, run.code());
        assertTrue(run.out().startsWith("FAULT after 1 steps: record 0: a branch with target_mode REGISTER (a register-held target) "
                + "has no semantics in the simulator: no source says what the register holds\n"), run.out());
        // a stream that branches around it never reaches it: the compiler's REL_IMM jump still runs
        Path around = StreamCommandsTest.assemble(dir, "around", "jmp 2 target_mode=REL_IMM\njmp 0 target_mode=REGISTER target_reg_lo=r40 target_reg_hi=r41\nexit\n");
        assertEquals(0, CliRun.of("run", around.toString()).code());
    }
}
