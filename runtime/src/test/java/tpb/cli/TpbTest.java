package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tpb} command's own handlers: each out-of-memory sentence and the heap it suggests, the
 * VM's other failures, a command's own failure (its exit code; a name from the input printed
 * escaped), a bug (unexpected error, exit 1), a usage error (exit 2 and the help hint).
 */
class TpbTest {
    private static final long GIB = 1L << 30;

    @Test
    void eachOutOfMemorySentence() {
        String head = "tpb: out of memory (%s) with a 1024 MiB heap; ";
        assertEquals("tpb: out of memory (null) with a 1024 MiB heap; the input is too large for it", Tpb.outOfMemory(null, GIB));
        assertEquals(head.formatted("Java heap space") + "the input is too large for it: a larger heap may do, JAVA_TOOL_OPTIONS=-Xmx2048m",
                Tpb.outOfMemory("Java heap space", GIB));
        assertEquals(head.formatted("Direct buffer memory") + "direct memory ran out, not the heap: "
                + "JAVA_TOOL_OPTIONS=-XX:MaxDirectMemorySize=2048m may do", Tpb.outOfMemory("Direct buffer memory", GIB));
        assertEquals(head.formatted("Map failed") + "a file could not be mapped: the address space (ulimit -v) or vm.max_map_count is too "
                + "small, not the heap", Tpb.outOfMemory("Map failed", GIB));
        assertEquals(head.formatted("unable to create native thread: possibly out of memory or process/resource limits reached")
                + "no thread could be started: the process or system thread limit is reached, not the heap",
                Tpb.outOfMemory("unable to create native thread: possibly out of memory or process/resource limits reached", GIB));
        assertEquals(head.formatted("Metaspace") + "class metadata ran out, not the heap: JAVA_TOOL_OPTIONS=-XX:MaxMetaspaceSize=512m may do",
                Tpb.outOfMemory("Metaspace", GIB));
        // the heap in MiB, and twice it suggested: 96 MiB -> -Xmx192m
        assertEquals("tpb: out of memory (Java heap space) with a 96 MiB heap; the input is too large for it: a larger heap may do, "
                + "JAVA_TOOL_OPTIONS=-Xmx192m", Tpb.outOfMemory("Java heap space", 96L << 20));
    }

    /** guarded: an OutOfMemoryError and any other VirtualMachineError are one line and exit 1; a normal return passes through. */
    @Test
    void theVmsFailuresAreOneLineAndExit1() {
        StringWriter err = new StringWriter();
        assertEquals(1, Tpb.guarded(() -> {
            throw new InternalError("a fault occurred in an unsafe memory access");
        }, new PrintWriter(err, true)));
        assertEquals("tpb: the Java VM failed: java.lang.InternalError: a fault occurred in an unsafe memory access\n", err.toString());
        StringWriter oom = new StringWriter();
        assertEquals(1, Tpb.guarded(() -> {
            throw new OutOfMemoryError("Metaspace");
        }, new PrintWriter(oom, true)));
        assertEquals(Tpb.outOfMemory("Metaspace", Runtime.getRuntime().maxMemory()) + "\n", oom.toString());
        StringWriter none = new StringWriter();
        assertEquals(7, Tpb.guarded(() -> 7, new PrintWriter(none, true)));
        assertEquals("", none.toString());
        StringWriter stack = new StringWriter();
        assertEquals(1, Tpb.guarded(() -> {
            StackOverflowError e = new StackOverflowError();
            e.setStackTrace(new StackTraceElement[0]);
            throw e;
        }, new PrintWriter(stack, true)));
        assertEquals("tpb: the input is nested too deeply for the stack (no trace); a larger stack may do: JAVA_TOOL_OPTIONS=-Xss64m\n",
                stack.toString());
    }

    @Command(name = "t")
    static final class Throws implements Runnable {
        RuntimeException e;

        @Override
        public void run() {
            throw e;
        }
    }

    private static CliRun run(RuntimeException e, String... args) {
        Throws t = new Throws();
        t.e = e;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Tpb.run(new CommandLine(t), new PrintWriter(out), new PrintWriter(err), args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /** A CliException is its own line and exit code, a control character of a name in it escaped; anything else is a bug: exit 1. */
    @Test
    void aCommandsFailureIsOneLine() {
        CliRun usage = run(new CliException("bad \u001b[2J name", Tpb.USAGE));
        assertEquals(2, usage.code());
        assertEquals("tpb: bad \\x1b[2J name\n", usage.err());
        assertEquals("", usage.out());
        assertEquals(1, run(new CliException("plain")).code());
        CliRun bug = run(new IllegalStateException("oops"));
        assertEquals(1, bug.code());
        assertEquals("tpb: unexpected error: java.lang.IllegalStateException: oops\n", bug.err());
        CliRun unknown = run(null, "--nope");
        assertEquals(2, unknown.code());
        assertEquals("tpb: Unknown option: '--nope'\nTry 't --help' for more information.\n", unknown.err());
    }

    /**
     * tpb's writers are flushed when a command ends: main's are buffered (a PrintWriter over
     * System.out flushes by itself only on println), and a report printed without a line end
     * (diff --json) or an error line would otherwise be lost at System.exit.
     */
    @Test
    void theWritersAreFlushedWhenACommandEnds() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Tpb.run(new PrintWriter(new BufferedWriter(out, 1 << 16)), new PrintWriter(new BufferedWriter(err, 1 << 16)),
                "diff", "builtin", "builtin", "--json");
        assertEquals(0, code);
        assertEquals("{\n  \"breaking\": false,\n  \"changes\": []\n}\n", out.toString());
        StringWriter out2 = new StringWriter();
        StringWriter err2 = new StringWriter();
        assertEquals(2, Tpb.run(new PrintWriter(new BufferedWriter(out2, 1 << 16)), new PrintWriter(new BufferedWriter(err2, 1 << 16)),
                "diff", "builtin"));
        assertEquals("tpb: Missing required parameter: 'NEW'\nTry 'tpb diff --help' for more information.\n", err2.toString());
    }

    /** TPB_DEBUG=1 shows the trace of a bug, never of bad input: a missing file is its one line still (a child JVM, for the variable). */
    @Test
    void debugShowsNoTraceForBadInput(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        TpbProcess p = TpbProcess.run(dir, "TPB_DEBUG=1", java.util.List.of("-XX:-UsePerfData"), "disasm", "missing.bin");
        assertEquals("tpb: missing.bin: no such file\n", p.err());
        assertEquals("", p.out());
        assertEquals(1, p.code());
    }
}
