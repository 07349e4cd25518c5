package tpb.spec.check;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tpb.spec.Diagnostic;
import tpb.spec.Diagnostics;
import tpb.spec.Pos;
import tpb.spec.model.ArmDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.LutDef;
import tpb.spec.model.ViewDef;

/**
 * Which arms stand on sound ground: no error so far lies in the arm's document, the root
 * document (the record and its preamble), or the document of any enum, LUT or group the arm's
 * fields use, and none of its fields was left out. A test vector of such an arm is checked even while other parts of the spec are
 * broken — an error elsewhere cannot explain a wrong byte here — and a vector of any other arm
 * waits, because a broken layout or enum would make it echo the same mistake.
 */
final class Soundness {
    private final IsaModel model;
    private final Documents documents;
    private final Diagnostics diags;
    private final Set<Pos> flawed = new HashSet<>();
    private boolean flawedOutsideAny;

    private Soundness(IsaModel model, Documents documents, Diagnostics diags) {
        this.model = model;
        this.documents = documents;
        this.diags = diags;
        for (Diagnostic d : diags.sorted()) {
            Pos doc = documents.documentOf(d.pos());
            if (doc == null) {
                flawedOutsideAny = true;
            } else {
                flawed.add(doc);
            }
        }
    }

    /** Soundness as the errors reported so far leave it. */
    static Soundness now(IsaModel model, Documents documents, Diagnostics diags) {
        return new Soundness(model, documents, diags);
    }

    boolean sound(ArmDef arm) {
        if (flawedOutsideAny || flawed(arm.pos()) || flawed(model.record().pos()) || diags.isLeftOut("vectors", arm.name())) {
            return false;
        }
        if (model.enumDef(model.record().opcodeEnum()).map(e -> flawed(e.pos())).orElse(true)) {
            return false;
        }
        Set<String> seen = new HashSet<>();
        if (!fieldsSound(model.record().preamble(), seen) || !fieldsSound(arm.fields(), seen)) {
            return false;
        }
        for (ViewDef v : arm.views()) {
            if (!fieldsSound(v.fields(), seen)) {
                return false;
            }
        }
        return true;
    }

    private boolean fieldsSound(List<FieldDef> fields, Set<String> seen) {
        for (FieldDef f : fields) {
            if (f.namingEnum() != null && !enumSound(f.namingEnum())) {
                return false;
            }
            if (f.lutRef() != null && !lutSound(f.lutRef())) {
                return false;
            }
            if (f.groupRef() != null && seen.add(f.groupRef())) {
                var g = model.group(f.groupRef()).orElse(null);
                if (g == null || flawed(g.pos()) || !fieldsSound(g.fields(), seen)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The enum's document and, when its values go through a wire LUT, that LUT's. */
    private boolean enumSound(String name) {
        return model.enumDef(name)
                .map(e -> !flawed(e.pos()) && (e.wireLut() == null || model.lut(e.wireLut()).map(l -> !flawed(l.pos())).orElse(false)))
                .orElse(false);
    }

    /**
     * The LUT's document and its input enum's. Its output enum need not be asked: a field through
     * a LUT that yields an enum is LayoutRule's error in the field's own document.
     */
    private boolean lutSound(String name) {
        LutDef l = model.lut(name).orElse(null);
        return l != null && !flawed(l.pos()) && enumSound(l.from());
    }

    /** Whether an error lies in the document holding {@code p}; outside any known document, whether any error stands. */
    private boolean flawed(Pos p) {
        Pos doc = documents.documentOf(p);
        return doc == null ? flawedOutsideAny || !flawed.isEmpty() : flawed.contains(doc);
    }
}
