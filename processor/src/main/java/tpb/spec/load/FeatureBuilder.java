package tpb.spec.load;

import java.util.ArrayList;
import java.util.List;
import tpb.spec.Pos;
import tpb.spec.model.FeatureDef;
import tpb.spec.model.Source;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YSeq;

/** {@code feature:} documents: a module feature set by an arm's field, required or cleared by other arms. */
final class FeatureBuilder {
    private final ResolveContext ctx;

    FeatureBuilder(ResolveContext ctx) {
        this.ctx = ctx;
    }

    /** {@code set_by: {arm, field, source}} as written, with where each name stands. */
    private record SetBy(String arm, String field, Pos armPos, Pos fieldPos, Source source) {}

    FeatureDef build(MapView v) {
        String name = v.str("feature");
        String doc = v.str("doc");
        Source source = ctx.source(v, "source", false);
        YMap setByMap = v.map("set_by");
        YSeq required = v.seq("required_by");
        YSeq cleared = v.seq("cleared_by");
        if (setByMap == null && !v.has("set_by")) {
            v.missing("set_by");
        }
        v.finish();
        SetBy setBy = setByMap == null ? new SetBy(null, null, v.pos("feature"), v.pos("feature"), null) : setBy(setByMap, name);
        List<FeatureDef.Requirement> requirements = new ArrayList<>();
        for (YMap rm : ctx.maps(required, "requirement")) {
            MapView rv = ctx.view(rm, "required_by of feature " + name);
            String rarm = rv.reqStr("arm");
            String message = rv.reqStr("message");
            Source s = ctx.source(rv, "source", true);
            rv.finish();
            if (rarm != null && message != null) {
                requirements.add(new FeatureDef.Requirement(rarm, message, s, rv.pos("arm")));
            }
        }
        List<FeatureDef.Clear> clears = new ArrayList<>();
        for (YMap cm : ctx.maps(cleared, "clear")) {
            MapView cv = ctx.view(cm, "cleared_by of feature " + name);
            String carm = cv.reqStr("arm");
            Source s = ctx.source(cv, "source", true);
            cv.finish();
            if (carm != null) {
                clears.add(new FeatureDef.Clear(carm, s, cm.pos()));
            }
        }
        if (setBy.arm() == null || setBy.field() == null || source == null) {
            return null;
        }
        return new FeatureDef(name, doc, source, setBy.arm(), setBy.field(), setBy.source(), requirements, clears,
                v.pos("feature"), setBy.armPos(), setBy.fieldPos());
    }

    private SetBy setBy(YMap setByMap, String feature) {
        MapView sv = ctx.view(setByMap, "set_by of feature " + feature);
        String arm = sv.reqStr("arm");
        String field = sv.reqStr("field");
        Source source = ctx.source(sv, "source", true);
        sv.finish();
        return new SetBy(arm, field, sv.pos("arm"), sv.pos("field"), source);
    }
}
