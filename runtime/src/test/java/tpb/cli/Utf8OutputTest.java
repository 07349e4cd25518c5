package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Without a UTF-8 locale tpb printed '…' as '?' (Java 17 encodes System.out in
 * the locale's charset, US-ASCII under LC_ALL=C). tpb writes UTF-8 whatever the locale: the demo's
 * '…' reaches stdout as its three UTF-8 bytes under LC_ALL=C.
 */
class Utf8OutputTest {
    @Test
    void theOutputIsUtf8UnderTheCLocale() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), "tpb.cli.Tpb", "demo"));
        pb.environment().put("LC_ALL", "C");
        pb.environment().put("LANG", "C");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("0001020308090a0b\u2026 (32 bytes, IR and stream) ok"), text);
    }
}
