package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import tpb.isa.Arch;
import tpb.isa.Arm;

class SpecCommandTest {
    /** The arms with a layout, as the generated catalogue has them (the spec decides the count). */
    static final List<Arm> LAID_OUT = Arrays.stream(Arm.values())
            .filter(a -> a != Arm.UNKNOWN && !a.opaque()).toList();

    /**
     * An opaque arm of its own opcode (no sub-opcode select): the last in the catalogue, so that
     * laying out any one arm (README, "Adding an opcode") leaves another to pick.
     */
    static final Arm OPAQUE = Arrays.stream(Arm.values())
            .filter(a -> a != Arm.UNKNOWN && a.opaque() && a.select() == null).reduce((a, b) -> b).orElseThrow();

    /**
     * Step 1 of docs/adding-an-opcode.md needs to know which opcode values are free and what
     * since: counts: --free-opcodes lists exactly the values of the opcode field's width that no
     * name of the generated Opcode enum holds, and each generation of the arch profiles by number.
     */
    @Test
    void freeOpcodesAreTheValuesNoNameHolds() {
        CliRun r = CliRun.of("spec", "--free-opcodes");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        java.util.Set<Long> listed = new java.util.TreeSet<>();
        for (String range : lines[1].trim().split(", ")) {
            String[] ends = range.split("-");
            long lo = Long.decode(ends[0]);
            long hi = ends.length == 1 ? lo : Long.decode(ends[1]);
            for (long v = lo; v <= hi; v++) {
                listed.add(v);
            }
        }
        java.util.Set<Long> named = new java.util.TreeSet<>();
        for (tpb.isa.Opcode o : tpb.isa.Opcode.values()) {
            named.add((long) o.value());
        }
        java.util.Set<Long> free = new java.util.TreeSet<>();
        for (long v = 0; v < tpb.isa.IsaInfo.OPCODE_VALUES; v++) {
            if (!named.contains(v)) {
                free.add(v);
            }
        }
        assertEquals(free, listed);
        assertEquals("enum " + tpb.isa.IsaInfo.OPCODE_ENUM + " (u" + 8 * tpb.isa.IsaInfo.OPCODE_WIDTH + ": " + tpb.isa.IsaInfo.OPCODE_VALUES + " values, " + named.size() + " named) has " + free.size() + " free values:", lines[0]);
        for (Arch a : Arch.values()) {
            assertTrue(lines[2].contains(" " + a.generation() + " " + a.name()), lines[2]);
        }
        // the generations opcodes name beyond the profiles, each with its values in the enum's order (from the generated Opcode)
        java.util.SortedMap<Integer, List<String>> beyond = new java.util.TreeMap<>();
        java.util.Set<Integer> profiled = new java.util.HashSet<>();
        for (Arch a : Arch.values()) {
            profiled.add(a.generation());
        }
        // since: g is where a value starts to live, until: g where it stops (livesIn is the generated rule)
        for (tpb.isa.Opcode o : tpb.isa.Opcode.values()) {
            for (int g = 1; g < 63; g++) { // a value without since:/until: lives in every one of them
                if (!profiled.contains(g) && o.livesIn(g) && !o.livesIn(g - 1)) {
                    beyond.computeIfAbsent(g, k -> new java.util.ArrayList<>()).add(o.specName());
                }
                if (!profiled.contains(g) && o.livesIn(g) && !o.livesIn(g + 1)) {
                    beyond.computeIfAbsent(g, k -> new java.util.ArrayList<>()).add(o.specName());
                }
            }
        }
        List<String> expected = new java.util.ArrayList<>();
        beyond.forEach((g, names) -> expected.add("generation " + g + ", which no arch profile has, is named by " + names.size()
                + " value(s): " + String.join(", ", names)));
        assertEquals(expected, java.util.Arrays.asList(lines).subList(3, lines.length));
    }

    @Test
    void tableListsTheArmsWithALayout() {
        CliRun r = CliRun.of("spec");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().matches("(?s).*\n0xA8 +- +RegisterAlu +CTRL_AL +SP +CONFIRMED +22\n.*"), r.out());
        assertTrue(r.out().matches("(?s).*\n0xA9 +\\+0x0C=0 +UnconditionalBranch +CTRL_BR .*"), r.out());
        assertAligned(CliRun.of("spec", "--all").out());
        long laidOut = LAID_OUT.size();
        long opaque = Arm.values().length - 1 - laidOut;
        assertTrue(r.out().endsWith(laidOut + " arms with a layout; " + opaque + " opaque arms not shown (--all)\n"),
                "the footer should count the generated Arm catalogue's " + laidOut + " laid-out and " + opaque + " opaque arms:\n" + r.out());
        // an opaque arm (the spec decides which there are) is listed by --all only
        assertFalse(r.out().contains(" " + OPAQUE.specName() + " "), r.out());
        assertTrue(CliRun.of("spec", "--all").out().matches("(?s).*\n" + String.format("0x%02X +- +%s +\\(opaque\\)", OPAQUE.opcode(),
                OPAQUE.specName()) + " .*"));
    }

    /**
     * Every row's cells start at its header's columns, whatever the longest name the spec holds
     * (ActivationReadAccumulator, the engine Activation), with at least two spaces between cells.
     */
    private static void assertAligned(String out) {
        List<String> lines = out.lines().toList();
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("OPCODE ")).findFirst().orElseThrow());
        List<Integer> columns = starts(lines.get(header));
        assertEquals(7, columns.size(), lines.get(header));
        int end = header + 1;
        while (!lines.get(end).isEmpty()) {
            end++;
        }
        for (String row : lines.subList(header + 1, end)) {
            assertEquals(columns, starts(row), "misaligned:\n" + lines.get(header) + "\n" + row);
        }
    }

    /** Where each cell of a table line starts: after two spaces or more (a cell holds at most single spaces). */
    private static List<Integer> starts(String line) {
        List<Integer> out = new java.util.ArrayList<>(List.of(0));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(" {2,}(?=\\S)").matcher(line);
        while (m.find()) {
            out.add(m.end());
        }
        return out;
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonCarriesEnumsLutsAndEveryField() {
        CliRun r = CliRun.of("spec", "--json");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> spec = (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(r.out());
        List<Map<String, Object>> enums = (List<Map<String, Object>>) spec.get("enums");
        Map<String, Object> alu = enums.stream().filter(e -> e.get("name").equals("AluOpType")).findFirst().orElseThrow();
        List<Map<String, Object>> values = (List<Map<String, Object>>) alu.get("values");
        assertEquals(33, values.size());
        Map<String, Object> notEqual = values.get(19);
        assertEquals("not_equal", notEqual.get("name"));
        assertEquals(19, notEqual.get("ordinal"));
        assertEquals(0x18, notEqual.get("wire"));
        assertEquals("Invalid enum variant for enum AluOpType", values.get(24).get("fatal"));
        List<Map<String, Object>> arms = (List<Map<String, Object>>) spec.get("arms");
        assertEquals(Arm.values().length - 1, arms.size(), "one JSON arm per generated Arm constant (UNKNOWN aside)");
        Map<String, Object> ralu = arms.stream().filter(a -> a.get("name").equals("RegisterAlu")).findFirst().orElseThrow();
        List<Map<String, Object>> fields = (List<Map<String, Object>>) ralu.get("fields");
        Map<String, Object> dst = fields.stream().filter(f -> f.get("name").equals("dst_lo")).findFirst().orElseThrow();
        assertEquals(0x14, dst.get("offset"));
        assertEquals(1, dst.get("width"));
        assertEquals("raw", dst.get("encoding"));
        assertEquals("CONFIRMED", dst.get("confidence"));
        assertEquals(1, ((List<?>) ralu.get("views")).size());
        List<Map<String, Object>> luts = (List<Map<String, Object>>) spec.get("luts");
        Map<String, Object> neg = luts.stream().filter(l -> l.get("name").equals("BranchNegation")).findFirst().orElseThrow();
        assertEquals(Boolean.TRUE, neg.get("involution"));
        assertEquals(SpecSource.of(SpecSource.BUILTIN).loadOrFail().conflicts().size(), ((List<?>) spec.get("conflicts")).size(),
                "one JSON conflict per conflict document of the shipped spec");
        Map<?, ?> feature = (Map<?, ?>) ((List<?>) spec.get("features")).get(0);
        assertEquals("neff_feature_SQI_no_rearm", feature.get("name"));
        assertEquals(Map.of("arm", "SwitchQueueInstance", "field", "no_rearm", "source",
                "facts §3.10: PseudoDMASwapQueueSet 'sets a module feature attribute'; the feature's name says which", "confidence", "INFERRED"),
                feature.get("set_by"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void provenanceKeepsWhatTheSourcesTag() {
        Map<String, Object> spec = (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(CliRun.of("spec", "--json").out());
        List<Map<String, Object>> enums = (List<Map<String, Object>>) spec.get("enums");
        Function<String, Map<String, Object>> en = n -> enums.stream().filter(e -> e.get("name").equals(n)).findFirst().orElseThrow();
        // facts §5.1 / §5.3: bytes CONFIRMED, names STRONG; the enums hold names and ordinals
        assertEquals("STRONG", en.apply("AluOpType").get("confidence"));
        assertEquals("STRONG", en.apply("Dtype").get("confidence"));
        List<Map<String, Object>> opcodes = (List<Map<String, Object>>) en.apply("Opcode").get("values");
        Function<String, Map<String, Object>> op = n -> opcodes.stream().filter(v -> v.get("name").equals(n)).findFirst().orElseThrow();
        // a value of the compiler's decoder is CONFIRMED; its generation gate (facts §2, HIGH/OBSERVED) is STRONG
        Map<String, Object> ldtags = op.apply("Ldtags");
        assertEquals("CONFIRMED", ldtags.get("confidence"));
        assertEquals("STRONG", ((Map<?, ?>) ldtags.get("generations_source")).get("confidence"));
        assertFalse(op.apply("Matmul").containsKey("generations_source"));
        // a v2-only header value is STRONG, its placeholder name ASSUMED
        Map<String, Object> v2 = op.apply("V2Only87");
        assertEquals("STRONG", v2.get("confidence"));
        assertEquals("ASSUMED", ((Map<?, ?>) v2.get("name_source")).get("confidence"));
        // facts §6: the compiler's input aliases, apart from the internal/runtime/marketed names
        List<Map<String, Object>> archs = (List<Map<String, Object>>) spec.get("archs");
        Map<String, Object> cayman = archs.stream().filter(a -> a.get("name").equals("CAYMAN")).findFirst().orElseThrow();
        assertEquals(List.of("cayman", "gen3"), cayman.get("aliases"));
        assertEquals(Map.of("internal", "gen3", "runtime", "cayman", "marketed", "Trn2"), cayman.get("names"));
        Map<String, Object> mariana = archs.stream().filter(a -> a.get("name").equals("MARIANA")).findFirst().orElseThrow();
        assertEquals(List.of("core_v4"), mariana.get("aliases"));
        assertEquals(Arch.MARIANA, Arch.byName("trn3"));
        assertEquals(Arch.CAYMAN, Arch.byName("Trn2"));
        assertEquals(List.of("core_v4", "mariana", "Trn3"), Arch.MARIANA.aliases());
        // no source guesses the opaque payloads: they are the project's choice
        List<Map<String, Object>> arms = (List<Map<String, Object>>) spec.get("arms");
        for (String arm : List.of("BranchHint", "LibraryReloadIndex", "CoreBarrier")) {
            List<Map<String, Object>> fields = (List<Map<String, Object>>) arms.stream().filter(a -> a.get("name").equals(arm)).findFirst().orElseThrow().get("fields");
            assertEquals("ASSUMED", fields.stream().filter(f -> f.get("name").equals("payload")).findFirst().orElseThrow().get("confidence"), arm);
        }
    }

    @Test
    void jsonToAFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("spec.json");
        CliRun r = CliRun.of("spec", "--json", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out());
        assertTrue(Files.readString(out).startsWith("{\n  \"isa\": \"tpb\","));
    }

    @Test
    void usageErrorsAreOneLineAndExit2() {
        CliRun r = CliRun.of("spec", "--jsn");
        assertEquals(2, r.code());
        assertEquals("tpb: Unknown option: '--jsn'\nTry 'tpb spec --help' for more information.\n", r.err());
        CliRun nope = CliRun.of("frobnicate");
        assertEquals(2, nope.code());
        assertTrue(nope.err().startsWith("tpb: Unmatched argument at index 0: 'frobnicate'"), nope.err());
    }

    @Test
    void writingIntoAMissingDirectoryFailsCleanly(@TempDir Path dir) {
        CliRun r = CliRun.of("spec", "-o", dir.resolve("no/such/dir/x.txt").toString());
        assertEquals(1, r.code());
        assertEquals("tpb: " + dir.resolve("no/such/dir/x.txt") + ": cannot write: No such file or directory\n", r.err());
    }
}
