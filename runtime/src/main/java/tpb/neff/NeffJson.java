package tpb.neff;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The one parsing layer for a NEFF's JSON: bounded, strict, typed, and every error one line naming
 * the archive file, the key (a dotted path from the root, {@code var.output0.size}) and the bound.
 *
 * <p>Bounds (Jackson's {@link StreamReadConstraints}, jackson-core 2.15 and later): nesting
 * {@value #MAX_DEPTH} levels (a def.json needs 4), numbers {@value #MAX_NUMBER_CHARS} characters,
 * strings {@value #MAX_STRING_CHARS} characters, names {@value #MAX_NAME_CHARS}; the document
 * itself is bounded before parsing by {@link NeffLimits#maxEntrySize()}. Strictness: a key given
 * twice in one object is an error (both values cannot be right; {@code STRICT_DUPLICATE_DETECTION}),
 * and anything after the document ({@code FAIL_ON_TRAILING_TOKENS}) too. Jackson throws a
 * {@link StreamConstraintsException} without a location (jackson-core #940 made every constraint
 * failure one), so the location is taken from the parser, never from the exception.
 */
public final class NeffJson {
    public static final int MAX_DEPTH = 64;
    public static final int MAX_NUMBER_CHARS = 64;
    public static final int MAX_STRING_CHARS = 1 << 20;
    public static final int MAX_NAME_CHARS = 4096;
    /** The largest size or count any field here holds: 2^62, so sums of two never overflow a long. */
    public static final long MAX_SIZE = 1L << 62;

    private static final ObjectMapper MAPPER;

    static {
        JsonFactory f = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).maxNumberLength(MAX_NUMBER_CHARS)
                        .maxStringLength(MAX_STRING_CHARS).maxNameLength(MAX_NAME_CHARS).build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        MAPPER = new ObjectMapper(f).enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        VALUE = MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** Reads one value where a parser stands ({@link #members}: what follows it is the document's, not trailing text). */
    private static final com.fasterxml.jackson.databind.ObjectReader VALUE;

    private NeffJson() {}

    /** The document in {@code bytes}, read from archive file {@code path}; a problem is a {@link NeffException} naming it. */
    public static JsonNode parse(String path, byte[] bytes) {
        JsonParser p = null;
        try {
            p = MAPPER.createParser(bytes);
            JsonNode n = MAPPER.readTree(p);
            if (n == null || n.isMissingNode()) {
                throw new NeffException(path + ": empty, not JSON");
            }
            return n;
        } catch (StreamConstraintsException e) {
            throw new NeffException(path + ": " + where(p) + ": " + bound(e.getOriginalMessage()));
        } catch (JsonProcessingException e) {
            throw new NeffException(path + ": malformed JSON at " + where(p) + ": "
                    + SafeName.printable(firstLine(e.getOriginalMessage())));
        } catch (IOException e) {
            throw new NeffException(path + ": cannot read: " + SafeName.printable(firstLine(e.getMessage())));
        }
    }

    /**
     * One member of a document's top-level object, as {@link #members} streams it: read whole
     * ({@link #node}), one array element at a time ({@link #elements}), or, when neither is asked,
     * skipped without a tree.
     */
    public interface Member {
        String name();

        /** The value whole, as a typed node keyed by the member's name (its tree is the value's size). */
        Node node();

        /**
         * An array value one element at a time, each element's tree made and handed over in turn, so
         * memory follows one element, not the array; {@code orNone}: null is no elements (else refused
         * as {@link Node#elements} refuses it), and anything but an array is refused so.
         */
        void elements(boolean orNone, java.util.function.Consumer<Node> each);
    }

    /**
     * The document in {@code bytes}, an object, member by member in the file's order, under the
     * bounds and strictness of {@link #parse} (a key twice, text after the document): for a large
     * document whose big values are arrays of small elements (a profile export), which as one tree
     * would take many times its bytes (a 400 MB array of zeros, from a 389 KB gzip'd file, took 3.5 GB).
     */
    public static void members(String path, byte[] bytes, java.util.function.Consumer<Member> each) {
        JsonParser p = null;
        try {
            p = MAPPER.createParser(bytes);
            JsonParser parser = p;
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new NeffException(path + ": empty, not JSON");
            }
            if (first != JsonToken.START_OBJECT) {
                throw new NeffException(path + ": the document is " + (first == JsonToken.START_ARRAY ? "an array" : "no object") + ", not an object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                boolean[] read = {false};
                each.accept(new Member() {
                    public String name() {
                        return name;
                    }

                    public Node node() {
                        read[0] = true;
                        return new Node(path, SafeName.printable(name), tree(parser));
                    }

                    public void elements(boolean orNone, java.util.function.Consumer<Node> element) {
                        read[0] = true;
                        String key = SafeName.printable(name);
                        JsonToken t = parser.currentToken();
                        if (t != JsonToken.START_ARRAY) {
                            JsonNode v = t == JsonToken.START_OBJECT ? skipped(parser) : tree(parser); // an object's members: no tree, it is refused
                            if (!(orNone && v.isNull())) {
                                new Node(path, key, v).elements(); // refuses it, with the words every other refusal has
                            }
                            return;
                        }
                        try {
                            for (int i = 0; parser.nextToken() != JsonToken.END_ARRAY; i++) {
                                element.accept(new Node(path, key + "[" + i + "]", VALUE.readTree(parser)));
                            }
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }
                });
                if (!read[0]) {
                    p.skipChildren();
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
                JsonLocation l = p.currentTokenLocation(); // where the text after the document starts
                throw new NeffException(path + ": malformed JSON at line " + l.getLineNr() + " column " + l.getColumnNr() + ": text after the document");
            }
        } catch (java.io.UncheckedIOException e) {
            throw fault(path, p, e.getCause());
        } catch (IOException e) {
            throw fault(path, p, e);
        }
    }

    private static JsonNode tree(JsonParser p) {
        try {
            return VALUE.readTree(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Skips an object's members, checked as it goes, and stands for it by an empty object. */
    private static JsonNode skipped(JsonParser p) {
        try {
            p.skipChildren();
            return MAPPER.createObjectNode();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A parser's problem as {@link #parse} words it. */
    private static NeffException fault(String path, JsonParser p, IOException e) {
        if (e instanceof StreamConstraintsException c) {
            return new NeffException(path + ": " + where(p) + ": " + bound(c.getOriginalMessage()));
        }
        if (e instanceof JsonProcessingException j) {
            return new NeffException(path + ": malformed JSON at " + where(p) + ": " + SafeName.printable(firstLine(j.getOriginalMessage())));
        }
        return new NeffException(path + ": cannot read: " + SafeName.printable(firstLine(e.getMessage())));
    }

    private static String where(JsonParser p) {
        JsonLocation l = p == null ? null : p.currentLocation();
        return l == null ? "the start" : "line " + l.getLineNr() + " column " + l.getColumnNr();
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }

    /** Jackson's constraint message, which names the bound and how to raise it in Java, as the bound in tpb's words. */
    private static String bound(String message) {
        String m = message == null ? "" : message;
        if (m.contains("nesting depth")) {
            return "nested deeper than " + MAX_DEPTH + " levels (the bound NeffJson.MAX_DEPTH)";
        }
        if (m.contains("Number value length") || m.contains("number")) {
            return "a number longer than " + MAX_NUMBER_CHARS + " characters (the bound NeffJson.MAX_NUMBER_CHARS)";
        }
        if (m.contains("Name length")) {
            return "a key longer than " + MAX_NAME_CHARS + " characters (the bound NeffJson.MAX_NAME_CHARS)";
        }
        if (m.contains("String value length")) {
            return "a string longer than " + MAX_STRING_CHARS + " characters (the bound NeffJson.MAX_STRING_CHARS)";
        }
        return SafeName.printable(firstLine(m));
    }

    /** A typed view of one JSON value: the file it is in and its key path, for errors that say where. */
    public record Node(String file, String key, JsonNode json) {
        public static Node root(String file, JsonNode json) {
            return new Node(file, "", json);
        }

        private String at() {
            return file + ": " + (key.isEmpty() ? "the document" : key);
        }

        private NeffException wrong(String what) {
            return new NeffException(at() + " is " + describe(json) + ", not " + what);
        }

        /** The member {@code name} of this object (missing: a node over null). */
        public Node get(String name) {
            JsonNode v = json == null ? null : json.get(name);
            return new Node(file, key.isEmpty() ? name : key + "." + SafeName.printable(name), v);
        }

        public boolean isPresent() {
            return json != null && !json.isNull();
        }

        /** This object's members in the file's order; refused unless an object. */
        public List<Map.Entry<String, Node>> members() {
            if (json == null || !json.isObject()) {
                throw wrong("an object");
            }
            List<Map.Entry<String, Node>> out = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String k = key.isEmpty() ? e.getKey() : key + "." + SafeName.printable(e.getKey());
                out.add(Map.entry(e.getKey(), new Node(file, k, e.getValue())));
            }
            return out;
        }

        /** Members of an object, or none when absent. */
        public List<Map.Entry<String, Node>> membersOrNone() {
            return isPresent() ? members() : List.of();
        }

        /** This array's elements; refused unless an array. */
        public List<Node> elements() {
            if (json == null || !json.isArray()) {
                throw wrong("an array");
            }
            List<Node> out = new ArrayList<>(json.size());
            for (int i = 0; i < json.size(); i++) {
                out.add(new Node(file, key + "[" + i + "]", json.get(i)));
            }
            return out;
        }

        public List<Node> elementsOrNone() {
            return isPresent() ? elements() : List.of();
        }

        /** Text; refused unless a string. */
        public String text() {
            if (json == null || !json.isTextual()) {
                throw wrong("a string");
            }
            return json.textValue();
        }

        /** Text, or null when absent or JSON null; refused when something else. */
        public String textOrNull() {
            return isPresent() ? text() : null;
        }

        /** A whole number in [min, max]; refused when absent, fractional, in exponent form past it, or out of range. */
        public long integer(long min, long max) {
            if (json == null || !json.isNumber()) {
                throw wrong("a whole number in [" + min + ", " + max + "]");
            }
            BigInteger v;
            if (json.isIntegralNumber()) {
                v = json.bigIntegerValue();
            } else {
                // 3.0 is a whole number, and 1e300 one out of range below; 0.5 and 1e999 (infinite as a double) are not
                double d = json.doubleValue();
                if (!Double.isFinite(d) || d != Math.rint(d)) {
                    throw wrong("a whole number in [" + min + ", " + max + "]");
                }
                if (d < min || d > max) {
                    throw new NeffException(at() + " is " + describe(json) + ", outside [" + min + ", " + max + "]");
                }
                v = new java.math.BigDecimal(d).toBigIntegerExact(); // the double's exact value: valueOf(d) would round 2^62 to 17 digits
            }
            if (v.compareTo(BigInteger.valueOf(min)) < 0 || v.compareTo(BigInteger.valueOf(max)) > 0) {
                throw new NeffException(at() + " is " + describe(json) + ", outside [" + min + ", " + max + "]");
            }
            return v.longValueExact();
        }

        /** {@link #integer} or {@code otherwise} when absent. */
        public long integerOr(long min, long max, long otherwise) {
            return isPresent() ? integer(min, max) : otherwise;
        }

        /** A non-negative size or count, at most {@link #MAX_SIZE}. */
        public long size() {
            return integer(0, MAX_SIZE);
        }

        /** An array of whole numbers in [min, max], at most {@code maxLength} of them. */
        public int[] ints(int min, int max, int maxLength) {
            List<Node> el = elements();
            if (el.size() > maxLength) {
                throw new NeffException(at() + " has " + el.size() + " elements, more than " + maxLength);
            }
            int[] out = new int[el.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = (int) el.get(i).integer(min, max);
            }
            return out;
        }
    }

    /** A short description of a value for an error: its JSON type and, when short, the value. */
    static String describe(JsonNode n) {
        if (n == null) {
            return "missing";
        }
        String t = switch (n.getNodeType()) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case STRING -> "the string";
            case NUMBER -> "the number";
            case BOOLEAN -> "the boolean";
            case NULL -> "null";
            default -> "a " + n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        };
        if (n.isValueNode() && !n.isNull()) {
            String v = n.isTextual() ? SafeName.quoted(n.textValue()) : n.toString();
            return t + " " + (v.length() > 40 ? v.substring(0, 40) + "…" : v);
        }
        return t;
    }
}
