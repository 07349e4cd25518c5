package tpb.cli;

import java.io.PrintWriter;
import java.util.function.IntSupplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import tpb.isa.IsaInfo;
import tpb.neff.SafeName;

/**
 * The {@code tpb} command. Exit codes: 0 ok, 1 invalid input, 2 usage error. Errors are one line
 * on stderr, never a stack trace.
 */
@Command(name = "tpb", mixinStandardHelpOptions = true, versionProvider = TpbVersion.class,
        description = "Tools for the AWS Neuron TPB instruction set (" + IsaInfo.RECORD_SIZE + "-byte records).",
        subcommands = {SpecCommand.class, AsmCommand.class, DisasmCommand.class, ValidateCommand.class, NeffCommand.class, CheckSpecCommand.class,
                DiffCommand.class, DocCommand.class, CompileCommand.class, RunCommand.class, EstimateCommand.class, ProfileCommand.class, DemoCommand.class,
                HelpCommand.class, picocli.AutoComplete.GenerateCompletion.class})
public final class Tpb {
    public static final int OK = 0;
    public static final int INVALID_INPUT = 1;
    public static final int USAGE = 2;

    public static void main(String[] args) {
        // UTF-8 whatever the locale (without a UTF-8 locale '…' would print as '?'): the listings, names and
        // messages tpb writes are UTF-8 text
        System.exit(run(new PrintWriter(new java.io.OutputStreamWriter(System.out, java.nio.charset.StandardCharsets.UTF_8), true),
                new PrintWriter(new java.io.OutputStreamWriter(System.err, java.nio.charset.StandardCharsets.UTF_8), true), args));
    }

    /**
     * Runs {@code command}, turning the VM's own failures into one line and exit 1. picocli hands
     * Exceptions to the handler above and lets Errors through; an input that outruns the stack or the
     * heap is still bad input, and deserves a sentence, not a trace.
     */
    /**
     * The out-of-memory line. Only a Java-heap shortage is helped by a larger heap, so only then is
     * one suggested: an array past the VM's limit (2^31 elements) is helped by no heap, direct
     * memory by -XX:MaxDirectMemorySize, a failed mapping by address space (ulimit -v), native
     * threads by the process limit.
     */
    static String outOfMemory(String what, long maxHeap) {
        String head = "tpb: out of memory (" + what + ") with a " + (maxHeap >> 20) + " MiB heap; ";
        if (what == null) {
            return head + "the input is too large for it";
        }
        if (what.contains("array size")) {
            return head + "an array past Java's 2^31-element limit: no heap can hold it (this is a bug in tpb; please report it)";
        }
        if (what.contains("Direct buffer")) {
            return head + "direct memory ran out, not the heap: JAVA_TOOL_OPTIONS=-XX:MaxDirectMemorySize=" + (maxHeap >> 19) + "m may do";
        }
        if (what.contains("Map failed")) {
            return head + "a file could not be mapped: the address space (ulimit -v) or vm.max_map_count is too small, not the heap";
        }
        if (what.contains("native thread")) {
            return head + "no thread could be started: the process or system thread limit is reached, not the heap";
        }
        if (what.contains("Metaspace")) {
            return head + "class metadata ran out, not the heap: JAVA_TOOL_OPTIONS=-XX:MaxMetaspaceSize=512m may do";
        }
        return head + "the input is too large for it: a larger heap may do, JAVA_TOOL_OPTIONS=-Xmx" + (maxHeap >> 19) + "m";
    }

    static int guarded(IntSupplier command, PrintWriter err) {
        try {
            return command.getAsInt();
        } catch (StackOverflowError e) {
            err.println("tpb: the input is nested too deeply for the stack (" + where(e) + "); a larger stack may do: JAVA_TOOL_OPTIONS=-Xss64m");
        } catch (OutOfMemoryError e) {
            err.println(outOfMemory(e.getMessage(), Runtime.getRuntime().maxMemory()));
        } catch (VirtualMachineError e) {
            err.println("tpb: the Java VM failed: " + e);
        }
        return INVALID_INPUT;
    }

    /** The frame that overflowed, for a bug report ({@code TPB_DEBUG=1} shows the trace of any other failure). */
    private static String where(StackOverflowError e) {
        StackTraceElement[] trace = e.getStackTrace();
        return trace.length == 0 ? "no trace" : "in " + trace[0].getClassName() + "." + trace[0].getMethodName();
    }

    /** Runs the command line with the given streams; returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new Tpb());
        exitCodes(cl);
        return run(cl, out, err, args);
    }

    /**
     * Every command's help ends with its exit codes: the ones whose description
     * does not already state its own (run, estimate) get the convention every command keeps.
     */
    static void exitCodes(CommandLine cl) {
        CommandLine.Model.UsageMessageSpec u = cl.getCommandSpec().usageMessage();
        if (!String.join(" ", u.description()).contains("Exit codes")) {
            java.util.Map<String, String> codes = new java.util.LinkedHashMap<>();
            codes.put(" 0", "done: the input is good and the output written");
            codes.put(" " + INVALID_INPUT, "the input is wrong or refused: one line on stderr says where and why, nothing half-written");
            codes.put(" " + USAGE, "a usage error: an unknown option or arch, a missing argument");
            u.exitCodeListHeading("Exit codes:%n").exitCodeList(codes);
        }
        cl.getSubcommands().values().forEach(Tpb::exitCodes);
    }

    /**
     * Runs {@code cl} (the whole command, or one subcommand's, as a test that runs many commands
     * does: picocli's model of every subcommand costs milliseconds to build) with tpb's handlers:
     * one line per failure, exit codes, the VM's own failures guarded.
     */
    static int run(CommandLine cl, PrintWriter given, PrintWriter err, String... args) {
        // whether the command wrote to stdout: a --json refusal is the JSON only when no report came first
        boolean[] wrote = {false};
        PrintWriter out = new PrintWriter(new java.io.Writer() {
            @Override
            public void write(char[] cbuf, int off, int len) {
                wrote[0] |= len > 0;
                given.write(cbuf, off, len);
            }

            @Override
            public void flush() {
                given.flush();
            }

            @Override
            public void close() {
                given.close();
            }
        }, true);
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            // a message may quote a name from an input: its control characters are printed escaped, never sent to the terminal
            String message = SafeName.printable(e instanceof CliException ? e.getMessage() : "unexpected error: " + e);
            cmd.getErr().println("tpb: " + message);
            if (!(e instanceof CliException) && System.getenv("TPB_DEBUG") != null) {
                e.printStackTrace(cmd.getErr()); // a bug in tpb, not in the input: TPB_DEBUG=1 shows where
            }
            int code = e instanceof CliException c ? c.exitCode() : INVALID_INPUT;
            if (!wrote[0] && cmd.getParseResult() != null && cmd.getParseResult().hasMatchedOption("--json")) {
                // with --json the report, errors included, is the JSON on stdout (docs/commands.md, Conventions)
                java.util.Map<String, Object> refused = new java.util.LinkedHashMap<>();
                refused.put("status", "refused");
                refused.put("error", message);
                refused.put("exit_code", code);
                cmd.getOut().print(tpb.spec.json.Json.write(refused));
                cmd.getOut().flush();
            }
            return code;
        });
        cl.setParameterExceptionHandler((e, a) -> {
            CommandLine c = e.getCommandLine();
            c.getErr().println("tpb: " + e.getMessage());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for more information.");
            return USAGE;
        });
        int code = guarded(() -> cl.execute(args), err);
        out.flush();
        err.flush();
        return code;
    }
}
