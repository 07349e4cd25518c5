package tpb.spec.check;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.IsaModel;
import tpb.spec.model.LutDef;
import tpb.spec.model.Subset;

/**
 * Enum values are unique by name and by value, fit the enum's type, and a wire LUT maps from the
 * enum; at most one enum plays each role.
 */
final class EnumRule implements Rule {
    @Override
    public void check(IsaModel model, Diagnostics diags) {
        Map<EnumDef.Role, EnumDef> byRole = new EnumMap<>(EnumDef.Role.class);
        for (EnumDef e : model.enums()) {
            EnumDef before = e.role() == null ? null : byRole.putIfAbsent(e.role(), e);
            if (before != null) {
                diags.error(e.pos(), Message.DUPLICATE_NAME, "enum role", e.role().specName(), before.pos() + " on enum " + before.name());
            }
            Map<String, EnumValue> byName = new HashMap<>();
            Map<Long, EnumValue> byValue = new HashMap<>();
            for (EnumValue v : e.values()) {
                EnumValue first = byName.putIfAbsent(v.name(), v);
                if (first != null) {
                    diags.error(v.pos(), Message.DUPLICATE_NAME, "value of enum " + e.name(), v.name(), first.pos());
                }
                EnumValue same = byValue.putIfAbsent(v.value(), v);
                if (same != null) {
                    diags.error(v.pos(), Message.DUPLICATE_ENUM_VALUE, e.name(), v.value(), v.name(), same.name());
                }
                if (!e.type().fits(v.value())) {
                    diags.error(v.pos(), Message.VALUE_OUT_OF_RANGE, "enum " + e.name() + " value " + v.name(), v.value(),
                            e.type().specName());
                }
            }
            for (Subset s : e.subsets()) {
                for (int bit = 0; bit < 64; bit++) {
                    if ((s.mask() >>> bit & 1) != 0 && e.byValue(bit) == null) {
                        diags.error(s.pos(), Message.VALUE_OUT_OF_RANGE, "subset " + s.name() + " of enum " + e.name(),
                                "bit " + bit, "the enum (no value " + bit + ")");
                    }
                }
            }
            if (e.wireLut() != null) {
                LutDef l = model.lut(e.wireLut()).orElse(null);
                if (l == null) {
                    if (!diags.isLeftOut("lut", e.wireLut())) { // a LUT left out after an error is that error's
                        diags.error(e.pos(), Message.UNKNOWN_REF, "lut", e.wireLut(), " (named as the wire table of enum " + e.name() + ")");
                    }
                } else if (!l.from().equals(e.name())) {
                    diags.error(e.pos(), Message.UNKNOWN_REF, "lut", e.wireLut(),
                            " as a wire table: it maps from " + l.from() + ", not " + e.name());
                }
            }
        }
    }
}
