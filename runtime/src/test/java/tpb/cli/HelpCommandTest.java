package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Issue 34 item 3: {@code tpb help neff info} printed the neff group's help; the help command follows every word now. */
class HelpCommandTest {
    @Test
    void helpFollowsEveryWord() {
        CliRun r = CliRun.of("help", "neff", "info");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Usage: tpb neff info "), r.out());
        assertTrue(CliRun.of("neff", "help", "extract").out().startsWith("Usage: tpb neff extract "));
        assertTrue(CliRun.of("help").out().startsWith("Usage: tpb "));
        assertTrue(CliRun.of("help", "run").out().contains("Or run a NEFF: at --level sync"), "run's help covers NEFFs and their levels");
    }

    @Test
    void anUnknownWordIsAUsageErrorNamingIt() {
        CliRun r = CliRun.of("help", "neff", "bogus");
        assertEquals(Tpb.USAGE, r.code());
        assertTrue(r.err().startsWith("tpb: no command 'bogus' in 'tpb neff'; its commands: info, extract, help"), r.err());
    }
}
