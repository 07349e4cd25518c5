package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A copy of this project to build with its own wrapper, offline (so it needs the artifacts the
 * enclosing build already resolved): what the tests that follow a user's loop through Maven edit.
 */
final class ProjectCopy {
    static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    private ProjectCopy() {
    }

    /**
     * Copies the sources (never a {@code target} directory) of the build's modules to {@code to}.
     * Without {@code tests} the test sources and the generated-tests module stay behind, and the
     * copy's reactor ends at the runtime.
     */
    static Path copy(Path to, boolean tests) throws IOException {
        List<String> parts = tests
                ? List.of("pom.xml", "mvnw", "tpb", "README.md", "docs", ".mvn", "codec-api", "processor", "isa-spec", "isa-codecs", "runtime", "generated-tests")
                : List.of("pom.xml", "mvnw", "tpb", ".mvn", "codec-api", "processor", "isa-spec", "isa-codecs", "runtime");
        for (String part : parts) {
            Path from = ROOT.resolve(part);
            try (Stream<Path> walk = Files.walk(from)) {
                for (Path p : (Iterable<Path>) walk::iterator) {
                    Path rel = ROOT.relativize(p);
                    if (rel.toString().contains("target") || (!tests && rel.toString().contains("src/test"))) {
                        continue;
                    }
                    Path dst = to.resolve(rel.toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(dst);
                    } else {
                        Files.createDirectories(dst.getParent());
                        Files.copy(p, dst, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                }
            }
        }
        if (!tests) { // the copy's reactor: the modules the regeneration loop involves
            Path pom = to.resolve("pom.xml");
            Files.writeString(pom, Files.readString(pom).replace("    <module>generated-tests</module>\n", ""));
        }
        return to;
    }

    /** Runs {@code cmd} in {@code dir}; its output (stdout and stderr), after asserting exit 0. */
    static String run(Path dir, List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.MINUTES), String.join(" ", cmd) + " did not finish");
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
        return out;
    }
}
