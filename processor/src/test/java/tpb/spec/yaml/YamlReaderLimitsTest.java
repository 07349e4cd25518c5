package tpb.spec.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tpb.spec.Diagnostic;
import tpb.spec.Diagnostics;

/**
 * The size limit: a file one character past {@link YamlReader#MAX_CODE_POINTS} is
 * refused as the limit it is, at 1:1, with both numbers (it was "YAML syntax error" at 1:1 past
 * the engine's 3 MiB), before any parsing. Tagged {@code big}: the text is 256 MiB.
 */
@Tag("big")
class YamlReaderLimitsTest {
    @Test
    void pastTheSizeLimitIsNamedAsTheLimit() {
        // a comment line as long as the limit allows, then one character more
        String over = "#" + "x".repeat(YamlReader.MAX_CODE_POINTS);
        Diagnostics d = new Diagnostics();
        assertEquals(List.of(), YamlReader.read("big.yaml", over, d));
        List<Diagnostic> found = d.sorted();
        assertEquals(1, found.size());
        assertEquals("big.yaml:1:1: the file has 268,435,457 characters, more than the 268,435,456 a YAML file may have",
                found.get(0).toString());
    }
}
