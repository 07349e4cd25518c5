package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The one rule for NEFF-provided names that become file names. */
class SafeNameTest {
    @Test
    void aPlainSegmentPasses() {
        assertEquals("output0", SafeName.segment("var", "output0", "sg00/def.json"));
        assertEquals("..x", SafeName.segment("var", "..x", null)); // only "." and ".." themselves name a directory
        assertEquals("é名", SafeName.segment("var", "é名", null));
        assertNull(SafeName.problem("a".repeat(255)));
    }

    @Test
    void eachRefusalSaysWhy() {
        assertEquals("var \"../../../x\" in sg00/def.json is not a plain file name (it holds '/'); refusing to write it",
                assertThrows(SafeName.UnsafeName.class, () -> SafeName.segment("var", "../../../x", "sg00/def.json")).getMessage());
        assertEquals("var \"/somewhere/abs\" in sg00/def.json is not a plain file name (it holds '/'); refusing to write it",
                assertThrows(NeffException.class, () -> SafeName.segment("var", "/somewhere/abs", "sg00/def.json")).getMessage());
        assertEquals("it names a directory", SafeName.problem(".."));
        assertEquals("it names a directory", SafeName.problem("."));
        assertEquals("it is empty", SafeName.problem(""));
        assertEquals("it holds '\\'", SafeName.problem("a\\b"));
        assertEquals("it holds the control character \\x00", SafeName.problem("a\0b"));
        assertEquals("longer than 255 bytes", SafeName.problem("é".repeat(128))); // 256 UTF-8 bytes
    }

    @Test
    void terminalEscapesArePrintedEscaped() {
        // ESC [ 2 J would clear the screen; a newline would make two lines of one message
        assertEquals("var \"\\x1b[2Jx\\x0a\" is not a plain file name (it holds the control character \\x1b); refusing to write it",
                assertThrows(NeffException.class, () -> SafeName.segment("var", "\u001b[2Jx\n", null)).getMessage());
        assertEquals("a\\\\b\\x9b\\u2028", SafeName.printable("a\\b\u009b\u2028"));
        assertEquals("a\\b", SafeName.printable("a\\b")); // nothing escaped: the text as it is
        // a 1 Mi-character name (the JSON layer's string bound) is cut short in a message, which stays one short line
        assertEquals("\"" + "s".repeat(200) + "\"… (1048576 characters)", SafeName.quoted("s".repeat(1 << 20)));
    }
}
