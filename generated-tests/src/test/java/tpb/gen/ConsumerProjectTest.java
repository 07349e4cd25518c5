package tpb.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The manual's "Using the codecs from your project", done as a user would: a separate Maven project
 * whose only class is that page's example, depending on {@code dev.tpb:isa-codecs}, built and run.
 * This build's artifacts (codec-api, isa-codecs and the parent POM, jarred from the modules'
 * classes) go into a repository of the consumer's own under target/, never into the shared
 * ~/.m2; the consumer build reads ~/.m2 as a read-only file:// mirror for third-party plugins,
 * offline.
 */
@Tag("consumer")
class ConsumerProjectTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    private static final Path WORK = Path.of("target/consumer").toAbsolutePath();

    @Test
    void theReadmeExampleCompilesAndRunsInAProjectOfItsOwn() throws Exception {
        deleteTree(WORK);
        String version = version(Files.readString(ROOT.resolve("pom.xml")));
        Path repo = WORK.resolve("repository");
        publish(repo, "tpb-isa-toolkit", version, ROOT.resolve("pom.xml"), null);
        publish(repo, "codec-api", version, ROOT.resolve("codec-api/pom.xml"), ROOT.resolve("codec-api/target/classes"));
        publish(repo, "isa-codecs", version, ROOT.resolve("isa-codecs/pom.xml"), ROOT.resolve("isa-codecs/target/classes"));

        Path project = WORK.resolve("project");
        Path source = project.resolve("src/main/java/example/Example.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, pageExample(Files.readString(ROOT.resolve(PAGE))));
        Files.writeString(project.resolve("pom.xml"), pom(version));
        Path settings = WORK.resolve("settings.xml");
        Files.writeString(settings, settings(repo, sharedRepository()));

        // -Dmaven.repo.local on the command line: a user's MAVEN_OPTS naming another repository (the consumer inherits the
        // environment) would otherwise send the consumer there, where this build's artifacts are not
        String build = run(List.of(ROOT.resolve("mvnw").toString(), "-B", "-q", "-o", "-Daether.offline.protocols=file",
                "-Dmaven.repo.local=" + repo, "-s", settings.toString(), "-f", project.resolve("pom.xml").toString(), "compile"), project);
        String classpath = project.resolve("target/classes") + File.pathSeparator
                + jar(repo, "isa-codecs", version) + File.pathSeparator + jar(repo, "codec-api", version);
        String out = run(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath,
                "example.Example"), project);
        assertEquals("alu not_equal wire=0x18 violations=[]\n", out, "the example's output (build log: " + build + ")");
    }

    /** The manual's page on using the codecs, whose example this builds. */
    static final String PAGE = "docs/using-the-codecs.md";

    /** The page's Java block after the consumer-example marker. */
    static String pageExample(String page) {
        Matcher m = Pattern.compile("<!-- consumer-example:[^>]*-->\\n```java\\n(.*?)```", Pattern.DOTALL).matcher(page);
        assertTrue(m.find(), PAGE + " has no '<!-- consumer-example: ... -->' Java block");
        return m.group(1);
    }

    private static String version(String rootPom) {
        Matcher m = Pattern.compile("<artifactId>tpb-isa-toolkit</artifactId>\\s*<version>([^<]+)</version>").matcher(rootPom);
        assertTrue(m.find(), "no version in the root pom.xml");
        return m.group(1);
    }

    /** Lays out one artifact as a local repository holds it (what install would write). */
    private static void publish(Path repo, String artifact, String version, Path pom, Path classes) throws IOException {
        Path dir = repo.resolve("dev/tpb/" + artifact + "/" + version);
        Files.createDirectories(dir);
        Files.copy(pom, dir.resolve(artifact + "-" + version + ".pom"));
        if (classes == null) {
            return;
        }
        assertTrue(Files.isDirectory(classes), classes + " missing: build the module first");
        try (OutputStream file = Files.newOutputStream(dir.resolve(artifact + "-" + version + ".jar"));
                JarOutputStream jar = new JarOutputStream(file);
                Stream<Path> walk = Files.walk(classes)) {
            for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
                if (Files.isRegularFile(p)) {
                    jar.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                    Files.copy(p, jar);
                    jar.closeEntry();
                }
            }
        }
    }

    private static Path jar(Path repo, String artifact, String version) {
        return repo.resolve("dev/tpb/" + artifact + "/" + version + "/" + artifact + "-" + version + ".jar");
    }

    private static String pom(String version) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>example</groupId>
                  <artifactId>consumer</artifactId>
                  <version>1</version>
                  <properties>
                    <maven.compiler.release>17</maven.compiler.release>
                    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                  </properties>
                  <dependencies>
                    <dependency>
                      <groupId>dev.tpb</groupId>
                      <artifactId>isa-codecs</artifactId>
                      <version>%s</version>
                    </dependency>
                  </dependencies>
                  <build>
                    <plugins>
                      <plugin>
                        <groupId>org.apache.maven.plugins</groupId>
                        <artifactId>maven-resources-plugin</artifactId>
                        <version>3.3.1</version>
                      </plugin>
                      <plugin>
                        <groupId>org.apache.maven.plugins</groupId>
                        <artifactId>maven-compiler-plugin</artifactId>
                        <version>3.13.0</version>
                      </plugin>
                    </plugins>
                  </build>
                </project>
                """.formatted(version);
    }

    /**
     * The local repository this build reads (the POM passes it to the tests: ~/.m2/repository, or
     * wherever {@code -Dmaven.repo.local} or the user's settings put it); ~/.m2/repository when run
     * outside Maven.
     */
    private static Path sharedRepository() {
        String built = System.getProperty("tpb.test.localRepository");
        return built != null && !built.isBlank() ? Path.of(built) : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    /** The consumer's own local repository; everything it lacks comes from the build's repository read as a remote. */
    private static String settings(Path repo, Path shared) {
        return """
                <settings xmlns="http://maven.apache.org/SETTINGS/1.0.0">
                  <localRepository>%s</localRepository>
                  <mirrors>
                    <mirror>
                      <id>shared-m2-read-only</id>
                      <mirrorOf>*</mirrorOf>
                      <url>%s</url>
                    </mirror>
                  </mirrors>
                </settings>
                """.formatted(repo, shared.toUri());
    }

    private static String run(List<String> cmd, Path dir) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "did not finish: " + cmd);
        assertEquals(0, p.exitValue(), cmd + "\n" + out);
        return out;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                    Files.delete(p);
                }
            }
        }
    }
}
