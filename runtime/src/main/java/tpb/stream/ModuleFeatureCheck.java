package tpb.stream;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
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
 */
final class ModuleFeatureCheck {
    private ModuleFeatureCheck() {}

    private static final boolean[] CONCERNS = new boolean[256];

    static {
        for (Arm a : Arm.values()) {
            boolean sets = false;
            for (ModuleFeature f : ModuleFeature.values()) {
                sets |= f.setByArm().equals(a.specName());
            }
            if (sets || !ModuleFeature.requiredBy(a.specName()).isEmpty() || !ModuleFeature.clearedBy(a.specName()).isEmpty()) {
                CONCERNS[a.opcode() & 0xFF] = true;
            }
        }
    }

    /**
     * {@code declared}: feature names the module declares outside its records (a NEFF's def.json
     * {@code neff_features}): set from the start, until a record clears them.
     */
    static List<Violation> check(RecordStream stream, java.util.Set<String> declared) {
        EnumSet<ModuleFeature> set = EnumSet.noneOf(ModuleFeature.class);
        for (ModuleFeature f : ModuleFeature.values()) {
            if (declared.contains(f.specName())) {
                set.add(f);
            }
        }
        // the record that last cleared each feature, for the message
        java.util.Map<ModuleFeature, Integer> clearedAt = new java.util.EnumMap<>(ModuleFeature.class);
        List<Violation> out = new ArrayList<>();
        byte[] b = stream.bytes();
        for (int i = 0; i < stream.count(); i++) {
            int off = RecordStream.offsetOf(i);
            if (!CONCERNS[b[off] & 0xFF]) {
                continue;
            }
            Instruction r = Decoder.decode(b, off);
            String arm = r.arm().specName();
            for (ModuleFeature f : ModuleFeature.requiredBy(r)) {
                if (!set.contains(f)) {
                    Integer k = clearedAt.get(f);
                    out.add(new Violation(i, "stream", 0, "feature", arm + " needs the module feature " + f.specName()
                            + " (else " + f.consequence(arm) + "), which " + (k == null ? "no earlier " + f.setByArm() + " with "
                            + f.setByField() + " set provides" : "record " + k + " cleared; a " + f.setByArm() + " with "
                            + f.setByField() + " set must come between")));
                }
            }
            for (ModuleFeature f : ModuleFeature.clearedBy(r)) {
                if (set.remove(f)) {
                    clearedAt.put(f, i);
                }
            }
            set.addAll(ModuleFeature.setBy(r));
        }
        return out;
    }
}
