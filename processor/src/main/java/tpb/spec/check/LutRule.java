package tpb.spec.check;

import java.util.HashMap;
import java.util.Map;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.model.ArmDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.EnumValue;
import tpb.spec.model.IsaModel;
import tpb.spec.model.LutDef;

/**
 * LUT keys are values of the source enum, outputs fit the target, every enum value either
 * encodes or FATALs, and a table declared an involution is one (seed000 §3.2's negation LUT).
 */
final class LutRule implements Rule {
    @Override
    public void check(IsaModel model, Diagnostics diags) {
        for (LutDef l : model.luts()) {
            EnumDef from = model.enumDef(l.from()).orElse(null);
            if (from == null) {
                continue;
            }
            for (LutDef.Entry e : l.entries()) {
                if (from.value(e.key()) == null) {
                    diags.error(e.pos(), Message.LUT_KEY_NOT_IN_ENUM, l.name(), e.key(), from.name());
                }
                if (l.toScalar() != null && !l.toScalar().fits(e.value())) {
                    diags.error(e.pos(), Message.LUT_VALUE_OUT_OF_RANGE, l.name(), e.value(), e.key(), l.toScalar().specName());
                }
            }
            for (LutDef.Fatal f : l.fatals()) {
                if (from.value(f.key()) == null) {
                    diags.error(f.pos(), Message.LUT_KEY_NOT_IN_ENUM, l.name(), f.key(), from.name());
                } else if (l.entry(f.key()) != null) {
                    diags.error(f.pos(), Message.LUT_BOTH, l.name(), f.key());
                }
            }
            if (l.defaultFatal() == null) {
                for (EnumValue v : from.values()) {
                    if (l.entry(v.name()) == null && l.fatalFor(v.name()) == null) {
                        diags.error(l.pos(), Message.LUT_MISSING_KEY, l.name(), v.name());
                    }
                }
            }
            if (l.involution()) {
                checkInvolution(l, from, diags);
            }
            String user = decodedBy(model, l);
            if (user != null && l.toEnum() == null) {
                Map<Long, LutDef.Entry> byWire = new HashMap<>();
                for (LutDef.Entry e : l.entries()) {
                    LutDef.Entry first = byWire.putIfAbsent(e.value(), e);
                    if (first != null) {
                        diags.error(e.pos(), Message.LUT_NOT_INJECTIVE, l.name(), first.key(), e.key(), e.value(), user);
                    }
                }
            }
        }
    }

    /** A field that decodes through {@code l} (so the table must be one-to-one), as "field 'x' of arm Y", or null. */
    private static String decodedBy(IsaModel model, LutDef l) {
        for (ArmDef a : model.arms()) {
            for (Leaf leaf : Layout.arm(model, a)) {
                if (l.name().equals(leaf.def().lutRef())) {
                    return "field '" + leaf.def().name() + "' of arm " + a.name();
                }
            }
        }
        return null;
    }

    private static void checkInvolution(LutDef l, EnumDef from, Diagnostics diags) {
        if (l.toEnum() == null || !l.toEnum().equals(from.name())) {
            diags.error(l.pos(), Message.NOT_INVOLUTION, l.name(), "its output enum", "is not", "its input enum");
            return;
        }
        Map<String, String> f = new HashMap<>();
        for (LutDef.Entry e : l.entries()) {
            f.put(e.key(), e.valueName());
        }
        for (LutDef.Entry e : l.entries()) {
            String once = e.valueName();
            String twice = f.get(once);
            if (!e.key().equals(twice)) {
                diags.error(e.pos(), Message.NOT_INVOLUTION, l.name(), e.key(), once, twice == null ? "(no entry)" : twice);
            }
        }
    }
}
