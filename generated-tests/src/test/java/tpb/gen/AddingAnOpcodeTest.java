package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manual's "Adding an opcode" (docs/adding-an-opcode.md), followed as written on a copy of the project: a new opcode
 * value in the file step 1 names, a laid-out arm in a new file under the directory step 2 names,
 * included from the root file it names, with the keys it lists; then step 3's check and build.
 * The generated tests and the runtime's command and assembler tests then pass on the copy (no
 * test pins how many opcodes or arms the spec has), the new arm's example is one of the generated
 * test vectors, and {@code ./tpb} disassembles its record and assembles the listing back.
 * Tagged {@code maven} (it drives Maven on a copy) and {@code big}: a build from nothing and the
 * tests take several minutes.
 */
@Tag("maven")
@Tag("big")
class AddingAnOpcodeTest {
    /**
     * A value no opcode of the shipped spec has (checked below), legal from CAYMAN (generation 3) on, as a user
     * adding a Trn2 opcode would write it (issue 34: this was since: 5, a generation no profile has, because
     * tests pinned each profile's legal-opcode count; they derive it from the spec now).
     */
    private static final int VALUE = 0xFE;
    private static final String NAME = "RecipeProbe";

    /** The tests run on the copy: everything generated-tests has but the slow tags, and the runtime's that print or parse records. */
    private static final String TESTS = "tpb/gen/*Test,tpb/cli/*Test,tpb/asm/*Test,tpb/stream/*Test,tpb/doc/*Test";

    @Test
    void theReadmesRecipeGivesAnArmThatBuildsTestsAndDisassembles(@TempDir Path tmp) throws Exception {
        String recipe = section("\n" + Files.readString(ProjectCopy.ROOT.resolve("docs/adding-an-opcode.md")), "# Adding an opcode");
        List<String> steps = steps(recipe + "\n"); // the last step ends at a blank line, as the others
        assertEquals(4, steps.size(), recipe);

        // step 1: the opcode file, by the path the page gives
        String opcodeFile = firstCode(steps.get(0), ".*/enums/opcode\\.yaml");
        Path copy = ProjectCopy.copy(tmp.resolve("project"), true);
        Path opcodes = copy.resolve(opcodeFile);
        String values = Files.readString(opcodes);
        assertFalse(values.matches("(?s).*value: 0x" + Integer.toHexString(VALUE).toUpperCase() + "\\b.*"), "0xFE is taken; pick a free value");
        String anchor = "  - {name: Invalid,";
        assertTrue(values.contains(anchor), "no Invalid value to insert before in " + opcodeFile);
        String page = Files.readString(ProjectCopy.ROOT.resolve("docs/adding-an-opcode.md"));
        String line = block(page, "recipe-opcode");
        assertTrue(line.contains("name: " + NAME + ",") && line.contains(String.format("value: 0x%02X,", VALUE)), line);
        Files.writeString(opcodes, values.replace(anchor, line + anchor));

        // step 2: a new arm document under arms/, listed under include: in isa.yaml, with the keys the step lists
        assertTrue(steps.get(1).contains("`arms/`") && steps.get(1).contains("`include:`") && steps.get(1).contains("`isa.yaml`"), steps.get(1));
        List<String> keys = codes(steps.get(1).substring(steps.get(1).indexOf("):")));
        Path spec = opcodes.getParent().getParent();
        String arm = block(page, "recipe-arm"); // the page's worked example, as a user would copy it
        for (String key : keys) {
            assertTrue(arm.contains("\n" + key + ":"), "the page's step 2 lists '" + key + "', which the arm document lacks");
        }
        Files.writeString(spec.resolve("arms/recipe.yaml"), arm);
        Path root = spec.resolve("isa.yaml");
        String include = "  - arms/datapath-ctrl.yaml\n";
        assertTrue(Files.readString(root).contains(include), "isa.yaml's include list changed");
        Files.writeString(root, Files.readString(root).replace(include, include + "  - arms/recipe.yaml\n"));

        // step 3: the check without a build, then the build
        String check = firstCode(steps.get(2), "\\./tpb check-spec .*");
        assertTrue(ProjectCopy.run(copy, List.of(check.split(" "))).contains(": ok: "), check);
        assertTrue(steps.get(2).startsWith("`./mvnw compile`"), steps.get(2));
        ProjectCopy.run(copy, List.of("./mvnw", "-o", "-B", "-q", "compile"));
        // step 4: the visitor has a method for the new arm
        Path generated = copy.resolve("isa-codecs/target/generated-sources/codecs/tpb/isa");
        assertTrue(Files.readString(generated.resolve("InstructionVisitor.java")).contains("visitRecipeProbe(RecipeProbeRecord"));

        // the tests, on the copy: every count they use comes from the spec
        String tests = ProjectCopy.run(copy, List.of("./mvnw", "-o", "-B", "test", "-pl", "generated-tests", "-am", "-Dtest=" + TESTS,
                "-Dsurefire.failIfNoSpecifiedTests=false", "-DexcludedGroups=big,maven,consumer,browser"));
        assertTrue(tests.contains("BUILD SUCCESS"), tests);
        assertTrue(Files.readString(generated.resolve("TestVectors.java")).contains("RecipeProbe"), "the example is a generated test vector");

        // the new arm disassembles, and the listing assembles back to the example's bytes
        byte[] record = new byte[64];
        record[0] = (byte) VALUE;
        record[1] = 0x10;
        record[0x0C] = 3;
        record[0x10] = 0x44;
        record[0x11] = 0x33;
        record[0x12] = 0x22;
        record[0x13] = 0x11;
        Path bin = tmp.resolve("probe.bin");
        Files.write(bin, record);
        String listing = ProjectCopy.run(copy, List.of("./tpb", "disasm", bin.toString()));
        assertEquals("     0  0x000000  recipe r3, 0x11223344\n", listing);
        Path source = tmp.resolve("probe.s");
        Files.writeString(source, "recipe r3, 0x11223344\n");
        Path back = tmp.resolve("back.bin");
        ProjectCopy.run(copy, List.of("./tpb", "asm", source.toString(), "-o", back.toString()));
        assertTrue(java.util.Arrays.equals(record, Files.readAllBytes(back)), "asm(recipe r3, 0x11223344) is the example's record");
    }

    /** The fenced block after the page's {@code <!-- MARKER: ... -->} comment, its lines as written. */
    private static String block(String page, String marker) {
        Matcher m = Pattern.compile("<!-- " + marker + ":[^>]*-->\\n```yaml\\n(.*?)```", Pattern.DOTALL).matcher(page);
        assertTrue(m.find(), "docs/adding-an-opcode.md has no '<!-- " + marker + ": ... -->' yaml block");
        return m.group(1);
    }

    /** The text of the page section headed {@code heading}, up to the next section. */
    private static String section(String readme, String heading) {
        int start = readme.indexOf("\n" + heading + "\n");
        assertTrue(start >= 0, "the page has no '" + heading + "'");
        int end = readme.indexOf("\n## ", start + 1);
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    /** The numbered steps of a section, each joined onto one line. */
    private static List<String> steps(String section) {
        List<String> steps = new ArrayList<>();
        Matcher m = Pattern.compile("(?ms)^\\d+\\. (.*?)(?=^\\d+\\. |^$)").matcher(section);
        while (m.find()) {
            steps.add(m.group(1).replaceAll("\\s*\\n\\s*", " ").trim());
        }
        return steps;
    }

    private static List<String> codes(String text) {
        List<String> codes = new ArrayList<>();
        Matcher m = Pattern.compile("`([^`]+)`").matcher(text);
        while (m.find()) {
            codes.add(m.group(1));
        }
        return codes;
    }

    private static String firstCode(String step, String regex) {
        return codes(step).stream().filter(c -> c.matches(regex)).findFirst()
                .orElseThrow(() -> new AssertionError("no `" + regex + "` in the step: " + step));
    }
}
