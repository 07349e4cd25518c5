package tpb.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.cli.Tpb;
import tpb.testing.Chromium;

/**
 * The RegisterAlu reference page in a real headless Chromium: the page renders, the byte-layout SVG
 * is drawn, and its field boxes carry the confidence colours. {@link Chromium#require} skips this
 * test (with a notice) on a machine without a browser and fails it in CI.
 */
@Tag("browser")
class DocScreenshotTest {
    @Test
    void registerAluPageRendersItsLayout(@TempDir Path dir) throws Exception {
        Chromium browser = Chromium.require("the RegisterAlu doc page screenshot (DocScreenshotTest)");
        Path docs = dir.resolve("docs");
        assertEquals(0, Tpb.run(new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(System.err),
                "doc", "-o", docs.toString()));
        Path page = docs.resolve("arms/RegisterAlu.html");
        String dom = browser.dumpDom(dir, page);
        assertTrue(dom.contains("<h1>RegisterAlu</h1>"), dom);
        assertTrue(dom.contains("<svg class=\"layout\""), dom);
        BufferedImage img = browser.screenshot(dir, page, 1280, 900);
        assertEquals(1280, img.getWidth(), "screenshot width");
        assertEquals(900, img.getHeight(), "screenshot height");
        // the layout is drawn: many pixels of the CONFIRMED green (#2e7d32) and the STRONG blue (#1565c0)
        int green = count(img, 0x2e7d32);
        int blue = count(img, 0x1565c0);
        assertTrue(green > 20_000, "CONFIRMED pixels: " + green);
        assertTrue(blue > 2_000, "STRONG pixels: " + blue);
        ImageIO.write(img, "png", Path.of("target/RegisterAlu-page.png").toFile());
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
}
