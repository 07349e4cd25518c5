package tpb.spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An arm's assembly syntax line: a mnemonic, optionally ending in one {@code {field}} that
 * spells an enum or LUT value ({@code alu.{op}}), then positional operands, each one
 * {@code {field}} ({@code {dst_lo}, {src0_lo}, {src1_lo}}) or a bracket of several written as one
 * operand ({@code [{dst_start_addr}; {dst_step_elem}; {dst_num_elem}; {dst_elem_size}]}: DMA_DIRECT2D's
 * address pattern, kept as {@code "dst_start_addr;dst_step_elem;..."}). Fields the line does not
 * name are written {@code name=value} after the operands. The line may end with such pairs itself
 * ({@code matmul {dst}, {src} num_active_rows=128}): the <em>implied</em> values, which a listing
 * leaves out and the assembler writes when the line does not give the field (a field not implied
 * is implied 0). Shared by the checker, the generated catalogue and the assembler/disassembler, so
 * all three read a line the same way.
 */
public record Syntax(String prefix, String mnemonicField, List<String> operands, Map<String, Long> implied) {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_.]*)\\}");
    private static final Pattern MNEMONIC = Pattern.compile("[a-z][a-z0-9_.]*");
    private static final Pattern BRACKET = Pattern.compile("\\[\\s*(\\{[^}]*\\}(\\s*;\\s*\\{[^}]*\\})*)\\s*\\]");
    /** Where the implied {@code name=value} pairs start: the first such pair after the operands. */
    private static final Pattern IMPLIED = Pattern.compile("(?:^|\\s)([a-z_][a-z0-9_.]*)=");
    private static final Pattern PAIR = Pattern.compile("([a-z_][a-z0-9_.]*)=(0x[0-9a-fA-F]+|[0-9]+)");
    /** Separates the fields of a bracket operand in {@link #operands()}. */
    public static final String PART = ";";

    public Syntax {
        operands = List.copyOf(operands);
        implied = Collections.unmodifiableMap(new LinkedHashMap<>(implied));
    }

    /** The syntax of an arm without a line: its name in lower snake case, every field as name=value. */
    public static Syntax defaultFor(String armName) {
        return new Syntax(Names.upperSnake(armName).toLowerCase(Locale.ROOT), null, List.of(), Map.of());
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
        Map<String, Long> implied = new LinkedHashMap<>();
        Matcher im = IMPLIED.matcher(rest);
        if (im.find()) {
            implied = implied(rest.substring(im.start()).trim());
            rest = rest.substring(0, im.start()).trim();
        }
        List<String> operands = new ArrayList<>();
        if (!rest.isEmpty()) {
            for (String op : rest.split(",")) {
                operands.add(operand(op.trim()));
            }
        }
        return new Syntax(prefix, field, operands, implied);
    }

    /** The implied {@code name=value} pairs (decimal or 0x hex), space-separated, each name once. */
    private static Map<String, Long> implied(String pairs) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String pair : pairs.split("\\s+")) {
            Matcher pm = PAIR.matcher(pair);
            if (!pm.matches()) {
                throw new IllegalArgumentException("implied value '" + pair + "' must be name=number (decimal or 0x hex) after the operands");
            }
            String v = pm.group(2);
            long value;
            try {
                value = v.startsWith("0x") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("implied value '" + pair + "' does not fit 63 bits");
            }
            if (out.put(pm.group(1), value) != null) {
                throw new IllegalArgumentException("implied value of '" + pm.group(1) + "' is given twice");
            }
        }
        return out;
    }

    /** The value a listing leaves out for {@code field}: its implied value, else 0. */
    public long impliedValue(String field) {
        Long v = implied.get(field);
        return v == null ? 0 : v;
    }

    /** One operand: {@code {field}}, or {@code [{a}; {b}; ...]} kept as {@code "a;b;..."}. */
    private static String operand(String op) {
        Matcher om = PLACEHOLDER.matcher(op);
        if (om.matches()) {
            return om.group(1);
        }
        Matcher bm = BRACKET.matcher(op);
        if (bm.matches()) {
            List<String> parts = new ArrayList<>();
            for (String p : bm.group(1).split(";")) {
                Matcher pm = PLACEHOLDER.matcher(p.trim());
                if (!pm.matches()) {
                    throw new IllegalArgumentException("operand '" + op + "' must be one {field} or a bracket [{field}; {field} ...]");
                }
                parts.add(pm.group(1));
            }
            return String.join(PART, parts);
        }
        throw new IllegalArgumentException("operand '" + op + "' must be one {field}"
                + (op.startsWith("[") ? " or a bracket [{field}; {field} ...]" : ""));
    }

    /** The fields (or groups) an operand names: one, or a bracket operand's several, in order. */
    public static List<String> parts(String operand) {
        return List.of(operand.split(PART));
    }

    /** Whether an operand names the (flattened) field {@code name}: the field itself, or a group it belongs to. */
    public boolean covers(String name) {
        for (String op : operands) { // no split: the disassembler asks this for every field of every record
            for (int start = 0; start <= op.length(); ) {
                int end = op.indexOf(PART, start);
                end = end < 0 ? op.length() : end;
                int len = end - start;
                if (name.regionMatches(0, op, start, len) && (name.length() == len || name.length() > len && name.charAt(len) == '.')) {
                    return true;
                }
                start = end + PART.length();
            }
        }
        return false;
    }

    /** The mnemonic as written in the spec ({@code alu.{op}} or {@code jmp}). */
    public String template() {
        return mnemonicField == null ? prefix : prefix + "{" + mnemonicField + "}";
    }
}
