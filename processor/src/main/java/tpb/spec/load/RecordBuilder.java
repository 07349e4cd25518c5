package tpb.spec.load;

import java.util.List;
import tpb.spec.Message;
import tpb.spec.model.FieldDef;
import tpb.spec.model.RecordShape;
import tpb.spec.model.Source;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;

/** The root document's {@code record:}: size, byte order, stride, where the opcode sits, the preamble. */
final class RecordBuilder {
    private final ResolveContext ctx;

    RecordBuilder(ResolveContext ctx) {
        this.ctx = ctx;
    }

    RecordShape build(YMap m) {
        MapView v = ctx.view(m, "record");
        Long size = v.reqNum("size");
        String endian = v.reqStr("endian");
        Long stride = v.reqNum("stride");
        YMap opcode = v.map("opcode");
        if (opcode == null && !v.has("opcode")) {
            v.missing("opcode");
        }
        List<FieldDef> preamble = new FieldBuilder(ctx).list(v.seq("preamble"), "preamble field", "record preamble", "record");
        String unlisted = v.str("unlisted_opcodes");
        Source source = ctx.source(v, "source", false);
        v.finish();
        if (endian != null && !endian.equals("little") && !endian.equals("big")) {
            ctx.diags.error(v.pos("endian"), Message.WRONG_NODE, "endian", "little or big");
        }
        if (unlisted != null && !unlisted.equals("opaque") && !unlisted.equals("raw")) {
            ctx.diags.error(v.pos("unlisted_opcodes"), Message.WRONG_NODE, "unlisted_opcodes", "opaque or raw");
        }
        if (opcode == null || size == null || stride == null || source == null) {
            return null;
        }
        MapView ov = ctx.view(opcode, "record opcode");
        Long at = ov.reqNum("at");
        String en = ov.reqStr("enum");
        ov.finish();
        if (at == null || en == null || ctx.enumRef(en, ov.pos("enum")) == null) {
            return null;
        }
        if (size <= 0 || stride < size) {
            ctx.diags.error(v.pos("stride"), Message.RECORD, "stride " + stride + " must be at least the record size " + size);
        }
        return new RecordShape(size.intValue(), !"big".equals(endian), stride.intValue(), at.intValue(), en, preamble,
                "opaque".equals(unlisted), source, v.pos("opcode"), m.pos());
    }
}
