package tpb.testing;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.opentest4j.TestAbortedException;

/**
 * A headless Chromium for tests that look at rendered pages. The README promises that Java 17 is
 * all {@code ./mvnw verify} needs, so a machine without a browser skips these tests, with a notice
 * on stderr naming what was looked for. CI ({@code CI} set; {@code .ci/run} installs Debian's
 * chromium) must not skip them silently, so there a missing browser fails the test.
 *
 * <p>Use: {@code Chromium browser = Chromium.require("the RegisterAlu page screenshot");} first
 * thing in the test, then {@link #dumpDom} and {@link #screenshot}.
 */
public final class Chromium {
    /** An explicit browser path wins over the search. */
    static final String PATH_VARIABLE = "TPB_CHROMIUM";
    /** Executable names tried on PATH, in order (Debian, Ubuntu/Fedora, Google's builds). */
    static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable");

    private final Path executable;

    private Chromium(Path executable) {
        this.executable = executable;
    }

    /**
     * The installed Chromium; without one, skips the calling test (notice on stderr) or, with
     * {@code CI} set, fails it.
     *
     * @param what what the test looks at, for the notice
     */
    public static Chromium require(String what) {
        return require(what, System.getenv(), System.err);
    }

    static Chromium require(String what, Map<String, String> env, PrintStream err) {
        Optional<Path> found = find(env);
        if (found.isPresent()) {
            return new Chromium(found.get());
        }
        String looked = "looked for $" + PATH_VARIABLE + " and " + String.join(", ", NAMES) + " on PATH";
        if (env.get("CI") != null) {
            throw new AssertionError("CI requires a Chromium for " + what + " (" + looked
                    + "; .ci/run installs Debian's chromium)");
        }
        String notice = "NOTICE: skipping " + what + ": no Chromium (" + looked
                + "); install one to run it, CI=1 makes it required";
        err.println(notice);
        throw new TestAbortedException(notice);
    }

    static Optional<Path> find(Map<String, String> env) {
        String explicit = env.get(PATH_VARIABLE);
        if (explicit != null && !explicit.isBlank()) {
            Path p = Path.of(explicit);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        String path = env.getOrDefault("PATH", "");
        for (String name : NAMES) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    Path p = Path.of(dir, name);
                    if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                        return Optional.of(p);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The executable this browser runs. */
    public Path executable() {
        return executable;
    }

    /** The page's DOM after its scripts ran ({@code --dump-dom}); {@code work} holds the profile and log. */
    public String dumpDom(Path work, Path page) throws IOException, InterruptedException {
        return run(work, "--dump-dom", page.toUri().toString());
    }

    /** A {@code width} x {@code height} screenshot of the page; the PNG is left in {@code work}. */
    public BufferedImage screenshot(Path work, Path page, int width, int height) throws IOException, InterruptedException {
        Path png = work.resolve(page.getFileName() + ".png");
        run(work, "--screenshot=" + png, "--window-size=" + width + "," + height, page.toUri().toString());
        return ImageIO.read(png.toFile());
    }

    private String run(Path work, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + work.resolve("chromium-profile")));
        cmd.addAll(List.of(args));
        Path log = work.resolve("chromium.log");
        Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 90 s: " + cmd);
        }
        if (p.exitValue() != 0) {
            throw new AssertionError("chromium exited " + p.exitValue() + ": " + cmd + "\n" + Files.readString(log));
        }
        return out;
    }
}
