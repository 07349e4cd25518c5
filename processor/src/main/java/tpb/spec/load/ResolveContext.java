package tpb.spec.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tpb.spec.Diagnostics;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.model.Confidence;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.LutDef;
import tpb.spec.model.RecordShape;
import tpb.spec.model.ScalarType;
import tpb.spec.model.Source;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YScalar;
import tpb.spec.yaml.YSeq;

/**
 * What the per-kind builders share: the diagnostics, the {@link SymbolIndex}, the definitions
 * built so far (enums, then LUTs, then groups — each kind refers only to kinds built before it,
 * groups to each other on first use), and the reads and look-ups every kind makes.
 */
final class ResolveContext {
    final Diagnostics diags;
    final SymbolIndex index;
    final Map<String, EnumDef> enums = new LinkedHashMap<>();
    final Map<String, LutDef> luts = new LinkedHashMap<>();
    final Map<String, GroupDef> groups = new LinkedHashMap<>();
    private final GroupBuilder groupBuilder;
    private final Consumer<MapView> views;

    ResolveContext(Diagnostics diags, SymbolIndex index, Consumer<MapView> views) {
        this.diags = diags;
        this.index = index;
        this.groupBuilder = new GroupBuilder(this);
        this.views = views;
    }

    /** A typed view of {@code m}; every one is shown to the {@code views} observer (see {@link SpecLoader#load}). */
    MapView view(YMap m, String what) {
        MapView v = new MapView(m, what, diags);
        views.accept(v);
        return v;
    }

    // ---- provenance -------------------------------------------------------------------------

    /** {@code key: {ref, confidence}} of {@code v}; required unless {@code optional}. */
    Source source(MapView v, String key, boolean optional) {
        if (!v.has(key)) {
            if (!optional) {
                v.missing(key);
            }
            return null;
        }
        YMap m = v.map(key);
        return m == null ? null : source(m, v.what() + " " + key);
    }

    /**
     * What a citation must not be: an issue ("issue 35", "issue #35") or an audit ("as the audit quotes
     * it"). Neither is a place a reader can check a fact in; a source names the document and section
     * the fact is read from, first-hand.
     */
    private static final Pattern NOT_A_DOCUMENT = Pattern.compile("(?i)\\b(issues?\\s*#?\\s*\\d+|audit(s|or|ed)?)\\b");

    private Source source(YMap m, String what) {
        MapView v = view(m, what);
        String ref = v.reqStr("ref");
        String conf = v.reqStr("confidence");
        v.finish();
        Matcher cites = ref == null ? null : NOT_A_DOCUMENT.matcher(ref);
        if (cites != null && cites.find()) {
            diags.error(v.pos("ref"), Message.SOURCE_NOT_A_DOCUMENT, cites.group());
        }
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

    // ---- references -------------------------------------------------------------------------

    /** The built enum; null, reported when no document defines it (a broken one was reported already). */
    EnumDef enumRef(String name, Pos pos) {
        EnumDef e = enums.get(name);
        if (e == null && !index.enums.containsKey(name) && !diags.isLeftOut("enum", name)) {
            diags.error(pos, Message.UNKNOWN_REF, "enum", name, DidYouMean.suggest(name, index.enums.keySet()));
        }
        return e;
    }

    /** The value of {@code e} named {@code name}; null, reported with the closest name, when there is none. */
    EnumValue enumValue(EnumDef e, String name, Pos pos) {
        EnumValue v = name == null ? null : e.value(name);
        if (v == null) {
            diags.error(pos, Message.UNKNOWN_REF, "value of enum " + e.name(), name,
                    DidYouMean.suggest(String.valueOf(name), e.values().stream().map(EnumValue::name).toList()));
        }
        return v;
    }

    /** The group, built on first use; null when undefined (reported) or broken. */
    GroupDef groupRef(String name, Pos pos) {
        GroupDef g = index.groups.containsKey(name) ? group(name, pos) : null;
        if (g == null && !index.groups.containsKey(name) && !diags.isLeftOut("group", name)) {
            diags.error(pos, Message.UNKNOWN_REF, "group", name, DidYouMean.suggest(name, index.groups.keySet()));
        }
        return g;
    }

    /** Builds group {@code name} on first use, so groups may nest in any order; null when broken. */
    GroupDef group(String name, Pos usedAt) {
        return groupBuilder.group(name, usedAt);
    }

    ScalarType scalarType(MapView v, String key) {
        String t = v.reqStr(key);
        if (t == null) {
            return null;
        }
        ScalarType st = ScalarType.parse(t);
        if (st == null) {
            diags.error(v.pos(key), Message.UNKNOWN_TYPE, t, List.of("u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64"));
        }
        return st;
    }

    // ---- fields by path ---------------------------------------------------------------------

    /**
     * A scalar field by its dotted path: a field of the arm or of the preamble, then into groups
     * ({@code ext.update_mode}, {@code events.wait_mode}); null when the path names none.
     */
    FieldDef pathField(List<FieldDef> fields, RecordShape record, String path) {
        String[] p = path.split("\\.");
        FieldDef f = findField(fields, p[0]);
        if (f == null && record != null) {
            f = findField(record.preamble(), p[0]);
        }
        for (int i = 1; f != null && i < p.length; i++) {
            GroupDef g = f.kind() == FieldDef.Kind.GROUP ? groups.get(f.groupRef()) : null;
            f = g == null ? null : findField(g.fields(), p[i]);
        }
        return f;
    }

    /** Whether the field {@code path} starts with, in {@code scope} or the preamble, was left out after an error. */
    boolean fieldLeftOut(String scope, String path) {
        String first = path.split("\\.")[0];
        return diags.isLeftOut("field", scope + "." + first) || diags.isLeftOut("field", "record." + first);
    }

    static FieldDef findField(List<FieldDef> fields, String name) {
        for (FieldDef f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /** A guard or example value: an enum value name for an enum field, a LUT key for a LUT field, else a number. */
    Long symbolOrNumber(FieldDef f, YNode n) {
        if (n instanceof YScalar s && s.kind() == YScalar.Kind.INT) {
            return MapView.number(n, f.name(), diags);
        }
        String sym = scalarText(n);
        EnumDef e = f.namingEnum() != null ? enums.get(f.namingEnum()) : null;
        if (e != null) {
            EnumValue ev = enumValue(e, sym, n.pos());
            return ev == null ? null : ev.value();
        }
        LutDef l = f.lutRef() != null ? luts.get(f.lutRef()) : null;
        if (l != null) {
            LutDef.Entry le = sym == null ? null : l.entry(sym);
            if (le == null) {
                diags.error(n.pos(), Message.UNKNOWN_REF, "entry of LUT " + l.name(), sym, "");
                return null;
            }
            return le.value();
        }
        diags.error(n.pos(), Message.BAD_NUMBER, sym);
        return null;
    }

    // ---- node shapes ------------------------------------------------------------------------

    /** The mapping items of a sequence, each other item reported; none for a missing sequence. */
    List<YMap> maps(YSeq seq, String what) {
        List<YMap> out = new ArrayList<>();
        if (seq != null) {
            for (YNode n : seq.items()) {
                YMap m = asMap(n, what);
                if (m != null) {
                    out.add(m);
                }
            }
        }
        return out;
    }

    YMap asMap(YNode n, String what) {
        if (n instanceof YMap m) {
            return m;
        }
        diags.error(n.pos(), Message.WRONG_NODE, what, "a mapping");
        return null;
    }

    static String scalarText(YNode n) {
        return n instanceof YScalar s && s.kind() != YScalar.Kind.NULL ? s.text() : null;
    }
}
