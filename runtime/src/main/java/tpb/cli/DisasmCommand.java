package tpb.cli;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.asm.Disassembler;
import tpb.stream.RecordStream;
import tpb.stream.StreamException;

/** {@code tpb disasm FILE.bin [--hex]}: one line per record: index, byte offset, text. */
@Command(name = "disasm", mixinStandardHelpOptions = true,
        description = "Disassemble a stream of 64-byte records. Records no arm can hold print as .raw; "
                + "the listing assembles back to the same bytes with 'tpb asm'.")
final class DisasmCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.bin", description = "The record stream ('-' = stdin).")
    String input;

    @Option(names = "--hex", description = "Add each record's 64 bytes as a comment.")
    boolean hex;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE instead of stdout.")
    String output;

    @Override
    public Integer call() {
        RecordStream stream;
        try {
            stream = RecordStream.of(Inputs.read(input));
        } catch (StreamException e) {
            throw new CliException(input + ": " + e.getMessage());
        }
        StringBuilder text = new StringBuilder(stream.count() * 64);
        for (String line : Disassembler.listing(stream, hex)) {
            text.append(line).append('\n');
        }
        Output.write(output, text.toString().getBytes(StandardCharsets.UTF_8), spec.commandLine().getOut());
        return Tpb.OK;
    }
}
