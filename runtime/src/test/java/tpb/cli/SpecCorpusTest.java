package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The spec corpus: a small valid spec ({@code corpus/spec/base}), one defect per bad
 * case and {@code tpb check-spec} pinned to exit code, file, line, column and message of each
 * diagnostic; and variants that must pass (CRLF, BOM, comments everywhere, reordered keys and
 * documents, other styles). Adding a case is adding a file.
 */
class SpecCorpusTest {
    static Stream<CorpusCase> bad() {
        return CorpusCase.all("spec", "bad");
    }

    static Stream<CorpusCase> good() {
        return CorpusCase.all("spec", "good");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void badSpecsSayWhereAndWhy(CorpusCase c, @TempDir Path dir) throws Exception {
        c.apply("spec", dir);
        CliRun r = CliRun.of("check-spec", dir.resolve("isa.yaml").toString());
        String err = r.err().replace(dir + "/", ""); // a missing include says where it looked
        List<String> diags = CorpusCase.diagnostics(err);
        assertEquals(c.code(), r.code(), err);
        for (String e : c.expect()) {
            assertTrue(diags.contains(e), () -> "missing\n  " + e + "\nreported:\n  " + String.join("\n  ", diags));
        }
        assertEquals(c.errors(), diags.size(), () -> "reported:\n  " + String.join("\n  ", diags));
        assertEquals("tpb: isa.yaml: " + c.errors() + " error(s)", err.lines().reduce((a, b) -> b).orElse(""));
        assertEquals("", r.out());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("good")
    void variantsThatMustPass(CorpusCase c, @TempDir Path dir) throws Exception {
        c.apply("spec", dir);
        CliRun r = CliRun.of("check-spec", dir.resolve("isa.yaml").toString());
        assertEquals("", r.err());
        assertEquals(0, r.code());
        assertEquals("isa.yaml: ok: 2 arms (2 with a layout), 2 enums, 2 LUTs, 0 groups, 1 arch profiles, 0 conflicts, 1 module features\n",
                r.out().replace(dir + "/", ""));
    }
}
