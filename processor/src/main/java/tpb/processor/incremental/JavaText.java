package tpb.processor.incremental;

import java.util.HashSet;
import java.util.Set;

/**
 * What of a Java source's text matters to the class file: the text without its comments. Used to
 * tell a documentation-only change (nothing to compile, or only that file) from a code change.
 * String, character and text-block literals are kept whole, so a comment marker inside one is not
 * taken for a comment.
 */
final class JavaText {
    private JavaText() {}

    /** {@code text} with every comment removed; each comment's line breaks are kept, so code keeps its line numbers. */
    static String code(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                for (int k = i; k < end; k++) {
                    if (text.charAt(k) == '\n') {
                        out.append('\n');
                    }
                }
                out.append(' ');
                i = end;
            } else if (c == '"' && text.startsWith("\"\"\"", i)) {
                int end = closing(text, i + 3, "\"\"\"");
                out.append(text, i, end);
                i = end;
            } else if (c == '"' || c == '\'') {
                int end = closing(text, i + 1, String.valueOf(c));
                out.append(text, i, end);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** {@code code} with every run of white space made one space: equal for two texts whose code differs only in layout. */
    static String squashed(String code) {
        return code.replaceAll("\\s+", " ").trim();
    }

    /** The identifiers in {@code code} (and in its literals: more is only more to recompile). */
    static Set<String> identifiers(String code) {
        Set<String> names = new HashSet<>();
        int n = code.length();
        int i = 0;
        while (i < n) {
            if (Character.isJavaIdentifierStart(code.charAt(i))) {
                int start = i;
                while (i < n && Character.isJavaIdentifierPart(code.charAt(i))) {
                    i++;
                }
                names.add(code.substring(start, i));
            } else {
                i++;
            }
        }
        return names;
    }

    /** The index just past the unescaped {@code quote} that closes a literal opened before {@code from}. */
    private static int closing(String text, int from, String quote) {
        int i = from;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (text.startsWith(quote, i)) {
                return i + quote.length();
            } else if (c == '\n' && quote.length() == 1) {
                return i; // an unclosed literal ends at its line
            } else {
                i++;
            }
        }
        return text.length();
    }
}
