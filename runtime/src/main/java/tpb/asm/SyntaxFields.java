package tpb.asm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tpb.codec.FieldInfo;
import tpb.spec.Syntax;

/**
 * An arm's syntax line resolved once against the fields of the layout it is written through: the
 * field indexes of each operand, of the mnemonic's field and of the implied values, and every
 * field's index by name, so no line searches the fields by name.
 */
final class SyntaxFields {
    final Syntax syntax;
    /** Each operand's fields, in spec order: one field, a group's members, or a bracket operand's parts. */
    final int[][] operands;
    /** Whether operand {@code i} is the one field it names (else a group or a bracket operand, written {@code [..; ..]}). */
    final boolean[] whole;
    /** Whether every operand is a bracket operand (dma.2d's patterns): then they may all be left out. */
    final boolean bracketsOnly;
    /** The field the mnemonic's suffix sets ({@code add} of {@code alu.add}), or -1. */
    final int mnemonicField;
    /** The implied values' fields (-1 where this layout has no such field) and values, in the syntax's order. */
    final int[] impliedFields;
    final long[] impliedValues;
    private final Map<String, Integer> byName = new HashMap<>();
    /** The named bit runs a line may set ({@code in0_in1_dtype.tags.lo}), each as {field, run}, of the fields listed by runs ({@link BitRuns}). */
    private final Map<String, int[]> runs = new HashMap<>();
    private final NameTable<Integer> names;
    private final NameTable<int[]> runNames;

    SyntaxFields(Syntax syntax, List<FieldInfo> fields) {
        this.syntax = syntax;
        for (int field = 0; field < fields.size(); field++) {
            FieldInfo f = fields.get(field);
            byName.putIfAbsent(f.name(), field);
            if (BitRuns.named(f)) {
                for (int r = 0; r < f.bits().size(); r++) {
                    runs.putIfAbsent(f.name() + "." + f.bits().get(r).name(), new int[] {field, r});
                }
            }
        }
        names = new NameTable<>(byName);
        runNames = new NameTable<>(runs);
        List<String> names = syntax.operands();
        operands = new int[names.size()][];
        whole = new boolean[names.size()];
        for (int i = 0; i < names.size(); i++) {
            operands[i] = Disassembler.operand(fields, names.get(i));
            whole[i] = operands[i].length == 1 && fields.get(operands[i][0]).name().equals(names.get(i));
        }
        bracketsOnly = !names.isEmpty() && names.stream().allMatch(o -> o.contains(Syntax.PART));
        mnemonicField = syntax.mnemonicField() == null ? -1 : Disassembler.find(fields, syntax.mnemonicField());
        impliedFields = new int[syntax.implied().size()];
        impliedValues = new long[impliedFields.length];
        int k = 0;
        for (Map.Entry<String, Long> v : syntax.implied().entrySet()) {
            impliedFields[k] = field(v.getKey());
            impliedValues[k++] = v.getValue();
        }
    }

    /** The index of the field called {@code name}, or of the field whose bit run it names, or -1. */
    int field(String name) {
        Integer field = byName.get(name);
        if (field == null) {
            int[] run = runs.get(name);
            return run == null ? -1 : run[0];
        }
        return field;
    }

    /** The field and run index ({field, run}) of the bit run called {@code name}, or null. */
    int[] run(String name) {
        return runs.get(name);
    }

    /** The bit run ({field, run}) named by characters {@code from} to {@code to} of {@code lex}'s text, or null. */
    int[] run(Lexer lex, int from, int to) {
        return lex.lookup(runNames, from, to);
    }

    /** The names of the bit runs a line may set, for a hint. */
    java.util.Set<String> runNames() {
        return runs.keySet();
    }

    /** The index of the field named by characters {@code from} to {@code to} of {@code lex}'s text, or -1. */
    int field(Lexer lex, int from, int to) {
        Integer field = lex.lookup(names, from, to);
        return field == null ? -1 : field;
    }

    /** The index of the field {@code name} names, or -1. */
    int field(Lexer.Token name) {
        Integer field = name.lookup(names);
        return field == null ? -1 : field;
    }
}
