package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** check-spec prints at most --max-errors diagnostics (100k anchors printed 100,004 lines). */
class CheckSpecCapTest {
    @Test
    void diagnosticsPastTheCapAreCounted(@TempDir Path dir) throws Exception {
        StringBuilder yaml = new StringBuilder("isa: x\n");
        for (int i = 0; i < 150; i++) {
            yaml.append("k").append(i).append(": &a").append(i).append(" 1\n");
        }
        Files.writeString(dir.resolve("isa.yaml"), yaml);
        CliRun r = CliRun.of("check-spec", dir.toString());
        assertEquals(1, r.code());
        List<String> lines = r.err().lines().toList();
        // 150 unknown keys (k0 ... k149) and the root's two missing keys: 152 diagnostics, the first 100 printed
        assertEquals(101, lines.size());
        assertEquals("tpb: " + dir.resolve("isa.yaml") + ": 152 error(s); 52 not shown (--max-errors 100)", lines.get(100));
        CliRun all = CliRun.of("check-spec", dir.toString(), "--max-errors", "0");
        assertEquals(153, all.err().lines().count());
    }

    /**
     * One YAML syntax error in enums/engine.yaml left EngineType out, and every arm
     * naming an engine failed after it: the syntax error was diagnostic 119 of 119, hidden by the cap
     * of 100. Root causes (a file's own text) come first now, and the summary names the first.
     */
    @Test
    void theRootCauseComesFirstAndTheSummaryNamesIt(@TempDir Path dir) throws Exception {
        copyTree(Path.of("../isa-spec/src/main/resources"), dir);
        Path engine = dir.resolve("isa/tpb/enums/engine.yaml");
        Files.writeString(engine, "enum: EngineType\n  bad: [unclosed\n");
        CliRun r = CliRun.of("check-spec", dir.toString());
        assertEquals(1, r.code());
        List<String> lines = r.err().lines().toList();
        String root = engine + ":2:6: YAML syntax error: mapping values are not allowed here";
        assertEquals(root, lines.get(0));
        String last = lines.get(lines.size() - 1);
        assertEquals(true, last.endsWith("; the first is the root cause: " + root), last);
    }

    static void copyTree(Path from, Path to) throws java.io.IOException {
        try (java.util.stream.Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
