package tpb.spec.yaml;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Collections;
import java.util.Set;
import tpb.spec.Diagnostics;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.Pos;

/**
 * Typed reads of one YAML mapping. Every key asked for is a key the mapping may have; {@link
 * #finish()} reports the others as unknown, with a "did you mean" when one is close. Shared by
 * the spec loader and the kernel reader.
 */
public final class MapView {
    private final YMap map;
    private final String what;
    private final Diagnostics diags;
    private final Set<String> asked = new LinkedHashSet<>();

    public MapView(YMap map, String what, Diagnostics diags) {
        this.map = map;
        this.what = what;
        this.diags = diags;
    }

    public Pos pos() {
        return map.pos();
    }

    /** The mapping itself, for a second look at a key already asked for. */
    public YMap mapping() {
        return map;
    }

    /** The keys asked for so far: once read, every key this mapping may have. */
    public Set<String> asked() {
        return Collections.unmodifiableSet(asked);
    }

    /** What the mapping is, as messages name it ("arm Load"). */
    public String what() {
        return what;
    }

    /** Reports {@code key} missing from this mapping. */
    public void missing(String key) {
        diags.error(map.pos(), Message.MISSING_KEY, what, key);
    }

    public Pos pos(String key) {
        for (YMap.Entry e : map.entries()) {
            if (e.key().equals(key)) {
                return e.value().pos();
            }
        }
        return map.pos();
    }

    public YNode node(String key) {
        asked.add(key);
        return map.get(key);
    }

    public boolean has(String key) {
        asked.add(key);
        return map.has(key);
    }

    public String str(String key) {
        YNode n = node(key);
        if (n == null) {
            return null;
        }
        if (n instanceof YScalar s && s.kind() != YScalar.Kind.NULL) {
            return s.text();
        }
        diags.error(n.pos(), Message.WRONG_NODE, key, "a string");
        return null;
    }

    public String reqStr(String key) {
        if (!has(key)) {
            missing(key);
            return null;
        }
        return str(key);
    }

    public Long num(String key) {
        YNode n = node(key);
        return n == null ? null : number(n, key, diags);
    }

    public Long reqNum(String key) {
        if (!has(key)) {
            missing(key);
            return null;
        }
        return num(key);
    }

    public boolean bool(String key) {
        YNode n = node(key);
        if (n == null) {
            return false;
        }
        if (n instanceof YScalar s && s.kind() == YScalar.Kind.BOOL) {
            return Boolean.parseBoolean(s.text());
        }
        diags.error(n.pos(), Message.WRONG_NODE, key, "true or false");
        return false;
    }

    public YMap map(String key) {
        YNode n = node(key);
        if (n == null) {
            return null;
        }
        if (n instanceof YMap m) {
            return m;
        }
        diags.error(n.pos(), Message.WRONG_NODE, key, "a mapping");
        return null;
    }

    public YSeq seq(String key) {
        YNode n = node(key);
        if (n == null) {
            return null;
        }
        if (n instanceof YSeq s) {
            return s;
        }
        diags.error(n.pos(), Message.WRONG_NODE, key, "a list");
        return null;
    }

    /** The texts of the list {@code key}'s string items; the other items are reported and skipped. */
    public List<String> strList(String key) {
        List<String> out = new ArrayList<>();
        for (YScalar sc : strItems(key)) {
            out.add(sc.text());
        }
        return out;
    }

    /**
     * The string items of the list {@code key}, each with its position: the one place that decides
     * which items a string list keeps (a scalar that is not null); the others are reported and skipped.
     */
    public List<YScalar> strItems(String key) {
        List<YScalar> out = new ArrayList<>();
        YSeq s = seq(key);
        if (s != null) {
            for (YNode n : s.items()) {
                if (n instanceof YScalar sc && sc.kind() != YScalar.Kind.NULL) {
                    out.add(sc);
                } else {
                    diags.error(n.pos(), Message.WRONG_NODE, key + " item", "a string");
                }
            }
        }
        return out;
    }

    public void finish() {
        for (YMap.Entry e : map.entries()) {
            if (!asked.contains(e.key())) {
                diags.error(e.keyPos(), Message.UNKNOWN_KEY, e.key(), what, DidYouMean.suggest(e.key(), asked));
            }
        }
    }

    public static Long number(YNode n, String what, Diagnostics diags) {
        if (n instanceof YScalar s && s.kind() == YScalar.Kind.INT) {
            Long v = parseInt(s.text());
            if (v != null) {
                return v;
            }
        }
        diags.error(n.pos(), Message.BAD_NUMBER, n instanceof YScalar s ? s.text() : what);
        return null;
    }

    /** YAML 1.2 Core integers: decimal, 0x hex, 0o octal; hex may use all 64 bits. */
    public static Long parseInt(String text) {
        String t = text.replace("_", "");
        boolean neg = t.startsWith("-");
        if (neg || t.startsWith("+")) {
            t = t.substring(1);
        }
        try {
            long v;
            if (t.startsWith("0x") || t.startsWith("0X")) {
                v = Long.parseUnsignedLong(t.substring(2), 16);
            } else if (t.startsWith("0o")) {
                v = Long.parseUnsignedLong(t.substring(2), 8);
            } else {
                v = Long.parseLong(t);
            }
            return neg ? -v : v;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
