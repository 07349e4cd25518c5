package tpb.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.cli.Tpb;
import tpb.testing.Chromium;

/**
 * Doc pages in a real headless Chromium: the RegisterAlu page renders its byte-layout SVG in the
 * confidence colours; on datapath arm pages (MATMUL, TENSOR_TENSOR) every layout label shows its
 * field's whole name inside its box; on the opcode map no cell overflows and no name is broken
 * inside a word. The measuring is done in the browser by {@code measure.js} (a test resource,
 * injected into a copy of the page), which reports through the DOM that {@code --dump-dom}
 * returns. {@link Chromium#require} skips these tests (with a notice) on a machine without a
 * browser and fails them in CI.
 */
@Tag("browser")
class DocScreenshotTest {
    /** The arms whose pages are measured: the widest datapath layouts, many one-byte fields with long names. */
    static final List<String> DATAPATH_ARMS = List.of("Matmul", "TensorTensorArith");

    @Test
    void registerAluPageRendersItsLayout(@TempDir Path dir) throws Exception {
        Chromium browser = Chromium.require("the RegisterAlu doc page screenshot (DocScreenshotTest)");
        Path docs = site(dir);
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

    @Test
    void datapathLayoutLabelsShowWholeNamesInsideTheirBoxes(@TempDir Path dir) throws Exception {
        Chromium browser = Chromium.require("the datapath arm pages' label measurements (DocScreenshotTest)");
        Path docs = site(dir);
        for (String arm : DATAPATH_ARMS) {
            Path page = docs.resolve("arms/" + arm + ".html");
            String html = Files.readString(page);
            // as many labels measured as the page draws (a field crossing a row boundary is labelled on each row)
            long labels = count(html, "class=\"lbl\"");
            assertTrue(labels > 40, arm + " draws " + labels + " labels");
            assertEquals("labels " + labels + " cells 0", measure(browser, dir, page), arm + ": what measure.js found");
            BufferedImage img = browser.screenshot(dir, page, 1100, 900);
            ImageIO.write(img, "png", Path.of("target/" + arm + "-page.png").toFile());
        }
    }

    @Test
    void opcodeMapCellsHoldWholeWords(@TempDir Path dir) throws Exception {
        Chromium browser = Chromium.require("the opcode map's cell measurements (DocScreenshotTest)");
        Path page = site(dir).resolve("index.html");
        // every opcode the spec names has a name in its cell; reserved cells have none
        long named = count(Files.readString(page), "<small>");
        assertTrue(named > 100, named + " named opcodes");
        assertEquals("labels 0 cells " + named, measure(browser, dir, page), "what measure.js found on the opcode map");
    }

    /** The measuring script catches what it is there for: a cut label and a label too big for its box. */
    @Test
    void measuringReportsACutAndAnOverflowingLabel(@TempDir Path dir) throws Exception {
        Chromium browser = Chromium.require("the measuring script's own check (DocScreenshotTest)");
        Path page = site(dir).resolve("arms/Matmul.html");
        String html = Files.readString(page);
        String wrapped = "<text x=\"122\" y=\"32\" class=\"lbl\" style=\"font-size:10px\">inst_</text>";
        assertTrue(html.contains(wrapped), "header.inst_word_len is wrapped over three lines in a one-byte box");
        Files.writeString(page, html.replace(wrapped, wrapped.replace("inst_", "ins…"))
                .replace("<text x=\"122\" y=\"44\" class=\"lbl\" style=\"font-size:10px\">", "<text x=\"122\" y=\"44\" class=\"lbl\" style=\"font-size:30px\">"));
        String found = measure(browser, dir, page);
        assertEquals("""
                labels %d cells 0
                field header.inst_word_len is labelled "ins…word_len", not its whole name "inst_word_len"
                """.formatted(count(html, "class=\"lbl\"")).strip(), firstTwoLines(found));
        assertTrue(found.contains("\nfield header.inst_word_len: label \"word_\" at "), "the 30px line overflows: " + found);
    }

    /** A fresh site in {@code dir}: each test may edit its copy (one site takes ~2 s, a browser run more). */
    private static Path site(Path dir) {
        Path docs = dir.resolve("docs");
        assertEquals(0, Tpb.run(new PrintWriter(new StringWriter()), new PrintWriter(System.err),
                "doc", "-o", docs.toString()));
        return docs;
    }

    /** The page with measure.js appended, loaded in the browser: what the script wrote into its {@code pre#measured}. */
    private static String measure(Chromium browser, Path dir, Path page) throws IOException, InterruptedException {
        String script;
        try (InputStream in = DocScreenshotTest.class.getResourceAsStream("measure.js")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path measured = page.resolveSibling(page.getFileName().toString().replace(".html", ".measured.html"));
        Files.writeString(measured, Files.readString(page).replace("</body>", "<script>" + script + "</script></body>"));
        String dom = browser.dumpDom(dir, measured);
        Matcher m = Pattern.compile("<pre id=\"measured\">([^<]*)</pre>").matcher(dom);
        assertTrue(m.find(), "measure.js wrote no result into " + measured + ":\n" + dom);
        return m.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").strip();
    }

    private static String firstTwoLines(String s) {
        String[] lines = s.split("\n");
        return lines.length < 2 ? s : lines[0] + "\n" + lines[1];
    }

    private static long count(String s, String what) {
        long n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + what.length())) {
            n++;
        }
        return n;
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
