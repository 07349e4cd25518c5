package tpb.asm;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The lines of an assembly source, one at a time, so the assembler holds one line whatever the
 * file's size: strict UTF-8 (bytes that are not UTF-8 are an error at their line and column, never
 * a replacement character), a leading byte order mark dropped, {@code \r\n} read as {@code \n}. A
 * line longer than {@link #MAX_LINE} bytes is an error: nothing the assembler reads needs one (a
 * record's longest line, every field written out, is a few hundred characters).
 */
final class SourceLines implements AutoCloseable {
    /** The longest line read, in bytes. */
    static final int MAX_LINE = 1 << 20;

    private final InputStream in;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int end;
    private long offset;
    private int number;
    /** The line array's first size, a project choice: a listing line is about 100 characters; a longer line grows it. */
    private static final int FIRST_CAPACITY = 256;
    /** The last line read, {@link #length()} characters of it; reused line to line. */
    private char[] chars = new char[FIRST_CAPACITY];
    private int length;
    private boolean plain;
    /** Whether {@link #text} is of the buffer as it is now. */
    private boolean scanned;
    /** The buffer's bytes as a Latin-1 String when they are all ASCII, else null. */
    private String text;
    /** Where the next NUL is in {@link #text} (at or after the line being read), or -1. */
    private int nul;
    /** Where the line read last starts in {@link #text}, or -1 when it was not read from there. */
    private int lineStart = -1;
    /** Where a '$' is in {@link #text}, at or after the lines {@link #dollarsEnd} looked at, or -1 (none after). */
    private int dollar = -2;
    /** {@link #dollarsEnd()} of the line read last, once asked (-1 before). */
    private int dollarsEnd = -1;

    SourceLines(InputStream in) {
        this.in = in;
    }

    /** The number (from 1) of the line {@link #next()} returned last. */
    int number() {
        return number;
    }

    /** The next line without its line break, or null at the end of the input. */
    String next() throws IOException {
        return advance() ? new String(chars, 0, length) : null;
    }

    /**
     * The characters of the line {@link #advance()} read last, its first {@link #length()} of
     * them: the array is the reader's, overwritten by the next line (the assembler reads a line
     * in place and keeps nothing of it but what it copies).
     */
    char[] chars() {
        return chars;
    }

    int length() {
        return length;
    }

    /**
     * An index of {@link #chars()} at and after which the line read last has no '$' (its length
     * when that is not known): the assembler looks for sync terms, which all have a '$', up to
     * there. Found through the JDK's vector search of the buffer's text.
     */
    int dollarsEnd() {
        if (lineStart < 0) {
            return length;
        }
        if (dollarsEnd >= 0) {
            return dollarsEnd; // asked again of the same line: the search has moved past it
        }
        int end = lineStart + length;
        if (dollar != -1 && dollar < lineStart) {
            dollar = text.indexOf('$', lineStart);
        }
        int last = -1;
        while (dollar >= 0 && dollar < end) {
            last = dollar;
            dollar = text.indexOf('$', dollar + 1);
        }
        dollarsEnd = last < 0 ? 0 : last - lineStart + 1;
        return dollarsEnd;
    }

    /** Whether the line read last is ASCII without NUL (false: it may be either). */
    boolean plain() {
        return plain;
    }

    /** Reads the next line, without its line break, into {@link #chars()}; false at the end of the input. */
    boolean advance() throws IOException {
        // the common case: an ASCII buffer, read through a Latin-1 String of it, whose search for a line break and copy
        // to chars are the JDK's vector loops (a byte loop here was a tenth of the assembler's time)
        if (!scanned) {
            scanned = true;
            text = new String(buf, 0, end, StandardCharsets.US_ASCII);
            if (text.indexOf('\uFFFD') >= 0) {
                text = null; // not all ASCII: the bytes are decoded line by line below
            } else {
                nul = text.indexOf('\0');
            }
        }
        int k = text == null ? -1 : text.indexOf('\n', pos);
        if (k >= 0) {
            int n = k - pos;
            if (chars.length < n) {
                chars = new char[Math.max(n, chars.length * 2)];
            }
            text.getChars(pos, k, chars, 0);
            if (nul >= 0 && nul < pos) {
                nul = text.indexOf('\0', pos);
            }
            plain = nul < 0 || nul > k;
            lineStart = pos;
            dollarsEnd = -1;
            offset += n + 1;
            pos = k + 1;
            number++;
            length = n > 0 && chars[n - 1] == '\r' ? n - 1 : n;
            return true;
        }
        plain = false;
        lineStart = -1;
        k = pos;
        while (k < end && buf[k] != '\n') {
            k++;
        }
        if (k < end) {
            long start = offset;
            int from = pos;
            offset += k - pos + 1;
            pos = k + 1;
            number++;
            return finish(buf, from, k - from, start);
        }
        line.reset();
        long start = offset;
        boolean any = false;
        while (true) {
            if (pos == end) {
                end = in.read(buf);
                pos = 0;
                scanned = false; // a new buffer: looked at anew
                dollar = -2;
                if (end <= 0) {
                    end = 0;
                    if (!any) {
                        return false;
                    }
                    break;
                }
            }
            any = true;
            int from = pos;
            while (pos < end && buf[pos] != '\n') {
                pos++;
            }
            line.write(buf, from, pos - from);
            offset += pos - from;
            if (line.size() > MAX_LINE) {
                throw new AsmException(number + 1, 1, "line longer than " + MAX_LINE + " bytes");
            }
            if (pos < end) {
                pos++;
                offset++;
                break;
            }
        }
        number++;
        byte[] b = line.toByteArray();
        return finish(b, 0, b.length, start);
    }

    /**
     * The line of {@code n} bytes at {@code from} of {@code b}, its '\r' and (on line 1) byte order
     * mark dropped, decoded into {@link #chars}; true.
     */
    private boolean finish(byte[] b, int from, int n, long start) {
        int lineFrom = from;
        if (n > MAX_LINE) {
            throw new AsmException(number, 1, "line longer than " + MAX_LINE + " bytes");
        }
        if (n > 0 && b[from + n - 1] == '\r') {
            n--;
        }
        int skip = number == 1 && n >= 3 && (b[from] & 0xFF) == 0xEF && (b[from + 1] & 0xFF) == 0xBB && (b[from + 2] & 0xFF) == 0xBF ? 3 : 0;
        from += skip;
        n -= skip;
        if (chars.length < n) {
            chars = new char[Math.max(n, chars.length * 2)];
        }
        // ASCII, a listing's every line, is copied as it is (no String made); anything else is decoded: the JDK's lenient
        // decoding unless it replaced something, then the strict one says where
        for (int k = 0; k < n; k++) {
            byte c = b[from + k];
            if (c < 0) {
                String lenient = new String(b, from, n, StandardCharsets.UTF_8);
                String text = lenient.indexOf('\uFFFD') < 0 ? lenient : decode(b, from, n, start, lineFrom);
                text.getChars(0, text.length(), chars, 0); // UTF-16 takes no more units than UTF-8 bytes
                length = text.length();
                return true;
            }
            chars[k] = (char) c;
        }
        length = n;
        return true;
    }

    private String decode(byte[] b, int from, int length, long start, int lineFrom) {
        utf8.reset();
        ByteBuffer bytes = ByteBuffer.wrap(b, from, length);
        CharBuffer out = CharBuffer.allocate(length);
        CoderResult r = utf8.decode(bytes, out, true);
        if (r.isError()) {
            throw new AsmException(number, out.position() + 1, "not UTF-8: byte " + (start + bytes.position() - lineFrom)
                    + " starts no UTF-8 character (save the file as UTF-8)");
        }
        utf8.flush(out);
        return out.flip().toString();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
