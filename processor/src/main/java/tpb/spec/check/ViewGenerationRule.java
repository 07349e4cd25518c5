package tpb.spec.check;

import java.util.stream.Collectors;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.model.ArchDef;
import tpb.spec.model.ArmDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.ViewDef;

/** A per-generation layout (a view with {@code generation:}) must name an arch profile, so tools can pick it. */
final class ViewGenerationRule implements Rule {
    @Override
    public void check(IsaModel model, Diagnostics diags) {
        for (ArmDef a : model.arms()) {
            for (ViewDef v : a.views()) {
                if (v.generation() != null && !diags.isLeftOut("arch", v.generation()) && model.archs().stream().noneMatch(x -> x.name().equals(v.generation()))) {
                    diags.error(v.pos(), Message.VIEW_GENERATION, a.name() + "." + v.name(), v.generation(),
                            model.archs().stream().map(ArchDef::name).collect(Collectors.joining(", ")));
                }
            }
        }
    }
}
