package tpb.ir;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import tpb.isa.ModuleFeature;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YScalar;

/**
 * The spec's module-feature rules ({@code feature:}) applied in kernel order: the features the
 * instructions read so far have set, and the instructions that need one. Kernel instructions and
 * their keys are named as the spec's arms and fields are, so the rules apply by name.
 */
final class FeatureOrder {
    private final Diagnostics diags;
    private final EnumSet<ModuleFeature> features = EnumSet.noneOf(ModuleFeature.class);
    /** Where each module feature was last cleared (for the message when a later instruction needs it). */
    private final Map<ModuleFeature, Pos> clearedAt = new EnumMap<>(ModuleFeature.class);

    FeatureOrder(Diagnostics diags) {
        this.diags = diags;
    }

    /**
     * The instruction {@code kind} (its mapping {@code m}, at {@code pos}) in the order the encoders
     * meet it: a requirement first, then the record's own clear (ResetQueueInstance asserts
     * neff_feature_SQI_no_rearm, then clears it: seed000 §4.4), then its set.
     */
    void apply(String kind, YMap m, Pos pos) {
        for (ModuleFeature f : ModuleFeature.requiredBy(kind)) {
            if (!features.contains(f)) {
                Pos cleared = clearedAt.get(f);
                diags.error(pos, Message.KERNEL, kind + " needs the module feature " + f.specName() + " (else " + f.consequence(kind) + "): "
                        + (cleared == null ? "add a " + f.setByArm() + " with " + f.setByField() + " set before it"
                        : "the " + kind + " at " + cleared.line() + ":" + cleared.column() + " cleared it; add a " + f.setByArm()
                        + " with " + f.setByField() + " set between them"));
            }
        }
        for (ModuleFeature f : ModuleFeature.clearedBy(kind)) {
            if (features.remove(f)) {
                clearedAt.put(f, pos);
            }
        }
        features.addAll(ModuleFeature.setBy(kind, field -> fieldValue(m, field)));
    }

    /** An instruction's value for a spec field: its number, 1 or 0 for true or false, 0 when absent. */
    private static long fieldValue(YMap m, String field) {
        if (m.get(field) instanceof YScalar s) {
            if (s.kind() == YScalar.Kind.BOOL) {
                return Boolean.parseBoolean(s.text()) ? 1 : 0;
            }
            try {
                return Long.decode(s.text());
            } catch (NumberFormatException notANumber) {
                return 0; // already reported where the key is read
            }
        }
        return 0;
    }
}
