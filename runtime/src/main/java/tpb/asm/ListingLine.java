package tpb.asm;

/**
 * The line reader: one source line parsed in place into its label (or why it is not one) and its
 * instruction text, characters {@code bodyFrom} to {@code bodyTo} of {@code text} (the reader's
 * array), the first of them at column {@code bodyColumn}; no '$' (no sync term) at or after
 * {@code dollarsEnd}. A disassembler listing's index and offset columns are skipped, a comment cut.
 */
record ListingLine(int number, String label, int labelColumn, String labelError, char[] text, int bodyFrom, int bodyTo, int bodyColumn,
        int dollarsEnd) {
    boolean empty() {
        return bodyFrom == bodyTo;
    }

    /*
     * A line's columns are read by hand, not by regular expressions: every line of a listing is
     * read twice (labels, then records), and a Matcher per line and pattern was a sixth of the
     * assembler's time (docs/dev/measurements.md). Each scanner below says the pattern it stands for; \s is
     * Java's (ASCII) whitespace, as the listing's own columns are.
     */
    static ListingLine parse(char[] text, int length, int number, int dollarsEnd) {
        int n = commentStart(text, length);
        int col = 0;
        while (col < n && Lexer.space(text[col])) {
            col++;
        }
        // a disassembler listing: "    12  0x000300  text"
        int listing = listingColumns(text, n);
        if (listing >= 0) {
            col = listing;
        }
        String label = null;
        String labelError = null;
        int labelCol = 0;
        int end = label(text, n, col);
        boolean bad = end < 0;
        if (bad) {
            end = wordColon(text, n, col);
        }
        if (end >= 0) {
            label = new String(text, col, end - 1 - col);
            labelCol = col + 1;
            if (bad) {
                int ok = 0;
                while (ok < label.length() - 1 && (ok == 0 ? labelStart(label.charAt(ok)) : labelChar(label.charAt(ok)))) {
                    ok++;
                }
                labelError = "'" + label + "' is not a label: a label is ASCII letters, digits, '_', '.' and '$', not starting with a "
                        + "digit ('" + label.substring(ok, label.offsetByCodePoints(ok, 1)) + "' at column " + (labelCol + ok) + ")";
            }
            col = end;
            while (col < n && Lexer.space(text[col])) {
                col++;
            }
            int second = label(text, n, col);
            if (labelError == null && second >= 0) {
                // 'L1: L2: exit': one label a line, as the listing writes them
                labelError = "'" + new String(text, col, second - 1 - col) + ":' follows the label '" + label + ":' on one line: a line holds "
                        + "one label; put each on its own line";
                labelCol = col + 1;
                col = second; // the rest of the line is read as ever: one error, not a cascade
                while (col < n && Lexer.space(text[col])) {
                    col++;
                }
            }
        } else if (indexOnly(text, n, col) >= 0) {
            // a listing's index column without its byte offset: not a mnemonic ("unknown mnemonic '0'; did you mean 'ts'?")
            labelError = "the line starts with a number: a listing line starts with its index and its byte offset "
                    + "('12  0x000300  nop'), an instruction with its mnemonic";
            labelCol = col + 1;
            // the numbers skipped, the rest of the line is read as ever: one error, not a cascade
            for (int e; (e = indexOnly(text, n, col)) >= 0;) {
                col = e;
                while (col < n && Lexer.space(text[col])) {
                    col++;
                }
            }
        }
        // the body is the rest, String.trim()'s bounds; its columns count from col, where the rest starts
        int from = col;
        int to = n;
        while (from < to && text[from] <= ' ') {
            from++;
        }
        while (to > from && text[to - 1] <= ' ') {
            to--;
        }
        return new ListingLine(number, label, labelCol, labelError, text, from, to, col + 1, dollarsEnd);
    }

    /**
     * Whether {@code text}, for the first pass, is surely an instruction and nothing more: after
     * the listing's columns, if any, an ASCII letter starts a first word without ':' (so no label
     * and no index column; the comment, if any, starts after it), and no NUL anywhere (the reader
     * says so when it saw only ASCII). Any other line is parsed in full.
     */
    static boolean plainInstruction(char[] text, int n, boolean noNul) {
        int col = listingColumns(text, n);
        if (col < 0) {
            col = 0;
            while (col < n && Lexer.space(text[col])) {
                col++;
            }
        }
        if (col >= n || !(text[col] >= 'a' && text[col] <= 'z' || text[col] >= 'A' && text[col] <= 'Z')) {
            return false;
        }
        for (int i = col; i < n && !space(text[i]); i++) {
            if (text[i] == ':') {
                return false;
            }
        }
        return noNul || indexOf(text, n, '\0') < 0;
    }

    /** Where {@code c} first is among the first {@code n} characters of {@code text}, or -1. */
    static int indexOf(char[] text, int n, char c) {
        for (int i = 0; i < n; i++) {
            if (text[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** Java's \s: space, tab, line feed, vertical tab, form feed, carriage return. */
    private static boolean space(char c) {
        return c == ' ' || c >= '\t' && c <= '\r';
    }

    static boolean decimal(char c) {
        return c >= '0' && c <= '9';
    }

    /** [A-Za-z_.$]: a label's first character. */
    private static boolean labelStart(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || c == '.' || c == '$';
    }

    /** [A-Za-z0-9_.$]: a label's later characters. */
    private static boolean labelChar(char c) {
        return labelStart(c) || decimal(c);
    }

    /** Where {@code \s*\d+\s+0x[0-9a-fA-F]+\s+} (a listing's index and offset columns) ends from 0, or -1. */
    private static int listingColumns(char[] t, int n) {
        int index = spaces(t, n, 0);
        int gap = decimals(t, n, index);
        int offset = gap == index ? -1 : spaces(t, n, gap);
        if (offset == gap || offset < 0 || offset + 1 >= n || t[offset] != '0' || t[offset + 1] != 'x') {
            return -1;
        }
        int digits = hexes(t, n, offset + 2);
        int end = digits == offset + 2 ? -1 : spaces(t, n, digits);
        return end == digits ? -1 : end;
    }

    /** Where the run of \s at {@code i} ends. */
    private static int spaces(char[] t, int n, int i) {
        while (i < n && space(t[i])) {
            i++;
        }
        return i;
    }

    /** Where the run of decimal digits at {@code i} ends. */
    private static int decimals(char[] t, int n, int i) {
        while (i < n && decimal(t[i])) {
            i++;
        }
        return i;
    }

    /** Where the run of hex digits at {@code i} ends. */
    private static int hexes(char[] t, int n, int i) {
        while (i < n && Lexer.digit(t[i], 16)) {
            i++;
        }
        return i;
    }

    /** Where {@code [A-Za-z_.$][A-Za-z0-9_.$]*:} (a label) at {@code col} ends, or -1. */
    private static int label(char[] t, int n, int col) {
        if (col >= n || !labelStart(t[col])) {
            return -1;
        }
        int i = col + 1;
        while (i < n && labelChar(t[i])) {
            i++;
        }
        return i < n && t[i] == ':' ? i + 1 : -1;
    }

    /** The characters {@link #wordColon} stops at, besides \s. */
    private static final boolean[] NOT_LABEL = Lexer.asciiSet(":;#\",=[]");

    /**
     * Where {@code [^\s:;#",=\[\]]+:(?=\s|$)} at {@code col} ends, or -1: anything else ending in ':'
     * before a space, meant as a label and not one.
     */
    private static int wordColon(char[] t, int n, int col) {
        int i = col;
        while (i < n && !space(t[i]) && !Lexer.in(NOT_LABEL, t[i])) {
            i++;
        }
        if (i == col || i >= n || t[i] != ':') {
            return -1;
        }
        return i + 1 == n || space(t[i + 1]) ? i + 1 : -1;
    }

    /**
     * Where {@code (\d+|0[xX][0-9a-fA-F]*)(?=\s|$)} at {@code col} ends, or -1: a number alone before
     * the text, an index column with no byte offset after it.
     */
    private static int indexOnly(char[] t, int n, int col) {
        int i = decimals(t, n, col);
        if (i > col && (i == n || space(t[i]))) {
            return i;
        }
        if (col + 1 < n && t[col] == '0' && (t[col + 1] == 'x' || t[col + 1] == 'X')) {
            i = hexes(t, n, col + 2);
            if (i == n || space(t[i])) {
                return i;
            }
        }
        return -1;
    }

    /** The characters {@link #commentStart} looks at. */
    private static final boolean[] COMMENT_SPECIAL = Lexer.asciiSet("\"[];#");

    /** Where the line's comment starts (its length when it has none); a ';' inside brackets separates a group operand's fields. */
    private static int commentStart(char[] s, int n) {
        boolean quoted = false;
        int depth = 0;
        for (int i = 0; i < n; i++) {
            char c = s[i];
            if (!Lexer.in(COMMENT_SPECIAL, c)) {
                continue; // none of the characters below (one look: every line is read through here)
            }
            if (c == '"' && (i == 0 || s[i - 1] != '\\')) {
                quoted = !quoted;
            } else if (!quoted && c == '[') {
                depth++;
            } else if (!quoted && c == ']') {
                depth = Math.max(0, depth - 1);
            } else if (!quoted && depth == 0 && (c == ';' || c == '#')) {
                return i;
            }
        }
        return n;
    }
}
