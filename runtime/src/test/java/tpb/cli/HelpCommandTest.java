package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code tpb help neff info} printed the neff group's help; the help command follows every word now. */
class HelpCommandTest {
    /** Every command's help states its exit codes: the convention's three, or its own. */
    @Test
    void everyHelpStatesItsExitCodes() {
        picocli.CommandLine cl = new picocli.CommandLine(new Tpb());
        java.util.List<String> missing = new java.util.ArrayList<>();
        java.util.ArrayDeque<java.util.List<String>> todo = new java.util.ArrayDeque<>();
        cl.getSubcommands().keySet().forEach(k -> todo.add(java.util.List.of(k)));
        while (!todo.isEmpty()) {
            java.util.List<String> path = todo.poll();
            java.util.List<String> args = new java.util.ArrayList<>(path);
            args.add("--help");
            CliRun r = CliRun.of(args.toArray(String[]::new));
            if (!r.out().contains("Exit codes")) {
                missing.add(String.join(" ", path));
            }
            picocli.CommandLine sub = cl;
            for (String p : path) {
                sub = sub.getSubcommands().get(p);
            }
            sub.getSubcommands().keySet().forEach(k -> {
                java.util.List<String> next = new java.util.ArrayList<>(path);
                next.add(k);
                todo.add(next);
            });
        }
        org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), missing);
    }

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
