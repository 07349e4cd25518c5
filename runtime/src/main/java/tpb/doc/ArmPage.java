package tpb.doc;

import java.util.ArrayList;
import java.util.List;
import tpb.spec.Names;
import tpb.spec.model.ArmDef;
import tpb.spec.model.Confidence;
import tpb.spec.model.FeatureDef;
import tpb.spec.model.Guard;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.ViewDef;

/**
 * arms/NAME.html: one arm's opcode, struct and sources, its byte layout and fields, guards, test
 * vectors, views, module features and the contradictions about it.
 */
record ArmPage(String title, String name, String opcode, String opcodeName, String select, String struct, String engine, String syntax,
        String doc, Src source, Src opcodeSource, List<Src> legend, FieldTable fields, List<GuardRow> guards, List<View> views,
        List<FeatureNote> features, List<Conflict> conflicts) implements Page {

    record GuardRow(String field, String allowed, String when, String message, Src source) {}

    record View(String heading, String doc, Src source, FieldTable fields) {}

    /** What a module feature means for this arm: exactly one of the three is set. */
    record FeatureNote(Sets sets, Clears clears, Requires requires) {
        record Sets(String field, String feature, Src source) {}

        record Clears(String feature, Src source) {}

        record Requires(String feature, String setBy, String otherwise, Src source) {}
    }

    static ArmPage of(IsaModel model, ArmDef a) {
        String select = a.select() == null ? null : a.select().otherwise() ? "+" + Names.hex(a.select().at()) + " ≠ the other arms'"
                : "+" + Names.hex(a.select().at()) + " = " + a.select().equals();
        List<Src> legend = new ArrayList<>();
        for (Confidence c : Confidence.values()) {
            legend.add(Src.badge(c));
        }
        List<GuardRow> guards = new ArrayList<>();
        for (Guard g : a.guards()) {
            guards.add(new GuardRow(g.fieldText(), g.ruleText(),
                    g.when().isEmpty() ? "" : " when " + g.whenText(), g.message(),
                    Src.of(g.source())));
        }
        List<View> views = new ArrayList<>();
        for (ViewDef v : a.views()) {
            views.add(new View(v.generation() == null ? "View " + v.name() : "Layout on " + v.generation() + " (view " + v.name() + ")",
                    v.doc() == null ? "" : v.doc(), Src.of(v.source()), FieldTable.of(model, Layout.view(model, v), v.examples())));
        }
        return new ArmPage(a.name() + " — " + model.title(), a.name(), Names.hex(a.opcode()), a.opcodeName(), select, a.struct(), a.engine(),
                a.syntax(), a.doc(), Src.of(a.source()), a.opcodeSource() == null ? null : Src.of(a.opcodeSource()), legend,
                FieldTable.of(model, Layout.arm(model, a), a.examples()), guards, views, features(model, a),
                model.conflicts().stream().filter(c -> c.about().contains(a.name())).map(Conflict::of).toList());
    }

    private static List<FeatureNote> features(IsaModel model, ArmDef a) {
        List<FeatureNote> out = new ArrayList<>();
        for (FeatureDef f : model.features()) {
            if (f.setByArm().equals(a.name())) {
                out.add(new FeatureNote(new FeatureNote.Sets(f.setByField(), f.name(),
                        Src.of(f.setBySource() == null ? f.source() : f.setBySource())), null, null));
            }
            for (FeatureDef.Clear c : f.clearedBy()) {
                if (c.arm().equals(a.name())) {
                    out.add(new FeatureNote(null, new FeatureNote.Clears(f.name(), Src.of(c.source() == null ? f.source() : c.source())), null));
                }
            }
            for (FeatureDef.Requirement r : f.requiredBy()) {
                if (r.arm().equals(a.name())) {
                    out.add(new FeatureNote(null, null, new FeatureNote.Requires(f.name(), f.setByArm() + "." + f.setByField(), r.message(),
                            Src.of(r.source() == null ? f.source() : r.source()))));
                }
            }
        }
        return out;
    }

    public boolean hasGuards() {
        return !guards.isEmpty();
    }

    public boolean hasConflicts() {
        return !conflicts.isEmpty();
    }

    @Override
    public String up() {
        return "../";
    }
}
