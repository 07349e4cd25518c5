package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import tpb.neff.NeffLimits;

/**
 * {@code --max-entry-size} and {@code --max-inflated-size} at their edges: 1 and 0,
 * each suffix's largest value a long holds (Long.MAX_VALUE >> 10, 20, 30, 40) and one more, and
 * the entry bound's top (a Java array: Integer.MAX_VALUE - 8 = 2147483639) and one past it.
 */
class NeffLimitsOptionTest {
    private static String refusal(String text) {
        return assertThrows(CliException.class, () -> NeffLimitsOption.bytes("--max-entry-size", text)).getMessage();
    }

    @Test
    void countsAndSuffixes() {
        assertEquals(1, NeffLimitsOption.bytes("--x", "1"));
        assertEquals(1024, NeffLimitsOption.bytes("--x", "1k"));
        assertEquals(3L << 20, NeffLimitsOption.bytes("--x", " 3M "));
        assertEquals(2L << 30, NeffLimitsOption.bytes("--x", "2g"));
        assertEquals(9223372036854775807L, NeffLimitsOption.bytes("--x", "9223372036854775807"));
        assertEquals(9007199254740991L << 10, NeffLimitsOption.bytes("--x", "9007199254740991k")); // (2^63 - 1) >> 10
        assertEquals(8388607L << 40, NeffLimitsOption.bytes("--x", "8388607t")); // (2^63 - 1) >> 40
        assertEquals("--max-entry-size 9007199254740992k: expected a positive number of bytes (suffixes k, m, g, t)", refusal("9007199254740992k"));
        assertEquals("--max-entry-size 8388608t: expected a positive number of bytes (suffixes k, m, g, t)", refusal("8388608t"));
        assertEquals("--max-entry-size 0: expected a positive number of bytes (suffixes k, m, g, t)", refusal("0"));
        assertEquals("--max-entry-size 0k: expected a positive number of bytes (suffixes k, m, g, t)", refusal("0k"));
        assertEquals("--max-entry-size : expected a positive number of bytes (suffixes k, m, g, t)", refusal(""));
        assertEquals("--max-entry-size k: expected a positive number of bytes (suffixes k, m, g, t)", refusal("k"));
        assertEquals("--max-entry-size 1x: expected a positive number of bytes (suffixes k, m, g, t)", refusal("1x"));
    }

    @Test
    void theEntryBoundsTop() {
        NeffLimitsOption o = new NeffLimitsOption();
        assertEquals(NeffLimits.DEFAULT, o.limits());
        o.maxEntrySize = "2147483639";
        assertEquals(2147483639L, o.limits().maxEntrySize());
        o.maxEntrySize = "2147483640";
        assertEquals("--max-entry-size 2147483640: at most 2147483639 bytes (a Java array)",
                assertThrows(CliException.class, o::limits).getMessage());
        o.maxEntrySize = null;
        o.maxInflatedSize = "1k";
        assertEquals(new NeffLimits(NeffLimits.DEFAULT_MAX_ENTRY_SIZE, 1024), o.limits());
    }
}
