package tpb.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.cli.Tpb;

/**
 * The RegisterAlu reference page in a real headless Chromium (Debian's chromium, installed by
 * .ci/run): the page renders, the byte-layout SVG is drawn, and its field boxes carry the
 * confidence colours. Outside CI a machine without chromium skips this test; in CI it must run.
 */
class DocScreenshotTest {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @Test
    void registerAluPageRendersItsLayout(@TempDir Path dir) throws Exception {
        if (!Files.isExecutable(CHROMIUM)) {
            Assumptions.assumeTrue(System.getenv("CI") == null, "no chromium");
            throw new AssertionError("CI needs " + CHROMIUM + " (.ci/run installs Debian's chromium)");
        }
        Path docs = dir.resolve("docs");
        assertEquals(0, Tpb.run(new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(System.err),
                "doc", "-o", docs.toString()));
        Path page = docs.resolve("arms/RegisterAlu.html");
        Path png = dir.resolve("alu.png");
        String dom = chromium(dir, "--dump-dom", page.toUri().toString());
        assertTrue(dom.contains("<h1>RegisterAlu</h1>"), dom);
        assertTrue(dom.contains("<svg class=\"layout\""), dom);
        chromium(dir, "--screenshot=" + png, "--window-size=1280,900", page.toUri().toString());
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(1280, img.getWidth());
        assertEquals(900, img.getHeight());
        // the layout is drawn: many pixels of the CONFIRMED green (#2e7d32) and the STRONG blue (#1565c0)
        int green = count(img, 0x2e7d32);
        int blue = count(img, 0x1565c0);
        assertTrue(green > 20_000, "CONFIRMED pixels: " + green);
        assertTrue(blue > 2_000, "STRONG pixels: " + blue);
        Files.copy(png, Path.of("target/RegisterAlu-page.png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private static int count(BufferedImage img, int rgb) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) == rgb) {
                    n++;
                }
            }
        }
        return n;
    }

    private static String chromium(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--user-data-dir=" + dir.resolve("profile")));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(new File(dir.resolve("chromium.log").toString())).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), "chromium did not finish");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("chromium.log")));
        return out;
    }
}
