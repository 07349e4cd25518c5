package tpb.asm;

import java.util.ArrayList;
import java.util.List;

/**
 * Tokens of one instruction's text: words, "strings", [lists], [groups; of; lists] and the ','
 * and '=' marks.
 */
final class Lexer {
    /** LIST: {@code [a, b]}, items are words; GROUP: {@code [a; b,c]}, items are LISTs, one per segment. */
    enum Kind { WORD, STRING, LIST, GROUP }

    /**
     * A token: its kind, column and text, which is cut out of the line only when asked for (most
     * tokens are numbers, read straight from the line, or names looked up once), and, for a
     * number, its value read once. No string is made per token, and no number is
     * parsed twice.
     */
    static final class Token {
        private final char[] source;
        private final int from;
        private final int to;
        private final int column;
        private final Kind kind;
        private final List<Token> items;
        private String text;
        /** 0: not read yet, 1: a number, 2: not a number. */
        private byte numberState;
        private long number;

        Token(String text, int column, Kind kind) {
            this(text, column, kind, List.of());
        }

        Token(String text, int column, Kind kind, List<Token> items) {
            this(text.toCharArray(), 0, text.length(), column, kind, items);
            this.text = text;
        }

        /** Characters {@code from} to {@code to} of {@code source}. */
        Token(char[] source, int from, int to, int column, Kind kind, List<Token> items) {
            this.source = source;
            this.from = from;
            this.to = to;
            this.column = column;
            this.kind = kind;
            this.items = items;
        }

        /** The value {@code names} gives this token's text, or null: looked up in place, no String made. */
        <V> V lookup(NameTable<V> names) {
            return names.get(source, from, to);
        }

        /** Whether the text is {@code s}. */
        boolean is(String s) {
            if (s.length() != to - from) {
                return false;
            }
            for (int k = 0; k < s.length(); k++) {
                if (source[from + k] != s.charAt(k)) {
                    return false;
                }
            }
            return true;
        }

        String text() {
            if (text == null) {
                text = new String(source, from, to - from);
            }
            return text;
        }

        int column() {
            return column;
        }

        Kind kind() {
            return kind;
        }

        List<Token> items() {
            return items;
        }

        /** Whether the text is a number, as {@link Numbers#read} reads one. */
        boolean isNumber() {
            if (numberState == 0) {
                numberState = read() ? (byte) 1 : 2;
            }
            return numberState == 1;
        }

        /** The number the text is; only when {@link #isNumber()}. */
        long number() {
            if (!isNumber()) {
                throw new IllegalStateException("'" + text() + "' is not a number");
            }
            return number;
        }

        private boolean read() {
            Numbers n = new Numbers();
            boolean ok = n.read(source, from, to);
            number = n.value;
            return ok;
        }

        @Override
        public String toString() {
            return kind + " '" + text() + "' at column " + column;
        }
    }

    /** Reads numbers; holds the last one read. */
    static final class Numbers {
        long value;

        /**
         * Reads characters {@code from} to {@code to} of {@code x} as a number into {@link #value}:
         * decimal (signed 64-bit), {@code 0x} or {@code 0b} (unsigned 64-bit), a leading minus, '_'
         * anywhere ignored; ASCII digits only (Java's parsers take any script's digits, a listing's
         * numbers do not). False when they are no number.
         */
        boolean read(char[] x, int from, int to) {
            int a = from;
            int b = to;
            for (int k = a; k < b; k++) {
                if (x[k] == '_') {
                    x = new String(x, a, b - a).replace("_", "").toCharArray();
                    a = 0;
                    b = x.length;
                    break;
                }
            }
            boolean neg = a < b && x[a] == '-';
            if (neg) {
                a++;
            }
            int radix = 10;
            if (b - a >= 2 && x[a] == '0') {
                char p = x[a + 1];
                if (p == 'x' || p == 'X') {
                    radix = 16;
                    a += 2;
                } else if (p == 'b' || p == 'B') {
                    radix = 2;
                    a += 2;
                }
            }
            if (a == b) {
                return false;
            }
            long v = 0;
            int shift = radix == 16 ? 4 : 1;
            for (int k = a; k < b; k++) {
                char c = x[k];
                if (!digit(c, radix)) {
                    return false;
                }
                int d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; // an ASCII digit of the radix, checked above
                if (radix == 10) {
                    if (v >= Long.MAX_VALUE / 10 && v > (Long.MAX_VALUE - d) / 10) { // a division only near the end of the range
                        return false; // decimal is signed: past Long.MAX_VALUE
                    }
                    v = v * 10 + d;
                } else {
                    if (v >>> (Long.SIZE - shift) != 0) {
                        return false; // past 64 bits
                    }
                    v = v << shift | d;
                }
            }
            value = neg ? -v : v;
            return true;
        }
    }

    /** The line's characters (an array: the lexer reads each of them, and a String's charAt checks its coding every time). */
    private char[] s;
    /** Where the text ends in {@link #s}. */
    private int end;
    private int line;
    /** The column of {@code s[0]}: the text's first character is at the column the lexer was given. */
    private int base;
    private int i;

    Lexer(String s, int line, int column) {
        this(s.toCharArray(), 0, s.length(), line, column);
    }

    /**
     * A lexer of characters {@code from} to {@code to} of {@code s}, the first at {@code column}:
     * the array is read in place, and must not change while the lexer or its tokens are in use.
     */
    Lexer(char[] s, int from, int to, int line, int column) {
        reset(s, from, to, line, column);
    }

    /** The lexer of another text, as {@link #Lexer(char[], int, int, int, int)} makes one: the assembler keeps one for every line. */
    Lexer reset(char[] s, int from, int to, int line, int column) {
        this.s = s;
        this.end = to;
        this.line = line;
        this.base = column - from;
        this.i = from;
        return this;
    }

    /**
     * Moves past the next word (as {@link #word()} reads one) and returns where it starts, the
     * cursor then where it ends; no token made. The word may be empty.
     */
    int span() {
        skipSpace();
        int start = i;
        while (i < end && !endsWord(s[i])) {
            i++;
        }
        return start;
    }

    /** The value {@code names} gives characters {@code from} to {@code to} of the text, or null. */
    <V> V lookup(NameTable<V> names, int from, int to) {
        return names.get(s, from, to);
    }

    /** Reads characters {@code from} to {@code to} as a number into {@code n} ({@link Numbers#read}); false when they are none. */
    boolean number(Numbers n, int from, int to) {
        return n.read(s, from, to);
    }

    /** The column of the character at {@code at}. */
    int column(int at) {
        return base + at;
    }

    /** The cursor, for {@link #rewind}. */
    int position() {
        return i;
    }

    /** Puts the cursor back where {@link #position} said it was. */
    void rewind(int position) {
        i = position;
    }

    /** The next character that is not a space (the cursor moved to it), or 0 at the end of the line. */
    char peek() {
        skipSpace();
        return i < end ? s[i] : 0;
    }

    /** Moves past {@code c} when it is the next character that is not a space. */
    boolean take(char c) {
        if (peek() == c) {
            i++;
            return true;
        }
        return false;
    }

    /**
     * Reads the next word into {@code n} when it is a number that does not start with '_' (which
     * could be a name): the assembler's fast path, no token made. False otherwise, the cursor then
     * anywhere.
     */
    boolean number(Numbers n) {
        skipSpace();
        int start = i;
        if (plainNumber(n, start)) {
            return true;
        }
        while (i < end && !endsWord(s[i])) {
            i++;
        }
        return i > start && s[start] != '_' && n.read(s, start, i);
    }

    /**
     * Reads the word at {@code start} into {@code n} when it is a number of the common forms, an
     * optional '-' and up to 18 decimal or 16 hex ({@code 0x}) digits, which no check of range
     * needs: {@link Numbers#read}'s value, in one look at each character (a group operand is
     * mostly such numbers). False, the cursor not moved, for any other word.
     */
    private boolean plainNumber(Numbers n, int start) {
        int k = start;
        boolean neg = k < end && s[k] == '-';
        if (neg) {
            k++;
        }
        long v = 0;
        int digits;
        if (k + 1 < end && s[k] == '0' && (s[k + 1] == 'x' || s[k + 1] == 'X')) {
            k += 2;
            int from = k;
            for (int d; k < end && s[k] < HEX.length && (d = HEX[s[k]]) >= 0; k++) {
                v = v << 4 | d;
            }
            digits = k - from;
            if (digits > 16) {
                return false;
            }
        } else {
            int from = k;
            for (int d; k < end && (d = s[k] - '0') >= 0 && d <= 9; k++) {
                v = v * 10 + d;
            }
            digits = k - from;
            if (digits > 18) {
                return false;
            }
        }
        if (digits == 0 || k < end && !endsWord(s[k])) {
            return false; // '_', a letter, 0b...: read as a whole word
        }
        n.value = neg ? -v : v;
        i = k;
        return true;
    }

    /** Each ASCII hex digit's value, -1 for any other character. */
    private static final byte[] HEX = new byte[128];

    static {
        java.util.Arrays.fill(HEX, (byte) -1);
        for (int d = 0; d < 16; d++) {
            HEX["0123456789abcdef".charAt(d)] = (byte) d;
            HEX["0123456789ABCDEF".charAt(d)] = (byte) d;
        }
    }

    int column() {
        return base + i;
    }

    private void skipSpace() {
        while (i < end && space(s[i])) {
            i++;
        }
    }

    /*
     * Whitespace, and where a word ends (whitespace or one of ,=[];"), as tables for ASCII: the
     * lexer asks for every character of every line, and a search of ",=[];\"" per character was
     * a fifth of the assembler's time (docs/dev/measurements.md).
     */
    /** A table of the ASCII characters in {@code chars}, for {@link #in}: one look a character on the assembler's scans. */
    static boolean[] asciiSet(String chars) {
        boolean[] set = new boolean[128];
        for (char c : chars.toCharArray()) {
            set[c] = true;
        }
        return set;
    }

    /** Whether {@code c} is in {@code set} (made by {@link #asciiSet}). */
    static boolean in(boolean[] set, char c) {
        return c < set.length && set[c];
    }

    private static final boolean[] SPACE = new boolean[128];
    private static final boolean[] ENDS_WORD = new boolean[128];

    static {
        for (char c = 0; c < 128; c++) {
            SPACE[c] = Character.isWhitespace(c);
            ENDS_WORD[c] = SPACE[c] || ",=[];\"".indexOf(c) >= 0;
        }
    }

    /** {@link Character#isWhitespace}, through a table for ASCII (the assembler asks it of most characters it reads). */
    static boolean space(char c) {
        return c < 128 ? SPACE[c] : Character.isWhitespace(c);
    }

    private static boolean endsWord(char c) {
        return c < 128 ? ENDS_WORD[c] : Character.isWhitespace(c);
    }

    boolean atEnd() {
        skipSpace();
        return i >= end;
    }

    /** Whether the rest of the line starts with {@code name=} (a named field, not an operand). */
    boolean namedNext() {
        skipSpace();
        int k = i;
        while (k < end && !endsWord(s[k])) {
            k++;
        }
        while (k < end && space(s[k])) {
            k++;
        }
        return k > i && k < end && s[k] == '=';
    }

    void expect(char c, String what) {
        skipSpace();
        if (i >= end || s[i] != c) {
            throw new AsmException(line, column(), "expected " + what);
        }
        i++;
    }

    Token word() {
        skipSpace();
        int start = i;
        while (i < end && !endsWord(s[i])) {
            i++;
        }
        if (start == i) {
            throw new AsmException(line, base + start, i < end ? "unexpected '" + s[i] + "'" : "unexpected end of line");
        }
        return new Token(s, start, i, base + start, Kind.WORD, List.of());
    }

    /** A value, or null at the end of the line. */
    Token value() {
        skipSpace();
        if (i >= end) {
            return null;
        }
        int start = i;
        char c = s[i];
        if (c == '"') {
            StringBuilder b = new StringBuilder();
            i++;
            while (i < end && s[i] != '"') {
                if (s[i] == '\\' && i + 1 < end) {
                    i++;
                }
                b.append(s[i++]);
            }
            if (i >= end) {
                throw new AsmException(line, base + start, "unterminated string");
            }
            i++;
            return new Token(b.toString(), base + start, Kind.STRING);
        }
        if (c == '[') {
            i++;
            List<Token> segments = new ArrayList<>(4);
            List<Token> items = new ArrayList<>(4);
            int segmentStart = i;
            while (true) {
                skipSpace();
                if (i < end && (s[i] == ']' || s[i] == ';')) {
                    int a = segmentStart;
                    int b = i;
                    while (a < b && s[a] <= ' ') { // String.trim()'s bounds
                        a++;
                    }
                    while (b > a && s[b - 1] <= ' ') {
                        b--;
                    }
                    segments.add(new Token(s, a, b, base + segmentStart, Kind.LIST, items));
                    if (s[i++] == ']') {
                        break;
                    }
                    items = new ArrayList<>(4);
                    segmentStart = i;
                    continue;
                }
                if (!items.isEmpty()) {
                    expect(',', "',' or ']' in a list");
                }
                items.add(word());
            }
            return segments.size() == 1
                    ? new Token(s, start, i, base + start, Kind.LIST, segments.get(0).items())
                    : new Token(s, start, i, base + start, Kind.GROUP, segments);
        }
        return word();
    }

    static boolean isNumber(String t) {
        return new Numbers().read(t.toCharArray(), 0, t.length());
    }

    /** The number {@code t} spells (see {@link Numbers#read}), or null. */
    static Long parseNumber(String t) {
        Numbers n = new Numbers();
        return n.read(t.toCharArray(), 0, t.length()) ? n.value : null;
    }

    /** Whether {@code c} is an ASCII digit of {@code radix} (2, 10 or 16). */
    static boolean digit(char c, int radix) {
        return c >= '0' && c <= '9' && c - '0' < radix || radix == 16 && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F');
    }
}
