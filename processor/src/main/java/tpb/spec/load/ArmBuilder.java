package tpb.spec.load;

import java.util.ArrayList;
import java.util.List;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.Names;
import tpb.spec.Pos;
import tpb.spec.model.ArmDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.Example;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.Guard;
import tpb.spec.model.RecordShape;
import tpb.spec.model.ScalarType;
import tpb.spec.model.Select;
import tpb.spec.model.Source;
import tpb.spec.model.ViewDef;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YScalar;
import tpb.spec.yaml.YSeq;

/** {@code arm:} documents: an opcode's payload layout, with its guards, syntax, test vectors and views. */
final class ArmBuilder {
    private final ResolveContext ctx;
    private final RecordShape record;
    private final FieldBuilder fieldBuilder;
    private final ExampleBuilder exampleBuilder;

    ArmBuilder(ResolveContext ctx, RecordShape record) {
        this.ctx = ctx;
        this.record = record;
        this.fieldBuilder = new FieldBuilder(ctx);
        this.exampleBuilder = new ExampleBuilder(ctx, record);
    }

    ArmDef build(MapView v) {
        String name = v.str("arm");
        YNode opNode = v.node("opcode");
        String struct = v.str("struct");
        String engine = v.str("engine");
        String sync = v.str("sync");
        YMap selectMap = v.map("select");
        Source source = ctx.source(v, "source", false);
        Source opcodeSource = ctx.source(v, "opcode_source", true);
        Source syntaxSource = ctx.source(v, "syntax_source", true);
        String doc = v.str("doc");
        String syntax = v.str("syntax");
        Pos syntaxPos = v.has("syntax") ? v.pos("syntax") : v.pos("arm");
        List<FieldDef> fields = fieldBuilder.fields(v, "arm " + name, name);
        YSeq guardSeq = v.seq("guards");
        YSeq exampleSeq = v.seq("examples");
        YSeq viewSeq = v.seq("views");
        YMap unexercisedMap = v.map("unexercised");
        YSeq termSeq = v.seq("terms");
        YSeq overrideSeq = v.seq("overrides");
        v.finish();
        EnumValue op = opcode(v, opNode);
        if (op == null) {
            return null;
        }
        if (engine != null) {
            roleValue(name, EnumDef.Role.ENGINE, engine, v.pos("engine"));
        }
        if (sync != null) {
            roleValue(name, EnumDef.Role.SYNC, sync, v.pos("sync"));
        }
        Select select = selectMap == null ? null : select(selectMap);
        List<Guard> guards = new GuardBuilder(ctx, record).guards(guardSeq, name, fields, source);
        if (source == null) {
            return null;
        }
        // a field that could not be built would make every vector of the arm echo the same error
        boolean complete = !(v.mapping().get("fields") instanceof YSeq ds) || ds.items().size() == fields.size();
        List<Example> examples = complete ? exampleBuilder.examples(exampleSeq, fields, name) : List.of();
        if (!complete) {
            ctx.diags.leftOut("vectors", name); // nor can its coverage be judged
        }
        return new ArmDef(name, op.name(), op.value(), struct, engine, sync, select, fields, guards, syntax, examples,
                views(viewSeq, name), unexercised(unexercisedMap), doc, source, opcodeSource, false, v.pos("arm"), syntaxPos,
                terms(termSeq, fields, name), syntaxSource, overrides(overrideSeq, name, select, viewSeq));
    }

    /**
     * {@code overrides: [{field, const, doc, source}]}: a constant of the record preamble that this
     * arm holds at another value (PseudoExtension's inst_word_len 0). The field must be a constant
     * of the preamble or of a group placed in it (the opcode is none: the arm names it), named once, and the value must fit it. The arm must
     * have its opcode to itself and no generation views: the validator checks the preamble once per
     * record, by opcode, before any arm's layout is chosen.
     */
    private List<ArmDef.ConstOverride> overrides(YSeq seq, String arm, Select select, YSeq viewSeq) {
        List<ArmDef.ConstOverride> out = new ArrayList<>();
        for (YMap m : ctx.maps(seq, "override")) {
            MapView ov = ctx.view(m, "override of arm " + arm);
            String path = ov.reqStr("field");
            Long value = ov.reqNum("const");
            String doc = ov.str("doc");
            Source source = ctx.source(ov, "source", false);
            ov.finish();
            if (path == null || value == null || source == null) {
                continue;
            }
            FieldDef f = ctx.pathField(List.of(), record, path);
            String problem = path.split("\\.").length > 2 ? "only a constant of the preamble, or of a group placed in it, can be overridden"
                    : f == null ? "the record preamble has no such field"
                    : f.constValue() == null ? "it is no constant of the record preamble (only a 'const' field can be overridden)"
                    : !f.scalar().fits(value) ? "value " + value + " does not fit " + f.scalar().specName()
                    : out.stream().anyMatch(o -> o.path().equals(path)) ? "it is overridden twice"
                    : select != null ? "the arm shares its opcode (it has a 'select'); the validator tells overrides apart by opcode alone"
                    : viewSeq != null && !viewSeq.items().isEmpty() ? "the arm has generation views, whose layouts would keep the preamble's value"
                    : null;
            if (problem != null) {
                ctx.diags.error(ov.pos("field"), Message.OVERRIDE, arm, path, problem);
                continue;
            }
            out.add(new ArmDef.ConstOverride(path, value, doc, source, m.pos()));
        }
        return out;
    }

    /**
     * The arm's own compact terms, {@code terms: [{syntax, index, value}]}: a fixed template and the
     * names of its index and value fields, scalar fields of the arm.
     */
    private List<GroupDef.Term> terms(YSeq seq, List<FieldDef> fields, String arm) {
        List<GroupDef.Term> out = new ArrayList<>();
        for (YMap m : ctx.maps(seq, "term")) {
            MapView tv = ctx.view(m, "term of arm " + arm);
            String syntax = tv.reqStr("syntax");
            String index = tv.reqStr("index");
            String value = tv.reqStr("value");
            tv.finish();
            if (syntax == null || index == null || value == null) {
                continue;
            }
            boolean ok = true;
            for (String key : List.of("index", "value")) {
                String f = key.equals("index") ? index : value;
                FieldDef d = ResolveContext.findField(fields, f);
                if (d == null || d.kind() != FieldDef.Kind.SCALAR || d.count() > 1) {
                    ctx.diags.error(tv.pos(key), Message.ARM_TERM, arm, key + " '" + f + "' is no scalar field of the arm");
                    ok = false;
                }
            }
            if (ok && !syntax.contains("{value}")) {
                ctx.diags.error(tv.pos("syntax"), Message.ARM_TERM, arm, "an arm's term '" + syntax + "' must write its {value}");
                ok = false;
            }
            if (ok) {
                out.add(new GroupDef.Term(null, index, value, syntax, m.pos()));
            }
        }
        return out;
    }

    /** The arm's opcode, by value name or number; null when missing or not a value of the opcode enum (reported). */
    private EnumValue opcode(MapView v, YNode opNode) {
        EnumDef opEnum = ctx.enums.get(record.opcodeEnum());
        if (opNode == null) {
            v.missing("opcode");
            return null;
        }
        if (opEnum == null) {
            return null;
        }
        if (opNode instanceof YScalar s && s.kind() == YScalar.Kind.INT) {
            Long raw = MapView.parseInt(s.text());
            EnumValue op = raw == null ? null : opEnum.byValue(raw);
            if (op == null) {
                ctx.diags.error(opNode.pos(), Message.UNKNOWN_REF, "opcode", s.text(), " (not a value of enum " + opEnum.name() + ")");
            }
            return op;
        }
        String opName = ResolveContext.scalarText(opNode);
        EnumValue op = opName == null ? null : opEnum.value(opName);
        if (op == null) {
            ctx.diags.error(opNode.pos(), Message.UNKNOWN_REF, "opcode", opName,
                    DidYouMean.suggest(String.valueOf(opName), opEnum.values().stream().map(EnumValue::name).toList()));
        }
        return op;
    }

    /** An arm's engine or sync: a value of the enum that plays that role (the processor knows no enum by name). */
    private void roleValue(String arm, EnumDef.Role role, String valueName, Pos pos) {
        EnumDef e = ctx.enums.values().stream().filter(x -> x.role() == role).findFirst().orElse(null);
        if (e != null) {
            ctx.enumValue(e, valueName, pos);
        } else if (ctx.index.enums.values().stream()
                .noneMatch(d -> d.mapping().get("role") instanceof YScalar s && s.text().equals(role.specName()))) {
            ctx.diags.error(pos, Message.NO_ROLE, arm, role.specName(), valueName, role.specName());
        }
    }

    private Select select(YMap m) {
        MapView v = ctx.view(m, "select");
        Long at = v.reqNum("at");
        ScalarType type = ctx.scalarType(v, "type");
        Long equals = v.num("equals");
        boolean otherwise = v.bool("otherwise");
        v.finish();
        if (at == null || type == null) {
            return null;
        }
        if ((equals == null) == !otherwise) {
            ctx.diags.error(m.pos(), Message.SELECT_CONFLICT, "select", "give exactly one of 'equals' or 'otherwise: true'");
            return null;
        }
        return new Select(at.intValue(), type, equals, otherwise, m.pos());
    }

    private List<ViewDef> views(YSeq viewSeq, String arm) {
        List<ViewDef> views = new ArrayList<>();
        for (YMap vm : ctx.maps(viewSeq, "view")) {
            MapView vv = ctx.view(vm, "view of arm " + arm);
            String vname = vv.reqStr("view");
            String vdoc = vv.str("doc");
            String vgen = vv.str("generation");
            Source vs = ctx.source(vv, "source", false);
            List<FieldDef> vfields = fieldBuilder.fields(vv, "view " + arm + "." + vname, arm + "." + vname);
            YSeq vex = vv.seq("examples");
            vv.finish();
            if (vname == null || vs == null) {
                continue;
            }
            if (!Names.isIdentifier(vname)) {
                ctx.diags.error(vv.pos("view"), Message.WRONG_NODE, "view name '" + vname + "'", "an identifier");
                continue;
            }
            ctx.index.unique("view", arm + vname, vv.pos("view"));
            views.add(new ViewDef(vname, vgen, vfields, exampleBuilder.examples(vex, vfields, arm + "." + vname), vdoc, vs, vm.pos()));
        }
        return views;
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
                ctx.diags.error(e.value().pos(), Message.WRONG_NODE, "unexercised." + e.key(), "the reason, a non-empty string");
            }
        }
        return out;
    }
}
