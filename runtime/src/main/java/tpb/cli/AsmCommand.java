package tpb.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.asm.Assembler;
import tpb.isa.IsaInfo;

/**
 * {@code tpb asm FILE.s -o FILE.bin}: assembly text to a record stream. Every error is reported
 * ({@code FILE:line:column: message} on stderr, the first --max-errors of them), then a count;
 * exit 1 and nothing written. The source is read twice (labels, then records), a line at a time:
 * memory does not grow with it. Standard input, which cannot be read twice, is first copied to a
 * temporary file.
 */
@Command(name = "asm", mixinStandardHelpOptions = true,
        description = "Assemble TPB assembly text into a stream of " + IsaInfo.RECORD_SIZE + "-byte records.")
final class AsmCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.s", description = "Assembly source ('-' = stdin).")
    String input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE.bin", description = "Where to write the records ('-' = stdout).")
    String output;

    @Option(names = "--max-errors", paramLabel = "N", defaultValue = "100",
            description = "Report at most N errors and count the rest (default ${DEFAULT-VALUE}; 0 = all).")
    long maxErrors;

    @Option(names = "--arch", paramLabel = "NAME", description = "A NeuronCore generation (sunda, cayman, mariana or an alias): "
            + "each arm is written through its layout on that generation and validated there (default: each arm's own layout).")
    String arch;

    @Option(names = "--json", description = "Report as JSON on stdout (with -o FILE): ok, the records written, or each error's line, "
            + "column and message.")
    boolean json;

    @Option(names = "--no-validate", description = "Assemble records the validator rejects (undefined enum values, registers "
            + "outside the file, non-zero reserved bytes, ...): for crafting bad records on purpose.")
    boolean noValidate;

    @Override
    public Integer call() {
        if (maxErrors < 0) {
            throw new CliException("--max-errors " + maxErrors + " must be 0 (all) or more", Tpb.USAGE);
        }
        if (json && output.equals("-")) {
            throw new CliException("--json needs -o FILE: stdout holds the records with -o -", Tpb.USAGE);
        }
        OutputRule.check(List.of(new OutputRule.Use("the input", input)), List.of(new OutputRule.Use("-o", output)));
        String shown = input.equals("-") ? "<stdin>" : input;
        List<java.util.Map<String, Object>> reported = new java.util.ArrayList<>();
        Path spool = input.equals("-") ? spool() : null;
        try {
            Assembler.Source source = spool != null ? () -> Files.newInputStream(spool) : () -> Inputs.open(input);
            Inputs.open(input).close(); // a missing file or a directory is one line of its own, before anything is written
            PrintWriter err = spec.commandLine().getErr();
            Assembler.Summary s;
            Assembler.Options options = new Assembler.Options(!noValidate, maxErrors == 0 ? Long.MAX_VALUE : maxErrors)
                    .watching(oneStream(shown));
            if (output.equals("-")) { // stdout cannot take back what it got: assemble to a temporary file, then copy
                Path staged = Files.createTempFile("tpb-asm", ".bin");
                try {
                    try (OutputStream records = new BufferedOutputStream(Files.newOutputStream(staged), 1 << 16)) {
                        s = new Assembler(Inputs.arch(arch)).assemble(source, records, options, e -> report(e, shown, err, reported));
                    }
                    if (s.ok()) {
                        Files.copy(staged, System.out);
                        System.out.flush();
                    }
                } finally {
                    Files.deleteIfExists(staged);
                }
            } else {
                try (Output out = Output.open(output, System.out)) {
                    OutputStream records = new BufferedOutputStream(out.stream(), 1 << 16);
                    s = new Assembler(Inputs.arch(arch)).assemble(source, records, options, e -> report(e, shown, err, reported));
                    if (s.ok()) {
                        records.flush();
                        out.commit();
                    }
                }
            }
            if (json) {
                java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
                out.put("file", shown);
                out.put("output", output);
                out.put("ok", s.ok());
                out.put(s.ok() ? "records" : "errors", s.ok() ? s.records() : s.reported() + s.suppressed());
                if (!s.ok()) {
                    out.put("diagnostics", reported);
                    out.put("not_shown", s.suppressed());
                }
                spec.commandLine().getOut().print(tpb.spec.json.Json.write(out));
                return s.ok() ? Tpb.OK : Tpb.INVALID_INPUT;
            }
            if (!s.ok()) {
                throw new CliException(shown + ": " + (s.reported() + s.suppressed()) + " error(s)"
                        + (s.suppressed() == 0 ? "" : "; " + s.suppressed() + " not shown (--max-errors " + maxErrors + ")"));
            }
            return Tpb.OK;
        } catch (IOException e) {
            throw new CliException(shown + ": cannot read: " + Output.reason(e));
        } finally {
            if (spool != null) {
                try {
                    Files.deleteIfExists(spool);
                } catch (IOException ignored) {
                    // a temporary file left in the system's temp directory at worst
                }
            }
        }
    }

    /**
     * A NEFF's listing heads each stream with {@code ; sg00 act (sg00/Activation.bin, 11 records),
     * CAYMAN layouts}; assembled whole it would make one stream of them all. Two
     * such headings are refused in the assembler's first pass, before anything is written, naming
     * the second and the way to list one stream.
     */
    private static Assembler.CommentWatch oneStream(String shown) {
        String[] first = {null};
        return (line, n) -> {
            java.util.regex.Matcher m = NeffInput.TITLE_LINE.matcher(line);
            if (!m.matches()) {
                return;
            }
            if (first[0] != null) {
                throw new CliException(shown + ":" + n + ": a second stream's listing begins here (" + m.group(1) + " " + m.group(2)
                        + ", after " + first[0] + "); tpb asm makes one stream: list one at a time, as tpb disasm FILE.neff --subgraph "
                        + m.group(1) + " --engine " + m.group(2) + " does");
            }
            first[0] = m.group(1) + " " + m.group(2);
        };
    }

    /** One error: a line on stderr, or with --json an entry of the report. */
    private void report(tpb.asm.AsmException e, String shown, PrintWriter err, List<java.util.Map<String, Object>> reported) {
        if (!json) {
            err.println(e.describe(shown));
            return;
        }
        java.util.Map<String, Object> one = new java.util.LinkedHashMap<>();
        one.put("line", e.line());
        one.put("column", e.column());
        one.put("message", e.getMessage());
        reported.add(one);
    }

    /** Standard input copied to a temporary file, so it can be read twice. */
    private static Path spool() {
        try {
            Path p = Files.createTempFile("tpb-asm", ".s");
            try (InputStream in = Inputs.open("-")) {
                Files.copy(in, p, StandardCopyOption.REPLACE_EXISTING);
            }
            return p;
        } catch (IOException e) {
            throw new CliException("<stdin>: cannot read: " + Output.reason(e));
        }
    }
}
