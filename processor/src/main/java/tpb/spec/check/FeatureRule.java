package tpb.spec.check;

import java.util.Optional;
import tpb.spec.Diagnostics;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.model.ArmDef;
import tpb.spec.model.FeatureDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.IsaModel;

/**
 * A module feature names arms with layouts, and the field that sets it is an integer (set means
 * non-zero), so the generated {@code ModuleFeature} can test records for it.
 */
final class FeatureRule implements Rule {
    @Override
    public void check(IsaModel model, Diagnostics diags) {
        for (FeatureDef f : model.features()) {
            Optional<ArmDef> setter = laidOut(model, f.setByArm());
            if (setter.isEmpty() && diags.isLeftOut("arm", f.setByArm())
                    || setter.isPresent() && KnockOn.field(model, setter.get(), f.setByField(), diags)) {
                // the arm or the field was left out after an error: that error is the cause
            } else if (setter.isEmpty()) {
                diags.error(f.setByArmPos(), Message.FEATURE_ARM, f.name(), "is set by", f.setByArm(), suggest(model, f.setByArm()));
            } else if (setter.get().fields().stream().noneMatch(x -> x.name().equals(f.setByField()) && integer(x))) {
                diags.error(f.setByFieldPos(), Message.FEATURE_FIELD, f.name(), f.setByField(), f.setByArm(),
                        setter.get().fields().stream().filter(FeatureRule::integer).map(FieldDef::name).toList());
            }
            for (FeatureDef.Requirement r : f.requiredBy()) {
                if (laidOut(model, r.arm()).isEmpty() && !diags.isLeftOut("arm", r.arm())) {
                    diags.error(r.pos(), Message.FEATURE_ARM, f.name(), "is required by", r.arm(), suggest(model, r.arm()));
                }
            }
            for (FeatureDef.Clear c : f.clearedBy()) {
                if (laidOut(model, c.arm()).isEmpty() && !diags.isLeftOut("arm", c.arm())) {
                    diags.error(c.pos(), Message.FEATURE_ARM, f.name(), "is cleared by", c.arm(), suggest(model, c.arm()));
                }
            }
        }
    }

    private static Optional<ArmDef> laidOut(IsaModel model, String arm) {
        return model.arm(arm).filter(a -> !a.opaque());
    }

    private static boolean integer(FieldDef f) {
        return f.kind() == FieldDef.Kind.SCALAR && f.count() == 1 && f.enumRef() == null && f.lutRef() == null && !f.isConst();
    }

    private static String suggest(IsaModel model, String arm) {
        return DidYouMean.suggest(arm, model.arms().stream().filter(a -> !a.opaque()).map(ArmDef::name).toList());
    }
}
