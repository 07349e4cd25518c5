package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;
import tpb.data.Npy;
import tpb.data.NpyType;

/**
 * Every command that reads a NEFF, run in-process on one file, and the rules any NEFF must leave
 * them keeping: exit 0 or 1, never "unexpected error" or a stack trace, a failure
 * ending in exactly one {@code tpb: } line, and no file written outside the case's {@code out/}.
 */
final class EveryNeffCommand {
    /** One command's run: its arguments and what it did. */
    record Run(List<String> args, CliRun result) {
        @Override
        public String toString() {
            return String.join(" ", args) + " -> " + result.code() + "\nstderr: " + result.err() + "\nstdout: "
                    + (result.out().length() > 2000 ? result.out().substring(0, 2000) + "…" : result.out());
        }
    }

    private EveryNeffCommand() {}

    /** Time spent per command, for the fuzzer's figures. */
    static final java.util.Map<String, Long> NANOS = new java.util.concurrent.ConcurrentHashMap<>();

    /** The input the data-level run gets: var {@code a}, fp32 (2, 4). */
    static byte[] inputA() {
        byte[] data = new byte[32];
        for (int i = 0; i < 8; i++) {
            int bits = Float.floatToIntBits(i + 0.5f);
            for (int k = 0; k < 4; k++) {
                data[4 * i + k] = (byte) (bits >>> (8 * k));
            }
        }
        return Npy.format(new Npy.Array(NpyType.FLOAT32, new int[] {2, 4}, data));
    }

    /** Runs them all on {@code neff} (inside {@code caseDir}, where {@code a.npy} is written), outputs under {@code caseDir/out}. */
    static List<Run> runAll(Path caseDir, Path neff) {
        try {
            Files.write(caseDir.resolve("a.npy"), inputA());
            Files.createDirectories(caseDir.resolve("out/data"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String n = neff.toString();
        String out = caseDir.resolve("out").toString();
        List<List<String>> commands = List.of(
                List.of("neff", "info", n),
                List.of("neff", "info", n, "--json"),
                List.of("neff", "extract", n, "-o", out + "/x"),
                List.of("validate", n),
                List.of("validate", n, "--json"),
                List.of("disasm", n, "-o", out + "/d.s"),
                List.of("disasm", n, "--stats"),
                List.of("run", n),
                List.of("estimate", n),
                List.of("run", n, "--level", "data", "--input", "a=" + caseDir.resolve("a.npy"), "--output-dir", out + "/data"));
        List<Run> runs = new ArrayList<>();
        for (List<String> c : commands) {
            long t0 = System.nanoTime();
            runs.add(new Run(c, one(c)));
            NANOS.merge(String.join(" ", c.subList(0, Math.min(2, c.size()))).replace(n, "") + (c.contains("data") ? " data" : ""),
                    System.nanoTime() - t0, Long::sum);
        }
        return runs;
    }

    /**
     * One command run in-process through {@link Tpb#run(CommandLine, PrintWriter, PrintWriter, String...)}: tpb's handlers, with
     * picocli's model built for that subcommand only (the whole command's model costs about as much as the run itself).
     */
    static CliRun one(List<String> c) {
        Object command = switch (c.get(0)) {
            case "neff" -> c.get(1).equals("info") ? new NeffInfoCommand() : new NeffExtractCommand();
            case "validate" -> new ValidateCommand();
            case "disasm" -> new DisasmCommand();
            case "run" -> new RunCommand();
            case "estimate" -> new EstimateCommand();
            case "profile" -> new ProfileCommand();
            default -> throw new IllegalArgumentException(c.get(0));
        };
        List<String> args = c.subList(c.get(0).equals("neff") ? 2 : 1, c.size());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Tpb.run(new CommandLine(command), new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));
        return new CliRun(code, out.toString(), err.toString());
    }

    /** The rules; {@code root} is the directory every case lives in: nothing may appear there but cases' inputs and outputs. */
    static void check(Run r) {
        CliRun c = r.result();
        assertTrue(c.code() == 0 || c.code() == 1, r::toString);
        assertFalse(c.err().contains("unexpected error"), r::toString);
        assertFalse(c.err().contains("\tat ") || c.err().contains("Exception") || c.out().contains("\tat "), r::toString);
        // a sync run that faults or deadlocks is a result, reported on stdout with exit 1; so is --json's report
        boolean report = r.args().contains("--json") || r.args().get(0).equals("run") && !r.args().contains("data") && c.err().isEmpty();
        // estimate reports what it ran on stdout and, when a subgraph does not complete, says so in its one line
        if (c.code() != 0 && !report) {
            List<String> lines = c.err().lines().toList();
            assertFalse(lines.isEmpty(), r::toString);
            assertTrue(lines.get(lines.size() - 1).startsWith("tpb: "), r::toString);
            assertEquals(1, lines.stream().filter(l -> l.startsWith("tpb: ")).count(), r::toString);
            if (!r.args().get(0).equals("validate")) {
                assertEquals(1, lines.size(), r::toString); // nothing to list: the one line alone
            }
        }
    }

    /** Every regular file under {@code root} that is not a case's input, a case's output, or the case's {@code in.neff}. */
    static List<Path> strays(Path root) {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).filter(p -> {
                Path rel = root.relativize(p);
                String name = rel.getFileName().toString();
                boolean input = rel.getNameCount() == 2 && (name.equals("in.neff") || name.equals("a.npy"));
                boolean output = rel.getNameCount() > 2 && rel.getName(1).toString().equals("out");
                return !input && !output;
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
