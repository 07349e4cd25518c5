package tpb.spec.load;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A file's bytes as text: strict UTF-8 (a byte sequence that is not UTF-8 is an error with its
 * line and column, never a replacement character nor a "file not found"), a leading byte order mark
 * dropped (YAML 1.2 §5.2 allows one; editors on Windows write it).
 */
public final class Utf8Text {
    /** Bytes that are not UTF-8, and where: 1-based line and column (in characters) of the first bad byte. */
    public static final class NotUtf8 extends RuntimeException {
        private final int line;
        private final int column;
        private final long offset;

        NotUtf8(int line, int column, long offset) {
            super(String.format(Locale.ROOT, "not UTF-8: byte offset %d (line %d, column %d) starts no UTF-8 character", offset, line, column),
                    null, false, false);
            this.line = line;
            this.column = column;
            this.offset = offset;
        }

        public int line() {
            return line;
        }

        public int column() {
            return column;
        }

        public long offset() {
            return offset;
        }
    }

    private Utf8Text() {}

    /** @throws NotUtf8 at the first byte that is not UTF-8 */
    public static String decode(byte[] bytes) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = d.decode(in, out, true);
        if (r.isError()) {
            out.flip();
            int line = 1;
            int column = 1;
            for (int i = 0; i < out.limit(); i++) {
                if (out.get(i) == '\n') {
                    line++;
                    column = 1;
                } else {
                    column++;
                }
            }
            throw new NotUtf8(line, column, in.position());
        }
        d.flush(out);
        out.flip();
        String s = out.toString();
        return s.startsWith("\uFEFF") ? s.substring(1) : s;
    }
}
