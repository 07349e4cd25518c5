package tpb.neff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link SafeName} at the edges of each range it names: the control characters are
 * C0 (U+0000-U+001F), DEL and C1 (U+007F-U+009F) and the two separators U+2028, U+2029; the
 * characters either side of each range are printed as they are. The cut of a quoted name at
 * 200 characters and NAME_MAX at 255 UTF-8 bytes, each at the bound and one past it.
 */
class SafeNameEdgesTest {
    @Test
    void eachControlRangeAndItsNeighbours() {
        assertEquals("\\x00", SafeName.printable("\u0000"));
        assertEquals("\\x1f", SafeName.printable("\u001f"));
        assertEquals(" ", SafeName.printable(" ")); // U+0020, just past C0
        assertEquals("~", SafeName.printable("~")); // U+007E, just below DEL
        assertEquals("\\x7f", SafeName.printable("\u007f"));
        assertEquals("\\x80", SafeName.printable("\u0080"));
        assertEquals("\\x9f", SafeName.printable("\u009f"));
        assertEquals("\u00a0", SafeName.printable("\u00a0")); // just past C1
        assertEquals("\u2027", SafeName.printable("\u2027"));
        assertEquals("\\u2028", SafeName.printable("\u2028"));
        assertEquals("\\u2029", SafeName.printable("\u2029"));
        assertEquals("\u202a", SafeName.printable("\u202a"));
        assertNull(SafeName.printable(null));
        assertEquals("", SafeName.printable(""));
        // only the control character at the end: the scan reaches the last character
        assertEquals("abc\\x0a", SafeName.printable("abc\n"));
    }

    @Test
    void eachControlRangeIsRefusedInAName() {
        assertEquals("it holds the control character \\x1f", SafeName.problem("a\u001f"));
        assertNull(SafeName.problem("a b~\u00a0\u2027"));
        assertEquals("it holds the control character \\x7f", SafeName.problem("\u007f"));
        assertEquals("it holds the control character \\x9f", SafeName.problem("\u009f"));
        assertEquals("it holds the control character \\u2028", SafeName.problem("x\u2028"));
        assertEquals("it holds the control character \\u2029", SafeName.problem("x\u2029"));
    }

    @Test
    void theFirstProblemLeftToRight() {
        assertEquals("it holds the control character \\x01", SafeName.problem("a\u0001/"));
        assertEquals("it holds '/'", SafeName.problem("a/\u0001"));
        assertEquals("it holds '\\'", SafeName.problem("\\/"));
    }

    @Test
    void nameMaxInBytesNotCharacters() {
        assertNull(SafeName.problem("é".repeat(127) + "a")); // 255 bytes
        assertEquals("longer than 255 bytes", SafeName.problem("a".repeat(256)));
        assertNull(SafeName.problem("名".repeat(85))); // 3 bytes each: 255
        assertEquals("longer than 255 bytes", SafeName.problem("名".repeat(85) + "a"));
    }

    @Test
    void aQuotedNameIsCutPast200Characters() {
        assertEquals("\"" + "q".repeat(200) + "\"", SafeName.quoted("q".repeat(200)));
        assertEquals("\"" + "q".repeat(200) + "\"… (201 characters)", SafeName.quoted("q".repeat(201)));
        assertEquals("\"say \\\"hi\\\"\"", SafeName.quoted("say \"hi\""));
        assertEquals("\"\"", SafeName.quoted(""));
    }

    @Test
    void whereIsLeftOutWhenNull() {
        assertEquals("archive entry \"..\" is not a plain file name (it names a directory); refusing to write it",
                assertThrows(SafeName.UnsafeName.class, () -> SafeName.segment("archive entry", "..", null)).getMessage());
        assertEquals("var \"\" in x.json is not a plain file name (it is empty); refusing to write it",
                assertThrows(SafeName.UnsafeName.class, () -> SafeName.segment("var", "", "x.json")).getMessage());
    }
}
