package tpb.spec.model;

import java.util.ArrayList;
import java.util.List;

/** Flattens arm and group fields into {@link Leaf leaves} at absolute offsets. */
public final class Layout {
    private Layout() {}

    /**
     * The preamble then the arm's own fields, groups expanded, in declaration order; a preamble
     * constant the arm overrides ({@link ArmDef#overrides()}) holds the arm's value and source.
     */
    public static List<Leaf> arm(IsaModel model, ArmDef arm) {
        List<Leaf> out = record(model, arm.fields(), arm.source());
        if (arm.overrides().isEmpty()) {
            return out;
        }
        for (int i = 0; i < out.size(); i++) {
            Leaf l = out.get(i);
            ArmDef.ConstOverride o = arm.override(l.path());
            if (o != null) {
                out.set(i, new Leaf(l.path(), l.offset(), overridden(l.def(), o), o.source()));
            }
        }
        return out;
    }

    /** {@code f} holding the constant {@code o} gives it instead (its doc too, when {@code o} has one). */
    public static FieldDef overridden(FieldDef f, ArmDef.ConstOverride o) {
        return new FieldDef(f.name(), f.at(), f.kind(), f.scalar(), f.size(), f.count(), f.enumRef(), f.namesRef(), f.lutRef(), f.groupRef(),
                o.value(), f.reserved(), f.bits(), f.role(), o.doc() != null ? o.doc() : f.doc(), o.source(), f.nulOptional(),
                f.pos());
    }

    public static List<Leaf> view(IsaModel model, ViewDef view) {
        return record(model, view.fields(), view.source());
    }

    private static List<Leaf> record(IsaModel model, List<FieldDef> fields, Source owner) {
        List<Leaf> out = new ArrayList<>();
        flatten(model, model.record().preamble(), 0, "", model.record().source(), out);
        flatten(model, fields, 0, "", owner, out);
        return out;
    }

    public static List<Leaf> fields(IsaModel model, List<FieldDef> fields, Source owner) {
        List<Leaf> out = new ArrayList<>();
        flatten(model, fields, 0, "", owner, out);
        return out;
    }

    private static void flatten(IsaModel model, List<FieldDef> fields, int base, String prefix, Source inherited,
            List<Leaf> out) {
        for (FieldDef f : fields) {
            Source src = f.source() != null ? f.source() : inherited;
            String path = prefix + f.name();
            if (f.kind() == FieldDef.Kind.GROUP) {
                GroupDef g = model.group(f.groupRef()).orElse(null);
                if (g != null) {
                    Source gsrc = f.source() != null ? f.source() : g.source();
                    flatten(model, g.fields(), base + f.at(), path + ".", gsrc, out);
                }
            } else {
                out.add(new Leaf(path, base + f.at(), f, src));
            }
        }
    }

    /** The leaves of the group placed at {@code path} ("src_mem_pattern"), in order; empty when it is no group. */
    public static List<Leaf> members(List<Leaf> leaves, String path) {
        List<Leaf> out = new ArrayList<>();
        for (Leaf l : leaves) {
            if (l.path().startsWith(path + ".")) {
                out.add(l);
            }
        }
        return out;
    }

    public static Leaf find(List<Leaf> leaves, String path) {
        for (Leaf l : leaves) {
            if (l.path().equals(path)) {
                return l;
            }
        }
        return null;
    }
}
