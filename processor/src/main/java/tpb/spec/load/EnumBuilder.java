package tpb.spec.load;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.Names;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.ScalarType;
import tpb.spec.model.Source;
import tpb.spec.model.Subset;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YSeq;

/** {@code enum:} documents: named values with their generations, tags and subsets. */
final class EnumBuilder {
    private final ResolveContext ctx;

    EnumBuilder(ResolveContext ctx) {
        this.ctx = ctx;
    }

    EnumDef build(MapView v) {
        String name = v.str("enum");
        ScalarType type = ctx.scalarType(v, "type");
        String wire = v.str("wire");
        String roleName = v.str("role");
        Source roleSource = ctx.source(v, "role_source", true);
        String doc = v.str("doc");
        boolean open = v.bool("open");
        Source source = ctx.source(v, "source", false);
        // the provenance of every value's since/until unless the value names its own
        Source gensSource = ctx.source(v, "generations_source", true);
        YSeq seq = v.seq("values");
        if (seq == null && !v.has("values")) {
            v.missing("values");
        }
        List<EnumValue> values = new ArrayList<>();
        if (seq != null) {
            for (YMap m : ctx.maps(seq, "enum value")) {
                EnumValue ev = value(m, name, source, gensSource);
                if (ev != null) {
                    values.add(ev);
                }
            }
        }
        List<Subset> subsets = subsets(v.map("subsets"));
        v.finish();
        EnumDef.Role role = roleName == null ? null : EnumDef.Role.parse(roleName);
        if (roleName != null && role == null) {
            ctx.diags.error(v.pos("role"), Message.UNKNOWN_REF, "enum role", roleName, DidYouMean.suggest(roleName,
                    Arrays.stream(EnumDef.Role.values()).map(EnumDef.Role::specName).toList()));
        }
        if (type == null || source == null) {
            return null;
        }
        // a role is what an enum is to the spec language: its own source unless role_source names one
        return new EnumDef(name, type, wire, doc, source, values, subsets, role,
                role == null ? null : roleSource == null ? source : roleSource, open, v.pos("enum"));
    }

    private EnumValue value(YMap m, String enumName, Source enumSource, Source gensSource) {
        MapView ev = ctx.view(m, "value of enum " + enumName);
        String vn = ev.reqStr("name");
        Long val = ev.reqNum("value");
        Long since = ev.num("since");
        Long until = ev.num("until");
        List<String> tags = ev.strList("tags");
        String vdoc = ev.str("doc");
        String vsyntax = ev.str("syntax");
        Source vs = ctx.source(ev, "source", true);
        Source nameSource = ctx.source(ev, "name_source", true);
        Source vGens = ctx.source(ev, "generations_source", true);
        ev.finish();
        if (vn != null && !Names.isIdentifier(vn)) {
            ctx.diags.error(ev.pos("name"), Message.WRONG_NODE, "enum value name '" + vn + "'", "an identifier");
            return null;
        }
        if (vn == null || val == null) {
            return null;
        }
        Source own = vs == null ? enumSource : vs;
        Source gens = since == null && until == null ? null : vGens != null ? vGens : gensSource != null ? gensSource : own;
        return new EnumValue(vn, val, since == null ? null : since.intValue(), until == null ? null : until.intValue(), tags,
                vdoc, own, nameSource == null ? own : nameSource, gens, vsyntax, m.pos());
    }

    private List<Subset> subsets(YMap sm) {
        List<Subset> subsets = new ArrayList<>();
        if (sm == null) {
            return subsets;
        }
        for (YMap.Entry e : sm.entries()) {
            YMap m = ctx.asMap(e.value(), "subset");
            if (m == null) {
                continue;
            }
            MapView s = ctx.view(m, "subset " + e.key());
            Long mask = s.reqNum("mask");
            Source ss = ctx.source(s, "source", false);
            s.finish();
            if (mask != null) {
                subsets.add(new Subset(e.key(), mask, ss, e.keyPos()));
            }
        }
        return subsets;
    }
}
