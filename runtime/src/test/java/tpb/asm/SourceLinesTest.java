package tpb.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The source, a line at a time: {@code \n} ends a line, one {@code \r} before it is dropped, a
 * byte order mark is dropped from the first line only, bytes that are not UTF-8 are an error at
 * their line, column (characters, from 1) and byte offset (bytes, from 0, the whole file's),
 * and a line longer than {@link SourceLines#MAX_LINE} bytes is an error.
 */
class SourceLinesTest {
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private static List<String> lines(InputStream in) throws IOException {
        List<String> out = new ArrayList<>();
        try (SourceLines s = new SourceLines(in)) {
            for (String l = s.next(); l != null; l = s.next()) {
                out.add(l);
                assertEquals(out.size(), s.number(), "number() is the line next() returned last");
            }
        }
        return out;
    }

    private static List<String> lines(byte[] b) throws IOException {
        return lines(new ByteArrayInputStream(b));
    }

    private static List<String> lines(String s) throws IOException {
        return lines(s.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String error(byte[] b) {
        AsmException e = assertThrows(AsmException.class, () -> lines(b));
        return e.line() + ":" + e.column() + ": " + e.getMessage();
    }

    @Test
    void lineEnds() throws IOException {
        assertEquals(List.of("a", "b", "", "c"), lines("a\r\nb\n\nc")); // the last line needs no line break
        assertEquals(List.of("a"), lines("a\n")); // and a final break starts no empty line
        assertEquals(List.of(), lines(""));
        assertEquals(List.of(""), lines("\n"));
        assertEquals(List.of(""), lines("\r\n"));
        assertEquals(List.of(""), lines("\r")); // a \r ending the last line is dropped too
        assertEquals(List.of("a\rb"), lines("a\rb\n")); // a lone \r inside a line is text
        assertEquals(List.of("a\r"), lines("a\r\r\n")); // one \r dropped, not every one
    }

    @Test
    void aByteOrderMarkIsDroppedFromTheFirstLineOnly() throws IOException {
        assertEquals(List.of("a", "b"), lines(concat(BOM, utf8("a\nb"))));
        assertEquals(List.of(""), lines(concat(BOM, utf8("\n")))); // a line that is the mark alone (3 bytes)
        assertEquals(List.of("a", "\uFEFFb"), lines(concat(utf8("a\n"), BOM, utf8("b")))); // on line 2 it is text
        assertEquals(List.of("\uFEFFa"), lines(concat(BOM, BOM, utf8("a")))); // one mark dropped
    }

    @Test
    void bytesThatAreNotUtf8AreAnErrorAtTheirLineColumnAndByte() {
        // line 1, after the mark: the bad byte is byte 3 of the file, the line's first character
        assertEquals("1:1: not UTF-8: byte 3 starts no UTF-8 character (save the file as UTF-8)",
                error(concat(BOM, new byte[] {(byte) 0xFF})));
        // line 2 starts at byte 8 (mark 3 + "exit" 4 + \n 1); 'n' is byte 8, 0xFF byte 9 and column 2
        assertEquals("2:2: not UTF-8: byte 9 starts no UTF-8 character (save the file as UTF-8)",
                error(concat(BOM, utf8("exit\nn"), new byte[] {(byte) 0xFF}, utf8("p\n"))));
        // after a CRLF: line 2 starts at byte 3; "é" is two bytes and one column: 0xFF is byte 5, column 2
        assertEquals("2:2: not UTF-8: byte 5 starts no UTF-8 character (save the file as UTF-8)",
                error(concat(utf8("a\r\n\u00E9"), new byte[] {(byte) 0xFF})));
        // half a mark is a malformed sequence, not a mark
        assertEquals("1:1: not UTF-8: byte 0 starts no UTF-8 character (save the file as UTF-8)",
                error(new byte[] {(byte) 0xEF, (byte) 0xBB, '\n'}));
    }

    @Test
    void aLineLongerThanTheLimitIsAnError() throws IOException {
        byte[] longest = new byte[SourceLines.MAX_LINE];
        Arrays.fill(longest, (byte) ';');
        assertEquals(SourceLines.MAX_LINE, lines(concat(longest, utf8("\nexit"))).get(0).length()); // exactly the limit reads
        assertEquals("2:1: line longer than " + SourceLines.MAX_LINE + " bytes", error(concat(utf8("nop\n"), longest, utf8(";\n"))));
    }

    /** The lines do not depend on how the input arrives: 7 bytes a read, or a line longer than the 64 KiB read buffer. */
    @Test
    void theLinesDoNotDependOnTheReads() throws IOException {
        String text = "\uFEFFl: jmp l\r\n\n; " + "x".repeat(70_000) + "\r\nexit";
        List<String> whole = lines(text);
        assertEquals(List.of("l: jmp l", "", "; " + "x".repeat(70_000), "exit"), whole);
        assertEquals(whole, lines(new DisassemblerChunkTest.Trickle(utf8(text))));
    }

    /**
     * Any text, arriving in reads of any size (so a line is read from inside one buffer, through
     * the reader's ASCII fast path, or across two, through its general path): the lines are the
     * text split at '\n', one '\r' dropped from each end, the mark from the first; {@code plain()}
     * says ASCII without NUL only of such a line; no '$' is at or after {@code dollarsEnd()}.
     */
    @Property(tries = 300)
    void everyLineAsTheTextSplitsIt(@ForAll("texts") String text, @ForAll @IntRange(min = 1, max = 200) int read) throws IOException {
        List<String> expected = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        if (expected.get(expected.size() - 1).isEmpty()) {
            expected.remove(expected.size() - 1); // a final break starts no line
        }
        expected.replaceAll(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
        if (!expected.isEmpty() && expected.get(0).startsWith("\uFEFF")) {
            expected.set(0, expected.get(0).substring(1));
        }
        byte[] bytes = utf8(text);
        InputStream in = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] into, int off, int len) {
                return super.read(into, off, Math.min(len, read));
            }
        };
        List<String> got = new ArrayList<>();
        try (SourceLines s = new SourceLines(in)) {
            while (s.advance()) {
                String line = new String(s.chars(), 0, s.length());
                got.add(line);
                if (s.plain()) {
                    assertTrue(line.chars().allMatch(c -> c > 0 && c < 0x80), line);
                }
                int end = s.dollarsEnd();
                assertTrue(end <= s.length() && line.indexOf('$', end) < 0, line + " dollarsEnd " + end);
                assertEquals(end, s.dollarsEnd(), "asked twice of one line");
            }
        }
        assertEquals(expected, got);
    }

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.strings().withChars("ab $;\n\r\0\u00E9\uFEFF").ofMaxLength(400);
    }

    @Test
    void closingClosesTheInput() throws IOException {
        boolean[] closed = {false};
        InputStream in = new ByteArrayInputStream(new byte[0]) {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        new SourceLines(in).close();
        assertTrue(closed[0]);
    }
}
