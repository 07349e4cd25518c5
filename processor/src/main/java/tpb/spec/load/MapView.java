package tpb.spec.load;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.model.Confidence;
import tpb.spec.model.Source;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YScalar;
import tpb.spec.yaml.YSeq;

/**
 * Typed reads of one YAML mapping. Every key asked for is a key the mapping may have; {@link
 * #finish()} reports the others as unknown, with a "did you mean" when one is close.
 */
public final class MapView {
    final YMap map;
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
            diags.error(map.pos(), Message.MISSING_KEY, what, key);
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
            diags.error(map.pos(), Message.MISSING_KEY, what, key);
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

    public List<String> strList(String key) {
        List<String> out = new ArrayList<>();
        YSeq s = seq(key);
        if (s != null) {
            for (YNode n : s.items()) {
                if (n instanceof YScalar sc && sc.kind() != YScalar.Kind.NULL) {
                    out.add(sc.text());
                } else {
                    diags.error(n.pos(), Message.WRONG_NODE, key + " item", "a string");
                }
            }
        }
        return out;
    }

    /** {@code source: {ref, confidence}}; required unless {@code optional}. */
    public Source source(String key, boolean optional) {
        if (!has(key)) {
            if (!optional) {
                diags.error(map.pos(), Message.MISSING_KEY, what, key);
            }
            return null;
        }
        YMap m = map(key);
        return m == null ? null : source(m, what + " " + key, diags);
    }

    static Source source(YMap m, String what, Diagnostics diags) {
        MapView v = new MapView(m, what, diags);
        String ref = v.reqStr("ref");
        String conf = v.reqStr("confidence");
        v.finish();
        Confidence c = null;
        if (conf != null) {
            try {
                c = Confidence.valueOf(conf);
            } catch (IllegalArgumentException e) {
                diags.error(v.pos("confidence"), Message.BAD_CONFIDENCE, conf);
            }
        }
        return ref == null || c == null ? null : new Source(ref, c, m.pos());
    }

    public void finish() {
        for (YMap.Entry e : map.entries()) {
            if (!asked.contains(e.key())) {
                diags.error(e.keyPos(), Message.UNKNOWN_KEY, e.key(), what, suggest(e.key(), asked));
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

    static String suggest(String key, Set<String> known) {
        String best = null;
        int bestD = 3;
        for (String k : known) {
            int d = distance(key, k);
            if (d < bestD) {
                bestD = d;
                best = k;
            }
        }
        return best == null ? "" : "; did you mean '" + best + "'?";
    }

    public static String suggestFrom(String key, Iterable<String> known) {
        Set<String> s = new LinkedHashSet<>();
        known.forEach(s::add);
        return suggest(key, s);
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
