package tpb.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code tpb help [COMMAND [SUBCOMMAND]]}: the usage of the command the words name, however deep
 * ({@code tpb help neff info} printed the {@code neff} group's help: picocli's own help command
 * takes one word). An unknown word is a usage error naming it.
 */
@Command(name = "help", helpCommand = true, description = "Print the usage of tpb or of a command: tpb help neff info.")
final class HelpCommand implements CommandLine.IHelpCommandInitializable2, Runnable {
    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command (and subcommand) whose usage to print.")
    List<String> words = new ArrayList<>();

    private CommandLine self;
    private PrintWriter out;
    private CommandLine.Help.ColorScheme colors;

    @Override
    public void init(CommandLine helpCommandLine, CommandLine.Help.ColorScheme colorScheme, PrintWriter out, PrintWriter err) {
        this.self = helpCommandLine;
        this.colors = colorScheme;
        this.out = out;
    }

    @Override
    public void run() {
        CommandLine target = self.getParent();
        for (String w : words) {
            CommandLine next = target.getSubcommands().get(w);
            if (next == null) {
                throw new CommandLine.ParameterException(self, "no command '" + w + "' in '" + target.getCommandSpec().qualifiedName()
                        + "'; its commands: " + String.join(", ", target.getSubcommands().keySet()));
            }
            target = next;
        }
        target.usage(out, colors);
        out.flush();
    }
}
