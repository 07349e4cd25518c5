package tpb.spec.load;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.model.BitDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.FieldDef;
import tpb.spec.model.Guard;
import tpb.spec.model.RecordShape;
import tpb.spec.model.Source;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YScalar;
import tpb.spec.yaml.YSeq;

/**
 * An arm's {@code guards:}: the values a term may take ({@code in}, or {@code one_of: {enum, values}}
 * for a term with no enum of its own), its bound ({@code at_most}) or the term it must equal
 * ({@code same_as}) — exactly one of the four — optionally only when another field has a value. A
 * term is a field's dotted path (into groups, the preamble, or a bit run) or {@code product(PATH)}
 * of an integer array.
 */
final class GuardBuilder {
    private static final Pattern PRODUCT = Pattern.compile("product\\((.+)\\)");
    private static final List<String> RULES = List.of("in", "one_of", "at_most", "same_as");

    private final ResolveContext ctx;
    private final RecordShape record;

    GuardBuilder(ResolveContext ctx, RecordShape record) {
        this.ctx = ctx;
        this.record = record;
    }

    List<Guard> guards(YSeq seq, String arm, List<FieldDef> fields, Source armSource) {
        List<Guard> guards = new ArrayList<>();
        for (YMap gm : ctx.maps(seq, "guard")) {
            Guard g = guard(gm, arm, fields, armSource);
            if (g != null) {
                guards.add(g);
            }
        }
        return guards;
    }

    /** A resolved term: the path, whether its product is meant, the field it reads, its bit run (or null). */
    private record Term(String path, boolean product, FieldDef def, BitDef bit) {
        /** The width in bits of the term's value (a product has no width of its own). */
        int bits() {
            return bit != null ? bit.width() : def.scalar().width * 8;
        }
    }

    private Guard guard(YMap m, String arm, List<FieldDef> fields, Source armSource) {
        MapView v = ctx.view(m, "guard");
        String field = v.reqStr("field");
        YSeq in = v.seq("in");
        YMap oneOf = v.map("one_of");
        Long atMost = v.has("at_most") ? v.reqNum("at_most") : null;
        String sameAs = v.has("same_as") ? v.reqStr("same_as") : null;
        int kinds = (int) RULES.stream().filter(v::has).count();
        if (kinds == 0) {
            ctx.diags.error(m.pos(), Message.MISSING_KEY, "guard", "in");
        } else if (kinds > 1) {
            ctx.diags.error(m.pos(), Message.GUARD, field, "takes one of 'in', 'one_of', 'at_most' and 'same_as'");
        }
        YNode whenNode = v.node("when");
        String message = v.reqStr("message");
        Source source = ctx.source(v, "source", true);
        v.finish();
        if (field == null || kinds != 1 || message == null || (v.has("in") && in == null) || (v.has("one_of") && oneOf == null)
                || (v.has("at_most") && atMost == null) || (v.has("same_as") && sameAs == null)) {
            return null;
        }
        Term t = term(field, arm, fields, v.pos("field"), field, null);
        if (t == null) {
            return null;
        }
        if (t.product() && (in != null || oneOf != null)) {
            ctx.diags.error(v.pos("field"), Message.GUARD, field, "a product takes 'at_most' or 'same_as'");
            return null;
        }
        if (in != null && t.bit() != null) {
            ctx.diags.error(v.pos("in"), Message.GUARD, field, "a bit run's values are named by 'one_of: {enum, values}', not 'in'");
            return null;
        }
        Term other = null;
        if (sameAs != null) {
            other = term(sameAs, arm, fields, v.pos("same_as"), field, "same_as");
            if (other == null) {
                return null;
            }
        }
        if (atMost != null && atMost < 0) {
            ctx.diags.error(v.pos("at_most"), Message.GUARD, field, "at_most must not be negative");
            return null;
        }
        List<Long> allowed = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (YNode n : in == null ? List.<YNode>of() : in.items()) {
            Long raw = ctx.symbolOrNumber(t.def(), n);
            if (raw == null) {
                return null;
            }
            allowed.add(raw);
            names.add(ResolveContext.scalarText(n));
        }
        String oneOfEnum = null;
        if (oneOf != null) {
            oneOfEnum = oneOf(oneOf, t, field, allowed, names);
            if (oneOfEnum == null) {
                return null;
            }
        }
        List<Guard.Condition> when = whenNode == null ? List.of() : when(whenNode, arm, fields, field);
        if (when == null) {
            return null;
        }
        return new Guard(t.path(), t.product(), t.bit() == null ? null : t.bit().name(), allowed, names, oneOfEnum, atMost,
                other == null ? null : other.path(), other != null && other.product(),
                other == null || other.bit() == null ? null : other.bit().name(), when, message, source == null ? armSource : source,
                m.pos());
    }

    /**
     * {@code one_of: {enum: E, values: [names]}}: the raw values of those values of E, which must fit
     * the term; the enum's name, or null when it cannot be resolved (reported).
     */
    private String oneOf(YMap m, Term t, String field, List<Long> allowed, List<String> names) {
        MapView ov = ctx.view(m, "guard one_of");
        String enumName = ov.reqStr("enum");
        List<YScalar> values = ov.strItems("values");
        if (!ov.has("values")) {
            ov.missing("values");
        }
        ov.finish();
        EnumDef e = enumName == null ? null : ctx.enumRef(enumName, ov.pos("enum"));
        if (e == null || values == null || !ov.has("values")) {
            return null;
        }
        for (YScalar s : values) {
            EnumValue ev = ctx.enumValue(e, s.text(), s.pos());
            if (ev == null) {
                return null;
            }
            if (t.bits() < 64 && (ev.value() >>> t.bits()) != 0) {
                ctx.diags.error(s.pos(), Message.GUARD, field, e.name() + "." + ev.name() + " (" + ev.value() + ") does not fit the term's "
                        + t.bits() + " bits");
                return null;
            }
            allowed.add(ev.value());
            names.add(ev.name());
        }
        return e.name();
    }

    /**
     * A term: {@code product(PATH)} of an integer array, or a scalar field's or bit run's path; null
     * when it names none (reported at {@code pos}, for the guard on {@code guarded}; {@code role} is the
     * key naming the term, null for the guard's own {@code field}).
     */
    private Term term(String text, String arm, List<FieldDef> fields, Pos pos, String guarded, String role) {
        Matcher pm = PRODUCT.matcher(text);
        boolean product = pm.matches();
        String path = product ? pm.group(1) : text;
        FieldDef f = ctx.pathField(fields, record, path);
        BitDef bit = null;
        if (f == null && !product && path.contains(".")) {
            int dot = path.lastIndexOf('.');
            FieldDef owner = ctx.pathField(fields, record, path.substring(0, dot));
            String name = path.substring(dot + 1);
            bit = owner == null ? null : owner.bits().stream().filter(b -> b.name().equals(name)).findFirst().orElse(null);
            f = bit == null ? null : owner;
        }
        if (f == null) {
            if (!ctx.fieldLeftOut(arm, path)) {
                ctx.diags.error(pos, Message.GUARD, guarded, role == null ? "no such field" : role + " '" + text + "' is no scalar field of the arm");
            }
            return null;
        }
        boolean array = f.kind() == FieldDef.Kind.SCALAR && f.count() > 1;
        if (product && !array) {
            ctx.diags.error(pos, Message.GUARD, guarded, "product() takes an integer array; '" + path + "' is not one");
            return null;
        }
        if (!product && (f.kind() != FieldDef.Kind.SCALAR || array)) {
            ctx.diags.error(pos, Message.GUARD, guarded, "'" + path + "' is not a scalar field" + (array ? " (an array: guard product(" + path + "))" : ""));
            return null;
        }
        return new Term(path, product, f, bit);
    }

    /**
     * {@code when: {field, equals | not_equals}}, or a list of them that must all hold; each field a
     * scalar field's or bit run's path. Null when one cannot be resolved (reported).
     */
    private List<Guard.Condition> when(YNode node, String arm, List<FieldDef> fields, String guarded) {
        List<YMap> maps = node instanceof YSeq seq ? ctx.maps(seq, "guard when") : java.util.Collections.singletonList(ctx.asMap(node, "guard when"));
        List<Guard.Condition> out = new ArrayList<>();
        for (YMap m : maps) {
            Guard.Condition c = m == null ? null : condition(m, arm, fields, guarded);
            if (c == null) {
                return null;
            }
            out.add(c);
        }
        return out;
    }

    private Guard.Condition condition(YMap when, String arm, List<FieldDef> fields, String guarded) {
        MapView wv = ctx.view(when, "guard when");
        String whenField = wv.reqStr("field");
        YNode eq = wv.node("equals");
        YNode ne = wv.node("not_equals");
        if (eq == null && ne == null) {
            ctx.diags.error(when.pos(), Message.MISSING_KEY, "guard when", "equals");
        } else if (eq != null && ne != null) {
            ctx.diags.error(wv.pos("not_equals"), Message.GUARD, whenField, "'when' takes 'equals' or 'not_equals', not both");
            return null;
        }
        boolean not = eq == null;
        YNode value = eq == null ? ne : eq;
        wv.finish();
        if (whenField == null || value == null) {
            return null;
        }
        if (PRODUCT.matcher(whenField).matches()) {
            ctx.diags.error(wv.pos("field"), Message.GUARD, guarded, "'when' takes a field or a bit run, not a product");
            return null;
        }
        Term t = term(whenField, arm, fields, wv.pos("field"), guarded, "when");
        if (t == null) {
            return null;
        }
        Long raw = t.bit() != null ? MapView.number(value, "guard when", ctx.diags) : ctx.symbolOrNumber(t.def(), value);
        if (raw == null) {
            return null;
        }
        if (t.bits() < 64 && (raw >>> t.bits()) != 0) {
            ctx.diags.error(wv.pos(not ? "not_equals" : "equals"), Message.GUARD, guarded, "'when' value " + raw + " does not fit " + whenField
                    + "'s " + t.bits() + " bits");
            return null;
        }
        return new Guard.Condition(t.path(), t.bit() == null ? null : t.bit().name(), raw, ResolveContext.scalarText(value), not);
    }
}
