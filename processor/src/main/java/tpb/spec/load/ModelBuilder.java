package tpb.spec.load;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Names;
import tpb.spec.Pos;
import tpb.spec.model.ArchDef;
import tpb.spec.model.ArmDef;
import tpb.spec.model.BitDef;
import tpb.spec.model.ConflictDef;
import tpb.spec.model.FeatureDef;
import tpb.spec.model.StageDef;
import tpb.spec.model.Confidence;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.Example;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupCheck;
import tpb.spec.model.GroupDef;
import tpb.spec.model.Guard;
import tpb.spec.model.IsaModel;
import tpb.spec.model.LutDef;
import tpb.spec.model.RecordShape;
import tpb.spec.model.ScalarType;
import tpb.spec.model.Select;
import tpb.spec.model.Source;
import tpb.spec.model.Subset;
import tpb.spec.model.ViewDef;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YScalar;
import tpb.spec.yaml.YSeq;

/**
 * YAML documents → {@link IsaModel}. Reports every structural problem (unknown or missing keys,
 * wrong node kinds, unknown references) and leaves a broken element out of the model, so the
 * checker can still look at the rest.
 */
final class ModelBuilder {
    static final List<String> KINDS = List.of("enum", "lut", "group", "arm", "arch", "conflict", "feature", "stage");
    private static final List<String> TYPES = List.of("u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64", "char", "bytes");

    private final Diagnostics diags;
    private final Map<String, MapView> enumDocs = new LinkedHashMap<>();
    private final Map<String, MapView> lutDocs = new LinkedHashMap<>();
    private final Map<String, MapView> groupDocs = new LinkedHashMap<>();
    private final List<MapView> armDocs = new ArrayList<>();
    private final List<MapView> archDocs = new ArrayList<>();
    private final List<MapView> conflictDocs = new ArrayList<>();
    private final Map<String, MapView> featureDocs = new LinkedHashMap<>();
    private final Map<String, MapView> stageDocs = new LinkedHashMap<>();
    private final Map<String, Pos> firstDefinition = new HashMap<>();

    private final Map<String, EnumDef> enums = new LinkedHashMap<>();
    private final Map<String, LutDef> luts = new LinkedHashMap<>();
    private final Map<String, GroupDef> groups = new LinkedHashMap<>();
    private final Map<String, Boolean> groupsInProgress = new HashMap<>();

    ModelBuilder(Diagnostics diags) {
        this.diags = diags;
    }

    IsaModel build(SpecLoader.Doc root, List<SpecLoader.Doc> docs, List<String> files) {
        if (!(root.node() instanceof YMap rootMap)) {
            diags.error(root.node().pos(), Message.WRONG_NODE, "the root document", "a mapping");
            return null;
        }
        MapView rv = new MapView(rootMap, "the root document", diags);
        String isa = rv.reqStr("isa");
        String title = rv.str("title");
        Source source = rv.source("source", false);
        rv.node("include");
        YMap recordMap = rv.map("record");
        if (recordMap == null && !rv.has("record")) {
            diags.error(rootMap.pos(), Message.MISSING_KEY, "the root document", "record");
        }
        rv.finish();
        for (SpecLoader.Doc d : docs) {
            classify(d);
        }
        for (String name : enumDocs.keySet()) {
            EnumDef e = buildEnum(enumDocs.get(name));
            if (e != null) {
                enums.put(name, e);
            }
        }
        for (String name : lutDocs.keySet()) {
            LutDef l = buildLut(lutDocs.get(name));
            if (l != null) {
                luts.put(name, l);
            }
        }
        for (String name : groupDocs.keySet()) {
            group(name, null);
        }
        RecordShape record = recordMap == null ? null : buildRecord(recordMap);
        if (isa == null || record == null) {
            return null;
        }
        List<ArmDef> arms = new ArrayList<>();
        for (MapView a : armDocs) {
            ArmDef arm = buildArm(a, record);
            if (arm != null) {
                arms.add(arm);
            }
        }
        if (record.opaqueUnlisted()) {
            addOpaqueArms(record, arms);
        }
        List<ArchDef> archs = new ArrayList<>();
        for (MapView a : archDocs) {
            ArchDef arch = buildArch(a);
            if (arch != null) {
                archs.add(arch);
            }
        }
        List<ConflictDef> conflicts = new ArrayList<>();
        for (MapView c : conflictDocs) {
            ConflictDef conflict = buildConflict(c);
            if (conflict != null) {
                conflicts.add(conflict);
            }
        }
        List<FeatureDef> features = new ArrayList<>();
        for (MapView f : featureDocs.values()) {
            FeatureDef feature = buildFeature(f);
            if (feature != null) {
                features.add(feature);
            }
        }
        List<StageDef> stages = new ArrayList<>();
        for (MapView st : stageDocs.values()) {
            StageDef stage = buildStage(st);
            if (stage != null) {
                stages.add(stage);
            }
        }
        return new IsaModel(isa, title, source, record, List.copyOf(enums.values()), List.copyOf(luts.values()),
                List.copyOf(groups.values()), arms, archs, conflicts, features, stages, files);
    }

    private void classify(SpecLoader.Doc d) {
        if (!(d.node() instanceof YMap m)) {
            diags.error(d.node().pos(), Message.WRONG_NODE, "a spec document", "a mapping");
            return;
        }
        String kind = m.entries().isEmpty() ? null : m.entries().get(0).key();
        if (kind == null || !KINDS.contains(kind)) {
            diags.error(m.pos(), Message.UNKNOWN_KIND, KINDS);
            return;
        }
        MapView v = new MapView(m, kind, diags);
        String name = v.str(kind);
        if (name == null) {
            return;
        }
        if (!Names.isIdentifier(name) && !kind.equals("conflict")) {
            diags.error(v.pos(kind), Message.WRONG_NODE, kind + " name '" + name + "'", "an identifier");
            return;
        }
        v = new MapView(m, kind + " " + name, diags);
        v.str(kind);
        switch (kind) {
            case "enum" -> putUnique(enumDocs, name, v, "enum");
            case "lut" -> putUnique(lutDocs, name, v, "lut");
            case "group" -> putUnique(groupDocs, name, v, "group");
            case "arm" -> {
                if (unique("arm", name, v.pos(kind))) {
                    armDocs.add(v);
                }
            }
            case "arch" -> {
                if (unique("arch", name, v.pos(kind))) {
                    archDocs.add(v);
                }
            }
            case "feature" -> {
                // feature names are not Java types (they become ModuleFeature constants): unique among features only
                MapView first = featureDocs.putIfAbsent(name, v);
                if (first != null) {
                    diags.error(v.pos(kind), Message.DUPLICATE_NAME, kind, name, first.pos(kind));
                }
            }
            case "stage" -> {
                // stage names become Stage constants: unique among stages only
                MapView first = stageDocs.putIfAbsent(name, v);
                if (first != null) {
                    diags.error(v.pos(kind), Message.DUPLICATE_NAME, kind, name, first.pos(kind));
                }
            }
            default -> conflictDocs.add(v);
        }
    }

    private void putUnique(Map<String, MapView> into, String name, MapView v, String kind) {
        if (unique(kind, name, v.pos(kind))) {
            into.put(name, v);
        }
    }

    /** Names share one space across kinds: they all become Java type names. */
    private boolean unique(String kind, String name, Pos pos) {
        String key = Names.pascal(name);
        Pos first = firstDefinition.putIfAbsent(key, pos);
        if (first != null) {
            diags.error(pos, Message.DUPLICATE_NAME, kind, name, first);
            return false;
        }
        return true;
    }

    // ---- enums ------------------------------------------------------------------------------

    private EnumDef buildEnum(MapView v) {
        String name = v.str("enum");
        ScalarType type = scalarType(v, "type", true);
        String wire = v.str("wire");
        String doc = v.str("doc");
        Source source = v.source("source", false);
        // the provenance of every value's since/until unless the value names its own
        Source gensSource = v.source("generations_source", true);
        List<EnumValue> values = new ArrayList<>();
        YSeq seq = v.seq("values");
        if (seq == null && !v.has("values")) {
            diags.error(v.pos(), Message.MISSING_KEY, "enum " + name, "values");
        }
        if (seq != null) {
            for (YMap m : maps(seq, "enum value")) {
                MapView ev = new MapView(m, "value of enum " + name, diags);
                String vn = ev.reqStr("name");
                Long val = ev.reqNum("value");
                Long since = ev.num("since");
                Long until = ev.num("until");
                List<String> tags = ev.strList("tags");
                String vdoc = ev.str("doc");
                Source vs = ev.source("source", true);
                Source nameSource = ev.source("name_source", true);
                Source vGens = ev.source("generations_source", true);
                ev.finish();
                if (vn != null && !Names.isIdentifier(vn)) {
                    diags.error(ev.pos("name"), Message.WRONG_NODE, "enum value name '" + vn + "'", "an identifier");
                    continue;
                }
                if (vn != null && val != null) {
                    Source own = vs == null ? source : vs;
                    Source gens = since == null && until == null ? null : vGens != null ? vGens : gensSource != null ? gensSource : own;
                    values.add(new EnumValue(vn, val, since == null ? null : since.intValue(),
                            until == null ? null : until.intValue(), tags, vdoc, own, nameSource == null ? own : nameSource,
                            gens, m.pos()));
                }
            }
        }
        List<Subset> subsets = new ArrayList<>();
        YMap sm = v.map("subsets");
        if (sm != null) {
            for (YMap.Entry e : sm.entries()) {
                YMap m = asMap(e.value(), "subset");
                if (m == null) {
                    continue;
                }
                MapView s = new MapView(m, "subset " + e.key(), diags);
                Long mask = s.reqNum("mask");
                Source ss = s.source("source", false);
                s.finish();
                if (mask != null) {
                    subsets.add(new Subset(e.key(), mask, ss, e.keyPos()));
                }
            }
        }
        v.finish();
        if (type == null || source == null) {
            return null;
        }
        return new EnumDef(name, type, wire, doc, source, values, subsets, v.pos("enum"));
    }

    // ---- LUTs -------------------------------------------------------------------------------

    private LutDef buildLut(MapView v) {
        String name = v.str("lut");
        String from = v.reqStr("from");
        String to = v.reqStr("to");
        boolean involution = v.bool("involution");
        String doc = v.str("doc");
        Source source = v.source("source", false);
        YMap entriesMap = v.map("entries");
        if (entriesMap == null && !v.has("entries")) {
            diags.error(v.pos(), Message.MISSING_KEY, "lut " + name, "entries");
        }
        YMap fatalMap = v.map("fatal");
        v.finish();
        EnumDef fromEnum = from == null ? null : enumRef(from, v.pos("from"));
        ScalarType toScalar = to == null ? null : ScalarType.parse(to);
        EnumDef toEnum = null;
        if (to != null && toScalar == null) {
            toEnum = enumRef(to, v.pos("to"));
            if (toEnum == null) {
                return null;
            }
        }
        List<LutDef.Entry> entries = new ArrayList<>();
        if (entriesMap != null) {
            for (YMap.Entry e : entriesMap.entries()) {
                if (toEnum != null) {
                    String vn = scalarText(e.value());
                    EnumValue ev = vn == null ? null : toEnum.value(vn);
                    if (ev == null) {
                        diags.error(e.value().pos(), Message.UNKNOWN_REF, "value of enum " + toEnum.name(), vn,
                                MapView.suggestFrom(String.valueOf(vn), toEnum.values().stream().map(EnumValue::name).toList()));
                        continue;
                    }
                    entries.add(new LutDef.Entry(e.key(), ev.value(), vn, e.keyPos()));
                } else {
                    Long n = MapView.number(e.value(), e.key(), diags);
                    if (n != null) {
                        entries.add(new LutDef.Entry(e.key(), n, null, e.keyPos()));
                    }
                }
            }
        }
        List<LutDef.Fatal> fatals = new ArrayList<>();
        LutDef.Fatal defaultFatal = null;
        if (fatalMap != null) {
            for (YMap.Entry e : fatalMap.entries()) {
                LutDef.Fatal f = fatal(e, source);
                if (f == null) {
                    continue;
                }
                if (e.key().equals("default")) {
                    defaultFatal = f;
                } else {
                    fatals.add(f);
                }
            }
        }
        if (fromEnum == null || source == null || to == null) {
            return null;
        }
        return new LutDef(name, from, toScalar, toEnum == null ? null : toEnum.name(), involution, entries, fatals,
                defaultFatal, doc, source, v.pos("lut"));
    }

    private LutDef.Fatal fatal(YMap.Entry e, Source inherited) {
        if (e.value() instanceof YScalar s && s.kind() == YScalar.Kind.STR) {
            return new LutDef.Fatal(e.key(), s.text(), inherited, e.keyPos());
        }
        if (e.value() instanceof YMap m) {
            MapView f = new MapView(m, "fatal " + e.key(), diags);
            String msg = f.reqStr("message");
            Source s = f.source("source", true);
            f.finish();
            return msg == null ? null : new LutDef.Fatal(e.key(), msg, s == null ? inherited : s, e.keyPos());
        }
        diags.error(e.value().pos(), Message.WRONG_NODE, "fatal " + e.key(), "a message or {message, source}");
        return null;
    }

    // ---- groups and fields ------------------------------------------------------------------

    /** Builds a group on first use, so groups may nest in any order; a cycle is an error. */
    private GroupDef group(String name, Pos usedAt) {
        if (groups.containsKey(name)) {
            return groups.get(name);
        }
        MapView v = groupDocs.get(name);
        if (v == null) {
            return null;
        }
        if (groupsInProgress.put(name, Boolean.TRUE) != null) {
            diags.error(usedAt, Message.UNKNOWN_REF, "group", name, " (a group cannot contain itself)");
            return null;
        }
        Long size = v.reqNum("size");
        String doc = v.str("doc");
        Source source = v.source("source", false);
        List<FieldDef> fields = fields(v, "group " + name);
        List<GroupCheck> checks = new ArrayList<>();
        YSeq checkSeq = v.seq("checks");
        if (checkSeq != null) {
            for (YMap cm : maps(checkSeq, "check")) {
                GroupCheck c = check(cm, fields, source, name);
                if (c != null) {
                    checks.add(c);
                }
            }
        }
        v.finish();
        groupsInProgress.remove(name);
        if (size == null || source == null) {
            return null;
        }
        GroupDef g = new GroupDef(name, size.intValue(), fields, checks, doc, source, v.pos("group"));
        groups.put(name, g);
        return g;
    }

    private GroupCheck check(YMap m, List<FieldDef> fields, Source groupSource, String group) {
        MapView v = new MapView(m, "check of group " + group, diags);
        String name = v.reqStr("name");
        YMap when = v.map("when");
        YMap require = v.map("require");
        if (require == null && !v.has("require")) {
            diags.error(m.pos(), Message.MISSING_KEY, "check of group " + group, "require");
        }
        String message = v.reqStr("message");
        Source source = v.source("source", true);
        v.finish();
        List<GroupCheck.Term> whenTerms = terms(when, fields, false);
        List<GroupCheck.Term> requireTerms = terms(require, fields, true);
        if (name == null || require == null || message == null || whenTerms == null || requireTerms == null) {
            return null;
        }
        return new GroupCheck(name, whenTerms, requireTerms, message, source == null ? groupSource : source, m.pos());
    }

    /** {@code path: value} means equals; {@code path: {below: N}} or {@code path: {in: apertures}}. */
    private List<GroupCheck.Term> terms(YMap m, List<FieldDef> fields, boolean require) {
        List<GroupCheck.Term> out = new ArrayList<>();
        if (m == null) {
            return out;
        }
        boolean ok = true;
        for (YMap.Entry e : m.entries()) {
            if (!pathExists(fields, e.key())) {
                diags.error(e.keyPos(), Message.UNKNOWN_REF, "field or bit field", e.key(), " (write FIELD or FIELD.BIT)");
                ok = false;
                continue;
            }
            if (e.value() instanceof YMap cond && require) {
                MapView cv = new MapView(cond, "condition on " + e.key(), diags);
                Long below = cv.num("below");
                String in = cv.str("in");
                cv.finish();
                if (below != null) {
                    out.add(new GroupCheck.Term(e.key(), GroupCheck.Op.BELOW, below, e.keyPos()));
                } else if ("apertures".equals(in)) {
                    out.add(new GroupCheck.Term(e.key(), GroupCheck.Op.IN_APERTURE, 0, e.keyPos()));
                } else {
                    diags.error(cond.pos(), Message.WRONG_NODE, "condition on " + e.key(), "{below: N} or {in: apertures}");
                    ok = false;
                }
            } else {
                Long value = MapView.number(e.value(), e.key(), diags);
                if (value == null) {
                    ok = false;
                } else {
                    out.add(new GroupCheck.Term(e.key(), GroupCheck.Op.EQUALS, value, e.keyPos()));
                }
            }
        }
        return ok ? out : null;
    }

    private static boolean pathExists(List<FieldDef> fields, String path) {
        String[] p = path.split("\\.");
        FieldDef f = findField(fields, p[0]);
        if (f == null || f.kind() != FieldDef.Kind.SCALAR || f.count() != 1 || p.length > 2) {
            return false;
        }
        return p.length == 1 || f.bits().stream().anyMatch(b -> b.name().equals(p[1]));
    }

    private List<FieldDef> fields(MapView owner, String what) {
        List<FieldDef> out = new ArrayList<>();
        YSeq seq = owner.seq("fields");
        if (seq == null) {
            if (!owner.has("fields")) {
                diags.error(owner.pos(), Message.MISSING_KEY, what, "fields");
            }
            return out;
        }
        for (YMap m : maps(seq, "field")) {
            FieldDef f = field(m, what);
            if (f != null) {
                out.add(f);
            }
        }
        return out;
    }

    private FieldDef field(YMap m, String owner) {
        MapView v = new MapView(m, "field of " + owner, diags);
        String name = v.reqStr("name");
        Long at = v.reqNum("at");
        String typeName = v.str("type");
        Long size = v.num("size");
        Long count = v.num("count");
        String enumRef = v.str("enum");
        String lutRef = v.str("lut");
        String groupRef = v.str("group");
        Long constValue = v.num("const");
        boolean reserved = v.bool("reserved");
        String doc = v.str("doc");
        Source source = v.source("source", true);
        YSeq bitsSeq = v.seq("bits");
        String role = v.str("role");
        String nul = v.str("nul");
        v.finish();
        if (nul != null && !nul.equals("required") && !nul.equals("optional")) {
            diags.error(v.pos("nul"), Message.WRONG_NODE, "nul", "required (at least one NUL) or optional (NUL-terminated or full)");
            nul = null;
        }
        if (nul != null && !"char".equals(typeName)) {
            diags.error(v.pos("nul"), Message.FIELD_SIZE, name, "'nul' applies to char fields only");
            nul = null;
        }
        boolean nulOptional = "optional".equals(nul);
        if (role != null && !role.equals("pc") && !role.equals("reg")) {
            diags.error(v.pos("role"), Message.WRONG_NODE, "role", "pc (a record index) or reg (a register id)");
            role = null;
        }
        if (name == null || at == null) {
            return null;
        }
        if (!Names.isIdentifier(name)) {
            diags.error(v.pos("name"), Message.WRONG_NODE, "field name '" + name + "'", "an identifier");
            return null;
        }
        String label = owner + " field '" + name + "'";
        if (groupRef != null) {
            if (typeName != null) {
                diags.error(v.pos("type"), Message.FIELD_SIZE, name, "a group field takes no 'type'");
            }
            GroupDef g = groupDocs.containsKey(groupRef) ? group(groupRef, v.pos("group")) : null;
            if (g == null) {
                if (!groupDocs.containsKey(groupRef)) {
                    diags.error(v.pos("group"), Message.UNKNOWN_REF, "group", groupRef, MapView.suggestFrom(groupRef, groupDocs.keySet()));
                }
                return null;
            }
            return new FieldDef(name, at.intValue(), FieldDef.Kind.GROUP, null, g.size(), 1, null, null, groupRef, null,
                    false, List.of(), null, doc, source, false, m.pos());
        }
        if (typeName == null) {
            diags.error(m.pos(), Message.MISSING_KEY, label, "type");
            return null;
        }
        if (!TYPES.contains(typeName)) {
            diags.error(v.pos("type"), Message.UNKNOWN_TYPE, typeName, TYPES);
            return null;
        }
        FieldDef.Kind kind;
        ScalarType scalar = ScalarType.parse(typeName);
        int width;
        if (scalar != null) {
            kind = FieldDef.Kind.SCALAR;
            width = scalar.width;
            if (size != null) {
                diags.error(v.pos("size"), Message.FIELD_SIZE, name, "'size' is for char and bytes fields; " + typeName + " is " + width + " bytes");
            }
        } else {
            kind = typeName.equals("char") ? FieldDef.Kind.CHAR : FieldDef.Kind.BYTES;
            if (size == null || size <= 0) {
                diags.error(size == null ? m.pos() : v.pos("size"), Message.FIELD_SIZE, name, typeName + " needs a positive 'size'");
                return null;
            }
            width = size.intValue();
        }
        int n = count == null ? 1 : count.intValue();
        if (count != null && (scalar == null || n < 1)) {
            diags.error(v.pos("count"), Message.FIELD_SIZE, name, "'count' takes a positive number on an integer field");
            return null;
        }
        if (enumRef != null && enumRef(enumRef, v.pos("enum")) == null) {
            return null;
        }
        if (lutRef != null && !luts.containsKey(lutRef)) {
            if (!lutDocs.containsKey(lutRef)) {
                diags.error(v.pos("lut"), Message.UNKNOWN_REF, "lut", lutRef, MapView.suggestFrom(lutRef, lutDocs.keySet()));
            }
            return null;
        }
        if ((enumRef != null || lutRef != null || constValue != null) && (scalar == null || n != 1)) {
            diags.error(m.pos(), Message.FIELD_SIZE, name, "enum, lut and const apply to a single integer");
            return null;
        }
        List<BitDef> bits = new ArrayList<>();
        if (bitsSeq != null) {
            for (YNode bn : bitsSeq.items()) {
                YMap bm = asMap(bn, "bit field");
                if (bm == null) {
                    continue;
                }
                MapView bv = new MapView(bm, "bit field of '" + name + "'", diags);
                String bname = bv.reqStr("name");
                Long lsb = bv.reqNum("lsb");
                Long bw = bv.reqNum("width");
                String bdoc = bv.str("doc");
                Source bs = bv.source("source", true);
                bv.finish();
                if (bname != null && lsb != null && bw != null) {
                    bits.add(new BitDef(bname, lsb.intValue(), bw.intValue(), bdoc, bs, bm.pos()));
                }
            }
        }
        return new FieldDef(name, at.intValue(), kind, scalar, width, n, enumRef, lutRef, null, constValue, reserved,
                bits, role, doc, source, nulOptional, m.pos());
    }

    // ---- record -----------------------------------------------------------------------------

    private RecordShape buildRecord(YMap m) {
        MapView v = new MapView(m, "record", diags);
        Long size = v.reqNum("size");
        String endian = v.reqStr("endian");
        Long stride = v.reqNum("stride");
        YMap opcode = v.map("opcode");
        if (opcode == null && !v.has("opcode")) {
            diags.error(m.pos(), Message.MISSING_KEY, "record", "opcode");
        }
        List<FieldDef> preamble = new ArrayList<>();
        YSeq pre = v.seq("preamble");
        if (pre != null) {
            for (YMap fm : maps(pre, "preamble field")) {
                FieldDef f = field(fm, "record preamble");
                if (f != null) {
                    preamble.add(f);
                }
            }
        }
        String unlisted = v.str("unlisted_opcodes");
        Source source = v.source("source", false);
        v.finish();
        if (endian != null && !endian.equals("little") && !endian.equals("big")) {
            diags.error(v.pos("endian"), Message.WRONG_NODE, "endian", "little or big");
        }
        if (unlisted != null && !unlisted.equals("opaque") && !unlisted.equals("raw")) {
            diags.error(v.pos("unlisted_opcodes"), Message.WRONG_NODE, "unlisted_opcodes", "opaque or raw");
        }
        if (opcode == null || size == null || stride == null || source == null) {
            return null;
        }
        MapView ov = new MapView(opcode, "record opcode", diags);
        Long at = ov.reqNum("at");
        String en = ov.reqStr("enum");
        ov.finish();
        if (at == null || en == null || enumRef(en, ov.pos("enum")) == null) {
            return null;
        }
        if (size <= 0 || stride < size) {
            diags.error(v.pos("stride"), Message.RECORD, "stride " + stride + " must be at least the record size " + size);
        }
        return new RecordShape(size.intValue(), !"big".equals(endian), stride.intValue(), at.intValue(), en, preamble,
                "opaque".equals(unlisted), source, m.pos());
    }

    // ---- arms -------------------------------------------------------------------------------

    private ArmDef buildArm(MapView v, RecordShape record) {
        String name = v.str("arm");
        YNode opNode = v.node("opcode");
        String struct = v.str("struct");
        String engine = v.str("engine");
        String sync = v.str("sync");
        YMap selectMap = v.map("select");
        Source source = v.source("source", false);
        Source opcodeSource = v.source("opcode_source", true);
        String doc = v.str("doc");
        String syntax = v.str("syntax");
        Pos syntaxPos = v.has("syntax") ? v.pos("syntax") : v.pos("arm");
        List<FieldDef> fields = fields(v, "arm " + name);
        YSeq guardSeq = v.seq("guards");
        YSeq exampleSeq = v.seq("examples");
        YSeq viewSeq = v.seq("views");
        YMap unexercisedMap = v.map("unexercised");
        v.finish();
        EnumDef opEnum = enums.get(record.opcodeEnum());
        if (opNode == null) {
            diags.error(v.pos(), Message.MISSING_KEY, "arm " + name, "opcode");
            return null;
        }
        if (opEnum == null) {
            return null;
        }
        EnumValue op = null;
        if (opNode instanceof YScalar s && s.kind() == YScalar.Kind.INT) {
            Long raw = MapView.parseInt(s.text());
            op = raw == null ? null : opEnum.byValue(raw);
            if (op == null) {
                diags.error(opNode.pos(), Message.UNKNOWN_REF, "opcode", s.text(), " (not a value of enum " + opEnum.name() + ")");
                return null;
            }
        } else {
            String opName = scalarText(opNode);
            op = opName == null ? null : opEnum.value(opName);
            if (op == null) {
                diags.error(opNode.pos(), Message.UNKNOWN_REF, "opcode", opName,
                        MapView.suggestFrom(String.valueOf(opName), opEnum.values().stream().map(EnumValue::name).toList()));
                return null;
            }
        }
        if (engine != null) {
            checkEnumValueIfDefined("EngineType", engine, v.pos("engine"));
        }
        if (sync != null) {
            checkEnumValueIfDefined("InstSyncType", sync, v.pos("sync"));
        }
        Select select = selectMap == null ? null : select(selectMap);
        List<Guard> guards = new ArrayList<>();
        if (guardSeq != null) {
            for (YMap gm : maps(guardSeq, "guard")) {
                Guard g = guard(gm, fields, record, source);
                if (g != null) {
                    guards.add(g);
                }
            }
        }
        if (source == null) {
            return null;
        }
        // a field that could not be built would make every vector of the arm echo the same error
        YNode declared = v.map.get("fields");
        boolean complete = !(declared instanceof YSeq ds) || ds.items().size() == fields.size();
        List<Example> examples = complete ? examples(exampleSeq, fields, record, name) : List.of();
        List<ViewDef> views = new ArrayList<>();
        if (viewSeq != null) {
            for (YMap vm : maps(viewSeq, "view")) {
                MapView vv = new MapView(vm, "view of arm " + name, diags);
                String vname = vv.reqStr("view");
                String vdoc = vv.str("doc");
                String vgen = vv.str("generation");
                Source vs = vv.source("source", false);
                List<FieldDef> vfields = fields(vv, "view " + name + "." + vname);
                YSeq vex = vv.seq("examples");
                vv.finish();
                if (vname == null || vs == null) {
                    continue;
                }
                if (!Names.isIdentifier(vname)) {
                    diags.error(vv.pos("view"), Message.WRONG_NODE, "view name '" + vname + "'", "an identifier");
                    continue;
                }
                unique("view", name + vname, vv.pos("view"));
                views.add(new ViewDef(vname, vgen, vfields, examples(vex, vfields, record, name + "." + vname), vdoc, vs, vm.pos()));
            }
        }
        return new ArmDef(name, op.name(), op.value(), struct, engine, sync, select, fields, guards, syntax, examples,
                views, unexercised(unexercisedMap), doc, source, opcodeSource, false, v.pos("arm"), syntaxPos);
    }

    /** {@code unexercised: {field.path: "reason"}}: each reason a non-empty string. */
    private List<ArmDef.Unexercised> unexercised(YMap m) {
        List<ArmDef.Unexercised> out = new ArrayList<>();
        if (m == null) {
            return out;
        }
        for (YMap.Entry e : m.entries()) {
            if (e.value() instanceof YScalar s && !s.text().isBlank()) {
                out.add(new ArmDef.Unexercised(e.key(), s.text(), e.keyPos()));
            } else {
                diags.error(e.value().pos(), Message.WRONG_NODE, "unexercised." + e.key(), "the reason, a non-empty string");
            }
        }
        return out;
    }

    private void checkEnumValueIfDefined(String enumName, String valueName, Pos pos) {
        EnumDef e = enums.get(enumName);
        if (e != null && e.value(valueName) == null) {
            diags.error(pos, Message.UNKNOWN_REF, "value of enum " + enumName, valueName,
                    MapView.suggestFrom(valueName, e.values().stream().map(EnumValue::name).toList()));
        }
    }

    private Select select(YMap m) {
        MapView v = new MapView(m, "select", diags);
        Long at = v.reqNum("at");
        ScalarType type = scalarType(v, "type", true);
        Long equals = v.num("equals");
        boolean otherwise = v.bool("otherwise");
        v.finish();
        if (at == null || type == null) {
            return null;
        }
        if ((equals == null) == !otherwise) {
            diags.error(m.pos(), Message.SELECT_CONFLICT, "select", "give exactly one of 'equals' or 'otherwise: true'");
            return null;
        }
        return new Select(at.intValue(), type, equals, otherwise, m.pos());
    }

    private Guard guard(YMap m, List<FieldDef> fields, RecordShape record, Source armSource) {
        MapView v = new MapView(m, "guard", diags);
        String field = v.reqStr("field");
        YSeq in = v.seq("in");
        if (in == null && !v.has("in")) {
            diags.error(m.pos(), Message.MISSING_KEY, "guard", "in");
        }
        YMap when = v.map("when");
        String message = v.reqStr("message");
        Source source = v.source("source", true);
        v.finish();
        if (field == null || in == null || message == null) {
            return null;
        }
        FieldDef f = pathField(fields, record, field);
        if (f == null) {
            diags.error(v.pos("field"), Message.GUARD, field, "no such field");
            return null;
        }
        List<Long> allowed = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (YNode n : in.items()) {
            Long raw = symbolOrNumber(f, n);
            if (raw == null) {
                return null;
            }
            allowed.add(raw);
            names.add(scalarText(n));
        }
        String whenField = null;
        Long whenEquals = null;
        String whenName = null;
        boolean whenNot = false;
        if (when != null) {
            MapView wv = new MapView(when, "guard when", diags);
            whenField = wv.reqStr("field");
            YNode eq = wv.node("equals");
            YNode ne = wv.node("not_equals");
            if (eq == null && ne == null) {
                diags.error(when.pos(), Message.MISSING_KEY, "guard when", "equals");
            } else if (eq != null && ne != null) {
                diags.error(wv.pos("not_equals"), Message.GUARD, whenField, "'when' takes 'equals' or 'not_equals', not both");
                return null;
            }
            whenNot = eq == null;
            eq = eq == null ? ne : eq;
            wv.finish();
            FieldDef wf = whenField == null ? null : pathField(fields, record, whenField);
            if (whenField != null && wf == null) {
                diags.error(wv.pos("field"), Message.GUARD, whenField, "no such field");
                return null;
            }
            if (wf == null || eq == null) {
                return null;
            }
            whenEquals = symbolOrNumber(wf, eq);
            whenName = scalarText(eq);
            if (whenEquals == null) {
                return null;
            }
        }
        return new Guard(field, allowed, names, whenField, whenEquals, whenName, whenNot, message,
                source == null ? armSource : source, m.pos());
    }

    /** A guard or example value: an enum value name for an enum field, a LUT key for a LUT field, else a number. */
    private Long symbolOrNumber(FieldDef f, YNode n) {
        if (n instanceof YScalar s && s.kind() == YScalar.Kind.INT) {
            return MapView.number(n, f.name(), diags);
        }
        String sym = scalarText(n);
        EnumDef e = f.enumRef() != null ? enums.get(f.enumRef()) : null;
        if (e != null) {
            EnumValue ev = sym == null ? null : e.value(sym);
            if (ev == null) {
                diags.error(n.pos(), Message.UNKNOWN_REF, "value of enum " + e.name(), sym,
                        MapView.suggestFrom(String.valueOf(sym), e.values().stream().map(EnumValue::name).toList()));
                return null;
            }
            return ev.value();
        }
        LutDef l = f.lutRef() != null ? luts.get(f.lutRef()) : null;
        if (l != null) {
            LutDef.Entry le = sym == null ? null : l.entry(sym);
            if (le == null) {
                diags.error(n.pos(), Message.UNKNOWN_REF, "entry of LUT " + l.name(), sym, "");
                return null;
            }
            return le.value();
        }
        diags.error(n.pos(), Message.BAD_NUMBER, sym);
        return null;
    }

    /**
     * A scalar field by its dotted path: a field of the arm or of the preamble, then into groups
     * ({@code ext.update_mode}, {@code events.wait_mode}); null when the path names none.
     */
    private FieldDef pathField(List<FieldDef> fields, RecordShape record, String path) {
        String[] p = path.split("\\.");
        FieldDef f = findField(fields, p[0]);
        if (f == null && record != null) {
            f = findField(record.preamble(), p[0]);
        }
        for (int i = 1; f != null && i < p.length; i++) {
            GroupDef g = f.kind() == FieldDef.Kind.GROUP ? groups.get(f.groupRef()) : null;
            f = g == null ? null : findField(g.fields(), p[i]);
        }
        return f;
    }

    private static FieldDef findField(List<FieldDef> fields, String name) {
        for (FieldDef f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    // ---- examples ---------------------------------------------------------------------------

    private List<Example> examples(YSeq seq, List<FieldDef> fields, RecordShape record, String owner) {
        List<Example> out = new ArrayList<>();
        if (seq == null) {
            return out;
        }
        List<FieldDef> all = new ArrayList<>(record.preamble());
        all.addAll(fields);
        for (YMap m : maps(seq, "example")) {
            MapView v = new MapView(m, "example of " + owner, diags);
            String name = v.reqStr("name");
            String doc = v.str("doc");
            YMap fm = v.map("fields");
            if (fm == null && !v.has("fields")) {
                diags.error(m.pos(), Message.MISSING_KEY, "example of " + owner, "fields");
            }
            YMap bm = v.map("bytes");
            if (bm == null && !v.has("bytes")) {
                diags.error(m.pos(), Message.MISSING_KEY, "example of " + owner, "bytes");
            }
            v.finish();
            if (name == null || fm == null || bm == null) {
                continue;
            }
            List<Example.Assignment> assignments = new ArrayList<>();
            assign(name, owner, fm, all, "", assignments);
            byte[] bytes = exampleBytes(name, bm, record.size());
            if (bytes != null) {
                out.add(new Example(name, doc, assignments, bytes, m.pos()));
            }
        }
        return out;
    }

    private void assign(String example, String owner, YMap values, List<FieldDef> fields, String prefix,
            List<Example.Assignment> out) {
        for (YMap.Entry e : values.entries()) {
            FieldDef f = findField(fields, e.key());
            if (f == null) {
                diags.error(e.keyPos(), Message.EXAMPLE_UNKNOWN_FIELD, example, prefix + e.key(), owner);
                continue;
            }
            String path = prefix + f.name();
            YNode val = e.value();
            Pos pos = e.keyPos();
            switch (f.kind()) {
                case GROUP -> {
                    GroupDef g = groups.get(f.groupRef());
                    if (val instanceof YMap gm && g != null) {
                        assign(example, owner, gm, g.fields(), path + ".", out);
                    } else {
                        diags.error(val.pos(), Message.EXAMPLE_VALUE, example, path, "a group takes a mapping of its fields");
                    }
                }
                case CHAR -> {
                    if (val instanceof YScalar s && s.kind() == YScalar.Kind.STR) {
                        out.add(new Example.Assignment(path, null, null, s.text(), null, null, pos));
                    } else {
                        diags.error(val.pos(), Message.EXAMPLE_VALUE, example, path, "a char field takes a string");
                    }
                }
                case BYTES -> {
                    byte[] raw = val instanceof YScalar s ? hex(s.text()) : null;
                    if (raw == null) {
                        diags.error(val.pos(), Message.EXAMPLE_VALUE, example, path, "a bytes field takes hex bytes such as \"01 02\"");
                    } else {
                        out.add(new Example.Assignment(path, null, null, null, null, raw, pos));
                    }
                }
                case SCALAR -> {
                    if (f.count() > 1) {
                        if (val instanceof YSeq s && s.items().size() == f.count()) {
                            List<Long> nums = new ArrayList<>();
                            for (YNode item : s.items()) {
                                Long x = MapView.number(item, path, diags);
                                nums.add(x == null ? 0L : x);
                            }
                            out.add(new Example.Assignment(path, null, null, null, nums, null, pos));
                        } else {
                            diags.error(val.pos(), Message.EXAMPLE_VALUE, example, path, "expected a list of " + f.count() + " numbers");
                        }
                    } else if (val instanceof YScalar s && s.kind() == YScalar.Kind.INT) {
                        Long x = MapView.number(val, path, diags);
                        if (x != null) {
                            out.add(new Example.Assignment(path, x, null, null, null, null, pos));
                        }
                    } else if (val instanceof YScalar s && s.kind() == YScalar.Kind.STR
                            && (f.enumRef() != null || f.lutRef() != null)) {
                        out.add(new Example.Assignment(path, null, s.text(), null, null, null, pos));
                    } else {
                        diags.error(val.pos(), Message.EXAMPLE_VALUE, example, path,
                                f.enumRef() != null || f.lutRef() != null ? "expected a value name or a number" : "expected a number");
                    }
                }
            }
        }
    }

    private byte[] exampleBytes(String example, YMap bm, int size) {
        byte[] out = new byte[size];
        boolean[] written = new boolean[size];
        boolean ok = true;
        for (YMap.Entry e : bm.entries()) {
            Long off = MapView.parseInt(e.key());
            byte[] run = e.value() instanceof YScalar s ? hex(s.text()) : null;
            if (off == null || run == null) {
                diags.error(e.keyPos(), Message.EXAMPLE_BYTES, example,
                        off == null ? "'" + e.key() + "' is not a byte offset" : "bytes must be hex pairs such as \"a8 10 00 00\"");
                ok = false;
                continue;
            }
            if (off < 0 || off + run.length > size) {
                diags.error(e.keyPos(), Message.EXAMPLE_BYTES, example,
                        String.format("bytes at +0x%02X run past the %d-byte record", off, size));
                ok = false;
                continue;
            }
            for (int i = 0; i < run.length; i++) {
                int at = (int) (off + i);
                if (written[at]) {
                    diags.error(e.keyPos(), Message.EXAMPLE_BYTES, example, String.format("byte +0x%02X is given twice", at));
                    ok = false;
                }
                written[at] = true;
                out[at] = run[i];
            }
        }
        return ok ? out : null;
    }

    static byte[] hex(String text) {
        String t = text.replace("|", " ").trim();
        if (t.isEmpty()) {
            return null;
        }
        String[] parts = t.split("\\s+");
        byte[] out = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            if (!parts[i].matches("[0-9a-fA-F]{2}")) {
                return null;
            }
            out[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        return out;
    }

    // ---- opaque arms ------------------------------------------------------------------------

    /** Every opcode without an arm still decodes: preamble plus an opaque payload (an ASSUMED layout). */
    private void addOpaqueArms(RecordShape record, List<ArmDef> arms) {
        EnumDef opEnum = enums.get(record.opcodeEnum());
        if (opEnum == null) {
            return;
        }
        int preambleEnd = record.preamble().stream().mapToInt(FieldDef::end).max().orElse(record.opcodeAt() + 1);
        Set<Long> taken = new java.util.HashSet<>();
        for (ArmDef a : arms) {
            taken.add(a.opcode());
        }
        Source payloadSource = new Source("no layout in the sources: preamble plus an opaque payload", Confidence.ASSUMED,
                record.pos());
        for (EnumValue v : opEnum.values()) {
            if (taken.contains(v.value())) {
                continue;
            }
            if (!unique("arm", v.name(), v.pos())) {
                continue;
            }
            FieldDef payload = new FieldDef("payload", preambleEnd, FieldDef.Kind.BYTES, null, record.size() - preambleEnd,
                    1, null, null, null, null, false, List.of(), null, "opaque payload", payloadSource, false, v.pos());
            arms.add(new ArmDef(v.name(), v.name(), v.value(), null, null, null, null, List.of(payload), List.of(),
                    null, List.of(), List.of(), List.of(), v.doc(), v.source(), null, true, v.pos()));
        }
    }

    // ---- arch profiles and conflicts --------------------------------------------------------

    private ArchDef buildArch(MapView v) {
        String name = v.str("arch");
        Long generation = v.reqNum("generation");
        List<String> aliases = v.strList("aliases");
        Map<String, String> names = new LinkedHashMap<>();
        YMap namesMap = v.map("names");
        if (namesMap != null) {
            MapView nv = new MapView(namesMap, "names of arch " + name, diags);
            for (String kind : List.of("internal", "runtime", "marketed")) {
                String n = nv.str(kind);
                if (n != null) {
                    names.put(kind, n);
                }
            }
            nv.finish();
        }
        Source source = v.source("source", false);
        YMap opcodes = v.map("opcodes");
        if (opcodes == null && !v.has("opcodes")) {
            diags.error(v.pos(), Message.MISSING_KEY, "arch " + name, "opcodes");
        }
        YMap constMap = v.map("constants");
        YSeq apSeq = v.seq("apertures");
        Source apSource = v.source("apertures_source", apSeq == null);
        List<String> terminators = v.strList("terminators");
        List<Pos> terminatorPositions = new ArrayList<>();
        if (v.node("terminators") instanceof YSeq termSeq) {
            for (YNode t : termSeq.items()) {
                terminatorPositions.add(t.pos());
            }
        }
        Source termSource = v.source("terminators_source", terminators.isEmpty());
        List<String> noEncoder = v.strList("no_encoder");
        Source noEncoderSource = v.source("no_encoder_source", noEncoder.isEmpty());
        v.finish();
        if (generation == null || opcodes == null || source == null) {
            return null;
        }
        MapView ov = new MapView(opcodes, "opcodes of arch " + name, diags);
        String en = ov.reqStr("enum");
        List<String> exclude = ov.strList("exclude_tags");
        YSeq maskSeq = ov.seq("masks");
        Source oSource = ov.source("source", false);
        ov.finish();
        if (en == null || enumRef(en, ov.pos("enum")) == null) {
            return null;
        }
        List<ArchDef.Mask> masks = new ArrayList<>();
        if (maskSeq != null) {
            for (YMap mm : maps(maskSeq, "mask")) {
                MapView mv = new MapView(mm, "mask", diags);
                Long base = mv.reqNum("base");
                Long bits = mv.reqNum("bits");
                mv.finish();
                if (base != null && bits != null) {
                    masks.add(new ArchDef.Mask(base, bits, mm.pos()));
                }
            }
        }
        List<ArchDef.Constant> constants = new ArrayList<>();
        if (constMap != null) {
            for (YMap.Entry e : constMap.entries()) {
                YMap cm = asMap(e.value(), "constant");
                if (cm == null) {
                    continue;
                }
                MapView cv = new MapView(cm, "constant " + e.key(), diags);
                Long value = cv.reqNum("value");
                Source cs = cv.source("source", false);
                cv.finish();
                if (!Names.isIdentifier(e.key())) {
                    diags.error(e.keyPos(), Message.WRONG_NODE, "constant name '" + e.key() + "'", "an identifier");
                } else if (value != null && cs != null) {
                    constants.add(new ArchDef.Constant(e.key(), value, cs, e.keyPos()));
                }
            }
        }
        List<ArchDef.Aperture> apertures = new ArrayList<>();
        if (apSeq != null) {
            for (YMap am : maps(apSeq, "aperture")) {
                MapView av = new MapView(am, "aperture", diags);
                String an = av.reqStr("name");
                Long base = av.reqNum("base");
                Long size = av.reqNum("size");
                av.finish();
                if (an != null && base != null && size != null) {
                    apertures.add(new ArchDef.Aperture(an, base, size, am.pos()));
                }
            }
        }
        return new ArchDef(name, generation.intValue(), aliases, names, en, exclude, masks, oSource, constants, apertures, apSource,
                terminators, termSource, noEncoder, noEncoderSource, source, v.pos("arch"), terminatorPositions);
    }

    private ConflictDef buildConflict(MapView v) {
        String id = v.str("conflict");
        List<String> about = v.strList("about");
        YSeq readings = v.seq("readings");
        String realData = v.str("real_data");
        String emitted = v.reqStr("emitted");
        v.finish();
        List<ConflictDef.Reading> out = new ArrayList<>();
        if (readings != null) {
            for (YMap rm : maps(readings, "reading")) {
                MapView rv = new MapView(rm, "reading of conflict " + id, diags);
                String claim = rv.reqStr("claim");
                Source s = rv.source("source", false);
                rv.finish();
                if (claim != null && s != null) {
                    out.add(new ConflictDef.Reading(claim, s));
                }
            }
        }
        if (out.size() < 2) {
            diags.error(v.pos(), Message.WRONG_NODE, "readings of conflict " + id, "at least two readings");
            return null;
        }
        return emitted == null ? null : new ConflictDef(id, about, out, realData, emitted, v.pos("conflict"));
    }

    private FeatureDef buildFeature(MapView v) {
        String name = v.str("feature");
        String doc = v.str("doc");
        Source source = v.source("source", false);
        YMap setBy = v.map("set_by");
        YSeq required = v.seq("required_by");
        YSeq cleared = v.seq("cleared_by");
        if (setBy == null && !v.has("set_by")) {
            diags.error(v.pos(), Message.MISSING_KEY, "feature " + name, "set_by");
        }
        v.finish();
        String arm = null;
        String field = null;
        Pos armPos = v.pos("feature");
        Pos fieldPos = armPos;
        Source setSource = null;
        if (setBy != null) {
            MapView sv = new MapView(setBy, "set_by of feature " + name, diags);
            arm = sv.reqStr("arm");
            field = sv.reqStr("field");
            armPos = sv.pos("arm");
            fieldPos = sv.pos("field");
            setSource = sv.source("source", true);
            sv.finish();
        }
        List<FeatureDef.Requirement> out = new ArrayList<>();
        if (required != null) {
            for (YMap rm : maps(required, "requirement")) {
                MapView rv = new MapView(rm, "required_by of feature " + name, diags);
                String rarm = rv.reqStr("arm");
                String message = rv.reqStr("message");
                Source s = rv.source("source", true);
                rv.finish();
                if (rarm != null && message != null) {
                    out.add(new FeatureDef.Requirement(rarm, message, s, rv.pos("arm")));
                }
            }
        }
        List<FeatureDef.Clear> clears = new ArrayList<>();
        if (cleared != null) {
            for (YMap cm : maps(cleared, "clear")) {
                MapView cv = new MapView(cm, "cleared_by of feature " + name, diags);
                String carm = cv.reqStr("arm");
                Source s = cv.source("source", true);
                cv.finish();
                if (carm != null) {
                    clears.add(new FeatureDef.Clear(carm, s, cm.pos()));
                }
            }
        }
        if (arm == null || field == null || source == null) {
            return null;
        }
        return new FeatureDef(name, doc, source, arm, field, setSource, out, clears, v.pos("feature"), armPos, fieldPos);
    }

    private StageDef buildStage(MapView v) {
        String name = v.str("stage");
        String doc = v.str("doc");
        Source source = v.source("source", false);
        if (!v.has("rules")) {
            diags.error(v.pos(), Message.MISSING_KEY, "stage " + name, "rules");
        }
        List<String> rules = v.strList("rules");
        v.finish();
        if (source == null || !v.has("rules")) {
            return null;
        }
        return new StageDef(name, doc, rules, source, v.pos("stage"));
    }

    // ---- small helpers ----------------------------------------------------------------------

    private EnumDef enumRef(String name, Pos pos) {
        EnumDef e = enums.get(name);
        if (e == null && !enumDocs.containsKey(name)) {
            diags.error(pos, Message.UNKNOWN_REF, "enum", name, MapView.suggestFrom(name, enumDocs.keySet()));
        }
        return e;
    }

    private ScalarType scalarType(MapView v, String key, boolean required) {
        String t = required ? v.reqStr(key) : v.str(key);
        if (t == null) {
            return null;
        }
        ScalarType st = ScalarType.parse(t);
        if (st == null) {
            diags.error(v.pos(key), Message.UNKNOWN_TYPE, t, List.of("u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64"));
        }
        return st;
    }

    /** The mapping items of a sequence, each other item reported; none for a missing sequence. */
    private List<YMap> maps(YSeq seq, String what) {
        List<YMap> out = new ArrayList<>();
        if (seq != null) {
            for (YNode n : seq.items()) {
                YMap m = asMap(n, what);
                if (m != null) {
                    out.add(m);
                }
            }
        }
        return out;
    }

    private YMap asMap(YNode n, String what) {
        if (n instanceof YMap m) {
            return m;
        }
        diags.error(n.pos(), Message.WRONG_NODE, what, "a mapping");
        return null;
    }

    private static String scalarText(YNode n) {
        return n instanceof YScalar s && s.kind() != YScalar.Kind.NULL ? s.text() : null;
    }
}
