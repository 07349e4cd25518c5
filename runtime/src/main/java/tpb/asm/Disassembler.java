package tpb.asm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import tpb.codec.FieldInfo;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.Instruction;
import tpb.isa.RawRecord;
import tpb.isa.Symbols;
import tpb.spec.Syntax;
import tpb.stream.RecordStream;

/**
 * Record bytes to text, from each arm's syntax line in the spec. Never fails: bytes that no typed
 * arm can hold print as {@code .raw} with all 64 bytes, so the assembler gives them back exactly.
 * Listing lines are {@code index  0xoffset  text}; {@link Assembler} accepts them as they are.
 */
public final class Disassembler {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Disassembler() {}

    /** The listing of a whole stream: label lines for branch targets, then one line per record. */
    public static List<String> listing(RecordStream stream, boolean withHex) {
        Set<Long> targets = targets(stream);
        List<String> out = new ArrayList<>(stream.count() + targets.size());
        StringBuilder line = new StringBuilder(160);
        for (int i = 0; i < stream.count(); i++) {
            if (targets.contains((long) i)) {
                out.add("L" + i + ":");
            }
            line.setLength(0);
            int off = RecordStream.offsetOf(i);
            line.append(String.format(Locale.ROOT, "%6d  0x%06x  ", i, off));
            text(stream.bytes(), off, stream.count(), line);
            if (withHex) {
                line.append("  ; ");
                hex(stream.bytes(), off, RecordStream.RECORD_SIZE, line, true);
            }
            out.add(line.toString());
        }
        return out;
    }

    /** Record indices that branch-target (role pc) fields point at, inside the stream. */
    static Set<Long> targets(RecordStream stream) {
        Set<Long> out = new HashSet<>();
        byte[] b = stream.bytes();
        for (int i = 0; i < stream.count(); i++) {
            int off = RecordStream.offsetOf(i);
            Arm arm = Decoder.identify(b, off);
            if (arm == Arm.UNKNOWN) {
                continue;
            }
            for (FieldInfo f : arm.fields()) {
                if ("pc".equals(f.role())) {
                    long t = Fields.read(b, off, f, 0);
                    if (t >= 0 && t < stream.count()) {
                        out.add(t);
                    }
                }
            }
        }
        return out;
    }

    /** One record's text; {@code records} bounds the label names (-1: no labels). */
    public static String text(byte[] b, int off, int records) {
        StringBuilder s = new StringBuilder(96);
        text(b, off, records, s);
        return s.toString();
    }

    static void text(byte[] b, int off, int records, StringBuilder out) {
        Instruction decoded = Decoder.decode(b, off);
        if (decoded instanceof RawRecord) {
            out.append(".raw ");
            hex(b, off, RecordStream.RECORD_SIZE, out, false);
            return;
        }
        Arm arm = decoded.arm();
        Syntax syntax = Syntaxes.of(arm);
        List<FieldInfo> fields = arm.fields();
        out.append(syntax.prefix());
        if (syntax.mnemonicField() != null) {
            out.append(value(b, off, find(fields, syntax.mnemonicField()), records));
        }
        for (int i = 0; i < syntax.operands().size(); i++) {
            out.append(i == 0 ? " " : ", ");
            out.append(value(b, off, find(fields, syntax.operands().get(i)), records));
        }
        for (FieldInfo f : fields) {
            if (!Fields.settable(f) || f.name().equals(syntax.mnemonicField()) || syntax.operands().contains(f.name())
                    || Fields.allZero(b, off, f)) {
                continue;
            }
            out.append(' ').append(f.name()).append('=').append(value(b, off, f, records));
        }
    }

    static FieldInfo find(List<FieldInfo> fields, String name) {
        for (FieldInfo f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        throw new IllegalStateException("the spec's syntax names no field " + name);
    }

    static String value(byte[] b, int off, FieldInfo f, int records) {
        if (Fields.isChars(f)) {
            StringBuilder s = new StringBuilder("\"");
            for (int i = 0; i < f.width() && b[off + f.offset() + i] != 0; i++) {
                char c = (char) (b[off + f.offset() + i] & 0xFF);
                if (c == '"' || c == '\\') {
                    s.append('\\');
                }
                s.append(c);
            }
            return s.append('"').toString();
        }
        if (Fields.isBytes(f)) {
            int n = f.width();
            while (n > 0 && b[off + f.offset() + n - 1] == 0) {
                n--;
            }
            StringBuilder s = new StringBuilder();
            hex(b, off + f.offset(), Math.max(n, 1), s, false);
            return s.toString();
        }
        if (f.count() > 1) {
            StringBuilder s = new StringBuilder("[");
            for (int i = 0; i < f.count(); i++) {
                s.append(i == 0 ? "" : ", ").append(number(f, Fields.read(b, off, f, i)));
            }
            return s.append(']').toString();
        }
        long v = Fields.read(b, off, f, 0);
        String table = f.table();
        if (table != null) {
            String name = Symbols.name(table, v);
            return name != null ? name : number(f, v);
        }
        if ("reg".equals(f.role())) {
            return "r" + v;
        }
        if ("pc".equals(f.role()) && v >= 0 && v < records) {
            return "L" + v;
        }
        return number(f, v);
    }

    static String number(FieldInfo f, long v) {
        if (Fields.signed(f) || (v >= 0 && v < 0x10000)) {
            return Long.toString(v);
        }
        return "0x" + Long.toHexString(v);
    }

    static void hex(byte[] b, int off, int n, StringBuilder out, boolean spaced) {
        for (int i = 0; i < n; i++) {
            if (spaced && i > 0) {
                out.append(' ');
            }
            int x = b[off + i] & 0xFF;
            out.append(HEX[x >>> 4]).append(HEX[x & 0xF]);
        }
    }
}
