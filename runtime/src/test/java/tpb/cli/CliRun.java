package tpb.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs {@code tpb} in-process and captures exit code, stdout and stderr. */
record CliRun(int code, String out, String err) {
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Tpb.run(new PrintWriter(out), new PrintWriter(err), args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
