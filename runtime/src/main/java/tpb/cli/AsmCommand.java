package tpb.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tpb.asm.AsmException;
import tpb.asm.Assembler;
import tpb.isa.IsaInfo;

/** {@code tpb asm FILE.s -o FILE.bin}: assembly text to a record stream. */
@Command(name = "asm", mixinStandardHelpOptions = true,
        description = "Assemble TPB assembly text into a stream of " + IsaInfo.RECORD_SIZE + "-byte records.")
final class AsmCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE.s", description = "Assembly source ('-' = stdin).")
    String input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE.bin", description = "Where to write the records ('-' = stdout).")
    String output;

    @Override
    public Integer call() {
        String text = Inputs.text(input);
        byte[] records;
        try {
            records = new Assembler().assemble(text);
        } catch (AsmException e) {
            throw new CliException(e.describe(input.equals("-") ? "<stdin>" : input));
        }
        Output.writeBinary(output, records, System.out);
        return Tpb.OK;
    }
}
