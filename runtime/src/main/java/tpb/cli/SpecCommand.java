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

    @Option(names = "--free-opcodes", description = "List, for adding an opcode, the values the spec's opcode enum gives no name "
            + "and the generations its since:/until: count.")
    boolean freeOpcodes;

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
        String text = freeOpcodes ? freeOpcodes(SpecSource.of(SpecSource.BUILTIN).loadOrFail()) : table();
        Output.write(output, text.getBytes(StandardCharsets.UTF_8), spec.commandLine().getOut());
        return Tpb.OK;
    }

    /**
     * The opcode values no name of the spec's opcode enum holds (step 1 of docs/adding-an-opcode.md
     * takes one), as ranges, and what since:/until: count: the arch profiles' generation numbers.
     * Everything comes from the spec: the enum the record names as its opcode, its width, its values.
     */
    static String freeOpcodes(tpb.spec.model.IsaModel m) {
        String enumName = m.record().opcodeEnum();
        tpb.spec.model.EnumDef e = m.enums().stream().filter(x -> x.name().equals(enumName)).findFirst()
                .orElseThrow(() -> new CliException("the spec names no opcode enum " + enumName));
        long size = 1L << (8 * e.type().width);
        java.util.BitSet named = new java.util.BitSet();
        e.values().forEach(v -> named.set((int) v.value()));
        List<String> ranges = new ArrayList<>();
        long free = 0;
        String hex = "0x%0" + (2 * e.type().width) + "X";
        for (int v = named.nextClearBit(0); v < size; v = named.nextClearBit(v)) {
            int end = Math.min(named.nextSetBit(v) < 0 ? (int) size : named.nextSetBit(v), (int) size);
            ranges.add(end - v == 1 ? String.format(hex, v) : String.format(hex + "-" + hex, v, end - 1));
            free += end - v;
            v = end;
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format("enum %s (%s: %d values, %d named) has %d free values:%n", enumName,
                e.type().name().toLowerCase(java.util.Locale.ROOT), size, named.cardinality(), free));
        b.append("  ").append(String.join(", ", ranges)).append('\n');
        b.append("since:/until: (the first and last generation a value is in) count the arch profiles' generations:");
        m.archs().stream().sorted(Comparator.comparingInt(tpb.spec.model.ArchDef::generation))
                .forEach(a -> b.append(' ').append(a.generation()).append(' ').append(a.name()).append(a.aliases().isEmpty() ? ""
                        : " (" + String.join(", ", a.aliases()) + ")").append(','));
        b.setLength(b.length() - 1);
        b.append('\n');
        // a since:/until: that no profile has (the sources date some opcodes to a later generation): said, not left out
        java.util.Set<Integer> profiled = new java.util.HashSet<>();
        m.archs().forEach(a -> profiled.add(a.generation()));
        java.util.SortedMap<Integer, List<String>> beyond = new java.util.TreeMap<>();
        for (tpb.spec.model.EnumValue v : e.values()) {
            for (Integer g : java.util.Arrays.asList(v.since(), v.until())) {
                if (g != null && !profiled.contains(g)) {
                    beyond.computeIfAbsent(g, k -> new ArrayList<>()).add(v.name());
                }
            }
        }
        beyond.forEach((g, names) -> b.append(String.format("generation %d, which no arch profile has, is named by %d value(s): %s%n", g,
                names.size(), String.join(", ", names))));
        return b.toString();
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
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"OPCODE", "SELECT", "ARM", "STRUCT", "ENGINE", "CONFIDENCE", "FIELDS"});
        for (Arm a : arms) {
            rows.add(new String[] {String.format("0x%02X", a.opcode()), a.select() == null ? "-" : a.select(), a.specName(),
                a.struct() == null ? "(opaque)" : a.struct(), a.engine() == null ? "-" : a.engine(), a.confidence(),
                Integer.toString(a.fields().size())});
        }
        // each column as wide as its widest cell (the spec's names decide it: ActivationReadAccumulator, Activation)
        int[] width = new int[rows.get(0).length];
        rows.forEach(r -> {
            for (int c = 0; c < r.length; c++) {
                width[c] = Math.max(width[c], r[c].length());
            }
        });
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < r.length; c++) {
                line.append(r[c]).append(c == r.length - 1 ? "" : " ".repeat(width[c] - r[c].length() + 2));
            }
            b.append(line).append('\n');
        }
        b.append(String.format("%n%d arms with a layout", arms.size() - (all ? opaque : 0)));
        b.append(all ? String.format(", %d opaque%n", opaque) : String.format("; %d opaque arms not shown (--all)%n", opaque));
        return b.toString();
    }
}
