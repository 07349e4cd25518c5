package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manual's "Adding an opcode" (docs/adding-an-opcode.md), followed as written on a copy of the project: a new opcode
 * value in the file step 1 names, a laid-out arm in a new file under the directory step 2 names,
 * included from the root file it names, with the keys it lists; then step 3's check and build.
 * The page's example and the same fragments renamed as users name their opcodes (near misses of
 * existing words among them, each its own generation) go into one copy; the generated tests and
 * the runtime's command and assembler tests then pass on it (no test pins how many opcodes or arms
 * the spec has, nor takes a word for unknown that a user could add), each new arm's example is
 * one of the generated test vectors, and {@code ./tpb} disassembles its record and assembles the
 * listing back.
 * Tagged {@code maven} (it drives Maven on a copy) and {@code big}: a build from nothing and the
 * tests take several minutes.
 */
@Tag("maven")
@Tag("big")
class AddingAnOpcodeTest {
    /** The page's worked example: its name, its value (0xFE, a free value the page names) and its mnemonic. */
    private static final Pick PAGE = new Pick("RecipeProbe", "recipe", 3);

    /**
     * Names a user might pick, each with a generation of its own, laid out beside the page's example
     * by the same fragments renamed: the tests must not depend on which names the spec lacks. Near
     * misses of existing words on purpose: {@code probe} is two edits from {@code frob} and {@code
     * exti} one from {@code exit} (words the assembler's tests once took as unknown and as a typo),
     * {@code frob} itself, and {@code AluOps} one edit from the opcode {@code AluOp} with the
     * mnemonic {@code nap}, one from {@code nop}; {@code since: 5} is a generation no profile has.
     */
    private static final List<Pick> PICKS = List.of(new Pick("Probe", "probe", 3), new Pick("Frob", "frob", 2),
            new Pick("Exti", "exti", 4), new Pick("AluOps", "nap", 5));

    /** An opcode name, its mnemonic and its {@code since:} generation. */
    private record Pick(String name, String mnemonic, int since) {}

    /** The tests run on the copy: everything generated-tests has but the slow tags, and the runtime's that print or parse records. */
    private static final String TESTS = "tpb/gen/*Test,tpb/cli/*Test,tpb/asm/*Test,tpb/stream/*Test,tpb/doc/*Test";

    @Test
    void theRecipeGivesArmsThatBuildTestAndDisassembleWhateverTheirNames(@TempDir Path tmp) throws Exception {
        String recipe = section("\n" + Files.readString(ProjectCopy.ROOT.resolve("docs/adding-an-opcode.md")), "# Adding an opcode");
        List<String> steps = steps(recipe + "\n"); // the last step ends at a blank line, as the others
        assertEquals(4, steps.size(), recipe);

        // step 1: the opcode file, by the path the page gives
        String opcodeFile = firstCode(steps.get(0), ".*/enums/opcode\\.yaml");
        Path copy = ProjectCopy.copy(tmp.resolve("project"), true);
        Path opcodes = copy.resolve(opcodeFile);
        String values = Files.readString(opcodes);
        String anchor = "  - {name: Invalid,";
        assertTrue(values.contains(anchor), "no Invalid value to insert before in " + opcodeFile);
        String page = Files.readString(ProjectCopy.ROOT.resolve("docs/adding-an-opcode.md"));
        String line = block(page, "recipe-opcode");
        assertTrue(line.contains("name: " + PAGE.name() + ",") && line.contains("value: 0xFE,") && line.contains("since: 3,"), line);
        // the free values, highest first: the page's 0xFE must be one, and each pick takes the next
        List<Integer> free = new ArrayList<>();
        for (int v = 0xFF; v >= 0; v--) {
            if (!values.matches("(?s).*value: 0x" + String.format("%02X", v) + "\\b.*")) {
                free.add(v);
            }
        }
        assertEquals(0xFE, free.get(0), "0xFE is taken or 0xFF is free: the page's example needs the highest free value");
        Map<Pick, Integer> picked = new LinkedHashMap<>();
        picked.put(PAGE, 0xFE);
        for (int i = 0; i < PICKS.size(); i++) {
            picked.put(PICKS.get(i), free.get(i + 1));
        }
        StringBuilder lines = new StringBuilder();
        picked.forEach((p, v) -> lines.append(rename(line, p, v)));
        Files.writeString(opcodes, values.replace(anchor, lines + anchor));
        // step 1's rest: a value legal on SUNDA (since: 2) takes its bit in SUNDA's opcode masks too
        Path profiles = opcodes.getParent().getParent().resolve("arch/profiles.yaml");
        for (Map.Entry<Pick, Integer> e : picked.entrySet()) {
            if (e.getKey().since() <= 2) {
                Files.writeString(profiles, withMaskBit(Files.readString(profiles), e.getValue()));
            }
        }

        // step 2: a new arm document under arms/, listed under include: in isa.yaml, with the keys the step lists
        assertTrue(steps.get(1).contains("`arms/`") && steps.get(1).contains("`include:`") && steps.get(1).contains("`isa.yaml`"), steps.get(1));
        List<String> keys = codes(steps.get(1).substring(steps.get(1).indexOf("):")));
        Path spec = opcodes.getParent().getParent();
        String arm = block(page, "recipe-arm"); // the page's worked example, as a user would copy it
        for (String key : keys) {
            assertTrue(arm.contains("\n" + key + ":"), "the page's step 2 lists '" + key + "', which the arm document lacks");
        }
        Path root = spec.resolve("isa.yaml");
        String include = "  - arms/datapath-ctrl.yaml\n";
        assertTrue(Files.readString(root).contains(include), "isa.yaml's include list changed");
        StringBuilder includes = new StringBuilder(include);
        for (Map.Entry<Pick, Integer> e : picked.entrySet()) {
            String file = e.getKey() == PAGE ? "recipe.yaml" : e.getKey().name().toLowerCase(Locale.ROOT) + ".yaml";
            Files.writeString(spec.resolve("arms/" + file), rename(arm, e.getKey(), e.getValue()));
            includes.append("  - arms/").append(file).append('\n');
        }
        Files.writeString(root, Files.readString(root).replace(include, includes));

        // step 3: the check without a build, then the build
        String check = firstCode(steps.get(2), "\\./tpb check-spec .*");
        assertTrue(ProjectCopy.run(copy, List.of(check.split(" "))).contains(": ok: "), check);
        assertTrue(steps.get(2).startsWith("`./mvnw compile`"), steps.get(2));
        ProjectCopy.run(copy, List.of("./mvnw", "-o", "-B", "-q", "compile"));
        // step 4: the visitor has a method for each new arm
        Path generated = copy.resolve("isa-codecs/target/generated-sources/codecs/tpb/isa");
        for (Pick p : picked.keySet()) {
            assertTrue(Files.readString(generated.resolve("InstructionVisitor.java")).contains("visit" + p.name() + "(" + p.name() + "Record"), p.name());
        }

        // the tests, on the copy: every count they use comes from the spec, every unknown word is made from it
        String tests = ProjectCopy.run(copy, List.of("./mvnw", "-o", "-B", "test", "-pl", "generated-tests", "-am", "-Dtest=" + TESTS,
                "-Dsurefire.failIfNoSpecifiedTests=false", "-DexcludedGroups=big,maven,consumer,browser"));
        assertTrue(tests.contains("BUILD SUCCESS"), tests);
        String vectors = Files.readString(generated.resolve("TestVectors.java"));
        for (Pick p : picked.keySet()) {
            assertTrue(vectors.contains(p.name()), p.name() + "'s example is a generated test vector");
        }

        // each new arm disassembles, and the listing assembles back to the example's bytes:
        // the opcode at +0, inst_word_len 16 at +1, dst 3 at +0x0C, 0x11223344 little-endian at +0x10
        for (Map.Entry<Pick, Integer> e : picked.entrySet()) {
            String mnemonic = e.getKey().mnemonic();
            byte[] record = new byte[64];
            record[0] = (byte) (int) e.getValue();
            record[1] = 0x10;
            record[0x0C] = 3;
            record[0x10] = 0x44;
            record[0x11] = 0x33;
            record[0x12] = 0x22;
            record[0x13] = 0x11;
            Path bin = tmp.resolve(mnemonic + ".bin");
            Files.write(bin, record);
            String listing = ProjectCopy.run(copy, List.of("./tpb", "disasm", bin.toString()));
            assertEquals("     0  0x000000  " + mnemonic + " r3, 0x11223344\n", listing);
            Path source = tmp.resolve(mnemonic + ".s");
            Files.writeString(source, mnemonic + " r3, 0x11223344\n");
            Path back = tmp.resolve(mnemonic + ".back.bin");
            ProjectCopy.run(copy, List.of("./tpb", "asm", source.toString(), "-o", back.toString()));
            assertArrayEquals(record, Files.readAllBytes(back), "asm(" + mnemonic + " r3, 0x11223344) is the example's record");
        }
    }

    /**
     * SUNDA's profile (the first document of {@code profiles}) with opcode {@code value}'s bit set in
     * the mask that holds it: bit {@code value - base} of the mask whose base is the greatest at most
     * {@code value}, as step 1 says (masks of 64 bits, seed002 §6).
     */
    private static String withMaskBit(String profiles, int value) {
        Matcher m = Pattern.compile("\\{base: 0x([0-9A-Fa-f]+), bits: 0x([0-9A-Fa-f]+)}").matcher(profiles.substring(0, profiles.indexOf("\n---")));
        String mask = null;
        int base = -1;
        while (m.find()) {
            int b = Integer.parseInt(m.group(1), 16);
            if (b <= value && b > base && value - b < 64) {
                base = b;
                mask = m.group();
            }
        }
        assertTrue(mask != null, "no SUNDA mask holds 0x" + Integer.toHexString(value));
        long bits = Long.parseUnsignedLong(mask.substring(mask.indexOf("bits: 0x") + 8, mask.length() - 1), 16) | 1L << (value - base);
        return profiles.replaceFirst(Pattern.quote(mask), mask.substring(0, mask.indexOf("bits: 0x") + 8) + Long.toHexString(bits).toUpperCase(Locale.ROOT) + "}");
    }

    /** A fragment of the page's example as a user copies it for {@code p} at opcode {@code value}: the name, mnemonic, value, generation. */
    private static String rename(String fragment, Pick p, int value) {
        if (p == PAGE) {
            return fragment;
        }
        return fragment.replace("RecipeProbe", p.name()).replace("\"recipe {dst}", "\"" + p.mnemonic() + " {dst}")
                .replace("value: 0xFE,", String.format("value: 0x%02X,", value)).replace("since: 3,", "since: " + p.since() + ",")
                .replace("0x00: \"fe 10\"", String.format("0x00: \"%02x 10\"", value));
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
