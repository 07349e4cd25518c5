package tpb.doc;

import java.util.ArrayList;
import java.util.List;
import tpb.data.DataAssumptions;
import tpb.spec.model.ArchDef;
import tpb.spec.model.ArmDef;
import tpb.spec.model.Confidence;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.LutDef;
import tpb.spec.model.Source;
import tpb.spec.model.StageDef;

/**
 * assumptions.html: every fact the spec holds on less than the sources' word (ASSUMED or
 * SPECULATIVE), rows of laid-out arms linked to their pages; the validation-stage decisions; the
 * data level's decisions; and every contradiction between the sources.
 */
record AssumptionsPage(String title, List<Row> rows, int opaqueArms, List<Row> dataDecisions, List<Conflict> conflicts) implements Page {

    /** One fact; {@code page} (relative to the site root) links it to the page that shows it, or is null. */
    record Row(String what, String page, Src badge, String evidence) {}

    public Src assumed() {
        return Src.badge(Confidence.ASSUMED);
    }

    public Src speculative() {
        return Src.badge(Confidence.SPECULATIVE);
    }

    static AssumptionsPage of(IsaModel model) {
        List<Row> rows = new ArrayList<>();
        int opaque = 0;
        for (ArmDef a : model.arms()) {
            if (a.opaque()) {
                opaque++;
                continue;
            }
            String page = "arms/" + a.name() + ".html";
            weak(rows, "arm " + a.name(), a.source(), page);
            if (a.opcodeSource() != null) {
                weak(rows, "arm " + a.name() + " opcode binding", a.opcodeSource(), page);
            }
            if (a.syntaxSource() != null) {
                weak(rows, "arm " + a.name() + " values its syntax line implies", a.syntaxSource(), page);
            }
            for (Leaf l : Layout.arm(model, a)) {
                weak(rows, "arm " + a.name() + " field " + l.path(), l.source(), page);
            }
        }
        for (EnumDef e : model.enums()) {
            weak(rows, "enum " + e.name(), e.source(), null);
            for (EnumValue v : e.values()) {
                weak(rows, "enum " + e.name() + " value " + v.name(), v.source(), null);
                if (v.nameSource() != v.source()) {
                    weak(rows, "enum " + e.name() + " value " + v.name() + " name", v.nameSource(), null);
                }
                if (v.generationsSource() != v.source()) {
                    weak(rows, "enum " + e.name() + " value " + v.name() + " generations", v.generationsSource(), null);
                }
            }
        }
        for (LutDef l : model.luts()) {
            weak(rows, "lut " + l.name(), l.source(), null);
            for (LutDef.Fatal f : l.fatals()) {
                weak(rows, "lut " + l.name() + " fatal " + f.key(), f.source(), null);
            }
        }
        for (ArchDef a : model.archs()) {
            for (ArchDef.Constant c : a.constants()) {
                weak(rows, "arch " + a.name() + " " + c.name(), c.source(), null);
            }
            if (a.terminatorsSource() != null) {
                weak(rows, "arch " + a.name() + " terminators", a.terminatorsSource(), null);
            }
        }
        // a decision the project made on the sources' evidence, listed whatever its confidence (the stage rule is one)
        for (StageDef st : model.stages()) {
            rows.add(new Row("stage " + st.name() + ": stream rules " + (st.rules().isEmpty() ? "none" : String.join(", ", st.rules())), null,
                    Src.badge(st.source().confidence()), st.source().ref()));
        }
        List<Row> data = DataAssumptions.ALL.stream()
                .map(d -> new Row(d.what(), null, Src.badge(Confidence.valueOf(d.confidence())), d.evidence())).toList();
        return new AssumptionsPage("Assumed and speculative facts — " + model.title(), rows, opaque, data,
                model.conflicts().stream().map(Conflict::of).toList());
    }

    private static void weak(List<Row> rows, String what, Source s, String page) {
        if (s != null && (s.confidence() == Confidence.ASSUMED || s.confidence() == Confidence.SPECULATIVE)) {
            rows.add(new Row(what, page, Src.badge(s.confidence()), s.ref()));
        }
    }
}
