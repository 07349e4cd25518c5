package tpb.asm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tpb.codec.FieldInfo;
import tpb.isa.PreambleFlyweight;
import tpb.isa.Symbols;

/**
 * The compact synchronisation terms of a listing line, as AWS's own assembler output writes them
 * («SEQMC» §7.1, the pe.asm of the NEFF in libnrt: {@code $S[10]>0 $S[22]++@complete}): each wait
 * and each update of a record's EVENTS, and EventSemaphore's second ones (EVENTS_EXTENDED), as one
 * word after the mnemonic instead of three {@code name=value} pairs. The words come from the spec:
 * the mode enums' {@code syntax:} templates ({@code $S[{index}]>={value}}) and the groups'
 * {@code terms:} (which fields are a term's mode, index and value; {@link Symbols#terms()}). The
 * record's own EVENTS terms are bare words; a term of another placement of a term group carries its
 * field's name, {@code ext:$S[3]==5} (EventSemaphore's second wait), so every word has one slot. A
 * term covers its fields only when its template says what they hold; what it does not say stays
 * {@code name=value}, so every listing assembles back to the same bytes.
 */
final class SyncTerms {
    private static final String INDEX = "{index}";
    private static final String VALUE = "{value}";
    private static final String REGISTER_VALUE = "r" + VALUE;

    /** Each arm's own layout's slots, found on first use (two threads may both find them: the same slots). */
    private static final java.util.concurrent.atomic.AtomicReferenceArray<Slot[]> OWN =
            new java.util.concurrent.atomic.AtomicReferenceArray<>(tpb.isa.Arm.values().length);

    private SyncTerms() {}

    /** The slots of {@code arm}'s own layout. */
    static Slot[] ownSlots(tpb.isa.Arm arm) {
        Slot[] s = OWN.get(arm.ordinal());
        if (s == null) {
            s = slots(arm, arm.fields());
            OWN.set(arm.ordinal(), s);
        }
        return s;
    }

    /**
     * One place for a term in an arm's fields: the indexes of its mode, index and value fields, the
     * mode's enum, and what the term is written after ("" for the record's own EVENTS, "ext:" for a
     * group placed as field ext). An arm's own fixed-form term (the spec's arm-level {@code terms:},
     * DMA_DIRECT2D's completion {@code $S[27]+=16@dma}) has no mode ({@code mode} -1, {@code table}
     * null) and its {@code template}; it is written whenever its index or value is not zero.
     */
    record Slot(int mode, int index, int value, String table, String prefix, String template, long[] modes, String[] syntaxes,
            Map<String, Integer> shapes, Map<String, long[]> seen) {
        /** How many term texts a slot keeps the answer of. */
        private static final int SEEN = 4096;

        /**
         * A mode's slot: the modes of its table that have a term, each one's term, and the terms'
         * shapes, found once (the assembler tried every mode's term on every term it read).
         */
        Slot(int mode, int index, int value, String table, String prefix) {
            this(mode, index, value, table, prefix, null, Symbols.syntaxValues(table), syntaxes(table), shapes(syntaxes(table)),
                    new java.util.concurrent.ConcurrentHashMap<>());
        }

        /** A fixed-form slot. */
        Slot(int mode, int index, int value, String table, String prefix, String template) {
            this(mode, index, value, table, prefix, template, new long[0], new String[0], Map.of(), Map.of());
        }

        /** {@link #shaped}'s answers that name no term. */
        private static final long[] NO_SHAPE = {-1};
        private static final long[] TRY_EVERY = {-2};

        /**
         * The position {@code k} in {@link #modes} of the first term {@code word} may be, by
         * shape: its bracketed index as '#', and either nothing else or also the first number after
         * the bracket as '#' ({@code $S[5]>=16} is {@code $S[#]>=#}, {@code $E[3]==1} is
         * {@code $E[#]==1}), checked: {@code {k, index, value}} when that term is {@code word}
         * filled in ({@link SyncTerms#match}'s numbers); {@code {-1}} when no term has its shape (no
         * term of this slot is {@code word}); {@code {-2}} when each term must be tried (this slot's
         * terms have no shapes, or the shape's term refuses {@code word}, an index too long, say).
         * The arrays are shared: read them only.
         */
        long[] shaped(String word) {
            if (shapes == null) {
                return TRY_EVERY;
            }
            // a listing repeats its terms ($S[5]++@complete on every MATMUL): each text's answer is kept, a few thousand of them
            long[] known = seen.get(word);
            if (known != null) {
                return known;
            }
            int k = shapeOf(word);
            long[] m = k >= 0 ? match(syntaxes[k], word) : null;
            long[] answer = k == -1 ? NO_SHAPE : m == null ? TRY_EVERY : new long[] {k, m[0], m[1]};
            if (seen.size() < SEEN) {
                seen.put(word, answer);
            }
            return answer;
        }

        private int shapeOf(String word) {
            int open = word.indexOf('[');
            int close = open < 0 ? -1 : word.indexOf(']', open);
            if (close < 0) {
                return -1; // every term has a bracketed index
            }
            String head = word.substring(0, open + 1) + "#";
            Integer bare = shapes.get(head + word.substring(close));
            int n = close + 1;
            while (n < word.length() && !Lexer.digit(word.charAt(n), 10)) {
                n++;
            }
            Integer valued = null;
            if (n < word.length()) {
                boolean hex = word.startsWith("0x", n) || word.startsWith("0X", n);
                int end = hex ? n + 2 : n;
                while (end < word.length() && Lexer.digit(word.charAt(end), hex ? 16 : 10)) {
                    end++;
                }
                valued = shapes.get(head + word.substring(close, n) + "#" + word.substring(end));
            }
            return bare == null ? valued == null ? -1 : valued : valued == null ? bare : Math.min(bare, valued);
        }

        /**
         * Each term's shape ({index} and {value} as '#') to its first position; null unless every
         * term has one bracketed {index} and, when it has a {value}, no other digit after the
         * bracket (then a written term's shape names the term it can be).
         */
        private static Map<String, Integer> shapes(String[] syntaxes) {
            Map<String, Integer> out = new HashMap<>();
            for (int k = 0; k < syntaxes.length; k++) {
                String t = syntaxes[k];
                int at = t.indexOf("[" + INDEX + "]");
                if (at < 0 || t.indexOf(INDEX, at + 2) >= 0) {
                    return null;
                }
                String after = t.substring(at + INDEX.length() + 2);
                if (after.contains(VALUE) && after.replace(VALUE, "").chars().anyMatch(c -> c >= '0' && c <= '9')) {
                    return null; // a literal digit would be read as the value's
                }
                out.putIfAbsent(t.replace(INDEX, "#").replace(VALUE, "#"), k);
            }
            return out;
        }

        private static String[] syntaxes(String table) {
            long[] modes = Symbols.syntaxValues(table);
            String[] out = new String[modes.length];
            for (int k = 0; k < modes.length; k++) {
                out[k] = Symbols.syntax(table, modes[k]);
            }
            return out;
        }
    }

    /** A term as written on a line, and its column. */
    record Written(String text, int column) {}

    /**
     * The term slots of an arm's fields, in field order (EVENTS' wait and update, then
     * EVENTS_EXTENDED's), then the arm's own fixed-form terms ({@link Symbols#armTerms}).
     */
    static Slot[] slots(tpb.isa.Arm arm, List<FieldInfo> fields) {
        List<Slot> out = new ArrayList<>();
        String first = null;
        for (int field = 0; field < fields.size(); field++) {
            String name = fields.get(field).name();
            for (String[] term : Symbols.terms()) {
                if (!name.equals(term[0]) && !name.endsWith("." + term[0])) {
                    continue;
                }
                String prefix = name.substring(0, name.length() - term[0].length());
                int index = find(fields, prefix + term[1]);
                int value = find(fields, prefix + term[2]);
                String table = fields.get(field).table();
                if (index >= 0 && value >= 0 && table != null && field < Long.SIZE && index < Long.SIZE && value < Long.SIZE) {
                    first = first == null ? prefix : first;
                    String written = prefix.equals(first) ? "" : prefix.substring(0, Math.max(0, prefix.length() - 1)) + ":";
                    out.add(new Slot(field, index, value, table, written));
                }
            }
        }
        for (String[] term : Symbols.armTerms(arm.specName())) {
            int index = find(fields, term[1]);
            int value = find(fields, term[2]);
            if (index >= 0 && value >= 0 && index < Long.SIZE && value < Long.SIZE) {
                out.add(new Slot(-1, index, value, null, "", term[0]));
            }
        }
        if (out.size() > Long.SIZE) {
            throw new IllegalStateException(arm + " has " + out.size() + " term slots; the assembler marks them in a long");
        }
        return out.toArray(new Slot[0]);
    }

    private static int find(List<FieldInfo> fields, String name) {
        for (int field = 0; field < fields.size(); field++) {
            if (fields.get(field).name().equals(name)) {
                return field;
            }
        }
        return -1;
    }

    /**
     * Appends {@code " term"} for each slot whose mode has a template, and returns the fields the
     * terms said (bit {@code i} = field {@code i}), which the {@code name=value} part then leaves out.
     */
    static long append(Slot[] slots, PreambleFlyweight<?> record, StringBuilder out) {
        long covered = 0;
        for (Slot s : slots) {
            String template = s.template() != null
                    ? (record.get(s.index(), 0) != 0 || record.get(s.value(), 0) != 0 ? s.template() : null)
                    : Symbols.syntax(s.table(), record.get(s.mode(), 0));
            if (template == null) {
                continue;
            }
            out.append(' ').append(s.prefix());
            int i = 0;
            while (i < template.length()) {
                if (template.startsWith(INDEX, i)) {
                    out.append(record.get(s.index(), 0));
                    i += INDEX.length();
                } else if (template.startsWith(VALUE, i)) {
                    out.append(record.get(s.value(), 0));
                    covered |= 1L << s.value();
                    i += VALUE.length();
                } else {
                    out.append(template.charAt(i++));
                }
            }
            covered |= (s.mode() < 0 ? 0 : 1L << s.mode()) | 1L << s.index();
        }
        return covered;
    }

    static boolean covers(long covered, int field) {
        return field < Long.SIZE && (covered >>> field & 1L) != 0;
    }

    /** The characters {@link #extract} looks at: a table, one look for each of the line's characters. */
    private static final boolean[] SPECIAL = Lexer.asciiSet("\"[]$\\");

    /**
     * The terms of a line's body, characters {@code from} to {@code to} of {@code body}: each word
     * outside strings and brackets that is {@code $...} or {@code name:$...} (a name of letters,
     * digits, '_' and '.'), up to a space or ',', with the column where it was (the body's first
     * character at {@code bodyColumn}); {@link #blank} takes them out of the body. Only the
     * characters that change what a '$' means are looked at (quotes and brackets): the assembler
     * reads every line through here, and a test of each character for a term's start was a sixth
     * of its time (docs/dev/measurements.md); and none after {@code dollarsEnd}, where the reader saw the
     * line's last '$'.
     */
    static List<Written> extract(char[] body, int from, int to, int bodyColumn, int dollarsEnd) {
        List<Written> terms = List.of();
        boolean quoted = false;
        int depth = 0;
        int last = Math.min(to, dollarsEnd);
        for (int i = from; i < last; i++) {
            char c = body[i];
            if (!Lexer.in(SPECIAL, c)) {
                continue; // none of the characters below
            }
            if (quoted) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    quoted = false;
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
            } else if (c == '$' && depth == 0) {
                int start = termStart(body, from, i);
                if (start >= 0) {
                    int end = i;
                    while (end < to && !Lexer.space(body[end]) && body[end] != ',') {
                        end++;
                    }
                    if (terms.isEmpty()) {
                        terms = new ArrayList<>(2);
                    }
                    terms.add(new Written(new String(body, start, end - start), bodyColumn + start - from));
                    i = end - 1;
                }
            }
        }
        return terms;
    }

    /**
     * Where the term whose '$' is at {@code dollar} starts: at its {@code name:} when one is
     * before it, else at the '$'; -1 when the word there is no term (it does not start after a
     * space or at {@code from}).
     */
    private static int termStart(char[] body, int from, int dollar) {
        if (dollar > from && body[dollar - 1] == ':') {
            int k = dollar - 1;
            while (k > from && (Character.isLetterOrDigit(body[k - 1]) || body[k - 1] == '_' || body[k - 1] == '.')) {
                k--;
            }
            return k < dollar - 1 && (k == from || Lexer.space(body[k - 1])) ? k : -1;
        }
        return dollar == from || Lexer.space(body[dollar - 1]) ? dollar : -1;
    }

    /**
     * Blanks out each of {@code terms} (as {@link #extract} found them in the body that starts at
     * {@code from} of {@code body}, at column {@code bodyColumn}), in place, so the rest lexes as before.
     */
    static void blank(char[] body, List<Written> terms, int from, int bodyColumn) {
        for (int n = 0; n < terms.size(); n++) { // no iterator: every line with a term comes here
            Written t = terms.get(n);
            int at = from + t.column() - bodyColumn;
            java.util.Arrays.fill(body, at, at + t.text().length(), ' ');
        }
    }

    /**
     * Writes each term into the first free slot whose mode enum has a template it matches (so a
     * second wait goes to EVENTS_EXTENDED's); a value two terms share (EVENTS' semaphore_value)
     * must be the same. Each field set is {@code given} and its column noted.
     *
     * @throws AsmException at a term no slot's templates match, or a shared value that differs
     */
    static void apply(List<Written> terms, Slot[] slots, PreambleFlyweight<?> record, List<FieldInfo> fields, Given given, int line,
            String arm, long registers) {
        if (terms.isEmpty()) {
            return;
        }
        // which slot took which term and value: kept only when a second term could meet the first (most lines have one)
        Written[] usedBy = terms.size() > 1 ? new Written[slots.length] : null;
        long[] valueBy = terms.size() > 1 ? new long[slots.length] : null;
        long used = 0; // bit i: slot i is taken (an arm has at most 64 slots, see slots())
        for (int n = 0; n < terms.size(); n++) { // no iterator: every line with a term comes here
            Written t = terms.get(n);
            boolean found = false;
            long mode = -1;
            long index = -1;
            long value = -1;
            int slot = -1;
            int cut = t.text().indexOf('$');
            String prefix = cut == 0 ? "" : t.text().substring(0, cut);
            String word = cut == 0 ? t.text() : t.text().substring(cut);
            for (int i = 0; i < slots.length && !found; i++) {
                if ((used >>> i & 1) != 0 || !slots[i].prefix().equals(prefix)) {
                    continue;
                }
                if (slots[i].template() != null) {
                    long[] m = match(slots[i].template(), word);
                    if (m != null) {
                        found = true;
                        index = m[0];
                        value = m[1];
                        slot = i;
                    }
                    continue;
                }
                long[] shaped = slots[i].shaped(word);
                int only = (int) shaped[0];
                if (only == -1) {
                    continue;
                }
                for (int k = Math.max(only, 0); k < (only >= 0 ? only + 1 : slots[i].modes().length); k++) {
                    String syntax = slots[i].syntaxes()[k];
                    long[] m = k == only ? null : match(syntax, word);
                    if (k == only || m != null) {
                        long termIndex = k == only ? shaped[1] : m[0];
                        long termValue = k == only ? shaped[2] : m[1];
                        // a register threshold (the spec's syntax r{value}, SEM_GE_REG): inside the register file, as every
                        // register operand is, so $S[24]>=r99 fails here and not only when it runs
                        if (termValue >= registers && syntax.contains(REGISTER_VALUE)) {
                            throw new AsmException(line, t.column(), "'" + t.text() + "': r" + termValue + " is outside the " + registers
                                    + "-register file (r0-r" + (registers - 1) + "; --no-validate assembles it anyway)");
                        }
                        found = true;
                        mode = slots[i].modes()[k];
                        index = termIndex;
                        value = termValue;
                        slot = i;
                        break;
                    }
                }
            }
            if (!found) {
                throw new AsmException(line, t.column(), whyNot(t, prefix, word, slots, usedBy == null ? new Written[slots.length] : usedBy,
                        fields, arm));
            }
            used |= 1L << slot;
            if (usedBy != null) {
                usedBy[slot] = t;
                valueBy[slot] = value;
            }
            Slot s = slots[slot];
            if (s.mode() >= 0) {
                set(record, fields, s.mode(), mode, t, given, line);
            }
            set(record, fields, s.index(), index, t, given, line);
            if (value >= 0) {
                long before = -1;
                for (int j = 0; valueBy != null && j < slots.length; j++) {
                    if (j != slot && (used >>> j & 1) != 0 && slots[j].value() == s.value() && valueBy[j] >= 0) {
                        before = valueBy[j];
                    }
                }
                if (before >= 0 && before != value) {
                    throw new AsmException(line, t.column(), "the terms share " + fields.get(s.value()).name() + ": " + before + " and "
                            + value + " differ");
                }
                if (before < 0) {
                    set(record, fields, s.value(), value, t, given, line);
                }
            }
        }
    }

    private static void set(PreambleFlyweight<?> record, List<FieldInfo> fields, int field, long v, Written t, Given given, int line) {
        FieldInfo f = fields.get(field);
        if (!Fields.fits(f, v)) {
            throw new AsmException(line, t.column(), v + " does not fit " + f.name() + " (" + f.typeName() + ")");
        }
        if (!given.add(field, t.column())) {
            throw new AsmException(line, t.column(), "field '" + f.name() + "' is given twice");
        }
        record.set(field, 0, v);
    }

    /**
     * Why no free slot takes term {@code t}, one reason a case rather than one generic line:
     * a slot that would take it already holds another term; a number that is not one the field can
     * hold (a sign, too many digits); a term written in another case than the spec's syntax; else
     * the generic line with the forms a term takes.
     */
    private static String whyNot(Written t, String prefix, String word, Slot[] slots, Written[] usedBy, List<FieldInfo> fields, String arm) {
        for (int i = 0; i < slots.length; i++) {
            if (usedBy[i] != null && slots[i].prefix().equals(prefix) && templates(slots[i]).stream().anyMatch(x -> match(x, word) != null)) {
                return "'" + t.text() + "': " + arm + " carries one such term, and '" + usedBy[i].text() + "' is it";
            }
        }
        for (Slot sl : slots) {
            if (!sl.prefix().equals(prefix)) {
                continue;
            }
            for (String template : templates(sl)) {
                String[] numbers = scan(template, word, true);
                if (numbers != null) {
                    for (int k = 0; k < 2; k++) {
                        int field = k == 0 ? sl.index() : sl.value();
                        if (numbers[k] != null && field >= 0 && !fitsText(fields.get(field), numbers[k])) {
                            FieldInfo f = fields.get(field);
                            return "'" + t.text() + "': " + numbers[k] + " does not fit " + f.name() + " (" + f.typeName() + ")";
                        }
                    }
                }
                long[] m = match(template.toLowerCase(java.util.Locale.ROOT), word.toLowerCase(java.util.Locale.ROOT));
                if (m != null) {
                    String canonical = prefix + template.replace(INDEX, Long.toString(m[0])).replace(VALUE, Long.toString(m[1]));
                    return "'" + t.text() + "': terms are written as the spec writes them, '" + canonical + "'";
                }
            }
        }
        return "'" + t.text() + "' is no wait or update " + arm + " can carry"
                + (slots.length == 0 ? " (it has no EVENTS)" : " (as $S[n]>=v, $S[n]>v, $S[n]++@complete, $S[n]+=v@read, ...)");
    }

    /** The templates a slot's terms take: its fixed one, or its mode table's syntax for each mode. */
    private static List<String> templates(Slot s) {
        if (s.template() != null) {
            return List.of(s.template());
        }
        List<String> out = new java.util.ArrayList<>();
        for (long mode : Symbols.syntaxValues(s.table())) {
            out.add(Symbols.syntax(s.table(), mode));
        }
        return out;
    }

    /** Whether decimal or 0x-hex {@code text} (a sign allowed) is a value {@code f} can hold. */
    private static boolean fitsText(FieldInfo f, String text) {
        boolean negative = text.startsWith("-");
        String digits = negative ? text.substring(1) : text;
        boolean hex = digits.startsWith("0x") || digits.startsWith("0X");
        java.math.BigInteger v = new java.math.BigInteger(hex ? digits.substring(2) : digits, hex ? 16 : 10);
        if (negative) {
            v = v.negate();
        }
        return v.bitLength() < 64 && Fields.fits(f, v.longValue());
    }

    /**
     * The numbers of {@code text} where {@code template} has {index} and {value}, as written
     * ({index, value}, null where the template has none), or null when the text is not the template
     * filled in. A number is ASCII decimal or 0x hexadecimal, as everywhere else in a listing; strict
     * ({@code loose} false) it has no sign and at most 10 decimal or 8 hex digits, loose it may have a
     * sign and any count of digits (to say which number a strict match refused).
     */
    private static String[] scan(String template, String text, boolean loose) {
        String[] out = new String[2];
        return walk(template, text, loose, null, out) ? out : null;
    }

    /**
     * {index, value} (value -1 when the template has none) when {@code text} is {@code template}
     * filled in, else null: {@link #scan}'s strict reading, with no string made (the assembler
     * reads a term on every line).
     */
    static long[] match(String template, String text) {
        long[] out = {-1, -1};
        return walk(template, text, false, out, null) ? out : null;
    }

    /**
     * Whether {@code text} is {@code template} filled in ({@link #scan}'s rules); each number's value
     * into {@code values} (strict reading only: at most 10 decimal or 8 hex digits, no overflow) or
     * its text into {@code texts}, at 0 for {index} and 1 for {value}.
     */
    private static boolean walk(String template, String text, boolean loose, long[] values, String[] texts) {
        int i = 0;
        int j = 0;
        while (i < template.length()) {
            boolean hole = template.charAt(i) == '{'; // a look at one character before a hole's whole name: every term goes through here
            boolean isIndex = hole && template.startsWith(INDEX, i);
            if (isIndex || hole && template.startsWith(VALUE, i)) {
                int from = j;
                if (loose && j < text.length() && text.charAt(j) == '-') {
                    j++;
                }
                boolean hex = text.startsWith("0x", j) || text.startsWith("0X", j);
                int radix = hex ? 16 : 10;
                int start = hex ? j + 2 : j;
                int end = start;
                long n = 0;
                while (end < text.length() && Lexer.digit(text.charAt(end), radix)) {
                    char d = text.charAt(end);
                    n = n * radix + (d <= '9' ? d - '0' : (d | 0x20) - 'a' + 10); // an ASCII digit of the radix, checked above
                    end++;
                }
                if (end == start || !loose && end - start > (hex ? 8 : 10)) {
                    return false;
                }
                if (values != null) {
                    values[isIndex ? 0 : 1] = n;
                }
                if (texts != null) {
                    texts[isIndex ? 0 : 1] = text.substring(from, end);
                }
                j = end;
                i += isIndex ? INDEX.length() : VALUE.length();
            } else if (j < text.length() && template.charAt(i) == text.charAt(j)) {
                i++;
                j++;
            } else {
                return false;
            }
        }
        return j == text.length();
    }
}
