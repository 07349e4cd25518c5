package tpb.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The assembler's tokens, stated exactly: the number syntax of the {@link Assembler} doc (decimal,
 * {@code 0x}/{@code 0X}, {@code 0b}/{@code 0B}, a leading minus, {@code _} separators), strings
 * with their escapes, lists and groups, and the column each token and each error names.
 */
class LexerTest {
    /** Each spelling and its value, worked out by hand; null: not a number. */
    @Test
    void numbers() {
        assertEquals(0L, Lexer.parseNumber("0"));
        assertEquals(42L, Lexer.parseNumber("42"));
        assertEquals(-42L, Lexer.parseNumber("-42")); // the minus sign kept (a dropped one was caught by one assertion before)
        assertEquals(31L, Lexer.parseNumber("0x1f")); // 1*16 + 15
        assertEquals(31L, Lexer.parseNumber("0X1F")); // the upper-case prefix too
        assertEquals(-16L, Lexer.parseNumber("-0x10")); // the sign applies to a hex magnitude
        assertEquals(5L, Lexer.parseNumber("0b101")); // 4 + 1
        assertEquals(5L, Lexer.parseNumber("0B101"));
        assertEquals(-2L, Lexer.parseNumber("-0b10"));
        assertEquals(1_000_000L, Lexer.parseNumber("1_000_000")); // '_' separates digit groups, anywhere
        assertEquals(0xABCDL, Lexer.parseNumber("0xab_cd"));
        // hex is read unsigned: 16 f's are the 64 ones of -1, and the top bit alone is Long.MIN_VALUE
        assertEquals(-1L, Lexer.parseNumber("0xffffffffffffffff"));
        assertEquals(Long.MIN_VALUE, Lexer.parseNumber("0x8000000000000000"));
        assertEquals(Long.MAX_VALUE, Lexer.parseNumber("9223372036854775807"));
        assertNull(Lexer.parseNumber("9223372036854775808")); // decimal is signed: 2^63 is past Long.MAX_VALUE
        assertNull(Lexer.parseNumber("0x1ffffffffffffffff")); // 17 hex digits: past 64 bits
        for (String no : List.of("", "-", "_", "0x", "0b", "-0x", "12a", "0x1g", "0b102", "1.5", "+1", "--1", "r1", "ten", "1e3")) {
            assertNull(Lexer.parseNumber(no), no);
            assertFalse(Lexer.isNumber(no), no);
        }
        assertTrue(Lexer.isNumber("-7"));
    }

    @Test
    void wordsStopAtMarksAndCarryTheirColumn() {
        // base column 10: the text's first character is column 10
        Lexer lex = new Lexer("  ab,c=d[e]f;g\"h", 3, 10);
        Lexer.Token ab = lex.word();
        assertEquals("ab", ab.text());
        assertEquals(12, ab.column()); // two spaces skipped: 10 + 2
        assertEquals(Lexer.Kind.WORD, ab.kind());
        assertEquals(14, lex.column()); // after "ab": 10 + 4, at the ','
        lex.expect(',', "a comma");
        assertEquals("c", lex.word().text());
        lex.expect('=', "an equals sign");
        assertEquals("d", lex.word().text());
        AsmException e = assertThrows(AsmException.class, lex::word); // at '[' (index 8): column 18
        assertEquals("3:18: unexpected '['", e.line() + ":" + e.column() + ": " + e.getMessage());
        Lexer end = new Lexer("x  ", 1, 1);
        end.word();
        assertTrue(end.atEnd());
        assertEquals(4, end.column()); // the trailing spaces skipped: index 3, column 1 + 3
        AsmException none = assertThrows(AsmException.class, end::word);
        assertEquals("1:4: unexpected end of line", none.line() + ":" + none.column() + ": " + none.getMessage());
        assertNull(end.value(), "no value at the end of the line");
        AsmException expected = assertThrows(AsmException.class, () -> new Lexer("a b", 2, 5).expect('=', "'=' after a"));
        assertEquals("2:5: expected '=' after a", expected.line() + ":" + expected.column() + ": " + expected.getMessage());
    }

    @Test
    void stringsUnescapeQuotesAndBackslashes() {
        // "a\"b\\c" is the five characters a " b \ c; the token's column is its opening quote
        Lexer.Token s = new Lexer(" \"a\\\"b\\\\c\" x", 1, 1).value();
        assertEquals("a\"b\\c", s.text());
        assertEquals(Lexer.Kind.STRING, s.kind());
        assertEquals(2, s.column());
        assertEquals("", new Lexer("\"\"", 1, 1).value().text());
        assertEquals("x;y#z", new Lexer("\"x;y#z\"", 1, 1).value().text());
        // a backslash as the last character escapes nothing: the string is still unterminated, at its quote
        for (String open : List.of("\"ab\\", "\"ab", "\"", "\"a\\\"")) {
            AsmException e = assertThrows(AsmException.class, () -> new Lexer("  " + open, 4, 1).value(), open);
            assertEquals("4:3: unterminated string", e.line() + ":" + e.column() + ": " + e.getMessage(), open);
        }
    }

    @Test
    void listsAndGroups() {
        Lexer.Token list = new Lexer("[1, -2 ,0x3]", 1, 1).value();
        assertEquals(Lexer.Kind.LIST, list.kind());
        assertEquals("[1, -2 ,0x3]", list.text());
        assertEquals(List.of("1", "-2", "0x3"), list.items().stream().map(Lexer.Token::text).toList());
        assertEquals(List.of(2, 5, 9), list.items().stream().map(Lexer.Token::column).toList());
        assertEquals(List.of(), new Lexer("[]", 1, 1).value().items());
        assertEquals(List.of(), new Lexer("[ ]", 1, 1).value().items());
        assertEquals(List.of("1"), new Lexer("[ 1 ]", 1, 1).value().items().stream().map(Lexer.Token::text).toList());
        assertEquals(List.of("1", "2"), new Lexer("[1 ;2 ]", 1, 1).value().items().stream()
                .map(seg -> seg.items().get(0).text()).toList()); // spaces before ';' and ']'
        assertEquals(3, new Lexer("  [1]", 1, 1).value().column()); // the list's column is its '['
        assertEquals(3, new Lexer("  [1; 2]", 1, 1).value().column()); // and the group's
        // [start; steps; nums]: one LIST a segment, each at the column where it starts (after the '[' or ';')
        Lexer.Token group = new Lexer("[0x100; 1,0; 128,1]", 1, 1).value();
        assertEquals(Lexer.Kind.GROUP, group.kind());
        assertEquals(3, group.items().size());
        assertEquals(List.of("0x100"), group.items().get(0).items().stream().map(Lexer.Token::text).toList());
        assertEquals(List.of("1", "0"), group.items().get(1).items().stream().map(Lexer.Token::text).toList());
        assertEquals(List.of("128", "1"), group.items().get(2).items().stream().map(Lexer.Token::text).toList());
        assertEquals(List.of(2, 8, 13), group.items().stream().map(Lexer.Token::column).toList());
        assertEquals("1,0", group.items().get(1).text());
        AsmException noComma = assertThrows(AsmException.class, () -> new Lexer("[1 2]", 1, 1).value());
        assertEquals("1:4: expected ',' or ']' in a list", noComma.line() + ":" + noComma.column() + ": " + noComma.getMessage());
        AsmException open = assertThrows(AsmException.class, () -> new Lexer("[1,", 1, 1).value());
        assertEquals("1:4: unexpected end of line", open.line() + ":" + open.column() + ": " + open.getMessage());
        // the line ends inside the brackets: after an item (column 3, past "[1"), or right after the '['
        AsmException unclosed = assertThrows(AsmException.class, () -> new Lexer("[1", 1, 1).value());
        assertEquals("1:3: expected ',' or ']' in a list", unclosed.line() + ":" + unclosed.column() + ": " + unclosed.getMessage());
        AsmException bare = assertThrows(AsmException.class, () -> new Lexer("[", 1, 1).value());
        assertEquals("1:2: unexpected end of line", bare.line() + ":" + bare.column() + ": " + bare.getMessage());
    }

    /**
     * The assembler's token-free read of a number reads what parseNumber reads,
     * and refuses a word starting with '_' (a number, and an identifier the spec may name).
     */
    @Test
    void theFastNumberReadsAsParseNumberAndLeavesUnderscoreWordsToTheTokens() {
        Lexer.Numbers n = new Lexer.Numbers();
        Lexer lex = new Lexer(" 0x1f, -42 1_000;_1 r3 12a", 1, 1);
        assertTrue(lex.number(n));
        assertEquals(31L, n.value);
        assertTrue(lex.take(','));
        assertTrue(lex.number(n));
        assertEquals(-42L, n.value);
        assertTrue(lex.number(n));
        assertEquals(1000L, n.value);
        assertTrue(lex.take(';'));
        assertFalse(lex.number(n), "_1: left to the tokens, which look it up as a name first");
        assertFalse(lex.number(n), "r3 is no number");
        assertFalse(lex.number(n), "12a is no number");
        assertEquals(0, lex.peek(), "the end of the line");
    }

    /**
     * Any word, as the number fast path reads it (up to 18 decimal or 16 hex digits, no range
     * check) or hands it to the general read: the same answer as parseNumber, the cursor after
     * the word when it is a number, and the next word read as it would be.
     */
    @Property(tries = 2000)
    void theNumberFastPathReadsEveryWordAsParseNumber(@ForAll("words") String word) {
        Long expected = word.isEmpty() || word.charAt(0) == '_' ? null : Lexer.parseNumber(word);
        Lexer.Numbers n = new Lexer.Numbers();
        Lexer lex = new Lexer(" " + word + ", 7", 1, 1);
        boolean read = lex.number(n);
        assertEquals(expected != null, read, word);
        if (read) {
            assertEquals(expected, n.value, word);
            assertTrue(lex.take(','), word);
            assertTrue(lex.number(n));
            assertEquals(7L, n.value);
        }
    }

    @Provide
    Arbitrary<String> words() {
        Arbitrary<String> digits = Arbitraries.strings().withChars("0123456789").ofMinLength(1).ofMaxLength(22);
        Arbitrary<String> hex = Arbitraries.strings().withChars("0123456789abcdefABCDEF").ofMinLength(0).ofMaxLength(19);
        Arbitrary<String> noise = Arbitraries.strings().withChars("0123456789xXbB_-ag").ofMaxLength(8);
        return Arbitraries.oneOf(digits, digits.map(d -> "-" + d), hex.map(h -> "0x" + h), hex.map(h -> "-0X" + h), noise,
                Arbitraries.of("9223372036854775807", "9223372036854775808", "-9223372036854775808", "999999999999999999",
                        "0xffffffffffffffff", "0x10000000000000000"));
    }
}
