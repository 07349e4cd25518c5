package tpb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code tpb neff extract FILE.neff -o DIR}: every file of the archive, laid out as in it, through
 * {@link StagedOutputs}: DIR appears (or, when it exists empty, fills) only when every file was
 * written; an archive problem names the NEFF, a write problem names the file and the system's reason.
 */
@Command(name = "extract", mixinStandardHelpOptions = true,
        description = "Write the NEFF's files (engine streams, JSON descriptions, tables, debug info) into DIR, laid out as in the archive. "
                + "DIR must not exist or be empty.")
final class NeffExtractCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.neff")
    String input;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "The directory to create or fill (empty).")
    String output;

    @Option(names = "--json", description = "Report as JSON: the NEFF, the directory, the files and bytes written.")
    boolean json;

    @Override
    public Integer call() {
        NeffInput in = NeffInput.open(input);
        long[] totals = new long[2];
        try (StagedOutputs out = StagedOutputs.open(output, true)) {
            in.forEachEntry((path, size, data) -> {
                totals[1] += copy(data, out.stream(path), output + "/" + path);
                totals[0]++;
            });
            out.commit();
        }
        if (json) {
            java.util.Map<String, Object> report = new java.util.LinkedHashMap<>();
            report.put("file", in.file);
            report.put("output", output);
            report.put("files", totals[0]);
            report.put("bytes", totals[1]);
            spec.commandLine().getOut().print(tpb.spec.json.Json.write(report));
        } else {
            spec.commandLine().getOut().println(in.file + ": " + totals[0] + " files, " + totals[1] + " bytes -> " + output);
        }
        spec.commandLine().getOut().flush();
        return Tpb.OK;
    }

    /**
     * Copies one entry and closes {@code to}. A failure to read is the archive's (an IOException,
     * which the reader reports against the NEFF); a failure to write is the output's, reported here
     * against the file with the system's reason.
     */
    private static long copy(InputStream from, OutputStream to, String shown) throws IOException {
        byte[] buf = new byte[1 << 16];
        long n = 0;
        try {
            for (int k; (k = from.read(buf)) > 0; n += k) {
                try {
                    to.write(buf, 0, k);
                } catch (IOException e) {
                    throw new CliException(shown + ": cannot write: " + Output.reason(e));
                }
            }
        } finally {
            try {
                to.close();
            } catch (IOException e) {
                throw new CliException(shown + ": cannot write: " + Output.reason(e));
            }
        }
        return n;
    }
}
