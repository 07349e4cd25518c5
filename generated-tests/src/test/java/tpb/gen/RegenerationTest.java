package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edit-the-YAML, run-{@code mvn compile} loop, on a copy of this project: an edited spec
 * regenerates the codecs; an unchanged one compiles nothing. Runs Maven offline through the
 * project's own wrapper, so it needs the artifacts the enclosing build already resolved.
 */
class RegenerationTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void editingTheSpecRegeneratesAndAnUnchangedSpecDoesNot(@TempDir Path tmp) throws Exception {
        Path copy = tmp.resolve("project");
        copyProject(copy);
        String first = mvnCompile(copy);
        Path generated = copy.resolve("runtime/target/generated-sources/annotations/tpb/isa/DebugCmd.java");
        assertTrue(Files.exists(generated), first);
        assertFalse(Files.readString(generated).contains("REGEN_PROBE"));

        Path yaml = copy.resolve("isa-spec/src/main/resources/isa/tpb/enums/sp.yaml");
        String spec = Files.readString(yaml);
        Thread.sleep(1100); // file systems with one-second timestamps: the edit must be newer than the last copy
        Files.writeString(yaml, spec.replace("  - {name: INS_FIELD, value: 9}", "  - {name: INS_FIELD, value: 9}\n  - {name: REGEN_PROBE, value: 11}"));
        String second = mvnCompile(copy);
        assertTrue(Files.readString(generated).contains("REGEN_PROBE(0xB, \"REGEN_PROBE\""), second);

        FileTime stamp = Files.getLastModifiedTime(generated);
        String third = mvnCompile(copy);
        assertEquals(stamp, Files.getLastModifiedTime(generated), third);
        assertTrue(third.contains("Nothing to compile - all classes are up to date"), third);
    }

    private static void copyProject(Path to) throws IOException {
        List<String> parts = List.of("pom.xml", "mvnw", ".mvn", "isa-spec", "processor", "runtime");
        for (String part : parts) {
            Path from = ROOT.resolve(part);
            try (Stream<Path> walk = Files.walk(from)) {
                for (Path p : (Iterable<Path>) walk::iterator) {
                    Path rel = ROOT.relativize(p);
                    if (rel.toString().contains("target") || rel.toString().contains("src/test")) {
                        continue;
                    }
                    Path dst = to.resolve(rel.toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(dst);
                    } else {
                        Files.createDirectories(dst.getParent());
                        Files.copy(p, dst, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                    }
                }
            }
        }
        // the copy's reactor: the modules this loop involves
        Path pom = to.resolve("pom.xml");
        Files.writeString(pom, Files.readString(pom).replace("    <module>generated-tests</module>\n", ""));
    }

    private static String mvnCompile(Path dir) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("./mvnw", "-o", "-B", "compile", "-pl", "runtime", "-am"));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "maven did not finish");
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
