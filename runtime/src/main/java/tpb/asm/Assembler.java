package tpb.asm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import tpb.codec.FieldInfo;
import tpb.isa.Arm;
import tpb.isa.Symbols;
import tpb.spec.Syntax;
import tpb.stream.RecordStream;

/**
 * Text to record bytes, from each arm's syntax line in the spec:
 *
 * <pre>
 * loop:                       ; a label: the index of the next record
 *   alu.add r3, r3, r0  dtype=INT32 src_datasrc=IMMEDIATE immediate=1
 *   br.IS_LTIMM r3, loop  cmp_immediate=10 dtype=INT32 target_mode=REL_IMM
 *   exit
 *   .raw a810000000...        ; 64 bytes verbatim
 * </pre>
 *
 * Operands follow the syntax line; any other field is {@code name=value}. Values are numbers
 * (decimal, 0x, 0b, negative), enum or LUT names, {@code rN} for registers, labels for branch
 * targets, "strings" for names, hex for byte fields, {@code [a, b]} for arrays. {@code ;} and
 * {@code #} start comments. A disassembler listing (index and offset columns) assembles as is.
 */
public final class Assembler {
    private final Map<String, Arm> exact = new HashMap<>();
    private final Map<String, Arm> prefixed = new HashMap<>();

    public Assembler() {
        for (Map.Entry<Arm, Syntax> e : Syntaxes.all().entrySet()) {
            (e.getValue().mnemonicField() == null ? exact : prefixed).put(e.getValue().prefix(), e.getKey());
        }
    }

    /** A parsed source line: its label, its instruction text and where that text starts. */
    private record Line(int number, String label, int labelColumn, String body, int bodyColumn) {}

    public byte[] assemble(String source) {
        List<Line> lines = parseLines(source);
        Map<String, Integer> labels = new HashMap<>();
        int count = 0;
        for (Line l : lines) {
            if (l.label() != null) {
                if (labels.put(l.label(), count) != null) {
                    throw new AsmException(l.number(), l.labelColumn(), "label '" + l.label() + "' is defined twice");
                }
            }
            if (!l.body().isEmpty()) {
                count++;
            }
        }
        byte[] out = new byte[count * RecordStream.STRIDE];
        int i = 0;
        for (Line l : lines) {
            if (!l.body().isEmpty()) {
                encodeLine(l, out, RecordStream.offsetOf(i++), labels);
            }
        }
        return out;
    }

    private static List<Line> parseLines(String source) {
        List<Line> out = new ArrayList<>();
        String[] raw = source.split("\r?\n", -1);
        for (int n = 0; n < raw.length; n++) {
            String text = stripComment(raw[n]);
            int col = 0;
            while (col < text.length() && Character.isWhitespace(text.charAt(col))) {
                col++;
            }
            // a disassembler listing: "    12  0x000300  text"
            java.util.regex.Matcher listing = LISTING.matcher(text);
            if (listing.lookingAt()) {
                col = listing.end();
            }
            String label = null;
            int labelCol = 0;
            java.util.regex.Matcher lm = LABEL.matcher(text).region(col, text.length());
            if (lm.lookingAt()) {
                label = lm.group(1);
                labelCol = col + 1;
                col = lm.end();
                while (col < text.length() && Character.isWhitespace(text.charAt(col))) {
                    col++;
                }
            }
            out.add(new Line(n + 1, label, labelCol, text.substring(col).trim(), col + 1));
        }
        return out;
    }

    private static final java.util.regex.Pattern LISTING = java.util.regex.Pattern.compile("\\s*\\d+\\s+0x[0-9a-fA-F]+\\s+");
    private static final java.util.regex.Pattern LABEL = java.util.regex.Pattern.compile("([A-Za-z_.$][A-Za-z0-9_.$]*):");

    /** The line without its comment; a ';' inside brackets separates a group operand's fields. */
    private static String stripComment(String s) {
        boolean quoted = false;
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' && (i == 0 || s.charAt(i - 1) != '\\')) {
                quoted = !quoted;
            } else if (!quoted && c == '[') {
                depth++;
            } else if (!quoted && c == ']') {
                depth = Math.max(0, depth - 1);
            } else if (!quoted && depth == 0 && (c == ';' || c == '#')) {
                return s.substring(0, i);
            }
        }
        return s;
    }

    private void encodeLine(Line l, byte[] out, int at, Map<String, Integer> labels) {
        Lexer lex = new Lexer(l.body(), l.number(), l.bodyColumn());
        Lexer.Token mnemonic = lex.word();
        if (mnemonic.text().equals(".raw")) {
            raw(lex, out, at, l);
            return;
        }
        Arm arm = exact.get(mnemonic.text());
        String mnemonicValue = null;
        if (arm == null) {
            for (Map.Entry<String, Arm> p : prefixed.entrySet()) {
                if (mnemonic.text().startsWith(p.getKey()) && mnemonic.text().length() > p.getKey().length()) {
                    arm = p.getValue();
                    mnemonicValue = mnemonic.text().substring(p.getKey().length());
                }
            }
        }
        if (arm == null) {
            throw new AsmException(l.number(), mnemonic.column(), "unknown mnemonic '" + mnemonic.text() + "'");
        }
        Syntax syntax = Syntaxes.of(arm);
        List<FieldInfo> fields = arm.fields();
        java.util.Arrays.fill(out, at, at + RecordStream.STRIDE, (byte) 0);
        stampFixed(arm, fields, out, at);
        java.util.Set<String> given = new java.util.HashSet<>();
        if (mnemonicValue != null) {
            FieldInfo f = Disassembler.find(fields, syntax.mnemonicField());
            put(f, new Lexer.Token(mnemonicValue, mnemonic.column() + syntax.prefix().length(), Lexer.Kind.WORD), out, at, labels, l);
            given.add(f.name());
        }
        for (int i = 0; i < syntax.operands().size(); i++) {
            if (i > 0 && !lex.atEnd()) {
                lex.expect(',', "a ',' before operand " + (i + 1) + " of " + mnemonic.text());
            }
            Lexer.Token v = lex.value();
            if (v == null) {
                throw new AsmException(l.number(), lex.column(), mnemonic.text() + " takes " + syntax.operands().size()
                        + " operand" + (syntax.operands().size() == 1 ? "" : "s") + ": " + String.join(", ", syntax.operands()));
            }
            List<FieldInfo> operand = Disassembler.operand(fields, syntax.operands().get(i));
            if (operand.size() == 1 && operand.get(0).name().equals(syntax.operands().get(i))) {
                put(operand.get(0), v, out, at, labels, l);
            } else {
                group(syntax.operands().get(i), operand, v, out, at, labels, l);
            }
            for (FieldInfo f : operand) {
                given.add(f.name());
            }
        }
        while (!lex.atEnd()) {
            Lexer.Token name = lex.word();
            FieldInfo f = fields.stream().filter(x -> x.name().equals(name.text())).findFirst().orElse(null);
            if (f == null || !Fields.settable(f)) {
                throw new AsmException(l.number(), name.column(), (f == null ? "no field '" : "field '") + name.text() + "' "
                        + (f == null ? "in " + arm.specName() : "is fixed by the spec"));
            }
            if (!given.add(f.name())) {
                throw new AsmException(l.number(), name.column(), "field '" + name.text() + "' is given twice");
            }
            lex.expect('=', "'=' after " + name.text());
            Lexer.Token v = lex.value();
            if (v == null) {
                throw new AsmException(l.number(), lex.column(), "a value for " + name.text());
            }
            put(f, v, out, at, labels, l);
        }
    }

    /** A group operand, {@code [start; steps; nums]}: one segment per field of the group, in spec order. */
    private static void group(String name, List<FieldInfo> members, Lexer.Token v, byte[] out, int at,
            Map<String, Integer> labels, Line l) {
        List<Lexer.Token> segments = v.kind() == Lexer.Kind.GROUP ? v.items()
                : v.kind() == Lexer.Kind.LIST && members.size() == 1 ? List.of(v) : List.of();
        if (segments.size() != members.size()) {
            List<String> parts = new ArrayList<>();
            for (FieldInfo f : members) {
                parts.add(f.name().substring(name.length() + 1) + (f.count() > 1 ? "[" + f.count() + "]" : ""));
            }
            throw new AsmException(l.number(), v.column(), name + " takes [" + String.join("; ", parts) + "]");
        }
        for (int m = 0; m < members.size(); m++) {
            FieldInfo f = members.get(m);
            Lexer.Token seg = segments.get(m);
            if (f.count() > 1) {
                put(f, seg, out, at, labels, l);
            } else if (seg.items().size() != 1) {
                throw new AsmException(l.number(), seg.column(), f.name() + " takes one value");
            } else {
                put(f, seg.items().get(0), out, at, labels, l);
            }
        }
    }

    private static void stampFixed(Arm arm, List<FieldInfo> fields, byte[] out, int at) {
        out[at + tpb.isa.IsaInfo.OPCODE_OFFSET] = (byte) arm.opcode();
        if (arm.selectOffset() >= 0 && arm.selectEquals() >= 0) {
            for (int i = 0; i < arm.selectWidth(); i++) {
                out[at + arm.selectOffset() + i] = (byte) (arm.selectEquals() >>> (8 * i));
            }
        }
        for (FieldInfo f : fields) {
            if (f.isConst()) {
                Fields.write(out, at, f, 0, Long.parseLong(f.encoding().substring(6)));
            }
        }
    }

    private static void raw(Lexer lex, byte[] out, int at, Line l) {
        StringBuilder hex = new StringBuilder();
        lex.atEnd();
        int col = lex.column();
        while (!lex.atEnd()) {
            hex.append(lex.word().text());
        }
        String h = hex.toString();
        if (h.length() != RecordStream.RECORD_SIZE * 2 || !h.matches("[0-9a-fA-F]+")) {
            throw new AsmException(l.number(), col, ".raw takes exactly " + RecordStream.RECORD_SIZE + " hex bytes");
        }
        System.arraycopy(HexFormat.of().parseHex(h), 0, out, at, RecordStream.RECORD_SIZE);
    }

    private static void put(FieldInfo f, Lexer.Token v, byte[] out, int at, Map<String, Integer> labels, Line l) {
        String t = v.text();
        if (Fields.isChars(f)) {
            if (v.kind() != Lexer.Kind.STRING) {
                throw new AsmException(l.number(), v.column(), f.name() + " takes a \"quoted\" name");
            }
            if (t.length() > f.maxChars() || !t.chars().allMatch(c -> c >= 0x20 && c <= 0x7E)) {
                throw new AsmException(l.number(), v.column(), f.name() + ": at most " + f.maxChars() + " printable ASCII characters");
            }
            for (int i = 0; i < t.length(); i++) {
                out[at + f.offset() + i] = (byte) t.charAt(i);
            }
            return;
        }
        if (Fields.isBytes(f)) {
            String h = t.startsWith("0x") ? t.substring(2) : t;
            if (h.length() % 2 != 0 || h.length() / 2 > f.width() || !h.matches("[0-9a-fA-F]*")) {
                throw new AsmException(l.number(), v.column(), f.name() + " takes up to " + f.width() + " hex bytes");
            }
            byte[] bytes = HexFormat.of().parseHex(h);
            System.arraycopy(bytes, 0, out, at + f.offset(), bytes.length);
            return;
        }
        if (f.count() > 1) {
            if (v.kind() != Lexer.Kind.LIST || v.items().size() != f.count()) {
                throw new AsmException(l.number(), v.column(), f.name() + " takes a list of " + f.count() + " numbers, as [1, 2]");
            }
            for (int i = 0; i < f.count(); i++) {
                Lexer.Token item = v.items().get(i);
                Fields.write(out, at, f, i, number(f, item, l));
            }
            return;
        }
        long value;
        String table = f.table();
        Long symbol = table == null ? null : Symbols.value(table, t);
        if (symbol != null) {
            value = symbol;
        } else if ("pc".equals(f.role()) && labels.containsKey(t)) {
            value = labels.get(t);
        } else if ("reg".equals(f.role()) && t.matches("[rR]\\d+")) {
            value = number(f, new Lexer.Token(t.substring(1), v.column() + 1, Lexer.Kind.WORD), l);
        } else if (Lexer.isNumber(t)) {
            value = number(f, v, l);
        } else if (table != null) {
            throw new AsmException(l.number(), v.column(), "'" + t + "' is not a value of " + table);
        } else if ("pc".equals(f.role())) {
            throw new AsmException(l.number(), v.column(), "undefined label '" + t + "'");
        } else {
            throw new AsmException(l.number(), v.column(), f.name() + " takes a number, not '" + t + "'");
        }
        Fields.write(out, at, f, 0, value);
    }

    private static long number(FieldInfo f, Lexer.Token v, Line l) {
        Long n = Lexer.parseNumber(v.text());
        if (n == null) {
            throw new AsmException(l.number(), v.column(), "'" + v.text() + "' is not a number");
        }
        if (!Fields.fits(f, n)) {
            throw new AsmException(l.number(), v.column(), f.name() + ": " + v.text() + " does not fit " + f.type().replaceAll("\\[.*", ""));
        }
        return n;
    }
}
