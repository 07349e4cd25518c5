package tpb.spec.check;

import java.util.List;
import java.util.stream.Stream;
import tpb.spec.Diagnostics;
import tpb.spec.DidYouMean;
import tpb.spec.model.ArchDef;
import tpb.spec.model.ArmDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.LutDef;

/**
 * Causes before knock-ons: a reference to what the loader left out after an error (an arm whose
 * opcode is misspelt, a field naming an unknown LUT) is that error's consequence, not a second
 * mistake, so the rules stay silent about it. And the hint for a reference that is a mistake.
 */
final class KnockOn {
    private KnockOn() {}

    /** Whether field {@code path} of arm {@code a} (or of a group on the path, or of the preamble) was left out. */
    static boolean field(IsaModel model, ArmDef a, String path, Diagnostics diags) {
        String[] p = path.split("\\.");
        if (diags.isLeftOut("field", a.name() + "." + p[0]) || diags.isLeftOut("field", "record." + p[0])) {
            return true;
        }
        List<FieldDef> fields = Stream.concat(model.record().preamble().stream(), a.fields().stream()).toList();
        for (int i = 0; i + 1 < p.length; i++) {
            FieldDef f = find(fields, p[i]);
            // a group field is built only with its group (FieldBuilder.groupField), so a path that
            // reaches no group here misses by a field name or through a plain field: a mistake
            GroupDef g = f == null || f.groupRef() == null ? null : model.group(f.groupRef()).orElse(null);
            if (g == null) {
                return false;
            }
            if (diags.isLeftOut("field", g.name() + "." + p[i + 1])) {
                return true;
            }
            fields = g.fields();
        }
        return false;
    }

    /**
     * Whether {@code path} of arm {@code a} names a group field whose group, or a group inside it,
     * lost a field after an error: an operand naming that group finds fewer members (or none).
     */
    static boolean groupLostAField(IsaModel model, ArmDef a, String path, Diagnostics diags) {
        List<FieldDef> fields = Stream.concat(model.record().preamble().stream(), a.fields().stream()).toList();
        FieldDef f = null;
        for (String name : path.split("\\.")) {
            f = find(fields, name);
            fields = f == null || f.groupRef() == null ? List.of() : model.group(f.groupRef()).map(GroupDef::fields).orElse(List.of());
        }
        return f != null && f.groupRef() != null && lostAField(model, f.groupRef(), diags);
    }

    private static boolean lostAField(IsaModel model, String group, Diagnostics diags) {
        return diags.isAnyLeftOut("field", group) || model.group(group).map(g -> g.fields().stream()
                .anyMatch(x -> x.groupRef() != null && lostAField(model, x.groupRef(), diags))).orElse(false);
    }

    /** Whether {@code name}, as any kind a conflict may be about, was left out. */
    static boolean anyKind(String name, Diagnostics diags) {
        return Stream.of("arm", "enum", "lut", "group", "arch").anyMatch(k -> diags.isLeftOut(k, name));
    }

    /** "; did you mean ..." among the arms. */
    static String armHint(IsaModel model, String name) {
        return DidYouMean.suggest(name, model.arms().stream().map(ArmDef::name).toList());
    }

    /** "; did you mean ..." among everything a conflict may be about. */
    static String anyHint(IsaModel model, String name) {
        return DidYouMean.suggest(name, Stream.of(model.arms().stream().map(ArmDef::name), model.enums().stream().map(EnumDef::name),
                model.luts().stream().map(LutDef::name), model.groups().stream().map(GroupDef::name),
                model.archs().stream().map(ArchDef::name)).flatMap(s -> s).toList());
    }

    private static FieldDef find(List<FieldDef> fields, String name) {
        return fields.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
    }
}
