package tpb.spec.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import tpb.spec.Names;
import tpb.spec.json.ModelJson;
import tpb.spec.model.ArchDef;
import tpb.spec.model.ArmDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.FeatureDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.LutDef;
import tpb.spec.model.ViewDef;

/**
 * What changed between two versions of a spec, each change marked breaking (bytes written by
 * the old codecs would mean something else to the new ones, or code using them would break) or
 * compatible (only new meaning is added).
 */
public final class SpecDiff {
    /** One change; {@code what} names the element and how it changed. */
    public record Change(boolean breaking, String what) {
        @Override
        public String toString() {
            return (breaking ? "BREAKING    " : "compatible  ") + what;
        }
    }

    private final List<Change> changes = new ArrayList<>();

    private SpecDiff() {}

    public static List<Change> between(IsaModel old, IsaModel now) {
        SpecDiff d = new SpecDiff();
        d.record(old, now);
        d.enums(old, now);
        d.luts(old, now);
        d.arms(old, now);
        d.archs(old, now);
        d.features(old, now);
        return d.changes;
    }

    private void add(boolean breaking, String format, Object... args) {
        changes.add(new Change(breaking, String.format(Locale.ROOT, format, args)));
    }

    private void record(IsaModel old, IsaModel now) {
        if (old.record().size() != now.record().size() || old.record().littleEndian() != now.record().littleEndian()
                || old.record().opcodeAt() != now.record().opcodeAt() || old.record().stride() != now.record().stride()) {
            add(true, "record: size/endian/stride/opcode offset changed");
        }
    }

    /**
     * Whether two readings of a field differ only in the names an open enum gives its numbers (a
     * plain number either way to the codecs and the validator): a listing changes, no record does.
     */
    private static boolean namesOnly(FieldDef a, FieldDef b) {
        boolean plainA = a.enumRef() == null && a.lutRef() == null && !a.isConst() && !a.reserved();
        boolean plainB = b.enumRef() == null && b.lutRef() == null && !b.isConst() && !b.reserved();
        return plainA && plainB && a.kind() == b.kind() && a.scalar() == b.scalar() && a.count() == b.count();
    }

    private void enums(IsaModel old, IsaModel now) {
        pairs(old.enums(), now.enums(), EnumDef::name, (name, a, b) -> {
            if (a == null) {
                add(false, "enum %s: added (%d values)", name, b.values().size());
            } else if (b == null) {
                add(true, "enum %s: removed", name);
            } else {
                if (a.type() != b.type()) {
                    add(true, "enum %s: type %s -> %s", name, a.type().specName(), b.type().specName());
                }
                if (a.open() != b.open()) { // its fields change type in the codecs, and the validator's verdict on unnamed values
                    add(true, "enum %s: %s -> %s", name, a.open() ? "open" : "closed", b.open() ? "open" : "closed");
                }
                for (EnumValue v : a.values()) {
                    EnumValue w = b.value(v.name());
                    if (w == null) {
                        add(true, "enum %s: value %s (%s) removed", name, v.name(), Names.hex(v.value()));
                    } else if (w.value() != v.value()) {
                        add(true, "enum %s: value %s reassigned %s -> %s", name, v.name(), Names.hex(v.value()), Names.hex(w.value()));
                    } else if (!Objects.equals(v.since(), w.since()) || !Objects.equals(v.until(), w.until())) {
                        add(w.since() != null && (v.since() == null || w.since() > v.since()) || w.until() != null && (v.until() == null || w.until() < v.until()),
                                "enum %s: value %s generations %s..%s -> %s..%s", name, v.name(), gen(v.since()), gen(v.until()), gen(w.since()), gen(w.until()));
                    }
                }
                for (EnumValue w : b.values()) {
                    if (a.value(w.name()) == null) {
                        add(false, "enum %s: value %s (%s) added", name, w.name(), Names.hex(w.value()));
                    }
                }
            }
        });
    }

    private static String gen(Integer g) {
        return g == null ? "*" : g.toString();
    }

    private void luts(IsaModel old, IsaModel now) {
        pairs(old.luts(), now.luts(), LutDef::name, (name, a, b) -> {
            if (a == null) {
                add(false, "lut %s: added", name);
                return;
            }
            if (b == null) {
                add(true, "lut %s: removed", name);
                return;
            }
            for (LutDef.Entry e : a.entries()) {
                LutDef.Entry f = b.entry(e.key());
                if (f == null) {
                    add(true, "lut %s: %s no longer encodes (was %s)", name, e.key(), Names.hex(e.value()));
                } else if (f.value() != e.value()) {
                    add(true, "lut %s: %s wire value reassigned %s -> %s", name, e.key(), Names.hex(e.value()), Names.hex(f.value()));
                }
            }
            for (LutDef.Entry f : b.entries()) {
                if (a.entry(f.key()) == null) {
                    add(false, "lut %s: %s now encodes to %s", name, f.key(), Names.hex(f.value()));
                }
            }
        });
    }

    private void arms(IsaModel old, IsaModel now) {
        pairs(old.arms(), now.arms(), ArmDef::name, (name, a, b) -> {
            if (a == null) {
                add(false, "arm %s: added (opcode %s%s)", name, Names.hex(b.opcode()), b.opaque() ? ", opaque" : "");
                return;
            }
            if (b == null) {
                add(true, "arm %s: removed (opcode %s)", name, Names.hex(a.opcode()));
                return;
            }
            if (a.opcode() != b.opcode()) {
                add(true, "arm %s: opcode %s -> %s", name, Names.hex(a.opcode()), Names.hex(b.opcode()));
            }
            if (!Objects.equals(select(a), select(b))) {
                add(true, "arm %s: sub-opcode select %s -> %s", name, select(a), select(b));
            }
            if (a.opaque() && !b.opaque()) {
                add(false, "arm %s: layout given (was opaque)", name);
                return;
            }
            fields(name, Layout.arm(old, a), Layout.arm(now, b));
            layouts(name, old, a, now, b);
        });
    }

    /**
     * The arm's layout on each generation either spec gives it one for (a view with
     * {@code generation:}; elsewhere the arm's own): what changed there, as "arm A on GEN: ...". A
     * generation layout added where the arm's own applied before shows as its field changes.
     */
    private void layouts(String name, IsaModel old, ArmDef a, IsaModel now, ArmDef b) {
        Set<String> generations = new TreeSet<>();
        for (ArmDef x : List.of(a, b)) {
            x.views().stream().map(ViewDef::generation).filter(Objects::nonNull).forEach(generations::add);
        }
        for (String g : generations) {
            fields(name + " on " + g, layoutOn(old, a, g), layoutOn(now, b, g));
        }
    }

    private static List<Leaf> layoutOn(IsaModel model, ArmDef arm, String generation) {
        return arm.views().stream().filter(v -> generation.equals(v.generation())).findFirst()
                .map(v -> Layout.view(model, v)).orElseGet(() -> Layout.arm(model, arm));
    }

    private static String select(ArmDef a) {
        return a.select() == null ? "none" : "+" + Names.hex(a.select().at()) + (a.select().otherwise() ? " otherwise" : " = " + a.select().equals());
    }

    private void fields(String arm, List<Leaf> old, List<Leaf> now) {
        pairs(old, now, Leaf::path, (path, a, b) -> {
            if (a == null) {
                add(false, "arm %s: field %s added at +%s (%d bytes)", arm, path, Names.hex(b.offset()), b.def().width());
            } else if (b == null) {
                add(true, "arm %s: field %s removed (was +%s)", arm, path, Names.hex(a.offset()));
            } else {
                if (a.offset() != b.offset()) {
                    add(true, "arm %s: field %s moved +%s -> +%s", arm, path, Names.hex(a.offset()), Names.hex(b.offset()));
                }
                if (a.def().width() != b.def().width()) {
                    add(true, "arm %s: field %s resized %d -> %d bytes", arm, path, a.def().width(), b.def().width());
                }
                String ea = ModelJson.type(a.def()) + " " + ModelJson.encoding(a.def());
                String eb = ModelJson.type(b.def()) + " " + ModelJson.encoding(b.def());
                if (!ea.equals(eb)) {
                    add(!namesOnly(a.def(), b.def()), "arm %s: field %s encoding %s -> %s", arm, path, ea, eb);
                }
                if (a.source().confidence() != b.source().confidence()) {
                    add(false, "arm %s: field %s confidence %s -> %s", arm, path, a.source().confidence(), b.source().confidence());
                }
            }
        });
    }

    private void archs(IsaModel old, IsaModel now) {
        pairs(old.archs(), now.archs(), ArchDef::name, (name, a, b) -> {
            if (a == null || b == null) {
                add(b == null, "arch %s: %s", name, b == null ? "removed" : "added");
                return;
            }
            Set<Long> la = legal(old, a);
            Set<Long> lb = legal(now, b);
            for (Long op : la) {
                if (!lb.contains(op)) {
                    add(true, "arch %s: opcode %s no longer legal", name, Names.hex(op));
                }
            }
            for (Long op : lb) {
                if (!la.contains(op)) {
                    add(false, "arch %s: opcode %s now legal", name, Names.hex(op));
                }
            }
            for (ArchDef.Constant c : a.constants()) {
                ArchDef.Constant d = b.constants().stream().filter(x -> x.name().equals(c.name())).findFirst().orElse(null);
                if (d == null || d.value() != c.value()) {
                    add(true, "arch %s: constant %s %d -> %s", name, c.name(), c.value(), d == null ? "removed" : Long.toString(d.value()));
                }
            }
        });
    }

    /**
     * A module feature narrows which streams are legal: a new requirement (or a feature that
     * brings one, or a different setter) makes old streams invalid; dropping one only relaxes.
     */
    private void features(IsaModel old, IsaModel now) {
        pairs(old.features(), now.features(), FeatureDef::name, (name, a, b) -> {
            if (a == null || b == null) {
                add(b != null && !b.requiredBy().isEmpty(), "feature %s: %s", name, b == null ? "removed" : "added");
                return;
            }
            if (!a.setByArm().equals(b.setByArm()) || !a.setByField().equals(b.setByField())) {
                add(true, "feature %s: set by %s.%s -> %s.%s", name, a.setByArm(), a.setByField(), b.setByArm(), b.setByField());
            }
            Set<String> ca = new TreeSet<>(a.clearedBy().stream().map(FeatureDef.Clear::arm).toList());
            Set<String> cb = new TreeSet<>(b.clearedBy().stream().map(FeatureDef.Clear::arm).toList());
            for (String arm : union(ca, cb)) {
                if (!ca.contains(arm) || !cb.contains(arm)) {
                    // a new clear can make a later requirement fail: breaking; dropping one only relaxes
                    add(!ca.contains(arm), "feature %s: %s %s", name, ca.contains(arm) ? "no longer cleared by" : "now cleared by", arm);
                }
            }
            Set<String> ra = new TreeSet<>(a.requiredBy().stream().map(FeatureDef.Requirement::arm).toList());
            Set<String> rb = new TreeSet<>(b.requiredBy().stream().map(FeatureDef.Requirement::arm).toList());
            for (String arm : union(ra, rb)) {
                if (!ra.contains(arm) || !rb.contains(arm)) {
                    add(!ra.contains(arm), "feature %s: %s %s", name, ra.contains(arm) ? "no longer required by" : "now required by", arm);
                }
            }
        });
    }

    private static Set<Long> legal(IsaModel m, ArchDef a) {
        Set<Long> out = new TreeSet<>();
        m.enumDef(a.opcodeEnum()).ifPresent(e -> e.values().stream()
                .filter(v -> v.livesIn(a.generation()) && v.tags().stream().noneMatch(a.excludeTags()::contains))
                .forEach(v -> out.add(v.value())));
        return out;
    }

    /** What a comparison of two versions' elements gets: the name, the old element and the new; either is null when it is on one side only. */
    private interface Pair<T> {
        void compare(String name, T old, T now);
    }

    /** Pairs two versions' elements by name, in old order then the new ones, and compares each pair. */
    private static <T> void pairs(List<T> old, List<T> now, Function<T, String> name, Pair<T> compare) {
        Map<String, T> o = byName(old, name);
        Map<String, T> n = byName(now, name);
        for (String key : union(o.keySet(), n.keySet())) {
            compare.compare(key, o.get(key), n.get(key));
        }
    }

    private static <T> Map<String, T> byName(List<T> items, Function<T, String> name) {
        Map<String, T> out = new LinkedHashMap<>();
        for (T t : items) {
            out.put(name.apply(t), t);
        }
        return out;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> out = new LinkedHashSet<>(a);
        out.addAll(b);
        return out;
    }
}
