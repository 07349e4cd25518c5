package tpb.spec.load;

import java.util.ArrayList;
import java.util.List;
import tpb.spec.Message;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.LutDef;
import tpb.spec.model.ScalarType;
import tpb.spec.model.Source;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YScalar;

/** {@code lut:} documents: a table from an enum's values to wire numbers or another enum's values. */
final class LutBuilder {
    private final ResolveContext ctx;

    LutBuilder(ResolveContext ctx) {
        this.ctx = ctx;
    }

    LutDef build(MapView v) {
        String name = v.str("lut");
        String from = v.reqStr("from");
        String to = v.reqStr("to");
        boolean involution = v.bool("involution");
        String doc = v.str("doc");
        Source source = ctx.source(v, "source", false);
        YMap entriesMap = v.map("entries");
        if (entriesMap == null && !v.has("entries")) {
            v.missing("entries");
        }
        YMap fatalMap = v.map("fatal");
        v.finish();
        EnumDef fromEnum = from == null ? null : ctx.enumRef(from, v.pos("from"));
        ScalarType toScalar = to == null ? null : ScalarType.parse(to);
        EnumDef toEnum = null;
        if (to != null && toScalar == null) {
            toEnum = ctx.enumRef(to, v.pos("to"));
            if (toEnum == null) {
                return null;
            }
        }
        List<LutDef.Entry> entries = entries(entriesMap, toEnum);
        List<LutDef.Fatal> fatals = new ArrayList<>();
        LutDef.Fatal defaultFatal = null;
        if (fatalMap != null) {
            for (YMap.Entry e : fatalMap.entries()) {
                LutDef.Fatal f = fatal(e, source);
                if (f != null && e.key().equals("default")) {
                    defaultFatal = f;
                } else if (f != null) {
                    fatals.add(f);
                }
            }
        }
        if (fromEnum == null || source == null || to == null) {
            return null;
        }
        return new LutDef(name, from, toScalar, toEnum == null ? null : toEnum.name(), involution, entries, fatals,
                defaultFatal, doc, source, v.pos("lut"));
    }

    /** Each entry maps a key to a wire number, or to a value name of {@code toEnum} when the table maps to an enum. */
    private List<LutDef.Entry> entries(YMap entriesMap, EnumDef toEnum) {
        List<LutDef.Entry> entries = new ArrayList<>();
        if (entriesMap == null) {
            return entries;
        }
        for (YMap.Entry e : entriesMap.entries()) {
            if (toEnum != null) {
                String vn = ResolveContext.scalarText(e.value());
                EnumValue ev = ctx.enumValue(toEnum, vn, e.value().pos());
                if (ev != null) {
                    entries.add(new LutDef.Entry(e.key(), ev.value(), vn, e.keyPos()));
                }
            } else {
                Long n = MapView.number(e.value(), e.key(), ctx.diags);
                if (n != null) {
                    entries.add(new LutDef.Entry(e.key(), n, null, e.keyPos()));
                }
            }
        }
        return entries;
    }

    private LutDef.Fatal fatal(YMap.Entry e, Source inherited) {
        if (e.value() instanceof YScalar s && s.kind() == YScalar.Kind.STR) {
            return new LutDef.Fatal(e.key(), s.text(), inherited, e.keyPos());
        }
        if (e.value() instanceof YMap m) {
            MapView f = ctx.view(m, "fatal " + e.key());
            String msg = f.reqStr("message");
            Source s = ctx.source(f, "source", true);
            f.finish();
            return msg == null ? null : new LutDef.Fatal(e.key(), msg, s == null ? inherited : s, e.keyPos());
        }
        ctx.diags.error(e.value().pos(), Message.WRONG_NODE, "fatal " + e.key(), "a message or {message, source}");
        return null;
    }
}
