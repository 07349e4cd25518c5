package tpb.spec.check;

import java.util.List;
import java.util.function.Predicate;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.model.ArmDef;
import tpb.spec.model.Example;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.ViewDef;

/** Every test vector's fields encode to exactly its bytes; the first differing byte is named. */
final class ExampleRule implements Rule {
    private final Predicate<ArmDef> sound;

    /** Checks the vectors of the arms that are {@code sound}. */
    ExampleRule(Predicate<ArmDef> sound) {
        this.sound = sound;
    }

    @Override
    public void check(IsaModel model, Diagnostics diags) {
        for (ArmDef a : model.arms()) {
            if (!sound.test(a)) {
                continue;
            }
            List<Leaf> leaves = Layout.arm(model, a);
            for (Example e : a.examples()) {
                compare(model, a, leaves, e, diags);
            }
            for (ViewDef v : a.views()) {
                List<Leaf> vleaves = Layout.view(model, v);
                for (Example e : v.examples()) {
                    compare(model, a, vleaves, e, diags);
                }
            }
        }
    }

    private static void compare(IsaModel model, ArmDef arm, List<Leaf> leaves, Example e, Diagnostics diags) {
        byte[] encoded = ExampleEncoder.encode(model, arm, leaves, e, diags);
        if (encoded == null) {
            return;
        }
        for (int i = 0; i < encoded.length; i++) {
            if (encoded[i] != e.bytes()[i]) {
                diags.error(e.pos(), Message.EXAMPLE_MISMATCH, e.name(), i, e.bytes()[i] & 0xFF, encoded[i] & 0xFF);
                return;
            }
        }
    }
}
