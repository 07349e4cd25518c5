package tpb.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code tpb neff info|extract}: what is inside a NEFF, and its files. */
@Command(name = "neff", mixinStandardHelpOptions = true,
        description = "Look inside a NEFF (the Neuron compiler's output file): its header, subgraphs and engine streams.",
        subcommands = {NeffInfoCommand.class, NeffExtractCommand.class, HelpCommand.class})
final class NeffCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: info or extract");
    }
}
