package tpb.asm;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import tpb.codec.FieldInfo;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Layouts;
import tpb.isa.PreambleFlyweight;
import tpb.isa.Symbols;
import tpb.spec.DidYouMean;
import tpb.spec.Syntax;
import tpb.stream.RecordStream;

/**
 * The general reading of a line's operands and {@code name=value} fields, token by token: every
 * form the syntax allows (names, registers, labels, lists, strings, hex bytes, brackets), each
 * checked against its field, and every error with its line, column and a "did you mean". The two
 * common shapes go through {@link FastOperands} first; whatever they do not take is read here.
 */
final class OperandReader {
    /** The fields the line has set, and their columns (the assembler's). */
    private final Given given;
    private final FastOperands fast;
    /** The arch whose layouts the records are written through (null: the arms' own), for a message's layout name. */
    private final Arch arch;
    /** Whether a register outside the file is refused here (the assembler's validation). */
    boolean validate = true;

    OperandReader(Given given, Arch arch) {
        this.given = given;
        this.fast = new FastOperands(given);
        this.arch = arch;
    }

    /** The syntax's positional operands, comma-separated, each a field or a group operand. */
    void operands(Lexer lex, Lexer.Token mnemonic, SyntaxFields syntax, PreambleFlyweight<?> record, Map<String, Long> labels,
            ListingLine l, Assembler.Errors sink) {
        List<String> names = syntax.syntax.operands();
        if (syntax.bracketsOnly && (lex.atEnd() || lex.namedNext())) {
            return; // bracket operands (dma.2d's patterns) may be left out: their fields are then name=value, or zero
        }
        for (int i = 0; i < names.size(); i++) {
            if (i > 0 && !lex.atEnd() && !lex.take(',')) {
                lex.expect(',', "a ',' before operand " + (i + 1) + " of " + mnemonic.text()); // the message made only when it is said
            }
            int at = lex.position();
            if (!syntax.whole[i] && lex.peek() == '[') {
                int column = lex.column();
                if (fast.numbersGroup(lex, record, syntax.operands[i])) {
                    for (int field : syntax.operands[i]) {
                        given.set(field, column);
                    }
                    continue;
                }
                lex.rewind(at); // anything but numbers in the right places: read again, token by token, to say what is wrong
            }
            Lexer.Token v = lex.value();
            if (v == null) {
                throw new AsmException(l.number(), lex.column(), mnemonic.text() + " takes " + names.size()
                        + " operand" + (names.size() == 1 ? "" : "s") + ": " + String.join(", ", names));
            }
            int[] operand = syntax.operands[i];
            if (syntax.whole[i]) {
                put(record, operand[0], v, labels, l, sink);
            } else {
                group(names.get(i), record, operand, v, labels, l, sink);
            }
            for (int field : operand) {
                given.set(field, v.column());
            }
        }
    }

    /** The {@code name=value} fields after the operands: each settable, each once. */
    void namedFields(Lexer lex, Arm arm, SyntaxFields syntax, PreambleFlyweight<?> record, Map<String, Long> labels, ListingLine l,
            Assembler.Errors sink) {
        List<FieldInfo> fields = record.fields();
        while (!lex.atEnd()) {
            int at = lex.position();
            if (fast.namedField(lex, syntax, record, fields)) {
                continue;
            }
            lex.rewind(at); // anything else: read again, token by token, to say what is wrong or to read a label, list or name
            Lexer.Token name = lex.word();
            int[] run = syntax.run(name.text());
            if (run != null) {
                namedRun(lex, name, run, record, l, sink);
                continue;
            }
            int field = syntax.field(name);
            FieldInfo f = field < 0 ? null : fields.get(field);
            if (f == null || !Fields.settable(f)) {
                throw new AsmException(l.number(), name.column(), (f == null ? "no field '" : "field '") + name.text() + "' "
                        + (f == null ? "in " + arm.specName() + layoutName(arm)
                                + (sink.showing() ? Hints.suggest(name.text(), settableNames(fields, syntax)) + Hints.generations(arm, name.text()) : "")
                                : "is fixed by the spec"));
            }
            if (!given.add(field, name.column())) {
                throw new AsmException(l.number(), name.column(), "field '" + name.text() + "' is given twice");
            }
            lex.expect('=', "'=' after " + name.text());
            Lexer.Token v = lex.value();
            if (v == null) {
                throw new AsmException(l.number(), lex.column(), "a value for " + name.text());
            }
            put(record, field, v, labels, l, sink);
            given.set(field, v.column());
        }
    }

    /** The names a line may set: the settable fields and the bit runs of those listed by runs. */
    private static List<String> settableNames(List<FieldInfo> fields, SyntaxFields syntax) {
        List<String> out = new ArrayList<>(Hints.settable(fields));
        out.addAll(syntax.runNames());
        return out;
    }

    /**
     * {@code field.run=value}: a name of the run's enum or a number the run holds, written into
     * those bits of the field (a field listed by its named runs, {@link BitRuns}).
     */
    private void namedRun(Lexer lex, Lexer.Token name, int[] run, PreambleFlyweight<?> record, ListingLine l, Assembler.Errors sink) {
        int field = run[0];
        FieldInfo f = record.fields().get(field);
        FieldInfo.Bits r = f.bits().get(run[1]);
        if (!given.addRun(field, run[1], name.column())) {
            throw new AsmException(l.number(), name.column(), "field '" + name.text() + "' is given twice");
        }
        lex.expect('=', "'=' after " + name.text());
        Lexer.Token v = lex.value();
        if (v == null) {
            throw new AsmException(l.number(), lex.column(), "a value for " + name.text());
        }
        Long value = r.table() == null || v.isNumber() && v.text().charAt(0) != '_' ? null : Symbols.value(r.table(), v.text());
        if (value == null && v.isNumber()) {
            value = v.number();
        }
        if (value == null && r.table() == null) {
            throw new AsmException(l.number(), v.column(), name.text() + " takes a number, not '" + v.text() + "'");
        }
        if (value == null) {
            throw new AsmException(l.number(), v.column(), "'" + v.text() + "' is not a value of " + r.table()
                    + (sink.showing() ? Hints.suggest(v.text(), BitRuns.values(r)) : ""));
        }
        if (!r.fits(value)) {
            throw new AsmException(l.number(), v.column(), name.text() + ": " + v.text() + " does not fit its " + r.width() + " bits");
        }
        record.set(field, 0, r.with(record.get(field, 0), value));
    }

    /** {@code ".Mariana"} when the arm is written through a generation layout, else nothing. */
    private String layoutName(Arm arm) {
        String view = Layouts.view(arm, arch);
        return view == null ? "" : "." + view;
    }

    /** A group operand, {@code [start; steps; nums]}: one segment per field of the group, in spec order. */
    private void group(String name, PreambleFlyweight<?> record, int[] members, Lexer.Token v, Map<String, Long> labels, ListingLine l,
            Assembler.Errors sink) {
        List<Lexer.Token> segments = v.kind() == Lexer.Kind.GROUP ? v.items()
                : v.kind() == Lexer.Kind.LIST && members.length == 1 ? List.of(v) : List.of();
        if (segments.size() != members.length) {
            List<String> parts = new ArrayList<>();
            for (int field : members) {
                FieldInfo f = record.fields().get(field);
                // a group's member is NAME.part; an operand of parts (dma.2d's {src_start_addr|...}) names whole fields
                String part = f.name().startsWith(name + ".") ? f.name().substring(name.length() + 1) : f.name();
                parts.add(part + (f.count() > 1 ? "[" + f.count() + "]" : ""));
            }
            throw new AsmException(l.number(), v.column(), (name.contains(Syntax.PART) ? "this operand" : name) + " takes ["
                    + String.join("; ", parts) + "]");
        }
        for (int m = 0; m < members.length; m++) {
            FieldInfo f = record.fields().get(members[m]);
            Lexer.Token seg = segments.get(m);
            if (f.count() > 1) {
                put(record, members[m], seg, labels, l, sink);
            } else if (seg.items().size() != 1) {
                throw new AsmException(l.number(), seg.column(), f.name() + " takes one value");
            } else {
                put(record, members[m], seg.items().get(0), labels, l, sink);
            }
        }
    }

    /** Whether every character of {@code h} is an ASCII hex digit ({@code [0-9a-fA-F]*}, with no regular expression compiled per line). */
    private static boolean hex(String h) {
        for (int i = 0; i < h.length(); i++) {
            if (!Lexer.digit(h.charAt(i), 16)) {
                return false;
            }
        }
        return true;
    }

    static void raw(Lexer lex, byte[] out, ListingLine l) {
        StringBuilder hex = new StringBuilder();
        lex.atEnd();
        int col = lex.column();
        while (!lex.atEnd()) {
            hex.append(lex.word().text());
        }
        String h = hex.toString();
        if (h.length() != RecordStream.RECORD_SIZE * 2 || !hex(h)) {
            throw new AsmException(l.number(), col, ".raw takes exactly " + RecordStream.RECORD_SIZE + " hex bytes");
        }
        System.arraycopy(HexFormat.of().parseHex(h), 0, out, 0, RecordStream.RECORD_SIZE);
    }

    /** Field {@code field}'s value from token {@code v}, checked, written through the record's flyweight. */
    void put(PreambleFlyweight<?> record, int field, Lexer.Token v, Map<String, Long> labels, ListingLine l, Assembler.Errors sink) {
        FieldInfo f = record.fields().get(field);
        if (f.isChars()) {
            putChars(record, field, f, v, l);
        } else if (f.isBytes()) {
            putBytes(record, field, f, v, l);
        } else if (f.count() > 1) {
            if (v.kind() != Lexer.Kind.LIST || v.items().size() != f.count()) {
                throw new AsmException(l.number(), v.column(), f.name() + " takes a list of " + f.count() + " numbers, as [1, 2]");
            }
            for (int i = 0; i < f.count(); i++) {
                record.set(field, i, number(f, v.items().get(i), l));
            }
        } else {
            record.set(field, 0, scalar(f, v, labels, l, sink));
        }
    }

    private static void putChars(PreambleFlyweight<?> record, int field, FieldInfo f, Lexer.Token v, ListingLine l) {
        String t = v.text();
        if (v.kind() != Lexer.Kind.STRING) {
            throw new AsmException(l.number(), v.column(), f.name() + " takes a \"quoted\" name");
        }
        if (t.length() > f.maxChars() || !t.chars().allMatch(c -> c >= 0x20 && c <= 0x7E)) {
            throw new AsmException(l.number(), v.column(), f.name() + ": at most " + f.maxChars() + " printable ASCII characters");
        }
        for (int i = 0; i < t.length(); i++) {
            record.set(field, i, t.charAt(i));
        }
    }

    private static void putBytes(PreambleFlyweight<?> record, int field, FieldInfo f, Lexer.Token v, ListingLine l) {
        String t = v.text();
        String h = t.startsWith("0x") ? t.substring(2) : t;
        if (h.length() % 2 != 0 || h.length() / 2 > f.width() || !hex(h)) {
            throw new AsmException(l.number(), v.column(), f.name() + " takes up to " + f.width() + " hex bytes");
        }
        byte[] bytes = HexFormat.of().parseHex(h);
        for (int i = 0; i < bytes.length; i++) {
            record.set(field, i, bytes[i]);
        }
    }

    /** A scalar field's value: an enum or LUT name, a label (pc fields), {@code rN} (register fields) or a number. */
    private long scalar(FieldInfo f, Lexer.Token v, Map<String, Long> labels, ListingLine l, Assembler.Errors sink) {
        if (v.isNumber() && v.text().charAt(0) != '_' && f.role() != FieldInfo.Role.REG) {
            // a number is no enum or LUT name (the spec's names are identifiers; "_1" is one and a number, so it is looked
            // up first) and no label (a label starts with a letter, '_', '.' or '$')
            return number(f, v, l);
        }
        String table = f.table();
        Long symbol = table == null ? null : v.lookup(SymbolNames.of(table)); // the listing's own spelling, found in place
        String t = symbol == null ? v.text() : null;
        if (symbol == null && table != null) {
            symbol = Symbols.value(table, t);
        }
        long value;
        if (symbol != null) {
            value = symbol;
        } else if (f.role() == FieldInfo.Role.PC && labels.containsKey(t)) {
            value = labels.get(t);
        } else if (f.role() == FieldInfo.Role.REG && register(t)) {
            value = number(f, new Lexer.Token(t.substring(1), v.column() + 1, Lexer.Kind.WORD), l);
        } else if (v.isNumber()) {
            value = number(f, v, l);
        } else if (table != null) {
            throw new AsmException(l.number(), v.column(), "'" + t + "' is not a value of " + table
                    + (sink.showing() ? Hints.suggest(t, Hints.values(f)) : ""));
        } else if (f.role() == FieldInfo.Role.PC) {
            throw new AsmException(l.number(), v.column(), "undefined label '" + t + "'"
                    + (sink.showing() ? DidYouMean.suggest(t, labels.keySet()) : ""));
        } else {
            throw new AsmException(l.number(), v.column(), f.name() + " takes a number, not '" + t + "'");
        }
        if (validate && f.role() == FieldInfo.Role.REG && (value < 0 || value >= Assembler.REGISTERS)) {
            throw new AsmException(l.number(), v.column(), f.name() + ": r" + value + " is outside the " + Assembler.REGISTERS + "-register file (r0-r"
                    + (Assembler.REGISTERS - 1) + "; --no-validate assembles it anyway)");
        }
        return value;
    }

    /** Whether {@code t} is {@code [rR]\d+}, a register. */
    private static boolean register(String t) {
        if (t.length() < 2 || t.charAt(0) != 'r' && t.charAt(0) != 'R') {
            return false;
        }
        for (int i = 1; i < t.length(); i++) {
            if (!ListingLine.decimal(t.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static long number(FieldInfo f, Lexer.Token v, ListingLine l) {
        if (!v.isNumber()) {
            throw new AsmException(l.number(), v.column(), "'" + v.text() + "' is not a number");
        }
        long n = v.number();
        if (!Fields.fits(f, n)) {
            throw new AsmException(l.number(), v.column(), f.name() + ": " + v.text() + " does not fit " + f.element().specName());
        }
        return n;
    }
}
