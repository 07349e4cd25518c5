package tpb.spec.check;

import java.util.HashSet;
import java.util.Set;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Names;
import tpb.spec.model.IsaModel;
import tpb.spec.model.StageDef;

/** A stage names each of its stream rules once, as an identifier (the validator's rule names). */
final class StageRule implements Rule {
    @Override
    public void check(IsaModel model, Diagnostics diags) {
        for (StageDef s : model.stages()) {
            Set<String> seen = new HashSet<>();
            for (String r : s.rules()) {
                if (!Names.isIdentifier(r)) {
                    diags.error(s.pos(), Message.STAGE_RULE, s.name(), r, "which is not an identifier");
                } else if (!seen.add(r)) {
                    diags.error(s.pos(), Message.STAGE_RULE, s.name(), r, "twice");
                }
            }
        }
    }
}
