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

    record Token(String text, int column, Kind kind, List<Token> items) {
        Token(String text, int column, Kind kind) {
            this(text, column, kind, List.of());
        }
    }

    private final String s;
    private final int line;
    private final int base;
    private int i;

    Lexer(String s, int line, int column) {
        this.s = s;
        this.line = line;
        this.base = column;
    }

    int column() {
        return base + i;
    }

    private void skipSpace() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    boolean atEnd() {
        skipSpace();
        return i >= s.length();
    }

    /** Whether the rest of the line starts with {@code name=} (a named field, not an operand). */
    boolean namedNext() {
        skipSpace();
        int k = i;
        while (k < s.length() && !Character.isWhitespace(s.charAt(k)) && ",=[];\"".indexOf(s.charAt(k)) < 0) {
            k++;
        }
        while (k < s.length() && Character.isWhitespace(s.charAt(k))) {
            k++;
        }
        return k > i && k < s.length() && s.charAt(k) == '=';
    }

    void expect(char c, String what) {
        skipSpace();
        if (i >= s.length() || s.charAt(i) != c) {
            throw new AsmException(line, column(), "expected " + what);
        }
        i++;
    }

    Token word() {
        skipSpace();
        int start = i;
        while (i < s.length() && !Character.isWhitespace(s.charAt(i)) && ",=[];\"".indexOf(s.charAt(i)) < 0) {
            i++;
        }
        if (start == i) {
            throw new AsmException(line, base + start, i < s.length() ? "unexpected '" + s.charAt(i) + "'" : "unexpected end of line");
        }
        return new Token(s.substring(start, i), base + start, Kind.WORD);
    }

    /** A value, or null at the end of the line. */
    Token value() {
        skipSpace();
        if (i >= s.length()) {
            return null;
        }
        int start = i;
        char c = s.charAt(i);
        if (c == '"') {
            StringBuilder b = new StringBuilder();
            i++;
            while (i < s.length() && s.charAt(i) != '"') {
                if (s.charAt(i) == '\\' && i + 1 < s.length()) {
                    i++;
                }
                b.append(s.charAt(i++));
            }
            if (i >= s.length()) {
                throw new AsmException(line, base + start, "unterminated string");
            }
            i++;
            return new Token(b.toString(), base + start, Kind.STRING);
        }
        if (c == '[') {
            i++;
            List<Token> segments = new ArrayList<>();
            List<Token> items = new ArrayList<>();
            int segmentStart = i;
            while (true) {
                skipSpace();
                if (i < s.length() && (s.charAt(i) == ']' || s.charAt(i) == ';')) {
                    segments.add(new Token(s.substring(segmentStart, i).trim(), base + segmentStart, Kind.LIST, items));
                    items = new ArrayList<>();
                    if (s.charAt(i++) == ']') {
                        break;
                    }
                    segmentStart = i;
                    continue;
                }
                if (!items.isEmpty()) {
                    expect(',', "',' or ']' in a list");
                }
                items.add(word());
            }
            return segments.size() == 1
                    ? new Token(s.substring(start, i), base + start, Kind.LIST, segments.get(0).items())
                    : new Token(s.substring(start, i), base + start, Kind.GROUP, segments);
        }
        return word();
    }

    static boolean isNumber(String t) {
        return parseNumber(t) != null;
    }

    static Long parseNumber(String t) {
        String x = t.replace("_", "");
        boolean neg = x.startsWith("-");
        if (neg) {
            x = x.substring(1);
        }
        try {
            long v;
            // ASCII digits only: Java's parsers take any script's digits (Arabic-Indic, fullwidth), a listing's numbers do not
            if ((x.startsWith("0x") || x.startsWith("0X")) && digits(x.substring(2), 16)) {
                v = Long.parseUnsignedLong(x.substring(2), 16);
            } else if ((x.startsWith("0b") || x.startsWith("0B")) && digits(x.substring(2), 2)) {
                v = Long.parseUnsignedLong(x.substring(2), 2);
            } else if (digits(x, 10)) {
                v = Long.parseLong(x);
            } else {
                return null;
            }
            return neg ? -v : v;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether {@code s} is one or more ASCII digits of {@code radix} (2, 10 or 16). */
    static boolean digits(String s, int radix) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = c >= '0' && c <= '9' && c - '0' < radix || radix == 16 && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F');
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
