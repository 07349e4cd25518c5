package tpb.spec.json;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import tpb.spec.model.ArchDef;
import tpb.spec.model.ArmDef;
import tpb.spec.model.BitDef;
import tpb.spec.model.ConflictDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.FeatureDef;
import tpb.spec.model.Example;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.Guard;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.LutDef;
import tpb.spec.model.Source;
import tpb.spec.model.StageDef;
import tpb.spec.model.ViewDef;

/**
 * The resolved spec as data for tools ({@code tpb spec --json}, documentation): enums with
 * ordinals and wire values, LUTs, and every arm's fields with offset, width, encoding and
 * confidence. Groups are flattened so a consumer needs no spec language knowledge.
 */
public final class ModelJson {
    private ModelJson() {}

    public static String of(IsaModel m) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("isa", m.name());
        root.put("title", m.title());
        root.put("record", recordJson(m));
        root.put("enums", each(m.enums(), e -> enumJson(m, e)));
        root.put("luts", each(m.luts(), ModelJson::lutJson));
        root.put("groups", each(m.groups(), g -> groupJson(m, g)));
        root.put("arms", each(m.arms(), a -> armJson(m, a)));
        root.put("archs", each(m.archs(), a -> archJson(m, a)));
        root.put("conflicts", each(m.conflicts(), ModelJson::conflictJson));
        root.put("features", each(m.features(), ModelJson::featureJson));
        root.put("stages", each(m.stages(), ModelJson::stageJson));
        return Json.write(root);
    }

    private static <T> List<Object> each(List<T> items, Function<T, Object> json) {
        List<Object> out = new ArrayList<>();
        for (T t : items) {
            out.add(json.apply(t));
        }
        return out;
    }

    private static Map<String, Object> recordJson(IsaModel m) {
        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("size", m.record().size());
        rec.put("endian", m.record().littleEndian() ? "little" : "big");
        rec.put("stride", m.record().stride());
        rec.put("opcode_offset", m.record().opcodeAt());
        rec.put("opcode_width", m.opcodeWidth());
        rec.put("opcode_enum", m.record().opcodeEnum());
        rec.putAll(source(m.record().source()));
        return rec;
    }

    private static Map<String, Object> groupJson(IsaModel m, GroupDef g) {
        Map<String, Object> gj = new LinkedHashMap<>();
        gj.put("name", g.name());
        gj.put("size", g.size());
        gj.putAll(source(g.source()));
        gj.put("fields", fields(Layout.fields(m, g.fields(), g.source())));
        if (!g.terms().isEmpty()) {
            gj.put("terms", each(g.terms(), t -> ordered("mode", t.mode(), "index", t.index(), "value", t.value())));
        }
        return gj;
    }

    private static Map<String, Object> conflictJson(ConflictDef c) {
        Map<String, Object> cj = new LinkedHashMap<>();
        cj.put("id", c.id());
        cj.put("about", c.about());
        cj.put("readings", each(c.readings(), r -> {
            Map<String, Object> rj = new LinkedHashMap<>();
            rj.put("claim", r.claim());
            rj.putAll(source(r.source()));
            return rj;
        }));
        if (c.realData() != null) {
            cj.put("real_data", c.realData());
        }
        cj.put("emitted", c.emitted());
        return cj;
    }

    private static Map<String, Object> featureJson(FeatureDef f) {
        Map<String, Object> fj = new LinkedHashMap<>();
        fj.put("name", f.name());
        fj.put("doc", f.doc());
        fj.putAll(source(f.source()));
        Map<String, Object> set = new LinkedHashMap<>();
        set.put("arm", f.setByArm());
        set.put("field", f.setByField());
        if (f.setBySource() != null) {
            set.putAll(source(f.setBySource()));
        }
        fj.put("set_by", set);
        fj.put("required_by", each(f.requiredBy(), r -> {
            Map<String, Object> rj = new LinkedHashMap<>();
            rj.put("arm", r.arm());
            rj.put("message", r.message());
            if (r.source() != null) {
                rj.putAll(source(r.source()));
            }
            return rj;
        }));
        fj.put("cleared_by", each(f.clearedBy(), c -> {
            Map<String, Object> cj = new LinkedHashMap<>();
            cj.put("arm", c.arm());
            if (c.source() != null) {
                cj.putAll(source(c.source()));
            }
            return cj;
        }));
        return fj;
    }

    private static Map<String, Object> stageJson(StageDef st) {
        Map<String, Object> sj = new LinkedHashMap<>();
        sj.put("name", st.name());
        sj.put("doc", st.doc());
        sj.put("rules", st.rules());
        sj.putAll(source(st.source()));
        return sj;
    }

    private static Map<String, Object> enumJson(IsaModel m, EnumDef e) {
        Map<String, Object> ej = new LinkedHashMap<>();
        ej.put("name", e.name());
        ej.put("type", e.type().specName());
        if (e.wireLut() != null) {
            ej.put("wire_lut", e.wireLut());
        }
        if (e.open()) {
            ej.put("open", true);
        }
        ej.putAll(source(e.source()));
        if (e.doc() != null) {
            ej.put("doc", e.doc());
        }
        LutDef wire = e.wireLut() == null ? null : m.lut(e.wireLut()).orElse(null);
        List<Object> values = new ArrayList<>();
        for (EnumValue v : e.values()) {
            Map<String, Object> vj = new LinkedHashMap<>();
            vj.put("name", v.name());
            vj.put("ordinal", v.value());
            if (wire == null) {
                vj.put("wire", v.value());
            } else if (wire.entry(v.name()) != null) {
                vj.put("wire", wire.entry(v.name()).value());
            } else if (wire.fatalFor(v.name()) != null) {
                vj.put("fatal", wire.fatalFor(v.name()).message());
            }
            if (v.since() != null) {
                vj.put("since", v.since());
            }
            if (v.until() != null) {
                vj.put("until", v.until());
            }
            if (!v.tags().isEmpty()) {
                vj.put("tags", v.tags());
            }
            if (v.doc() != null) {
                vj.put("doc", v.doc());
            }
            if (v.syntax() != null) {
                vj.put("syntax", v.syntax());
            }
            vj.putAll(source(v.source()));
            if (v.nameSource() != v.source()) {
                vj.put("name_source", source(v.nameSource()));
            }
            if (v.generationsSource() != null) {
                vj.put("generations_source", source(v.generationsSource()));
            }
            values.add(vj);
        }
        ej.put("values", values);
        if (e.role() != null) {
            ej.put("role", e.role().specName());
            ej.put("role_source", source(e.roleSource()));
        }
        if (!e.subsets().isEmpty()) {
            Map<String, Object> subsets = new LinkedHashMap<>();
            e.subsets().forEach(s -> subsets.put(s.name(), s.mask()));
            ej.put("subsets", subsets);
        }
        return ej;
    }

    private static Map<String, Object> lutJson(LutDef l) {
        Map<String, Object> lj = new LinkedHashMap<>();
        lj.put("name", l.name());
        lj.put("from", l.from());
        lj.put("to", l.toScalar() != null ? l.toScalar().specName() : l.toEnum());
        if (l.involution()) {
            lj.put("involution", true);
        }
        lj.putAll(source(l.source()));
        Map<String, Object> entries = new LinkedHashMap<>();
        for (LutDef.Entry e : l.entries()) {
            entries.put(e.key(), e.valueName() != null ? e.valueName() : (Object) e.value());
        }
        lj.put("entries", entries);
        Map<String, Object> fatal = new LinkedHashMap<>();
        for (LutDef.Fatal f : l.fatals()) {
            fatal.put(f.key(), f.message());
        }
        if (l.defaultFatal() != null) {
            fatal.put("default", l.defaultFatal().message());
        }
        lj.put("fatal", fatal);
        return lj;
    }

    private static Map<String, Object> armJson(IsaModel m, ArmDef a) {
        Map<String, Object> aj = new LinkedHashMap<>();
        aj.put("name", a.name());
        aj.put("opcode", a.opcode());
        aj.put("opcode_name", a.opcodeName());
        if (a.select() != null) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("offset", a.select().at());
            s.put("width", a.select().type().width);
            if (a.select().otherwise()) {
                s.put("otherwise", true);
            } else {
                s.put("equals", a.select().equals());
            }
            aj.put("select", s);
        }
        aj.put("struct", a.struct());
        aj.put("engine", a.engine());
        aj.put("sync", a.sync());
        aj.put("opaque", a.opaque());
        aj.putAll(source(a.source()));
        if (a.syntaxSource() != null) {
            aj.put("syntax_source", source(a.syntaxSource()));
        }
        if (a.opcodeSource() != null) {
            aj.put("opcode_source", source(a.opcodeSource()));
        }
        if (a.doc() != null) {
            aj.put("doc", a.doc());
        }
        if (a.syntax() != null) {
            aj.put("syntax", a.syntax());
        }
        aj.put("fields", fields(Layout.arm(m, a)));
        if (!a.overrides().isEmpty()) { // the fields above already hold the arm's value; this says which are the arm's own
            List<Object> overrides = new ArrayList<>();
            for (ArmDef.ConstOverride o : a.overrides()) {
                Map<String, Object> oj = ordered("field", o.path(), "const", o.value());
                oj.putAll(source(o.source()));
                overrides.add(oj);
            }
            aj.put("overrides", overrides);
        }
        List<Object> guards = new ArrayList<>();
        for (Guard g : a.guards()) {
            Map<String, Object> gj = new LinkedHashMap<>();
            gj.put("field", g.fieldText());
            if (g.atMost() != null) {
                gj.put("at_most", g.atMost());
            } else if (g.sameAs() != null) {
                gj.put("same_as", g.sameAsText());
            } else if (g.oneOfEnum() != null) {
                gj.put("one_of", ordered("enum", g.oneOfEnum(), "values", g.allowedNames()));
            } else {
                gj.put("in", g.allowedNames());
            }
            List<Object> when = new ArrayList<>();
            for (Guard.Condition c : g.when()) {
                when.add(ordered("field", c.field(), c.not() ? "not_equals" : "equals", c.name()));
            }
            if (!when.isEmpty()) {
                gj.put("when", when.size() == 1 ? when.get(0) : when);
            }
            gj.put("message", g.message());
            gj.putAll(source(g.source()));
            guards.add(gj);
        }
        aj.put("guards", guards);
        aj.put("examples", examples(a.examples()));
        List<Object> views = new ArrayList<>();
        for (ViewDef v : a.views()) {
            Map<String, Object> vj = new LinkedHashMap<>();
            vj.put("name", v.name());
            if (v.generation() != null) {
                vj.put("generation", v.generation());
            }
            vj.putAll(source(v.source()));
            if (v.doc() != null) {
                vj.put("doc", v.doc());
            }
            vj.put("fields", fields(Layout.view(m, v)));
            vj.put("examples", examples(v.examples()));
            views.add(vj);
        }
        aj.put("views", views);
        return aj;
    }

    private static List<Object> fields(List<Leaf> leaves) {
        List<Object> out = new ArrayList<>();
        for (Leaf l : leaves) {
            FieldDef f = l.def();
            Map<String, Object> fj = new LinkedHashMap<>();
            fj.put("name", l.path());
            fj.put("offset", l.offset());
            fj.put("width", f.width());
            fj.put("type", type(f));
            fj.put("encoding", encoding(f));
            if (f.role() != null) {
                fj.put("role", f.role());
            }
            fj.putAll(source(l.source()));
            if (f.doc() != null) {
                fj.put("doc", f.doc());
            }
            if (!f.bits().isEmpty()) {
                List<Object> bits = new ArrayList<>();
                for (BitDef b : f.bits()) {
                    Map<String, Object> bj = new LinkedHashMap<>();
                    bj.put("name", b.name());
                    bj.put("lsb", b.lsb());
                    bj.put("width", b.width());
                    if (b.enumRef() != null) {
                        bj.put("enum", b.enumRef());
                    }
                    if (b.doc() != null) {
                        bj.put("doc", b.doc());
                    }
                    bits.add(bj);
                }
                fj.put("bits", bits);
            }
            out.add(fj);
        }
        return out;
    }

    public static String type(FieldDef f) {
        return switch (f.kind()) {
            case CHAR -> "char[" + f.size() + "]";
            case BYTES -> "bytes[" + f.size() + "]";
            case GROUP -> f.groupRef();
            case SCALAR -> f.count() > 1 ? f.scalar().specName() + "[" + f.count() + "]" : f.scalar().specName();
        };
    }

    public static String encoding(FieldDef f) {
        if (f.isConst()) {
            return "const " + f.constValue();
        }
        if (f.reserved()) {
            return "reserved";
        }
        if (f.enumRef() != null) {
            return "enum " + f.enumRef();
        }
        if (f.namesRef() != null) {
            return "names " + f.namesRef();
        }
        if (f.lutRef() != null) {
            return "lut " + f.lutRef();
        }
        if (f.kind() == FieldDef.Kind.CHAR) {
            return f.nulOptional() ? "nul-or-full" : "nul-terminated";
        }
        return f.kind() == FieldDef.Kind.BYTES ? "opaque" : "raw";
    }

    private static List<Object> examples(List<Example> examples) {
        List<Object> out = new ArrayList<>();
        for (Example e : examples) {
            Map<String, Object> ej = new LinkedHashMap<>();
            ej.put("name", e.name());
            ej.put("bytes", HexFormat.ofDelimiter(" ").formatHex(e.bytes()));
            out.add(ej);
        }
        return out;
    }

    private static Map<String, Object> archJson(IsaModel m, ArchDef a) {
        Map<String, Object> aj = new LinkedHashMap<>();
        aj.put("name", a.name());
        aj.put("generation", a.generation());
        aj.put("aliases", a.aliases());
        if (!a.noEncoder().isEmpty()) {
            aj.put("no_encoder", a.noEncoder());
            aj.put("no_encoder_source", source(a.noEncoderSource()));
        }
        if (!a.names().isEmpty()) {
            aj.put("names", a.names());
        }
        aj.putAll(source(a.source()));
        EnumDef e = m.enumDef(a.opcodeEnum()).orElse(null);
        List<Object> legal = new ArrayList<>();
        if (e != null) {
            for (EnumValue v : e.values()) {
                if (v.livesIn(a.generation()) && v.tags().stream().noneMatch(a.excludeTags()::contains)) {
                    legal.add(v.value());
                }
            }
        }
        aj.put("legal_opcodes", legal);
        Map<String, Object> constants = new LinkedHashMap<>();
        for (ArchDef.Constant c : a.constants()) {
            Map<String, Object> cj = new LinkedHashMap<>();
            cj.put("value", c.value());
            cj.putAll(source(c.source()));
            constants.put(c.name(), cj);
        }
        aj.put("constants", constants);
        List<Object> aps = new ArrayList<>();
        for (ArchDef.Aperture ap : a.apertures()) {
            aps.add(ordered("name", ap.name(), "base", ap.base(), "size", ap.size()));
        }
        aj.put("apertures", aps);
        return aj;
    }

    /** Key/value pairs in the order given (Map.of would not keep it). */
    private static Map<String, Object> ordered(Object... kv) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            out.put((String) kv[i], kv[i + 1]);
        }
        return out;
    }

    private static Map<String, Object> source(Source s) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (s != null) {
            out.put("source", s.ref());
            out.put("confidence", s.confidence().name());
        }
        return out;
    }
}
