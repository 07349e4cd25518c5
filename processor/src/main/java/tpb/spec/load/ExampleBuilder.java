package tpb.spec.load;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import tpb.spec.Message;
import tpb.spec.Pos;
import tpb.spec.model.Example;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.RecordShape;
import tpb.spec.yaml.MapView;
import tpb.spec.yaml.YMap;
import tpb.spec.yaml.YNode;
import tpb.spec.yaml.YScalar;
import tpb.spec.yaml.YSeq;

/** The {@code examples:} of an arm or view: field values and the record bytes they encode to. */
final class ExampleBuilder {
    private final ResolveContext ctx;
    private final RecordShape record;

    ExampleBuilder(ResolveContext ctx, RecordShape record) {
        this.ctx = ctx;
        this.record = record;
    }

    List<Example> examples(YSeq seq, List<FieldDef> fields, String owner) {
        List<Example> out = new ArrayList<>();
        if (seq == null) {
            return out;
        }
        List<FieldDef> all = new ArrayList<>(record.preamble());
        all.addAll(fields);
        for (YMap m : ctx.maps(seq, "example")) {
            MapView v = ctx.view(m, "example of " + owner);
            String name = v.reqStr("name");
            String doc = v.str("doc");
            YMap fm = v.map("fields");
            if (fm == null && !v.has("fields")) {
                v.missing("fields");
            }
            YMap bm = v.map("bytes");
            if (bm == null && !v.has("bytes")) {
                v.missing("bytes");
            }
            v.finish();
            if (name == null || fm == null || bm == null) {
                continue;
            }
            List<Example.Assignment> assignments = new ArrayList<>();
            assign(name, owner, fm, all, "", assignments);
            byte[] bytes = bytes(name, bm);
            if (bytes != null) {
                out.add(new Example(name, doc, assignments, bytes, m.pos()));
            }
        }
        return out;
    }

    private void assign(String example, String owner, YMap values, List<FieldDef> fields, String prefix,
            List<Example.Assignment> out) {
        for (YMap.Entry e : values.entries()) {
            FieldDef f = ResolveContext.findField(fields, e.key());
            if (f == null) {
                ctx.diags.error(e.keyPos(), Message.EXAMPLE_UNKNOWN_FIELD, example, prefix + e.key(), owner);
                continue;
            }
            String path = prefix + f.name();
            YNode val = e.value();
            if (f.kind() == FieldDef.Kind.GROUP) {
                GroupDef g = ctx.groups.get(f.groupRef());
                if (val instanceof YMap gm && g != null) {
                    assign(example, owner, gm, g.fields(), path + ".", out);
                } else {
                    ctx.diags.error(val.pos(), Message.EXAMPLE_VALUE, example, path, "a group takes a mapping of its fields");
                }
                continue;
            }
            Example.Assignment a = leaf(example, f, path, val, e.keyPos());
            if (a != null) {
                out.add(a);
            }
        }
    }

    /** The value of a char, bytes or integer field; null when it has the wrong shape (reported). */
    private Example.Assignment leaf(String example, FieldDef f, String path, YNode val, Pos pos) {
        switch (f.kind()) {
            case CHAR -> {
                if (val instanceof YScalar s && s.kind() == YScalar.Kind.STR) {
                    return Example.Assignment.text(path, s.text(), pos);
                }
                ctx.diags.error(val.pos(), Message.EXAMPLE_VALUE, example, path, "a char field takes a string");
                return null;
            }
            case BYTES -> {
                byte[] raw = val instanceof YScalar s ? hex(s.text()) : null;
                if (raw == null) {
                    ctx.diags.error(val.pos(), Message.EXAMPLE_VALUE, example, path, "a bytes field takes hex bytes such as \"01 02\"");
                    return null;
                }
                return Example.Assignment.raw(path, raw, pos);
            }
            default -> {
                return f.count() > 1 ? array(example, f, path, val, pos) : scalar(example, f, path, val, pos);
            }
        }
    }

    private Example.Assignment array(String example, FieldDef f, String path, YNode val, Pos pos) {
        if (!(val instanceof YSeq s) || s.items().size() != f.count()) {
            ctx.diags.error(val.pos(), Message.EXAMPLE_VALUE, example, path, "expected a list of " + f.count() + " numbers");
            return null;
        }
        List<Long> nums = new ArrayList<>();
        for (YNode item : s.items()) {
            Long x = MapView.number(item, path, ctx.diags);
            nums.add(x == null ? 0L : x);
        }
        return Example.Assignment.numbers(path, nums, pos);
    }

    private Example.Assignment scalar(String example, FieldDef f, String path, YNode val, Pos pos) {
        boolean symbolic = f.namingEnum() != null || f.lutRef() != null;
        if (val instanceof YScalar s && s.kind() == YScalar.Kind.INT) {
            Long x = MapView.number(val, path, ctx.diags);
            return x == null ? null : Example.Assignment.number(path, x, pos);
        }
        if (val instanceof YScalar s && s.kind() == YScalar.Kind.STR && symbolic) {
            return Example.Assignment.symbol(path, s.text(), pos);
        }
        ctx.diags.error(val.pos(), Message.EXAMPLE_VALUE, example, path,
                symbolic ? "expected a value name or a number" : "expected a number");
        return null;
    }

    /** {@code bytes: {offset: "hex pairs", ...}}: the record with every byte not given zero; null when malformed. */
    private byte[] bytes(String example, YMap bm) {
        int size = record.size();
        byte[] out = new byte[size];
        boolean[] written = new boolean[size];
        boolean ok = true;
        for (YMap.Entry e : bm.entries()) {
            Long off = MapView.parseInt(e.key());
            byte[] run = e.value() instanceof YScalar s ? hex(s.text()) : null;
            if (off == null || run == null) {
                ctx.diags.error(e.keyPos(), Message.EXAMPLE_BYTES, example,
                        off == null ? "'" + e.key() + "' is not a byte offset" : "bytes must be hex pairs such as \"a8 10 00 00\"");
                ok = false;
                continue;
            }
            if (off < 0 || off + run.length > size) {
                ctx.diags.error(e.keyPos(), Message.EXAMPLE_BYTES, example,
                        String.format("bytes at +0x%02X run past the %d-byte record", off, size));
                ok = false;
                continue;
            }
            for (int i = 0; i < run.length; i++) {
                int at = (int) (off + i);
                if (written[at]) {
                    ctx.diags.error(e.keyPos(), Message.EXAMPLE_BYTES, example, String.format("byte +0x%02X is given twice", at));
                    ok = false;
                }
                written[at] = true;
                out[at] = run[i];
            }
        }
        return ok ? out : null;
    }

    /** Hex pairs separated by blanks ({@code |} may mark a boundary): {@code "a8 10 | 00 00"}; null otherwise. */
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
            out[i] = (byte) HexFormat.fromHexDigits(parts[i]);
        }
        return out;
    }
}
