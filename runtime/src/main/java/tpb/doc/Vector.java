package tpb.doc;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import tpb.spec.Names;
import tpb.spec.model.EnumValue;
import tpb.spec.model.Example;
import tpb.spec.model.FieldDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Leaf;
import tpb.spec.model.LutDef;

/**
 * A test vector (partial {@code vectors}): the fields its record sets, each decoded from the
 * record's own bytes straight from the model (enum and LUT names, signed values, strings, bit
 * runs) beside the bytes it occupies; then the whole record as a hex dump, 16 bytes to a line.
 * A field is listed when the example assigns it or its bytes are not zero.
 */
record Vector(String name, String doc, List<Field> fields, List<String> dump) {

    record Field(String offset, String path, String value, String bytes) {}

    private static final HexFormat BYTES = HexFormat.ofDelimiter(" ");

    static Vector of(IsaModel model, List<Leaf> leaves, Example e) {
        byte[] b = e.bytes();
        List<Field> fields = new ArrayList<>();
        for (Leaf l : leaves) {
            if (l.end() > b.length) {
                continue;
            }
            boolean assigned = e.assignments().stream().anyMatch(a -> a.path().equals(l.path()));
            boolean nonZero = false;
            for (int i = l.offset(); i < l.end(); i++) {
                nonZero |= b[i] != 0;
            }
            if (assigned || nonZero) {
                fields.add(new Field(String.format("+0x%02X", l.offset()), l.path(), value(model, l, b),
                        BYTES.formatHex(b, l.offset(), l.end())));
            }
        }
        List<String> dump = new ArrayList<>();
        for (int i = 0; i < b.length; i += 16) {
            String bytes = BYTES.formatHex(b, i, Math.min(i + 16, b.length));
            dump.add(String.format("%02X: %s \n", i, bytes));
        }
        return new Vector(e.name(), e.doc(), fields, dump);
    }

    public boolean hasFields() {
        return !fields.isEmpty();
    }

    /** The leaf's value as the spec names it, read from {@code b} in the record's byte order. */
    static String value(IsaModel model, Leaf l, byte[] b) {
        FieldDef f = l.def();
        return switch (f.kind()) {
            case CHAR -> {
                int end = l.offset();
                while (end < l.end() && b[end] != 0) {
                    end++;
                }
                yield "\"" + new String(b, l.offset(), end - l.offset(), StandardCharsets.US_ASCII) + "\"";
            }
            case BYTES, GROUP -> "opaque";
            case SCALAR -> {
                List<String> elements = new ArrayList<>();
                for (int i = 0; i < f.count(); i++) {
                    elements.add(scalar(model, f, read(b, l.offset() + i * f.size(), f.size(), model.record().littleEndian(), f.scalar().signed)));
                }
                yield f.count() == 1 ? elements.get(0) : elements.toString();
            }
        };
    }

    private static String scalar(IsaModel model, FieldDef f, long v) {
        String hex = Names.hex(v & mask(f.size()));
        String shown;
        if (f.enumRef() != null) {
            EnumValue ev = model.enumDef(f.enumRef()).map(en -> en.byValue(v)).orElse(null);
            shown = ev == null ? hex + " (no value of " + f.enumRef() + ")" : ev.name() + " (" + hex + ")";
        } else if (f.namesRef() != null) { // an open enum: a number it does not name is still a value
            EnumValue ev = model.enumDef(f.namesRef()).map(en -> en.byValue(v)).orElse(null);
            shown = ev == null ? v + " (" + hex + ")" : ev.name() + " (" + hex + ")";
        } else if (f.lutRef() != null) {
            LutDef lut = model.lut(f.lutRef()).orElseThrow();
            String keys = lut.entries().stream().filter(en -> en.value() == v).map(LutDef.Entry::key).collect(Collectors.joining(" / "));
            shown = keys.isEmpty() ? hex + " (no key of " + lut.name() + ")" : keys + " (" + hex + ")";
        } else {
            shown = v >= -9 && v <= 9 ? Long.toString(v) : v + " (" + hex + ")";
        }
        if (!f.bits().isEmpty()) {
            shown += ": " + f.bits().stream().map(bit -> bit.name() + " " + ((v & bit.mask()) >>> bit.lsb())).collect(Collectors.joining(", "));
        }
        return shown;
    }

    private static long mask(int width) {
        return width >= 8 ? -1L : (1L << (8 * width)) - 1;
    }

    static long read(byte[] b, int at, int width, boolean little, boolean signed) {
        long v = 0;
        for (int i = 0; i < width; i++) {
            int shift = 8 * (little ? i : width - 1 - i);
            v |= (b[at + i] & 0xFFL) << shift;
        }
        if (signed && width < 8) {
            int unused = 64 - 8 * width;
            v = (v << unused) >> unused;
        }
        return v;
    }
}
