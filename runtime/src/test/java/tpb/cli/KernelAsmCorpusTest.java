package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kernel and assembly corpora, as {@link SpecCorpusTest} does the spec's: a valid
 * base ({@code corpus/kernel/base/kernel.yaml}, {@code corpus/asm/base/prog.s}), one defect per bad
 * case with {@code tpb compile} / {@code tpb asm} pinned to exit code and each diagnostic's file,
 * line, column and message (paths relative to the case's directory), nothing written; variants
 * that must pass (CRLF, BOM, comments).
 */
class KernelAsmCorpusTest {
    static Stream<CorpusCase> badKernels() {
        return CorpusCase.all("kernel", "bad");
    }

    static Stream<CorpusCase> goodKernels() {
        return CorpusCase.all("kernel", "good");
    }

    static Stream<CorpusCase> badAssembly() {
        return CorpusCase.all("asm", "bad");
    }

    static Stream<CorpusCase> goodAssembly() {
        return CorpusCase.all("asm", "good");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badKernels")
    void badKernelsSayWhereAndWhy(CorpusCase c, @TempDir Path dir) throws Exception {
        c.apply("kernel", dir);
        CliRun r = CliRun.of("compile", dir.resolve("kernel.yaml").toString(), "-o", dir.resolve("out.bin").toString());
        check(c, r, dir);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goodKernels")
    void kernelVariantsThatMustPass(CorpusCase c, @TempDir Path dir) throws Exception {
        c.apply("kernel", dir);
        CliRun r = CliRun.of("run", dir.resolve("kernel.yaml").toString());
        assertEquals("", r.err());
        assertEquals(0, r.code(), r.out());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badAssembly")
    void badAssemblySaysWhereAndWhy(CorpusCase c, @TempDir Path dir) throws Exception {
        c.apply("asm", dir);
        CliRun r = CliRun.of("asm", dir.resolve("prog.s").toString(), "-o", dir.resolve("out.bin").toString());
        check(c, r, dir);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goodAssembly")
    void assemblyVariantsThatMustPass(CorpusCase c, @TempDir Path dir) throws Exception {
        c.apply("asm", dir);
        CliRun r = CliRun.of("asm", dir.resolve("prog.s").toString(), "-o", dir.resolve("out.bin").toString());
        assertEquals("", r.err());
        assertEquals(0, r.code());
        assertEquals(256, Files.size(dir.resolve("out.bin")));
    }

    private static void check(CorpusCase c, CliRun r, Path dir) {
        String err = r.err().replace(dir + "/", "");
        List<String> diags = CorpusCase.diagnostics(err);
        List<String> all = err.lines().toList();
        assertEquals(c.code(), r.code(), err);
        for (String e : c.expect()) {
            assertTrue(all.contains(e) || all.contains("tpb: " + e), () -> "missing\n  " + e + "\nreported:\n  " + String.join("\n  ", all));
        }
        assertEquals(c.errors(), Math.max(diags.size(), 1), () -> "reported:\n  " + String.join("\n  ", all));
        assertTrue(Files.notExists(dir.resolve("out.bin")), "nothing written");
    }
}
