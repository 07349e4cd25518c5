package tpb.spec.check;

import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.model.ConflictDef;
import tpb.spec.model.IsaModel;

/** A recorded contradiction must be about things the spec defines, so a reader can find both sides. */
final class ConflictRule implements Rule {
    @Override
    public void check(IsaModel model, Diagnostics diags) {
        for (ConflictDef c : model.conflicts()) {
            for (String about : c.about()) {
                boolean known = model.arm(about).isPresent() || model.enumDef(about).isPresent()
                        || model.lut(about).isPresent() || model.group(about).isPresent()
                        || model.archs().stream().anyMatch(a -> a.name().equals(about));
                if (!known && !KnockOn.anyKind(about, diags)) {
                    diags.error(c.pos(), Message.CONFLICT_ABOUT, c.id(), about, KnockOn.anyHint(model, about));
                }
            }
        }
    }
}
