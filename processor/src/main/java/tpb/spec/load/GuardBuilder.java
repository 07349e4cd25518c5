package tpb.spec.load;

import java.util.ArrayList;
import java.util.List;
import tpb.spec.Message;
import tpb.spec.model.FieldDef;
import tpb.spec.model.Guard;
import tpb.spec.model.RecordShape;
import tpb.spec.model.Source;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YSeq;

/**
 * An arm's {@code guards:}: the values a field may take ({@code in}), its bound ({@code at_most}) or
 * the field it must equal ({@code same_as}) — exactly one of the three — optionally only when another
 * field has a value.
 */
final class GuardBuilder {
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

    /** The {@code when:} of a guard as resolved: the field's path, its raw value, the name it was given. */
    private record When(String field, Long equals, String name, boolean not) {}

    private Guard guard(YMap m, String arm, List<FieldDef> fields, Source armSource) {
        MapView v = ctx.view(m, "guard");
        String field = v.reqStr("field");
        YSeq in = v.seq("in");
        Long atMost = v.has("at_most") ? v.reqNum("at_most") : null;
        String sameAs = v.has("same_as") ? v.reqStr("same_as") : null;
        int kinds = (v.has("in") ? 1 : 0) + (v.has("at_most") ? 1 : 0) + (v.has("same_as") ? 1 : 0);
        if (kinds == 0) {
            ctx.diags.error(m.pos(), Message.MISSING_KEY, "guard", "in");
        } else if (kinds > 1) {
            ctx.diags.error(m.pos(), Message.GUARD, field, "takes one of 'in', 'at_most' and 'same_as'");
        }
        YMap whenMap = v.map("when");
        String message = v.reqStr("message");
        Source source = ctx.source(v, "source", true);
        v.finish();
        if (field == null || kinds != 1 || message == null || (v.has("in") && in == null)
                || (v.has("at_most") && atMost == null) || (v.has("same_as") && sameAs == null)) {
            return null;
        }
        FieldDef f = ctx.pathField(fields, record, field);
        if (f == null) {
            if (!ctx.fieldLeftOut(arm, field)) {
                ctx.diags.error(v.pos("field"), Message.GUARD, field, "no such field");
            }
            return null;
        }
        if (in == null && f.kind() != FieldDef.Kind.SCALAR) {
            ctx.diags.error(v.pos("field"), Message.GUARD, field, "not a scalar field");
            return null;
        }
        if (sameAs != null) {
            FieldDef other = ctx.pathField(fields, record, sameAs);
            if (other == null || other.kind() != FieldDef.Kind.SCALAR) {
                ctx.diags.error(v.pos("same_as"), Message.GUARD, field, "same_as '" + sameAs + "' is no scalar field of the arm");
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
            Long raw = ctx.symbolOrNumber(f, n);
            if (raw == null) {
                return null;
            }
            allowed.add(raw);
            names.add(ResolveContext.scalarText(n));
        }
        When when = whenMap == null ? new When(null, null, null, false) : when(whenMap, arm, fields);
        if (when == null) {
            return null;
        }
        return new Guard(field, allowed, names, atMost, sameAs, when.field(), when.equals(), when.name(), when.not(), message,
                source == null ? armSource : source, m.pos());
    }

    /** {@code when: {field, equals | not_equals}}; null when it cannot be resolved (reported). */
    private When when(YMap when, String arm, List<FieldDef> fields) {
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
        FieldDef wf = whenField == null ? null : ctx.pathField(fields, record, whenField);
        if (whenField != null && wf == null) {
            if (!ctx.fieldLeftOut(arm, whenField)) {
                ctx.diags.error(wv.pos("field"), Message.GUARD, whenField, "no such field");
            }
            return null;
        }
        if (wf == null || value == null) {
            return null;
        }
        Long raw = ctx.symbolOrNumber(wf, value);
        return raw == null ? null : new When(whenField, raw, ResolveContext.scalarText(value), not);
    }
}
