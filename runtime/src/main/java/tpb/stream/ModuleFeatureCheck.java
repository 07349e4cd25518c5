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
 * The spec's module-feature rules over a stream: a record that needs a feature (ResetQueueInstance
 * needs neff_feature_SQI_no_rearm, facts §3.10) is a violation unless some record of the stream
 * sets it. A stream stands for the module here, as the runtime reads features module-wide. Only
 * records of arms a feature concerns are decoded.
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
            if (sets || !ModuleFeature.requiredBy(a.specName()).isEmpty()) {
                CONCERNS[a.opcode() & 0xFF] = true;
            }
        }
    }

    private record Need(int record, String arm, ModuleFeature feature) {}

    static List<Violation> check(RecordStream stream) {
        EnumSet<ModuleFeature> set = EnumSet.noneOf(ModuleFeature.class);
        List<Need> needs = new ArrayList<>();
        byte[] b = stream.bytes();
        for (int i = 0; i < stream.count(); i++) {
            int off = RecordStream.offsetOf(i);
            if (!CONCERNS[b[off] & 0xFF]) {
                continue;
            }
            Instruction r = Decoder.decode(b, off);
            set.addAll(ModuleFeature.setBy(r));
            for (ModuleFeature f : ModuleFeature.requiredBy(r)) {
                needs.add(new Need(i, r.arm().specName(), f));
            }
        }
        List<Violation> out = new ArrayList<>();
        for (Need n : needs) {
            ModuleFeature f = n.feature();
            if (!set.contains(f)) {
                out.add(new Violation(n.record(), "stream", 0, "feature", n.arm() + " needs the module feature " + f.specName()
                        + " (else " + f.consequence(n.arm()) + "), which no " + f.setByArm() + " with " + f.setByField() + " set provides"));
            }
        }
        return out;
    }
}
