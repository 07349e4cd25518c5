package tpb.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An arm's assembly syntax line: a mnemonic, optionally ending in one {@code {field}} that
 * spells an enum or LUT value ({@code alu.{op}}), then positional operands, each one
 * {@code {field}} ({@code {dst_lo}, {src0_lo}, {src1_lo}}). Fields the line does not name are
 * written {@code name=value} after the operands. Shared by the checker, the generated catalogue
 * and the assembler/disassembler, so all three read a line the same way.
 */
public record Syntax(String prefix, String mnemonicField, List<String> operands) {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_.]*)\\}");
    private static final Pattern MNEMONIC = Pattern.compile("[a-z][a-z0-9_.]*");

    public Syntax {
        operands = List.copyOf(operands);
    }

    /** The syntax of an arm without a line: its name in lower snake case, every field as name=value. */
    public static Syntax defaultFor(String armName) {
        return new Syntax(Names.upperSnake(armName).toLowerCase(Locale.ROOT), null, List.of());
    }

    public static Syntax parse(String line) {
        String trimmed = line.trim();
        int space = trimmed.indexOf(' ');
        String mnemonic = space < 0 ? trimmed : trimmed.substring(0, space);
        String rest = space < 0 ? "" : trimmed.substring(space + 1).trim();
        String prefix = mnemonic;
        String field = null;
        Matcher m = PLACEHOLDER.matcher(mnemonic);
        if (m.find()) {
            if (m.end() != mnemonic.length() || m.start() == 0) {
                throw new IllegalArgumentException("a mnemonic placeholder must end the mnemonic after a literal prefix, as in alu.{op}");
            }
            prefix = mnemonic.substring(0, m.start());
            field = m.group(1);
        }
        if (!MNEMONIC.matcher(prefix).matches()) {
            throw new IllegalArgumentException("mnemonic '" + prefix + "' must be lower case letters, digits, '_' and '.'");
        }
        List<String> operands = new ArrayList<>();
        if (!rest.isEmpty()) {
            for (String op : rest.split(",")) {
                Matcher om = PLACEHOLDER.matcher(op.trim());
                if (!om.matches()) {
                    throw new IllegalArgumentException("operand '" + op.trim() + "' must be one {field}");
                }
                operands.add(om.group(1));
            }
        }
        return new Syntax(prefix, field, operands);
    }

    /** The mnemonic as written in the spec ({@code alu.{op}} or {@code jmp}). */
    public String template() {
        return mnemonicField == null ? prefix : prefix + "{" + mnemonicField + "}";
    }
}
