package tpb.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

/** The browser tests' gate: found on PATH or by TPB_CHROMIUM; skipped without one; required in CI. */
class ChromiumTest {
    @TempDir
    Path dir;

    @Test
    void findsChromiumOnThePath() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path exe = executable(bin.resolve("chromium-browser"));
        assertEquals(Optional.of(exe), Chromium.find(Map.of("PATH", dir.resolve("empty") + ":" + bin)));
    }

    @Test
    void anExplicitPathWins() throws IOException {
        Path exe = executable(dir.resolve("my-chrome"));
        executable(Files.createDirectories(dir.resolve("bin")).resolve("chromium"));
        assertEquals(Optional.of(exe), Chromium.find(Map.of("TPB_CHROMIUM", exe.toString(), "PATH", dir.resolve("bin").toString())));
    }

    @Test
    void aNonExecutableFileIsNotABrowser() throws IOException {
        Files.writeString(dir.resolve("chromium"), "");
        assertEquals(Optional.empty(), Chromium.find(Map.of("PATH", dir.toString())));
    }

    @Test
    void withoutABrowserTheTestIsSkippedWithANotice() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream notices = new PrintStream(out, true, StandardCharsets.UTF_8);
        TestAbortedException e = assertThrows(TestAbortedException.class,
                () -> Chromium.require("the page", Map.of("PATH", dir.toString()), notices));
        assertEquals("NOTICE: skipping the page: no Chromium (looked for $TPB_CHROMIUM and chromium, chromium-browser,"
                + " google-chrome, google-chrome-stable on PATH); install one to run it, CI=1 makes it required", e.getMessage());
        assertEquals(e.getMessage() + System.lineSeparator(), out.toString(StandardCharsets.UTF_8), "the notice on stderr");
    }

    @Test
    void inCiAMissingBrowserFails() {
        PrintStream notices = new PrintStream(OutputStream.nullOutputStream());
        AssertionError e = assertThrows(AssertionError.class,
                () -> Chromium.require("the page", Map.of("PATH", dir.toString(), "CI", "true"), notices));
        assertEquals("CI requires a Chromium for the page (looked for $TPB_CHROMIUM and chromium, chromium-browser,"
                + " google-chrome, google-chrome-stable on PATH; .ci/run installs Debian's chromium)", e.getMessage());
    }

    private static Path executable(Path p) throws IOException {
        Files.writeString(p, "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }
}
