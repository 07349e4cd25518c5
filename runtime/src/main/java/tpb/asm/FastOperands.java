package tpb.asm;

import java.util.List;
import tpb.codec.FieldInfo;
import tpb.isa.PreambleFlyweight;

/**
 * The fast operand paths: the two shapes nearly every listing line is made of, a group operand of
 * numbers and a {@code name=value} of a number or an enum name, written straight into the record
 * with no token made. Each answers false for anything else, the cursor then anywhere; the caller
 * ({@link OperandReader}) rewinds and reads it the general way, which says what is wrong, so every
 * message is the general reading's.
 */
final class FastOperands {
    /** The fields the line has set, and their columns (the assembler's). */
    private final Given given;
    /** The numbers read, reused line to line. */
    private final Lexer.Numbers numbers = new Lexer.Numbers();

    FastOperands(Given given) {
        this.given = given;
    }

    /**
     * A {@code name=value} of a scalar field whose value is a number that fits it or a name of its
     * enum as the listing writes it, written straight into the field, no token made: the named
     * fields of nearly every line. False, the cursor then anywhere, for anything
     * else: {@link OperandReader#namedFields} reads it again and {@link OperandReader#scalar} decides, as for every value.
     */
    boolean namedField(Lexer lex, SyntaxFields syntax, PreambleFlyweight<?> record, List<FieldInfo> fields) {
        int nameFrom = lex.span();
        int nameTo = lex.position();
        int field = nameFrom == nameTo ? -1 : syntax.field(lex, nameFrom, nameTo);
        if (field < 0) {
            int[] run = nameFrom == nameTo ? null : syntax.run(lex, nameFrom, nameTo);
            return run != null && namedRun(lex, run, record, fields);
        }
        if (given.has(field) || !lex.take('=')) {
            return false;
        }
        FieldInfo f = fields.get(field);
        if (!Fields.settable(f) || f.isChars() || f.isBytes() || f.count() > 1 || f.role() != null) {
            return false; // names, hex bytes, lists, labels and registers: the token path reads them
        }
        char first = lex.peek();
        if (first == '[' || first == '"') {
            return false;
        }
        int from = lex.span();
        int to = lex.position();
        if (from == to) {
            return false;
        }
        long value;
        if (first != '_' && lex.number(numbers, from, to)) {
            if (!Fields.fits(f, numbers.value)) {
                return false;
            }
            value = numbers.value;
        } else {
            Long symbol = f.table() == null ? null : lex.lookup(SymbolNames.of(f.table()), from, to);
            if (symbol == null) {
                return false;
            }
            value = symbol;
        }
        record.set(field, 0, value);
        given.set(field, lex.column(from));
        return true;
    }

    /**
     * A {@code field.run=value} of a field listed by its named bit runs ({@link BitRuns}), the value
     * a number that fits the run or a name of its enum, written into those bits. False for anything
     * else, a run given before included: {@link OperandReader#namedFields} reads it again and says what is wrong.
     */
    private boolean namedRun(Lexer lex, int[] run, PreambleFlyweight<?> record, List<FieldInfo> fields) {
        int field = run[0];
        FieldInfo.Bits r = fields.get(field).bits().get(run[1]);
        if (!lex.take('=')) {
            return false;
        }
        char first = lex.peek();
        if (first == '[' || first == '"') {
            return false;
        }
        int from = lex.span();
        int to = lex.position();
        if (from == to) {
            return false;
        }
        long value;
        if (first != '_' && lex.number(numbers, from, to)) {
            value = numbers.value;
        } else {
            Long symbol = r.table() == null ? null : lex.lookup(SymbolNames.of(r.table()), from, to);
            if (symbol == null) {
                return false;
            }
            value = symbol;
        }
        if (!r.fits(value) || !given.addRun(field, run[1], lex.column(from))) {
            return false;
        }
        record.set(field, 0, r.with(record.get(field, 0), value));
        return true;
    }

    /**
     * A group operand of numbers only, {@code [0x37b00; 1,0,0; 128,1,1]}, written straight into
     * its fields, no token made: most of a listing's values. False when the
     * operand is anything else (a name, a register, a segment too many or too few, a number that
     * does not fit): {@link OperandReader#group} then reads it again and says what is wrong.
     */
    boolean numbersGroup(Lexer lex, PreambleFlyweight<?> record, int[] members) {
        List<FieldInfo> fields = record.fields();
        if (!lex.take('[')) {
            return false;
        }
        for (int m = 0; m < members.length; m++) {
            FieldInfo f = fields.get(members[m]);
            if (f.isChars() || f.isBytes() || f.count() == 1 && f.role() == FieldInfo.Role.REG) {
                return false;
            }
            for (int e = 0; e < f.count(); e++) {
                if (e > 0 && !lex.take(',') || !lex.number(numbers) || !Fields.fits(f, numbers.value)) {
                    return false;
                }
                record.set(members[m], e, numbers.value);
            }
            if (!lex.take(m == members.length - 1 ? ']' : ';')) {
                return false;
            }
        }
        return true;
    }
}
