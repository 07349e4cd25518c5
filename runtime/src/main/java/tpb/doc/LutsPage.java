package tpb.doc;

import java.util.ArrayList;
import java.util.List;
import tpb.spec.Names;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.IsaModel;
import tpb.spec.model.LutDef;

/** luts.html: every lookup table, key by key, with the keys it refuses. */
record LutsPage(String title, List<Lut> luts) implements Page {

    record Lut(String name, String mapping, Src source, List<Entry> entries) {}

    /** {@code wire}: the value (null when refused); {@code fatal}: the refusal's message (null when mapped). */
    record Entry(String key, String wire, String fatal) {}

    static LutsPage of(IsaModel model) {
        List<Lut> luts = new ArrayList<>();
        for (LutDef l : model.luts()) {
            EnumDef from = model.enumDef(l.from()).orElseThrow();
            List<Entry> entries = new ArrayList<>();
            for (EnumValue v : from.values()) {
                LutDef.Entry e = l.entry(v.name());
                LutDef.Fatal f = l.fatalFor(v.name());
                entries.add(new Entry(v.name(), e == null ? null : e.valueName() != null ? e.valueName() : Names.hex(e.value()),
                        e == null && f != null ? f.message() : null));
            }
            String mapping = l.from() + " → " + (l.toScalar() != null ? l.toScalar().specName() : l.toEnum()) + (l.involution() ? " (an involution)" : "");
            luts.add(new Lut(l.name(), mapping, Src.of(l.source()), entries));
        }
        return new LutsPage("LUTs — " + model.title(), luts);
    }
}
