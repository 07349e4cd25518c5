package tpb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.isa.Arm;
import tpb.isa.IsaInfo;

/** {@code tpb spec}: the opcode/arm table of the built-in spec, or the resolved spec as JSON. */
@Command(name = "spec", mixinStandardHelpOptions = true,
        description = "Print the opcode/arm table of the TPB spec, or (--json) the resolved spec as JSON.")
final class SpecCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Write the resolved spec as JSON: enums with ordinals and wire values, LUTs, arms with every field.")
    boolean json;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE instead of stdout ('-' = stdout).")
    String output;

    @Option(names = "--all", description = "Include the opaque arms (opcodes with no layout in the sources).")
    boolean all;

    @Override
    public Integer call() {
        if (json) {
            try (InputStream in = IsaInfo.openModel()) {
                if (in == null) {
                    throw new CliException("the resolved spec resource " + IsaInfo.MODEL_RESOURCE + " is missing from the build");
                }
                Output.write(output, in.readAllBytes(), spec.commandLine().getOut());
            } catch (IOException e) {
                throw new CliException("cannot read the resolved spec: " + e.getMessage());
            }
            return Tpb.OK;
        }
        Output.write(output, table().getBytes(StandardCharsets.UTF_8), spec.commandLine().getOut());
        return Tpb.OK;
    }

    String table() {
        List<Arm> arms = new ArrayList<>();
        int opaque = 0;
        for (Arm a : Arm.values()) {
            if (a == Arm.UNKNOWN) {
                continue;
            }
            if (a.opaque()) {
                opaque++;
                if (!all) {
                    continue;
                }
            }
            arms.add(a);
        }
        arms.sort(Comparator.comparingInt(Arm::opcode).thenComparing(Arm::specName));
        StringBuilder b = new StringBuilder();
        b.append(String.format("%s (%s): %d-byte records, opcode at +%d%n%n", IsaInfo.TITLE, IsaInfo.SPEC, IsaInfo.RECORD_SIZE,
                IsaInfo.OPCODE_OFFSET));
        b.append(String.format("%-6s %-12s %-24s %-28s %-8s %-11s %s%n", "OPCODE", "SELECT", "ARM", "STRUCT", "ENGINE", "CONFIDENCE",
                "FIELDS"));
        for (Arm a : arms) {
            b.append(String.format("0x%02X   %-12s %-24s %-28s %-8s %-11s %d%n", a.opcode(), a.select() == null ? "-" : a.select(),
                    a.specName(),
                    a.struct() == null ? "(opaque)" : a.struct(), a.engine() == null ? "-" : a.engine(),
                    a.confidence(), a.fields().size()));
        }
        b.append(String.format("%n%d arms with a layout", arms.size() - (all ? opaque : 0)));
        b.append(all ? String.format(", %d opaque%n", opaque) : String.format("; %d opaque arms not shown (--all)%n", opaque));
        return b.toString();
    }
}
