package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code tpb} launcher's choice of Java: {@code JAVA_HOME} when set (as Maven's wrapper), and
 * one line, exit 1, for a JAVA_HOME without a java or a Java older than 17 (read from the JDK's
 * release file, or from {@code java -version} when there is none). Both are refused before
 * anything is built or run, so these tests never start a build; that the chosen Java is named by
 * {@code --version} is {@code TpbVersionTest}'s.
 */
class LauncherJavaTest {
    private static final Path LAUNCHER = Path.of("..", "tpb").toAbsolutePath().normalize();

    private record Run(int code, String out, String err) {}

    private static Run launch(Path javaHome) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", LAUNCHER.toString(), "--version");
        pb.environment().put("JAVA_HOME", javaHome.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out, err);
    }

    /** A JDK home whose java prints {@code version} as {@code java -version} does, with or without a release file. */
    private static Path fakeJdk(Path dir, String version, boolean releaseFile) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"" + version + "\" 2024-01-16' >&2\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        if (releaseFile) {
            Files.writeString(dir.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        }
        return dir;
    }

    @Test
    void aJavaBelow17IsRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path eight = fakeJdk(dir.resolve("jdk8"), "1.8.0_401", true);
        Run r = launch(eight);
        assertEquals(1, r.code());
        assertEquals("tpb: " + eight.resolve("bin/java") + " is Java 1.8.0_401; tpb needs Java 17 or later (set JAVA_HOME to one)\n", r.err());
        assertEquals("", r.out());
        // no release file: the version comes from java -version
        Path eleven = fakeJdk(dir.resolve("jdk11"), "11.0.22", false);
        Run s = launch(eleven);
        assertEquals(1, s.code());
        assertEquals("tpb: " + eleven.resolve("bin/java") + " is Java 11.0.22; tpb needs Java 17 or later (set JAVA_HOME to one)\n", s.err());
    }

    @Test
    void aJavaHomeWithoutJavaIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        Run r = launch(dir);
        assertEquals(1, r.code());
        assertEquals("tpb: JAVA_HOME is " + dir + ", which has no bin/java: point it at a Java 17 or later, or unset it\n", r.err());
    }
}
