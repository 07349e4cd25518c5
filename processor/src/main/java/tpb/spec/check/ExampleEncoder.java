package tpb.spec.check;

import java.nio.charset.StandardCharsets;
import java.util.List;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.model.ArmDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.Example;
import tpb.spec.model.FieldDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.LutDef;

/**
 * Encodes an example's field values straight from the model, independently of the generated
 * codecs: the spec-time half of the test-vector check (the generated-tests module checks the
 * generated encoders against the same bytes).
 */
public final class ExampleEncoder {
    private ExampleEncoder() {}

    /** The record bytes {@code example} describes, or null after reporting why they cannot be made. */
    public static byte[] encode(IsaModel model, ArmDef arm, List<Leaf> leaves, Example example, Diagnostics diags) {
        int size = model.record().size();
        byte[] out = new byte[size];
        boolean little = model.record().littleEndian();
        boolean ok = true;
        // the arm's opcode at the record's opcode offset, as wide as the opcode enum, whether or not
        // the preamble declares the field: what the generated encoders write (StructWriter.encodeTo)
        write(out, model.record().opcodeAt(), model.opcodeWidth(), arm.opcode(), little);
        for (Leaf l : leaves) {
            if (l.def().isConst() && !isOpcode(model, l)) {
                write(out, l.offset(), l.def().size(), l.def().constValue(), little);
            }
        }
        if (arm.select() != null && arm.select().equals() != null) {
            write(out, arm.select().at(), arm.select().type().width, arm.select().equals(), little);
        }
        for (Example.Assignment a : example.assignments()) {
            Leaf l = Layout.find(leaves, a.path());
            if (l == null) {
                diags.error(a.pos(), Message.EXAMPLE_UNKNOWN_FIELD, example.name(), a.path(), arm.name());
                ok = false;
                continue;
            }
            String problem = put(model, l, a, out, little);
            if (problem != null) {
                diags.error(a.pos(), Message.EXAMPLE_VALUE, example.name(), a.path(), problem);
                ok = false;
            }
        }
        return ok ? out : null;
    }

    public static boolean isOpcode(IsaModel model, Leaf l) {
        return l.offset() == model.record().opcodeAt() && model.record().opcodeEnum().equals(l.def().enumRef());
    }

    private static String put(IsaModel model, Leaf l, Example.Assignment a, byte[] out, boolean little) {
        FieldDef f = l.def();
        if (isOpcode(model, l)) {
            return "the opcode is fixed by the arm";
        }
        switch (f.kind()) {
            case CHAR -> {
                byte[] s = a.text().getBytes(StandardCharsets.US_ASCII);
                if (s.length > f.maxChars()) {
                    return "'" + a.text() + "' is longer than " + f.maxChars() + " characters"
                            + (f.nulOptional() ? "" : " (the field is NUL-terminated)");
                }
                System.arraycopy(s, 0, out, l.offset(), s.length);
                return null;
            }
            case BYTES -> {
                if (a.raw().length > f.size()) {
                    return a.raw().length + " bytes do not fit " + f.size();
                }
                System.arraycopy(a.raw(), 0, out, l.offset(), a.raw().length);
                return null;
            }
            default -> {
                if (a.numbers() != null) {
                    for (int i = 0; i < a.numbers().size(); i++) {
                        long v = a.numbers().get(i);
                        if (!f.scalar().fits(v)) {
                            return "value " + v + " does not fit " + f.scalar().specName();
                        }
                        write(out, l.offset() + i * f.size(), f.size(), v, little);
                    }
                    return null;
                }
                long v;
                if (a.symbol() != null) {
                    Long raw = symbol(model, f, a.symbol());
                    if (raw == null) {
                        return symbolProblem(model, f, a.symbol());
                    }
                    v = raw;
                } else {
                    v = a.number();
                }
                if (!f.scalar().fits(v)) {
                    return "value " + v + " does not fit " + f.scalar().specName();
                }
                if (f.isConst() && f.constValue() != v) {
                    return "the field is constant " + f.constValue();
                }
                write(out, l.offset(), f.size(), v, little);
                return null;
            }
        }
    }

    private static Long symbol(IsaModel model, FieldDef f, String name) {
        if (f.namingEnum() != null) {
            EnumValue v = model.enumDef(f.namingEnum()).map(e -> e.value(name)).orElse(null);
            return v == null ? null : v.value();
        }
        LutDef l = model.lut(f.lutRef()).orElse(null);
        LutDef.Entry e = l == null ? null : l.entry(name);
        return e == null ? null : e.value();
    }

    private static String symbolProblem(IsaModel model, FieldDef f, String name) {
        if (f.namingEnum() != null) {
            return "'" + name + "' is not a value of enum " + f.namingEnum();
        }
        LutDef l = model.lut(f.lutRef()).orElseThrow();
        EnumDef from = model.enumDef(l.from()).orElse(null);
        if (from != null && from.value(name) != null && l.fatalFor(name) != null) {
            return "LUT " + l.name() + " refuses '" + name + "': " + l.fatalFor(name).message();
        }
        return "'" + name + "' is not a key of LUT " + l.name();
    }

    static void write(byte[] out, int at, int width, long v, boolean little) {
        for (int i = 0; i < width; i++) {
            int shift = 8 * (little ? i : width - 1 - i);
            out[at + i] = (byte) (v >>> shift);
        }
    }
}
