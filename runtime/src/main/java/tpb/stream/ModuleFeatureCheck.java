package tpb.stream;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import tpb.codec.Violation;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.Instruction;
import tpb.isa.ModuleFeature;

/**
 * The spec's module-feature rules over a stream, record by record in stream order (the order the
 * encoders wrote them): a record that needs a feature (ResetQueueInstance needs
 * neff_feature_SQI_no_rearm, facts §3.10) is a violation unless an earlier record set it and no
 * record since cleared it (ResetQueueInstance asserts the feature and then clears it, seed000
 * §4.4). A stream stands for the module here. Only records of arms a feature concerns are decoded.
 * Records arrive one at a time ({@link #accept}) and a violation is known at its record, so the
 * state is a set of features and where each was last cleared, whatever the stream's length.
 */
final class ModuleFeatureCheck {
    /** By {@link Arm} ordinal: does a feature rule name the arm? */
    private static final boolean[] CONCERNS = new boolean[Arm.values().length];

    static {
        for (Arm a : Arm.values()) {
            boolean sets = false;
            for (ModuleFeature f : ModuleFeature.values()) {
                sets |= f.setByArm().equals(a.specName());
            }
            if (sets || !ModuleFeature.requiredBy(a.specName()).isEmpty() || !ModuleFeature.clearedBy(a.specName()).isEmpty()) {
                CONCERNS[a.ordinal()] = true;
            }
        }
    }

    private final EnumSet<ModuleFeature> set = EnumSet.noneOf(ModuleFeature.class);
    /** The record that last cleared each feature, for the message. */
    private final Map<ModuleFeature, Integer> clearedAt = new EnumMap<>(ModuleFeature.class);

    /**
     * {@code declared}: feature names the module declares outside its records (a NEFF's def.json
     * {@code neff_features}): set from the start, until a record clears them.
     */
    ModuleFeatureCheck(Set<String> declared) {
        for (ModuleFeature f : ModuleFeature.values()) {
            if (declared.contains(f.specName())) {
                set.add(f);
            }
        }
    }

    /** Checks the record at {@code off} (stream index {@code record}); a need it finds unmet goes to {@code out}. */
    void accept(byte[] b, int off, int record, Consumer<Violation> out) {
        if (!CONCERNS[Decoder.identify(b, off).ordinal()]) {
            return;
        }
        Instruction r = Decoder.decode(b, off);
        String arm = r.arm().specName();
        for (ModuleFeature f : ModuleFeature.requiredBy(r)) {
            if (!set.contains(f)) {
                Integer k = clearedAt.get(f);
                out.accept(new Violation(record, "stream", 0, "feature", arm + " needs the module feature " + f.specName()
                        + " (else " + f.consequence(arm) + "), which " + (k == null ? "no earlier " + f.setByArm() + " with "
                        + f.setByField() + " set provides" : "record " + k + " cleared; a " + f.setByArm() + " with "
                        + f.setByField() + " set must come between")));
            }
        }
        for (ModuleFeature f : ModuleFeature.clearedBy(r)) {
            if (set.remove(f)) {
                clearedAt.put(f, record);
            }
        }
        set.addAll(ModuleFeature.setBy(r));
    }
}
