package tpb.spec.load;

import java.util.ArrayList;
import java.util.List;
import tpb.spec.Message;
import tpb.spec.model.ConflictDef;
import tpb.spec.model.Source;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YSeq;

/** {@code conflict:} documents: two or more readings of one fact, each with its source, and what is emitted. */
final class ConflictBuilder {
    private final ResolveContext ctx;

    ConflictBuilder(ResolveContext ctx) {
        this.ctx = ctx;
    }

    ConflictDef build(MapView v) {
        String id = v.str("conflict");
        List<String> about = v.strList("about");
        YSeq readings = v.seq("readings");
        String realData = v.str("real_data");
        String emitted = v.reqStr("emitted");
        v.finish();
        List<ConflictDef.Reading> out = new ArrayList<>();
        for (YMap rm : ctx.maps(readings, "reading")) {
            MapView rv = ctx.view(rm, "reading of conflict " + id);
            String claim = rv.reqStr("claim");
            Source s = ctx.source(rv, "source", false);
            rv.finish();
            if (claim != null && s != null) {
                out.add(new ConflictDef.Reading(claim, s));
            }
        }
        if (out.size() < 2) {
            ctx.diags.error(v.pos(), Message.WRONG_NODE, "readings of conflict " + id, "at least two readings");
            return null;
        }
        return emitted == null ? null : new ConflictDef(id, about, out, realData, emitted, v.pos("conflict"));
    }
}
