package tpb.spec.load;

import java.util.List;
import tpb.spec.model.Source;
import tpb.spec.model.StageDef;
import tpb.spec.yaml.MapView;

/** {@code stage:} documents: a named list of the validator's rules, run together. */
final class StageBuilder {
    private final ResolveContext ctx;

    StageBuilder(ResolveContext ctx) {
        this.ctx = ctx;
    }

    StageDef build(MapView v) {
        String name = v.str("stage");
        String doc = v.str("doc");
        Source source = ctx.source(v, "source", false);
        if (!v.has("rules")) {
            v.missing("rules");
        }
        List<String> rules = v.strList("rules");
        v.finish();
        if (source == null || !v.has("rules")) {
            return null;
        }
        return new StageDef(name, doc, rules, source, v.pos("stage"));
    }
}
