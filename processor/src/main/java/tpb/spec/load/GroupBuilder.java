package tpb.spec.load;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupCheck;
import tpb.spec.model.GroupDef;
import tpb.spec.model.Source;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YSeq;

/** {@code group:} documents: a reusable block of fields with its own checks, built on first use. */
final class GroupBuilder {
    private final ResolveContext ctx;
    private final Set<String> inProgress = new HashSet<>();

    GroupBuilder(ResolveContext ctx) {
        this.ctx = ctx;
    }

    /** Builds a group on first use, so groups may nest in any order; a cycle is an error. */
    GroupDef group(String name, Pos usedAt) {
        if (ctx.groups.containsKey(name)) {
            return ctx.groups.get(name);
        }
        MapView v = ctx.index.groups.get(name);
        if (v == null) {
            return null;
        }
        if (!inProgress.add(name)) {
            ctx.diags.error(usedAt, Message.UNKNOWN_REF, "group", name, " (a group cannot contain itself)");
            return null;
        }
        Long size = v.reqNum("size");
        String doc = v.str("doc");
        Source source = ctx.source(v, "source", false);
        List<FieldDef> fields = new FieldBuilder(ctx).fields(v, "group " + name, name);
        List<GroupCheck> checks = new ArrayList<>();
        for (YMap cm : ctx.maps(v.seq("checks"), "check")) {
            GroupCheck c = check(cm, fields, source, name);
            if (c != null) {
                checks.add(c);
            }
        }
        List<GroupDef.Term> terms = new ArrayList<>();
        for (YMap tm : ctx.maps(v.seq("terms"), "term")) {
            GroupDef.Term t = term(tm, fields, name);
            if (t != null) {
                terms.add(t);
            }
        }
        v.finish();
        inProgress.remove(name);
        if (size == null || source == null) {
            return null;
        }
        GroupDef g = new GroupDef(name, size.intValue(), fields, checks, terms, doc, source, v.pos("group"));
        ctx.groups.put(name, g);
        return g;
    }

    /** {@code {mode, index, value}}: three scalar fields of the group, the mode an enum field; null after an error. */
    private GroupDef.Term term(YMap m, List<FieldDef> fields, String group) {
        MapView v = ctx.view(m, "term of group " + group);
        String mode = v.reqStr("mode");
        String index = v.reqStr("index");
        String value = v.reqStr("value");
        v.finish();
        if (mode == null || index == null || value == null) {
            return null;
        }
        for (String key : List.of("mode", "index", "value")) {
            String f = key.equals("mode") ? mode : key.equals("index") ? index : value;
            FieldDef d = ResolveContext.findField(fields, f);
            if (d == null || d.kind() != FieldDef.Kind.SCALAR || d.count() > 1) {
                ctx.diags.error(v.pos(key), Message.TERM, group, key + " '" + f + "' is no scalar field of the group");
                return null;
            }
            if (key.equals("mode") && d.enumRef() == null) {
                ctx.diags.error(v.pos(key), Message.TERM, group, "mode '" + f + "' must be an enum field");
                return null;
            }
        }
        return new GroupDef.Term(mode, index, value, m.pos());
    }

    private GroupCheck check(YMap m, List<FieldDef> fields, Source groupSource, String group) {
        MapView v = ctx.view(m, "check of group " + group);
        String name = v.reqStr("name");
        YMap when = v.map("when");
        YMap require = v.map("require");
        if (require == null && !v.has("require")) {
            v.missing("require");
        }
        String message = v.reqStr("message");
        Source source = ctx.source(v, "source", true);
        v.finish();
        List<GroupCheck.Term> whenTerms = terms(when, fields, false);
        List<GroupCheck.Term> requireTerms = terms(require, fields, true);
        if (name == null || require == null || message == null || whenTerms == null || requireTerms == null) {
            return null;
        }
        return new GroupCheck(name, whenTerms, requireTerms, message, source == null ? groupSource : source, m.pos());
    }

    /** {@code path: value} means equals; {@code path: {below: N}} or {@code path: {in: apertures}}; null after an error. */
    private List<GroupCheck.Term> terms(YMap m, List<FieldDef> fields, boolean require) {
        List<GroupCheck.Term> out = new ArrayList<>();
        if (m == null) {
            return out;
        }
        boolean ok = true;
        for (YMap.Entry e : m.entries()) {
            if (!pathExists(fields, e.key())) {
                ctx.diags.error(e.keyPos(), Message.UNKNOWN_REF, "field or bit field", e.key(), " (write FIELD or FIELD.BIT)");
                ok = false;
                continue;
            }
            GroupCheck.Term t = e.value() instanceof YMap cond && require ? condition(e, cond) : equalsTerm(e);
            if (t == null) {
                ok = false;
            } else {
                out.add(t);
            }
        }
        return ok ? out : null;
    }

    private GroupCheck.Term condition(YMap.Entry e, YMap cond) {
        MapView cv = ctx.view(cond, "condition on " + e.key());
        Long below = cv.num("below");
        String in = cv.str("in");
        cv.finish();
        if (below != null) {
            return new GroupCheck.Term(e.key(), GroupCheck.Op.BELOW, below, e.keyPos());
        }
        if ("apertures".equals(in)) {
            return new GroupCheck.Term(e.key(), GroupCheck.Op.IN_APERTURE, 0, e.keyPos());
        }
        ctx.diags.error(cond.pos(), Message.WRONG_NODE, "condition on " + e.key(), "{below: N} or {in: apertures}");
        return null;
    }

    private GroupCheck.Term equalsTerm(YMap.Entry e) {
        Long value = MapView.number(e.value(), e.key(), ctx.diags);
        return value == null ? null : new GroupCheck.Term(e.key(), GroupCheck.Op.EQUALS, value, e.keyPos());
    }

    private static boolean pathExists(List<FieldDef> fields, String path) {
        String[] p = path.split("\\.");
        FieldDef f = ResolveContext.findField(fields, p[0]);
        if (f == null || f.kind() != FieldDef.Kind.SCALAR || f.count() != 1 || p.length > 2) {
            return false;
        }
        return p.length == 1 || f.bits().stream().anyMatch(b -> b.name().equals(p[1]));
    }
}
