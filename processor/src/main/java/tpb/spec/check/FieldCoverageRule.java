package tpb.spec.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.model.ArmDef;
import tpb.spec.model.Example;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;

/**
 * Every laid-out field is exercised: some example of its arm encodes a non-zero byte inside it.
 * A field that is zero in every vector can move to another offset without a vector noticing, so
 * the spec could drift from its source in silence. An arm lists the fields it cannot exercise
 * under {@code unexercised:} with the reason; listing a field that an example does set is an
 * error too, so the list stays true. The shared preamble is checked once, over the examples of
 * every arm. Reserved and constant fields and the opcode are fixed by the spec, not by examples.
 */
final class FieldCoverageRule implements Rule {
    private final Predicate<ArmDef> sound;
    private final boolean preamble;

    /** Checks the arms that are {@code sound}, and the shared {@code preamble} too when asked. */
    FieldCoverageRule(Predicate<ArmDef> sound, boolean preamble) {
        this.sound = sound;
        this.preamble = preamble;
    }

    @Override
    public void check(IsaModel model, Diagnostics diags) {
        int preambleLeaves = Layout.fields(model, model.record().preamble(), model.record().source()).size();
        Map<String, Leaf> preambleUnset = new LinkedHashMap<>();
        for (Leaf l : Layout.fields(model, model.record().preamble(), model.record().source())) {
            if (counts(model, l)) {
                preambleUnset.put(l.path(), l);
            }
        }
        for (ArmDef arm : model.arms()) {
            if (arm.opaque() || !sound.test(arm)) {
                continue;
            }
            List<Leaf> leaves = Layout.arm(model, arm);
            List<byte[]> vectors = new ArrayList<>();
            for (Example e : arm.examples()) {
                byte[] b = ExampleEncoder.encode(model, arm, leaves, e, new Diagnostics());
                if (b != null) {
                    vectors.add(b);
                }
            }
            for (int i = 0; i < preambleLeaves; i++) {
                if (setBy(vectors, leaves.get(i)) >= 0) {
                    preambleUnset.remove(leaves.get(i).path());
                }
            }
            Map<String, ArmDef.Unexercised> marked = new LinkedHashMap<>();
            for (ArmDef.Unexercised u : arm.unexercised()) {
                marked.put(u.path(), u);
                if (Layout.find(leaves.subList(preambleLeaves, leaves.size()), u.path()) == null) {
                    diags.error(u.pos(), Message.UNKNOWN_REF, "field of arm " + arm.name(), u.path(), "");
                }
            }
            for (Leaf l : leaves.subList(preambleLeaves, leaves.size())) {
                if (!counts(model, l)) {
                    continue;
                }
                int by = setBy(vectors, l);
                ArmDef.Unexercised u = marked.get(l.path());
                if (by < 0 && u == null) {
                    diags.error(arm.pos(), Message.FIELD_UNEXERCISED, "arm '" + arm.name() + "'", l.path(), l.offset());
                } else if (by >= 0 && u != null) {
                    diags.error(u.pos(), Message.UNEXERCISED_STALE, arm.name(), l.path(), arm.examples().get(by).name());
                }
            }
        }
        for (Leaf l : preamble ? preambleUnset.values() : List.<Leaf>of()) {
            diags.error(model.record().pos(), Message.FIELD_UNEXERCISED, "the preamble", l.path(), l.offset());
        }
    }

    /** The opcode, constants and reserved bytes are fixed by the spec; every other field needs a vector. */
    private static boolean counts(IsaModel model, Leaf l) {
        return !l.def().reserved() && !l.def().isConst() && !ExampleEncoder.isOpcode(model, l);
    }

    /** The index of the first vector with a non-zero byte inside {@code l}, or -1. */
    private static int setBy(List<byte[]> vectors, Leaf l) {
        for (int v = 0; v < vectors.size(); v++) {
            for (int i = l.offset(); i < l.end(); i++) {
                if (vectors.get(v)[i] != 0) {
                    return v;
                }
            }
        }
        return -1;
    }
}
