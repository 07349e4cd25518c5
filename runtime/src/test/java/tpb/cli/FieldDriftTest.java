package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tpb.spec.Diagnostics;
import tpb.spec.Pos;
import tpb.spec.check.Checker;
import tpb.spec.load.LoadResult;
import tpb.spec.load.SpecFiles;
import tpb.spec.load.SpecLoader;
import tpb.spec.model.ArmDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.RecordShape;

/**
 * A field moved by one byte in the shipped spec is a red build. Every laid-out field of every arm
 * is moved one byte up and one byte down, one at a time, in the loaded model (parsing the YAML
 * again per move would cost a minute), and the processor's checks must refuse each moved spec: an example's bytes no longer match, or the move makes an overlap. Fields the
 * spec lists as {@code unexercised:} (with the reason) are the only ones allowed to drift unseen.
 */
class FieldDriftTest {
    static final String ROOT = "isa/tpb/isa.yaml";
    static final SpecFiles SHIPPED = SpecFiles.directory(SpecToolsTest.SHIPPED);

    /** {@code model} with the field declared at {@code where} (in an arm, a group or the preamble) moved by {@code delta}. */
    static IsaModel moved(IsaModel model, Pos where, int delta) {
        RecordShape r = model.record();
        RecordShape record = new RecordShape(r.size(), r.littleEndian(), r.stride(), r.opcodeAt(), r.opcodeEnum(),
                moved(r.preamble(), where, delta), r.opaqueUnlisted(), r.source(), r.opcodePos(), r.pos());
        List<GroupDef> groups = model.groups().stream()
                .map(g -> new GroupDef(g.name(), g.size(), moved(g.fields(), where, delta), g.checks(), g.doc(), g.source(), g.pos()))
                .toList();
        List<ArmDef> arms = model.arms().stream()
                .map(a -> new ArmDef(a.name(), a.opcodeName(), a.opcode(), a.struct(), a.engine(), a.sync(), a.select(),
                        moved(a.fields(), where, delta), a.guards(), a.syntax(), a.examples(), a.views(), a.unexercised(),
                        a.doc(), a.source(), a.opcodeSource(), a.opaque(), a.pos(), a.syntaxPos(), a.terms(), a.syntaxSource(),
                        a.overrides()))
                .toList();
        return new IsaModel(model.name(), model.title(), model.source(), record, model.enums(), model.luts(), groups, arms,
                model.archs(), model.conflicts(), model.features(), model.files());
    }

    static List<FieldDef> moved(List<FieldDef> fields, Pos where, int delta) {
        return fields.stream()
                .map(f -> !f.pos().equals(where) ? f
                        : new FieldDef(f.name(), f.at() + delta, f.kind(), f.scalar(), f.size(), f.count(), f.enumRef(), f.namesRef(),
                                f.lutRef(), f.groupRef(), f.constValue(), f.reserved(), f.bits(), f.role(), f.doc(), f.source(),
                                f.nulOptional(), f.pos()))
                .toList();
    }

    /** Every field that must be exercised, by the place it is declared (group fields once). */
    static Map<Pos, String> exercisedFields(IsaModel model) {
        Map<Pos, String> out = new LinkedHashMap<>();
        for (ArmDef arm : model.arms()) {
            if (arm.opaque()) {
                continue;
            }
            List<String> unexercised = arm.unexercised().stream().map(ArmDef.Unexercised::path).toList();
            for (Leaf l : Layout.arm(model, arm)) {
                FieldDef f = l.def();
                boolean opcode = l.offset() == model.record().opcodeAt() && model.record().opcodeEnum().equals(f.enumRef());
                if (!f.reserved() && !f.isConst() && !opcode && !unexercised.contains(l.path())) {
                    out.putIfAbsent(f.pos(), arm.name() + "." + l.path());
                }
            }
        }
        return out;
    }

    @Test
    void everyExercisedFieldMovedOneByteIsRefused() {
        LoadResult shipped = SpecLoader.load(ROOT, SHIPPED);
        assertFalse(shipped.diagnostics().hasErrors());
        Map<Pos, String> fields = exercisedFields(shipped.model());
        // the model rebuilt with nothing moved passes: a property the rebuild dropped (an arm's preamble overrides were
        // once) would fail every moved model for its own reason and make the test below pass whatever the fields do
        Diagnostics unmoved = new Diagnostics();
        Checker.check(moved(shipped.model(), fields.keySet().iterator().next(), 0), unmoved);
        assertFalse(unmoved.hasErrors(), () -> "the rebuilt, unmoved model fails: " + unmoved.sorted());
        List<String> unseen = new ArrayList<>();
        for (Map.Entry<Pos, String> f : fields.entrySet()) {
            for (int delta : new int[] {-1, 1}) {
                Diagnostics diags = new Diagnostics();
                Checker.check(moved(shipped.model(), f.getKey(), delta), diags);
                if (!diags.hasErrors()) {
                    unseen.add(f.getValue() + " moved by " + delta);
                }
            }
        }
        assertEquals(List.of(), unseen, "moved fields no check noticed (of " + fields.size() + ")");
    }

    /** A seeded bug: TensorStorePhysical.reg_hi from +0x21 to +0x22 (no overlap made). */
    @Test
    void regHiMovedToPlus0x22BreaksItsExample() {
        LoadResult r = SpecLoader.load(ROOT, new SpecFiles() {
            @Override
            public Optional<String> read(String path) {
                Optional<String> text = SHIPPED.read(path);
                return path.equals("isa/tpb/arms/sp-tensor.yaml")
                        ? text.map(s -> s.replaceFirst("\\{name: reg_hi, at: 0x21", "{name: reg_hi, at: 0x22"))
                        : text;
            }

            @Override
            public String where(String path) {
                return SHIPPED.where(path);
            }
        });
        assertEquals(List.of("example 'store_pair_every_offset': byte +0x21 is 0x06 in 'bytes' but the fields encode 0x00"),
                r.diagnostics().sorted().stream().map(d -> d.message()).toList());
    }
}
