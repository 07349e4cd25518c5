package tpb.spec.load;

import java.util.ArrayList;
import java.util.List;
import tpb.spec.DidYouMean;
import tpb.spec.Message;
import tpb.spec.Names;
import tpb.spec.model.BitDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.ScalarType;
import tpb.spec.model.Source;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YSeq;

/** The {@code fields:} of an arm, a group, a view or the record preamble. */
final class FieldBuilder {
    /** The field types of the spec language. */
    static final List<String> TYPES = List.of("u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64", "char", "bytes");

    private final ResolveContext ctx;

    FieldBuilder(ResolveContext ctx) {
        this.ctx = ctx;
    }

    /**
     * The fields of {@code owner} that could be built; each other one is reported and noted as
     * left out under its {@code scope} (the arm, group or view name; "record" for the preamble).
     */
    List<FieldDef> fields(MapView owner, String what, String scope) {
        YSeq seq = owner.seq("fields");
        if (seq == null) {
            if (!owner.has("fields")) {
                ctx.diags.error(owner.pos(), Message.MISSING_KEY, what, "fields");
            }
            return new ArrayList<>();
        }
        return list(seq, "field", what, scope);
    }

    /** The fields of a sequence of field mappings ({@code item} names an item that is none). */
    List<FieldDef> list(YSeq seq, String item, String owner, String scope) {
        List<FieldDef> out = new ArrayList<>();
        for (YMap m : ctx.maps(seq, item)) {
            FieldDef f = field(m, owner);
            String name = ResolveContext.scalarText(m.get("name"));
            if (f != null) {
                out.add(f);
            } else if (name != null) {
                ctx.diags.leftOut("field", scope + "." + name);
            }
        }
        return out;
    }

    /** A field's keys as written, before they are judged. */
    private record Keys(MapView v, YMap m, String name, Long at, String type, Long size, Long count, String enumRef,
            String lutRef, String groupRef, Long constValue, boolean reserved, String doc, Source source, YSeq bits,
            String role, String nul) {}

    private FieldDef field(YMap m, String owner) {
        MapView v = ctx.view(m, "field of " + owner);
        Keys k = new Keys(v, m, v.reqStr("name"), v.reqNum("at"), v.str("type"), v.num("size"), v.num("count"),
                v.str("enum"), v.str("lut"), v.str("group"), v.num("const"), v.bool("reserved"), v.str("doc"),
                ctx.source(v, "source", true), v.seq("bits"), v.str("role"), v.str("nul"));
        v.finish();
        String nul = nul(k);
        String role = k.role();
        if (role != null && !role.equals("pc") && !role.equals("reg")) {
            ctx.diags.error(v.pos("role"), Message.WRONG_NODE, "role", "pc (a record index) or reg (a register id)");
            role = null;
        }
        if (k.name() == null || k.at() == null) {
            return null;
        }
        if (!Names.isIdentifier(k.name())) {
            ctx.diags.error(v.pos("name"), Message.WRONG_NODE, "field name '" + k.name() + "'", "an identifier");
            return null;
        }
        if (k.groupRef() != null) {
            return groupField(k);
        }
        return typedField(k, owner + " field '" + k.name() + "'", role, "optional".equals(nul));
    }

    /** {@code nul: required|optional}, on char fields only; null when absent or reported. */
    private String nul(Keys k) {
        String nul = k.nul();
        if (nul != null && !nul.equals("required") && !nul.equals("optional")) {
            ctx.diags.error(k.v().pos("nul"), Message.WRONG_NODE, "nul", "required (at least one NUL) or optional (NUL-terminated or full)");
            nul = null;
        }
        if (nul != null && !"char".equals(k.type())) {
            ctx.diags.error(k.v().pos("nul"), Message.FIELD_SIZE, k.name(), "'nul' applies to char fields only");
            nul = null;
        }
        return nul;
    }

    private FieldDef groupField(Keys k) {
        if (k.type() != null) {
            ctx.diags.error(k.v().pos("type"), Message.FIELD_SIZE, k.name(), "a group field takes no 'type'");
        }
        GroupDef g = ctx.groupRef(k.groupRef(), k.v().pos("group"));
        if (g == null) {
            return null;
        }
        return FieldDef.group(k.name(), k.at().intValue(), g.size(), k.groupRef(), k.doc(), k.source(), k.m().pos());
    }

    private FieldDef typedField(Keys k, String label, String role, boolean nulOptional) {
        if (k.type() == null) {
            ctx.diags.error(k.m().pos(), Message.MISSING_KEY, label, "type");
            return null;
        }
        if (!TYPES.contains(k.type())) {
            ctx.diags.error(k.v().pos("type"), Message.UNKNOWN_TYPE, k.type(), TYPES);
            return null;
        }
        ScalarType scalar = ScalarType.parse(k.type());
        Integer width = width(k, scalar);
        if (width == null) {
            return null;
        }
        int n = k.count() == null ? 1 : k.count().intValue();
        if (k.count() != null && (scalar == null || n < 1)) {
            ctx.diags.error(k.v().pos("count"), Message.FIELD_SIZE, k.name(), "'count' takes a positive number on an integer field");
            return null;
        }
        if (!encodingResolves(k, scalar, n)) {
            return null;
        }
        FieldDef.Kind kind = scalar != null ? FieldDef.Kind.SCALAR : k.type().equals("char") ? FieldDef.Kind.CHAR : FieldDef.Kind.BYTES;
        // an open enum names the field's values without restricting them: the field is a number to the codecs
        boolean open = k.enumRef() != null && ctx.enums.get(k.enumRef()).open();
        return new FieldDef(k.name(), k.at().intValue(), kind, scalar, width, n, open ? null : k.enumRef(), open ? k.enumRef() : null,
                k.lutRef(), null, k.constValue(), k.reserved(), bits(k.bits(), k.name()), role, k.doc(), k.source(), nulOptional,
                k.m().pos());
    }

    /** An integer's width by its type; a char or bytes field's by its {@code size}; null when reported. */
    private Integer width(Keys k, ScalarType scalar) {
        if (scalar != null) {
            if (k.size() != null) {
                ctx.diags.error(k.v().pos("size"), Message.FIELD_SIZE, k.name(),
                        "'size' is for char and bytes fields; " + k.type() + " is " + scalar.width + " bytes");
            }
            return scalar.width;
        }
        if (k.size() == null || k.size() <= 0) {
            ctx.diags.error(k.size() == null ? k.m().pos() : k.v().pos("size"), Message.FIELD_SIZE, k.name(),
                    k.type() + " needs a positive 'size'");
            return null;
        }
        return k.size().intValue();
    }

    /** The enum and LUT a field names exist, and enum, LUT and const sit on a single integer. */
    private boolean encodingResolves(Keys k, ScalarType scalar, int n) {
        if (k.enumRef() != null && ctx.enumRef(k.enumRef(), k.v().pos("enum")) == null) {
            return false;
        }
        if (k.lutRef() != null && !ctx.luts.containsKey(k.lutRef())) {
            if (!ctx.index.luts.containsKey(k.lutRef()) && !ctx.diags.isLeftOut("lut", k.lutRef())) {
                ctx.diags.error(k.v().pos("lut"), Message.UNKNOWN_REF, "lut", k.lutRef(),
                        DidYouMean.suggest(k.lutRef(), ctx.index.luts.keySet()));
            }
            return false;
        }
        if ((k.enumRef() != null || k.lutRef() != null || k.constValue() != null) && (scalar == null || n != 1)) {
            ctx.diags.error(k.m().pos(), Message.FIELD_SIZE, k.name(), "enum, lut and const apply to a single integer");
            return false;
        }
        return true;
    }

    private List<BitDef> bits(YSeq seq, String field) {
        List<BitDef> bits = new ArrayList<>();
        for (YMap bm : ctx.maps(seq, "bit field")) {
            MapView bv = ctx.view(bm, "bit field of '" + field + "'");
            String bname = bv.reqStr("name");
            Long lsb = bv.reqNum("lsb");
            Long bw = bv.reqNum("width");
            String benum = bv.str("enum");
            String bdoc = bv.str("doc");
            Source bs = ctx.source(bv, "source", true);
            bv.finish();
            if (benum != null && ctx.enumRef(benum, bv.pos("enum")) == null) {
                benum = null; // reported (or its enum left out after an error of its own)
            }
            if (bname != null && lsb != null && bw != null) {
                bits.add(new BitDef(bname, lsb.intValue(), bw.intValue(), benum, bdoc, bs, bm.pos()));
            }
        }
        return bits;
    }
}
