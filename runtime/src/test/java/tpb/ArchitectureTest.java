package tpb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The rooms of the runtime and the doors between them, read off the main sources: every
 * reference to a {@code tpb.x.Type} (an import, static or not, or a qualified name in code;
 * comments and strings do not count) from a class of package {@code tpb.y}. The rules:
 *
 * <ul>
 *   <li>The simulators ({@code tpb.sim}) import no compiler pass ({@code tpb.lower},
 *       {@code tpb.regalloc}, {@code tpb.codegen}), and of the machine IR ({@code tpb.mir}) only
 *       the program they run: {@link #SIMULATED_MIR} (LoweredSimulator and EngineGroup run lowered
 *       code). What the compiler reports about its result (where a register ended up, the spill
 *       area) is {@code tpb.abi}, which both sides read.</li>
 *   <li>The register allocator ({@code tpb.regalloc}) imports no other pass: not {@code tpb.lower},
 *       not {@code tpb.codegen}; the failure every pass throws is {@code tpb.mir.CompileException}.</li>
 *   <li>The data level ({@code tpb.data}) imports no assembler ({@code tpb.asm}): a trace's and a
 *       deadlock's record text is handed in by whoever runs it (the CLI).</li>
 *   <li>{@code tpb.abi} imports no other package of the runtime; no package imports the CLI.</li>
 * </ul>
 */
class ArchitectureTest {
    private static final Path MAIN = Path.of("src/main/java");

    /** The tpb.mir types that make up a lowered program: what tpb.sim may run. */
    static final Set<String> SIMULATED_MIR = Set.of("LoweredCode", "EngineCode", "MFunction", "MBlock", "MInst", "VReg");

    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    private static final Pattern STRING = Pattern.compile("\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\\\n])'");
    private static final Pattern REFERENCE = Pattern.compile("\\btpb\\.([a-z]+)\\.([A-Z]\\w*)");

    /** One reference: the referring class's package and file, and the package and type referred to. */
    record Reference(String fromPackage, String file, String toPackage, String type) {
        @Override
        public String toString() {
            return file + " -> tpb." + toPackage + "." + type;
        }
    }

    static List<Reference> references(Path root) {
        List<Reference> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java")).sorted()::iterator) {
                Path rel = root.relativize(f);
                if (rel.getNameCount() < 3 || !rel.getName(0).toString().equals("tpb")) {
                    continue;
                }
                String from = rel.getName(1).toString();
                String code = STRING.matcher(COMMENT.matcher(Files.readString(f)).replaceAll(" ")).replaceAll("\"\"");
                Matcher m = REFERENCE.matcher(code);
                while (m.find()) {
                    if (!m.group(1).equals(from)) {
                        out.add(new Reference(from, rel.toString(), m.group(1), m.group(2)));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static List<String> breaking(List<Reference> refs, String from, java.util.function.Predicate<Reference> forbidden) {
        Set<String> out = new TreeSet<>();
        for (Reference r : refs) {
            if (r.fromPackage().equals(from) && forbidden.test(r)) {
                out.add(r.toString());
            }
        }
        return List.copyOf(out);
    }

    private static final List<Reference> MAIN_REFS = references(MAIN);

    @Test
    void theSimulatorsImportNoPassAndOfTheMachineIrOnlyTheProgramTheyRun() {
        assertEquals(List.of(), breaking(MAIN_REFS, "sim", r -> Set.of("lower", "regalloc", "codegen").contains(r.toPackage())
                || r.toPackage().equals("mir") && !SIMULATED_MIR.contains(r.type())));
    }

    @Test
    void theAllocatorImportsNoOtherPass() {
        assertEquals(List.of(), breaking(MAIN_REFS, "regalloc", r -> Set.of("lower", "codegen").contains(r.toPackage())));
    }

    @Test
    void theDataLevelImportsNoAssembler() {
        assertEquals(List.of(), breaking(MAIN_REFS, "data", r -> r.toPackage().equals("asm")));
    }

    @Test
    void abiStandsAloneAndNothingImportsTheCli() {
        assertEquals(List.of(), breaking(MAIN_REFS, "abi", r -> !Set.of("isa", "codec").contains(r.toPackage())));
        List<String> cli = new ArrayList<>();
        for (Reference r : MAIN_REFS) {
            if (r.toPackage().equals("cli")) {
                cli.add(r.toString());
            }
        }
        assertEquals(List.of(), cli);
    }

    @Test
    void theScanSeesImportsAndQualifiedNamesButNotCommentsOrStrings(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path f = dir.resolve("tpb/data/X.java");
        Files.createDirectories(f.getParent());
        Files.writeString(f, """
                package tpb.data;

                import tpb.asm.Disassembler;
                import static tpb.sim.Machine.run;
                /** see tpb.asm.Assembler */
                class X {
                    // tpb.lower.LoopLowering
                    String s = "tpb.codegen.CodeGen";
                    Object o = tpb.mir.MInst.class;
                    tpb.data.Other same;
                }
                """);
        List<String> found = references(dir).stream().map(Reference::toString).toList();
        assertEquals(List.of("tpb/data/X.java -> tpb.asm.Disassembler", "tpb/data/X.java -> tpb.sim.Machine",
                "tpb/data/X.java -> tpb.mir.MInst"), found);
        assertFalse(breaking(references(dir), "data", r -> r.toPackage().equals("asm")).isEmpty());
        assertTrue(MAIN_REFS.size() > 100, "the scan found the runtime's sources: " + MAIN_REFS.size() + " references");
    }
}
