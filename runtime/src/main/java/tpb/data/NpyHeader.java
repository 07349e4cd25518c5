package tpb.data;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A .npy header's text as numpy reads it ({@code numpy.lib.format._read_array_header}: the text is
 * a Python dict literal, evaluated with {@code ast.literal_eval}; it must have exactly the keys
 * {@code descr}, {@code fortran_order} and {@code shape}; {@code shape} a tuple of ints,
 * {@code fortran_order} a bool, {@code descr} a dtype string). Parsed here, not matched with
 * patterns, so that what numpy refuses is refused: a key missing, an extra key, a value of the
 * wrong kind, text after the dict. One thing more is refused: a key given twice (a dict literal
 * keeps the last; two descriptors in one header is no file numpy writes). Each refusal names what
 * is wrong, with long values cut (a 10,000-deep shape is no 5 KB message).
 */
final class NpyHeader {
    /** The keys numpy requires, exactly. */
    static final Set<String> KEYS = Set.of("descr", "fortran_order", "shape");
    /** How much of a value a message shows. */
    private static final int SHOWN = 40;

    record Parsed(String descr, boolean fortranOrder, int[] shape) {}

    /** How deep tuples and lists may nest (numpy's headers nest two deep at most: a structured dtype's fields). */
    private static final int MAX_DEPTH = 32;

    private final String s;
    private int i;
    private int depth;

    private NpyHeader(String s) {
        this.s = s;
    }

    static Parsed parse(String text) {
        if (text.isBlank()) {
            throw new NpyException("header is empty: no dict");
        }
        return new NpyHeader(text).dict();
    }

    private Parsed dict() {
        space();
        expect('{', "the header is no dict (it must start with '{')");
        Map<String, Object> d = new LinkedHashMap<>();
        space();
        while (peek() != '}') {
            String key = string("a key");
            space();
            expect(':', "':' after the key '" + cut(key) + "'");
            space();
            Object value = value();
            if (d.containsKey(key)) {
                throw new NpyException("header gives '" + cut(key) + "' twice");
            }
            d.put(key, value);
            space();
            if (peek() == ',') {
                i++;
                space();
            } else if (peek() != '}') {
                throw new NpyException("header: ',' or '}' expected at character " + (i + 1));
            }
        }
        i++;
        space();
        if (i < s.length()) {
            throw new NpyException("header has text after its dict: '" + cut(s.substring(i).strip()) + "'");
        }
        for (String k : d.keySet()) {
            if (!KEYS.contains(k)) {
                throw new NpyException("header has key '" + cut(k) + "'; a .npy header has exactly 'descr', 'fortran_order' and 'shape'");
            }
        }
        for (String k : List.of("descr", "fortran_order", "shape")) {
            if (!d.containsKey(k)) {
                throw new NpyException("header has no '" + k + "'");
            }
        }
        if (!(d.get("descr") instanceof String descr)) {
            throw new NpyException("descr " + show(d.get("descr")) + " is a structured dtype (a list of fields); only plain dtypes are supported");
        }
        if (!(d.get("fortran_order") instanceof Boolean fortran)) {
            throw new NpyException("fortran_order " + show(d.get("fortran_order")) + " is not a bool (True or False)");
        }
        if (!(d.get("shape") instanceof Tuple t)) {
            throw new NpyException("shape " + show(d.get("shape")) + " is not a tuple of integers");
        }
        int[] shape = new int[t.items().size()];
        for (int k = 0; k < shape.length; k++) {
            if (!(t.items().get(k) instanceof Long n)) {
                throw new NpyException("shape " + show(t) + " is not a tuple of integers");
            }
            if (n < 0) {
                throw new NpyException("shape " + show(t) + " has a negative dimension");
            }
            if (n > Integer.MAX_VALUE) {
                throw new NpyException("shape " + show(t) + " has a dimension past " + Integer.MAX_VALUE);
            }
            shape[k] = (int) (long) n;
        }
        return new Parsed(descr, fortran, shape);
    }

    /** A Python literal of the kinds a header holds: a string, True/False, an int, a tuple, a list (of these). */
    private Object value() {
        char c = peek();
        if (c == '\'' || c == '"') {
            return string("a value");
        }
        if (c == '(' || c == '[') {
            char close = c == '(' ? ')' : ']';
            if (++depth > MAX_DEPTH) {
                throw new NpyException("header nests tuples or lists deeper than " + MAX_DEPTH + " levels");
            }
            i++;
            List<Object> items = new ArrayList<>();
            boolean comma = false; // (x) is x, (x,) a tuple
            space();
            while (peek() != close) {
                items.add(value());
                comma = false;
                space();
                if (peek() == ',') {
                    comma = true;
                    i++;
                    space();
                } else if (peek() != close) {
                    throw new NpyException("header: ',' or '" + close + "' expected at character " + (i + 1));
                }
            }
            i++;
            depth--;
            return c == '(' && items.size() == 1 && !comma ? items.get(0) : c == '(' ? new Tuple(items) : items;
        }
        int from = i;
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_' || s.charAt(i) == '-')) {
            i++;
        }
        String word = s.substring(from, i);
        if (word.equals("True") || word.equals("False")) {
            return word.equals("True");
        }
        if (word.matches("-?[0-9]{1,19}")) {
            try {
                return Long.parseLong(word);
            } catch (NumberFormatException e) {
                // past a long: not a shape any file holds
            }
        }
        if (word.isEmpty()) {
            throw new NpyException("header: a value expected at character " + (i + 1));
        }
        return new Word(word);
    }

    /** A quoted string, ' or ", without escapes (no header numpy writes has one). */
    private String string(String what) {
        char q = peek();
        if (q != '\'' && q != '"') {
            throw new NpyException("header: " + what + " (a quoted string) expected at character " + (i + 1));
        }
        int end = s.indexOf(q, i + 1);
        if (end < 0) {
            throw new NpyException("header: a string not closed, from character " + (i + 1));
        }
        String v = s.substring(i + 1, end);
        i = end + 1;
        return v;
    }

    private char peek() {
        if (i >= s.length()) {
            throw new NpyException("header ends before its dict does");
        }
        return s.charAt(i);
    }

    private void expect(char c, String message) {
        if (peek() != c) {
            throw new NpyException(message);
        }
        i++;
    }

    private void space() {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\n' || s.charAt(i) == '\r')) {
            i++;
        }
    }

    /** A tuple literal's items. */
    private record Tuple(List<Object> items) {}

    /** A bare word that is no literal the header takes (a name, a float). */
    private record Word(String text) {}

    private static String show(Object v) {
        String t;
        if (v instanceof String str) {
            t = "'" + str + "'";
        } else if (v instanceof Boolean b) {
            t = b ? "True" : "False";
        } else if (v instanceof Tuple tu) {
            t = items(tu.items(), "(", tu.items().size() == 1 ? ",)" : ")");
        } else if (v instanceof List<?> l) {
            t = items(l, "[", "]");
        } else if (v instanceof Word w) {
            t = w.text();
        } else {
            t = String.valueOf(v);
        }
        return cut(t);
    }

    private static String items(List<?> items, String open, String close) {
        StringBuilder b = new StringBuilder(open);
        for (Object o : items) {
            if (b.length() > SHOWN) {
                break;
            }
            b.append(b.length() > 1 ? ", " : "").append(show(o));
        }
        return b.append(close).toString();
    }

    private static String cut(String t) {
        return t.length() <= SHOWN ? t : t.substring(0, SHOWN) + "... (" + t.length() + " characters)";
    }
}
