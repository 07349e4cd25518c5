package tpb.neff;

import java.nio.charset.StandardCharsets;

/**
 * The one rule for a name a NEFF provides before it meets the file system: it must be one plain
 * path segment. API: {@link #segment(String, String, String)} returns the name unchanged or throws
 * {@link UnsafeName} (a {@link NeffException}) whose message is the whole line, e.g. {@code var
 * "../x" in sg00/def.json is not a plain file name (it holds '/'); refusing to write it};
 * {@link #printable} escapes a NEFF's text for a terminal (control characters as {@code \xNN},
 * {@code \\uNNNN} past Latin-1's C1 block), for every place a name is shown rather than used.
 *
 * <p>Why each refusal: {@code /} and {@code \} would make a path of several segments (or an
 * absolute one); {@code .}, {@code ..} and the empty name name a directory, not a file; NUL ends a
 * name at the system call; control characters reach the terminal when the name is printed; a
 * segment longer than 255 UTF-8 bytes is one Linux's file systems refuse (NAME_MAX).
 */
public final class SafeName {
    /** Linux's NAME_MAX: the longest file name ext4, xfs and tmpfs take, in bytes. */
    public static final int MAX_SEGMENT_BYTES = 255;

    private SafeName() {}

    /** A NEFF-provided name that would leave the directory it is written into, or cannot be a file name at all. */
    public static final class UnsafeName extends NeffException {
        public UnsafeName(String message) {
            super(message);
        }
    }

    /**
     * {@code name} when it is one plain path segment; else an {@link UnsafeName} that reads
     * {@code KIND "NAME" in WHERE is not a plain file name (WHY); refusing to write it}.
     *
     * @param kind what the name names ({@code var}, {@code archive entry})
     * @param where the NEFF file it comes from ({@code sg00/def.json}); null to leave it out
     */
    public static String segment(String kind, String name, String where) {
        String why = problem(name);
        if (why != null) {
            throw new UnsafeName(kind + " " + quoted(name) + (where == null ? "" : " in " + where) + " is not a plain file name (" + why
                    + "); refusing to write it");
        }
        return name;
    }

    /** Why {@code name} is not one plain path segment, or null when it is. */
    public static String problem(String name) {
        if (name.isEmpty()) {
            return "it is empty";
        }
        if (name.equals(".") || name.equals("..")) {
            return "it names a directory";
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '/' || c == '\\') {
                return "it holds '" + c + "'";
            }
            if (isControl(c)) {
                return "it holds the control character " + escape(c);
            }
        }
        if (name.getBytes(StandardCharsets.UTF_8).length > MAX_SEGMENT_BYTES) {
            return "longer than " + MAX_SEGMENT_BYTES + " bytes";
        }
        return null;
    }

    /** The most characters of a name {@link #quoted} prints before it cuts the name short (a NEFF's string may be 1 Mi characters). */
    public static final int MAX_SHOWN = 200;

    /** {@code "name"}, its control characters, quote and backslash escaped, a long one cut short: safe to print on one line. */
    public static String quoted(String name) {
        String shown = name.length() > MAX_SHOWN ? name.substring(0, MAX_SHOWN) : name;
        return '"' + printable(shown).replace("\"", "\\\"") + '"' + (shown == name ? "" : "… (" + name.length() + " characters)");
    }

    /** {@code text} with every control character (C0, DEL, C1, line and paragraph separators) escaped; backslashes doubled only when something was escaped. */
    public static String printable(String text) {
        if (text == null) {
            return null;
        }
        int i = 0;
        while (i < text.length() && !isControl(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder b = new StringBuilder(text.length() + 8);
        for (int k = 0; k < text.length(); k++) {
            char c = text.charAt(k);
            b.append(isControl(c) ? escape(c) : c == '\\' ? "\\\\" : String.valueOf(c));
        }
        return b.toString();
    }

    private static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029';
    }

    private static String escape(char c) {
        return c <= 0xFF ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c);
    }
}
