package tpb.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.asm.Disassembler;
import tpb.isa.Arch;
import tpb.isa.IsaInfo;
import tpb.stream.RecordReader;
import tpb.stream.StreamException;
import tpb.stream.TypedCoverage;

/**
 * {@code tpb disasm FILE.bin [--hex] [--stats]}: one line per record: index, byte offset, text; or
 * with {@code --stats} the typed-decode figures. The stream is read and listed a chunk at a time
 * ({@link Disassembler#CHUNK}), so memory does not grow with it.
 */
@Command(name = "disasm", mixinStandardHelpOptions = true,
        description = "Disassemble a stream of " + IsaInfo.RECORD_SIZE + "-byte records. Records no arm can hold print as .raw; "
                + "the listing assembles back to the same bytes with 'tpb asm'.")
final class DisasmCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.bin", description = "The record stream ('-' = stdin; a NEFF on stdin is known by its header).")
    String input;

    @Option(names = "--hex", description = "Add each record's " + IsaInfo.RECORD_SIZE + " bytes as a comment.")
    boolean hex;

    @Option(names = "--stats", description = "Print, instead of the listing, how many records decode to an arm with a layout "
            + "(typed), to an opaque arm, or to no arm (raw), each read as the listing reads it (through its generation "
            + "layout with --arch or a .neff's target); for a .neff one line per stream.")
    boolean stats;

    @Option(names = "--json", description = "With --stats: the figures as JSON (records, typed, opaque_arm, raw; for a .neff one "
            + "object per stream under \"streams\").")
    boolean json;

    @Option(names = "--arch", paramLabel = "NAME", description = "A NeuronCore generation (sunda, cayman, mariana or an alias): "
            + "read each arm through its layout on that generation; a line read otherwise than through the arm's own layout "
            + "says so in a comment (default: a .neff's kelf target; for a stream, each arm's own layout).")
    String arch;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE instead of stdout.")
    String output;

    @Option(names = "--subgraph", paramLabel = "sgNN", split = ",", description = "For a .neff: only these subgraphs (default: all).")
    List<String> subgraphs;

    @Mixin
    NeffLimitsOption limits;

    @Option(names = "--engine", paramLabel = "E", split = ",", description = "For a .neff: only these engines (pe, act, pool, dve, sp as def.json names them).")
    List<String> engines;

    @Override
    public Integer call() {
        if (json && !stats) {
            throw new CliException("--json goes with --stats (a listing is text: tpb disasm FILE --stats --json)", Tpb.USAGE);
        }
        // the one output rule, for a record stream and a NEFF alike: -o never writes over what this run reads
        OutputRule.check(List.of(new OutputRule.Use(NeffInput.is(input) ? "the NEFF" : "the input", input)),
                java.util.Arrays.asList(new OutputRule.Use("-o", output)));
        if (NeffInput.is(input)) {
            return neff();
        }
        if (stats) {
            TypedCoverage coverage;
            // a window at a time, as the listing: memory does not grow with the input
            try (InputStream in = Inputs.open(input)) {
                coverage = TypedCoverage.of(new RecordReader(in), Inputs.arch(arch));
            } catch (StreamException e) {
                throw new CliException(input + ": " + e.getMessage());
            } catch (IOException e) {
                throw new CliException(input + ": cannot read: " + Output.reason(e));
            }
            String name = input.equals("-") ? "<stdin>" : input;
            String line = json ? tpb.spec.json.Json.write(coverageJson(name, coverage)) : name + ": " + coverage + "\n";
            Output.write(output, line.getBytes(StandardCharsets.UTF_8), spec.commandLine().getOut());
            return Tpb.OK;
        }
        boolean toStdout = output == null || output.equals("-");
        try (InputStream in = Inputs.open(input); Output out = Output.open(output, OutputStream.nullOutputStream())) {
            Writer w = toStdout ? spec.commandLine().getOut()
                    : new BufferedWriter(new OutputStreamWriter(out.stream(), StandardCharsets.UTF_8), 1 << 16);
            try {
                Disassembler.listing(in, hex, Inputs.arch(arch), w);
            } catch (StreamException e) {
                w.flush(); // the whole records' listing stands on stdout; a file is not written
                throw new CliException(input + ": " + e.getMessage());
            }
            w.flush();
            out.commit();
        } catch (IOException e) {
            throw new CliException(input + ": " + Output.reason(e));
        }
        return Tpb.OK;
    }

    /**
     * Every stream of the NEFF, each headed by a {@code ; sgNN engine (path, N records)} comment
     * line, written stream by stream (memory: one subgraph's streams and one stream's listing).
     */
    private Integer neff() {
        NeffInput in = NeffInput.open(input, limits.limits());
        Arch a = in.archFor(arch, spec.commandLine().getErr());
        boolean toStdout = output == null || output.equals("-");
        try (Output out = Output.open(toStdout ? null : output, OutputStream.nullOutputStream())) {
            PrintWriter target = toStdout ? spec.commandLine().getOut()
                    : new PrintWriter(new OutputStreamWriter(out.stream(), StandardCharsets.UTF_8));
            if (stats && json) {
                List<java.util.Map<String, Object>> streams = new java.util.ArrayList<>();
                in.forEachStreamData(subgraphs, engines, (sg, engine, path, records, data) ->
                        streams.add(coverageJson(path, TypedCoverage.of(new RecordReader(data), a))));
                java.util.Map<String, Object> all = new java.util.LinkedHashMap<>();
                all.put("file", input);
                all.put("arch", a.name());
                all.put("streams", streams);
                target.append(tpb.spec.json.Json.write(all));
            } else if (stats) {
                in.forEachStreamData(subgraphs, engines, (sg, engine, path, records, data) ->
                        target.append(path).append(": ").append(TypedCoverage.of(new RecordReader(data), a).toString()).append('\n'));
            } else {
                // each stream listed as its archive entry passes, a chunk at a time: memory does not grow with the stream
                in.forEachStreamData(subgraphs, engines, (sg, engine, path, records, data) -> {
                    target.append("; ").append(NeffInput.title(sg, engine, path, records)).append(", ").append(a.name())
                            .append(" layouts\n");
                    Disassembler.listing(data, hex, a, target);
                });
            }
            target.flush();
            if (target.checkError()) {
                // stdout closed early (| head) or full: say which stream, not "null"
                throw new CliException((toStdout ? "stdout" : output) + ": cannot write" + (toStdout ? " (the reader closed it, or the disk is full)" : ""));
            }
            out.commit();
        }
        return Tpb.OK;
    }

    /** One stream's typed-decode figures as JSON fields. */
    private static java.util.Map<String, Object> coverageJson(String stream, TypedCoverage c) {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("stream", stream);
        m.put("records", c.records());
        m.put("typed", c.typed());
        m.put("opaque_arm", c.opaqueArm());
        m.put("raw", c.raw());
        return m;
    }
}
