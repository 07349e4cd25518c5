package tpb.asm;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import tpb.codec.FieldInfo;
import tpb.codec.ViolationSink;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Layouts;
import tpb.isa.PreambleFlyweight;
import tpb.isa.Symbols;
import tpb.isa.Validator;
import tpb.spec.DidYouMean;
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
    /** What to check besides the syntax, and how many errors to report before only counting them. */
    public record Options(boolean validate, long maxErrors, CommentWatch comments) {
        /** Validate every record; report every error. */
        public static final Options DEFAULTS = new Options(true, Long.MAX_VALUE);
        /** Assemble what the validator would refuse (a listing of any stream, bad records crafted on purpose). */
        public static final Options NO_VALIDATION = new Options(false, Long.MAX_VALUE);

        public Options(boolean validate, long maxErrors) {
            this(validate, maxErrors, null);
        }

        /** These options, with {@code comments} shown every comment line of the first pass. */
        public Options watching(CommentWatch comments) {
            return new Options(validate, maxErrors, comments);
        }
    }

    /**
     * Shown each line of the source that is only a comment ({@code ;} first), in the first pass,
     * before any record is written: {@code tpb asm} refuses a NEFF listing of several streams there
     * without reading the source a third time. What it throws ends the assembly.
     */
    @FunctionalInterface
    public interface CommentWatch {
        void comment(String line, int number);
    }

    /** How an assembly went: records assembled, errors reported and errors counted but not reported. */
    public record Summary(long records, long reported, long suppressed) {
        public boolean ok() {
            return reported + suppressed == 0;
        }
    }

    /** A source read twice (labels first, then records): each call opens it anew. */
    @FunctionalInterface
    public interface Source {
        InputStream open() throws IOException;
    }

    /**
     * The register file (the spec's isa_register_count, the same on every arch profile): a
     * register operand outside it is refused (facts §6).
     */
    private static final long REGISTERS = Arch.SUNDA.isaRegisterCount();

    private static final Map<String, Arm> EXACT = new HashMap<>();
    private static final Map<String, Arm> PREFIXED = new HashMap<>();
    /** Every mnemonic as the disassembler writes it, to its arm and value: found in place (others by {@link #mnemonic(String)}). */
    private static final NameTable<Mnemonic> MNEMONICS;

    static {
        for (Map.Entry<Arm, Syntax> e : Syntaxes.all().entrySet()) {
            (e.getValue().mnemonicField() == null ? EXACT : PREFIXED).put(e.getValue().prefix(), e.getKey());
        }
        Map<String, Mnemonic> spelled = new HashMap<>();
        for (String text : Hints.mnemonics()) {
            Mnemonic m = mnemonic(text);
            if (m != null) {
                spelled.put(text, m);
            }
        }
        MNEMONICS = new NameTable<>(spelled);
    }
    /** The generated flyweights: the one encoder. */
    private final ArmFlyweights flyweights;
    /** The arch whose layouts the records are written through and validated on (null: the arms' own). */
    private final Arch arch;
    private boolean validate = true;
    /** The fields the line being encoded has set, and their columns. */
    private final Given given = new Given();
    /** The lexer of every line, reset line to line. */
    private final Lexer lexer = new Lexer(new char[0], 0, 0, 0, 1);
    /** The numbers {@link #numbersGroup} reads. */
    private final Lexer.Numbers numbers = new Lexer.Numbers();
    /** Every mnemonic, once an unknown one needed a hint (see {@link #mnemonicList()}). */
    private List<String> mnemonicList;

    /** An assembler writing each arm through its own layout. */
    public Assembler() {
        this(null);
    }

    /**
     * An assembler writing each arm through its layout on {@code arch} ({@link tpb.isa.Layouts}; null:
     * the arms' own) and validating on {@code arch}: {@code ldweights ... bg_xpose_mode=2} assembles for
     * MARIANA, where the spec lays out that field, and nowhere else.
     */
    public Assembler(Arch arch) {
        this.arch = arch;
        this.flyweights = new ArmFlyweights(arch);
    }

    /**
     * A parsed source line: its label (or why it is not one), and its instruction text, characters
     * {@code bodyFrom} to {@code bodyTo} of {@code text} (the reader's array, read in place), the
     * first of them at column {@code bodyColumn}; no '$' (no sync term) at or after {@code dollarsEnd}.
     */
    private record Line(int number, String label, int labelColumn, String labelError, char[] text, int bodyFrom, int bodyTo,
            int bodyColumn, int dollarsEnd) {
        boolean empty() {
            return bodyFrom == bodyTo;
        }
    }

    /** Assembles and validates {@code source}; the first error is thrown. */
    public byte[] assemble(String source) {
        return assemble(source, Options.DEFAULTS);
    }

    /** Assembles {@code source} (validated or not, as {@code options} say); the first error is thrown. */
    public byte[] assemble(String source, Options options) {
        RecordBuffer out = new RecordBuffer();
        AsmException[] first = new AsmException[1];
        byte[] utf8 = source.getBytes(StandardCharsets.UTF_8); // read twice, encoded once
        try {
            assemble(() -> new ByteArrayInputStream(utf8), out, new Options(options.validate(), 1, options.comments()),
                    e -> first[0] = e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (first[0] != null) {
            throw first[0];
        }
        return out.records();
    }

    /** The records of {@link #assemble(String, Options)}: sized once the first pass has counted them, handed out without a copy. */
    private static final class RecordBuffer extends ByteArrayOutputStream {
        void reserve(long records) {
            long bytes = records * RecordStream.STRIDE;
            if (bytes > buf.length && bytes <= Integer.MAX_VALUE - 8) {
                buf = java.util.Arrays.copyOf(buf, (int) bytes);
            }
        }

        byte[] records() {
            return count == buf.length ? buf : toByteArray();
        }
    }

    /**
     * Assembles {@code source} into {@code out}, a record at a time: a first pass collects the
     * labels, a second encodes each line through its arm's fields (and, unless told not to,
     * refuses a record the generated validator rejects). Every error goes to {@code errors} in
     * line order, the first {@code maxErrors} of them; the rest are counted. Memory holds one line
     * and the label table, whatever the source's size. After an error, what reached {@code out}
     * is not a stream to keep.
     */
    public Summary assemble(Source source, OutputStream out, Options options, Consumer<AsmException> errors) throws IOException {
        validate = options.validate();
        Errors sink = new Errors(options.maxErrors(), errors);
        Map<String, Long> labels = new HashMap<>();
        List<AsmException> early = new ArrayList<>(); // the first pass's errors, reported in line order with the second's
        long[] earlyCount = {0};
        long count = 0;
        try (SourceLines lines = new SourceLines(source.open())) {
            while (lines.advance()) {
                char[] text = lines.chars();
                int n = lines.length();
                if (plainInstruction(text, n, lines.plain())) {
                    count++; // the common line: no label, no error, a record; not parsed until the second pass
                    continue;
                }
                if (options.comments() != null) {
                    String whole = new String(text, 0, n);
                    if (whole.stripLeading().startsWith(";")) {
                        options.comments().comment(whole, lines.number());
                    }
                }
                Line l = parseLine(text, n, lines.number(), n);
                AsmException problem = null;
                if (l.labelError() != null) {
                    problem = new AsmException(l.number(), l.labelColumn(), l.labelError());
                } else if (l.label() != null && labels.putIfAbsent(l.label(), count) != null) {
                    problem = new AsmException(l.number(), l.labelColumn(), "label '" + l.label() + "' is defined twice");
                }
                int nul = indexOf(text, n, '\0');
                if (problem == null && nul >= 0) {
                    // a file of NUL bytes is no listing, not an empty stream
                    problem = new AsmException(lines.number(), nul + 1, "a NUL character: an assembly listing is text");
                }
                if (problem != null && earlyCount[0]++ < options.maxErrors()) {
                    early.add(problem);
                }
                if (!l.empty()) {
                    count++;
                }
            }
        } catch (AsmException unreadable) { // not UTF-8, or a line too long: nothing after it can be read
            sink.flush(early, Integer.MAX_VALUE);
            sink.report(unreadable);
            return sink.summary(0);
        }
        if (out instanceof RecordBuffer b) {
            b.reserve(count); // the records assemble(String) returns: one array, not one doubled and copied again
        }
        byte[] record = new byte[RecordStream.STRIDE];
        long index = 0;
        try (SourceLines lines = new SourceLines(source.open())) {
            while (lines.advance()) {
                sink.flush(early, lines.number());
                Line l = parseLine(lines.chars(), lines.length(), lines.number(), lines.dollarsEnd());
                if (l.empty()) {
                    continue;
                }
                try {
                    SyntaxFields written = encodeLine(l, record, labels, sink);
                    if (validate && written != null) {
                        checkRecord(l, record, index, written, sink);
                    }
                } catch (AsmException e) {
                    sink.report(e);
                }
                out.write(record);
                index++;
            }
        }
        sink.suppressed += Math.max(0, earlyCount[0] - options.maxErrors());
        return sink.summary(index);
    }

    /** Errors in line order: the first {@code max} reported, the rest counted. */
    private static final class Errors {
        final long max;
        final Consumer<AsmException> out;
        long reported;
        long suppressed;
        int nextEarly;

        Errors(long max, Consumer<AsmException> out) {
            this.max = max;
            this.out = out;
        }

        void report(AsmException e) {
            if (reported < max) {
                reported++;
                out.accept(e);
            } else {
                suppressed++;
            }
        }

        /** Whether a further error is still shown (so its hint is worth computing). */
        boolean showing() {
            return reported < max;
        }

        /** Reports the first pass's errors up to line {@code line}. */
        void flush(List<AsmException> early, int line) {
            while (nextEarly < early.size() && early.get(nextEarly).line() <= line) {
                report(early.get(nextEarly++));
            }
        }

        Summary summary(long records) {
            return new Summary(records, reported, suppressed);
        }
    }

    /** The generated validator's verdict on the record a line assembled to, each violation at the column of its field's value. */
    private void checkRecord(Line l, byte[] record, long index, SyntaxFields written, Errors sink) {
        ViolationSink report = (r, field, offset, rule, message) -> {
            int column = given.column(written.field(field));
            sink.report(new AsmException(l.number(), column == 0 ? l.bodyColumn() : column, field + ": " + message + " ("
                    + rule + " rule; --no-validate assembles it anyway)"));
        };
        int index32 = (int) Math.min(index, Integer.MAX_VALUE);
        if (arch == null) {
            Validator.validate(record, 0, index32, report);
        } else {
            Validator.validate(record, 0, index32, arch, report);
        }
    }

    /*
     * A line's columns are read by hand, not by regular expressions: every line of a listing is
     * read twice (labels, then records), and a Matcher per line and pattern was a sixth of the
     * assembler's time (docs/dev/measurements.md). Each scanner below says the pattern it stands for; \s is
     * Java's (ASCII) whitespace, as the listing's own columns are.
     */
    private static Line parseLine(char[] text, int length, int number, int dollarsEnd) {
        int n = commentStart(text, length);
        int col = 0;
        while (col < n && Lexer.space(text[col])) {
            col++;
        }
        // a disassembler listing: "    12  0x000300  text"
        int listing = listingColumns(text, n);
        if (listing >= 0) {
            col = listing;
        }
        String label = null;
        String labelError = null;
        int labelCol = 0;
        int end = label(text, n, col);
        boolean bad = end < 0;
        if (bad) {
            end = wordColon(text, n, col);
        }
        if (end >= 0) {
            label = new String(text, col, end - 1 - col);
            labelCol = col + 1;
            if (bad) {
                int ok = 0;
                while (ok < label.length() - 1 && (ok == 0 ? labelStart(label.charAt(ok)) : labelChar(label.charAt(ok)))) {
                    ok++;
                }
                labelError = "'" + label + "' is not a label: a label is ASCII letters, digits, '_', '.' and '$', not starting with a "
                        + "digit ('" + label.substring(ok, label.offsetByCodePoints(ok, 1)) + "' at column " + (labelCol + ok) + ")";
            }
            col = end;
            while (col < n && Lexer.space(text[col])) {
                col++;
            }
            int second = label(text, n, col);
            if (labelError == null && second >= 0) {
                // 'L1: L2: exit': one label a line, as the listing writes them
                labelError = "'" + new String(text, col, second - 1 - col) + ":' follows the label '" + label + ":' on one line: a line holds "
                        + "one label; put each on its own line";
                labelCol = col + 1;
                col = second; // the rest of the line is read as ever: one error, not a cascade
                while (col < n && Lexer.space(text[col])) {
                    col++;
                }
            }
        } else if (indexOnly(text, n, col) >= 0) {
            // a listing's index column without its byte offset: not a mnemonic ("unknown mnemonic '0'; did you mean 'ts'?")
            labelError = "the line starts with a number: a listing line starts with its index and its byte offset "
                    + "('12  0x000300  nop'), an instruction with its mnemonic";
            labelCol = col + 1;
            // the numbers skipped, the rest of the line is read as ever: one error, not a cascade
            for (int e; (e = indexOnly(text, n, col)) >= 0;) {
                col = e;
                while (col < n && Lexer.space(text[col])) {
                    col++;
                }
            }
        }
        // the body is the rest, String.trim()'s bounds; its columns count from col, where the rest starts
        int from = col;
        int to = n;
        while (from < to && text[from] <= ' ') {
            from++;
        }
        while (to > from && text[to - 1] <= ' ') {
            to--;
        }
        return new Line(number, label, labelCol, labelError, text, from, to, col + 1, dollarsEnd);
    }

    /**
     * Whether {@code text}, for the first pass, is surely an instruction and nothing more: after
     * the listing's columns, if any, an ASCII letter starts a first word without ':' (so no label
     * and no index column; the comment, if any, starts after it), and no NUL anywhere (the reader
     * says so when it saw only ASCII). Any other line is parsed in full.
     */
    private static boolean plainInstruction(char[] text, int n, boolean noNul) {
        int col = listingColumns(text, n);
        if (col < 0) {
            col = 0;
            while (col < n && Lexer.space(text[col])) {
                col++;
            }
        }
        if (col >= n || !(text[col] >= 'a' && text[col] <= 'z' || text[col] >= 'A' && text[col] <= 'Z')) {
            return false;
        }
        for (int i = col; i < n && !space(text[i]); i++) {
            if (text[i] == ':') {
                return false;
            }
        }
        return noNul || indexOf(text, n, '\0') < 0;
    }

    /** Where {@code c} first is among the first {@code n} characters of {@code text}, or -1. */
    private static int indexOf(char[] text, int n, char c) {
        for (int i = 0; i < n; i++) {
            if (text[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** Java's \s: space, tab, line feed, vertical tab, form feed, carriage return. */
    private static boolean space(char c) {
        return c == ' ' || c >= '\t' && c <= '\r';
    }

    private static boolean decimal(char c) {
        return c >= '0' && c <= '9';
    }

    /** [A-Za-z_.$]: a label's first character. */
    private static boolean labelStart(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || c == '.' || c == '$';
    }

    /** [A-Za-z0-9_.$]: a label's later characters. */
    private static boolean labelChar(char c) {
        return labelStart(c) || decimal(c);
    }

    /** Where {@code \s*\d+\s+0x[0-9a-fA-F]+\s+} (a listing's index and offset columns) ends from 0, or -1. */
    private static int listingColumns(char[] t, int n) {
        int index = spaces(t, n, 0);
        int gap = decimals(t, n, index);
        int offset = gap == index ? -1 : spaces(t, n, gap);
        if (offset == gap || offset < 0 || offset + 1 >= n || t[offset] != '0' || t[offset + 1] != 'x') {
            return -1;
        }
        int digits = hexes(t, n, offset + 2);
        int end = digits == offset + 2 ? -1 : spaces(t, n, digits);
        return end == digits ? -1 : end;
    }

    /** Where the run of \s at {@code i} ends. */
    private static int spaces(char[] t, int n, int i) {
        while (i < n && space(t[i])) {
            i++;
        }
        return i;
    }

    /** Where the run of decimal digits at {@code i} ends. */
    private static int decimals(char[] t, int n, int i) {
        while (i < n && decimal(t[i])) {
            i++;
        }
        return i;
    }

    /** Where the run of hex digits at {@code i} ends. */
    private static int hexes(char[] t, int n, int i) {
        while (i < n && Lexer.digit(t[i], 16)) {
            i++;
        }
        return i;
    }

    /** Where {@code [A-Za-z_.$][A-Za-z0-9_.$]*:} (a label) at {@code col} ends, or -1. */
    private static int label(char[] t, int n, int col) {
        if (col >= n || !labelStart(t[col])) {
            return -1;
        }
        int i = col + 1;
        while (i < n && labelChar(t[i])) {
            i++;
        }
        return i < n && t[i] == ':' ? i + 1 : -1;
    }

    /** The characters {@link #wordColon} stops at, besides \s. */
    private static final boolean[] NOT_LABEL = Lexer.asciiSet(":;#\",=[]");

    /**
     * Where {@code [^\s:;#",=\[\]]+:(?=\s|$)} at {@code col} ends, or -1: anything else ending in ':'
     * before a space, meant as a label and not one.
     */
    private static int wordColon(char[] t, int n, int col) {
        int i = col;
        while (i < n && !space(t[i]) && !Lexer.in(NOT_LABEL, t[i])) {
            i++;
        }
        if (i == col || i >= n || t[i] != ':') {
            return -1;
        }
        return i + 1 == n || space(t[i + 1]) ? i + 1 : -1;
    }

    /**
     * Where {@code (\d+|0[xX][0-9a-fA-F]*)(?=\s|$)} at {@code col} ends, or -1: a number alone before
     * the text, an index column with no byte offset after it.
     */
    private static int indexOnly(char[] t, int n, int col) {
        int i = decimals(t, n, col);
        if (i > col && (i == n || space(t[i]))) {
            return i;
        }
        if (col + 1 < n && t[col] == '0' && (t[col + 1] == 'x' || t[col + 1] == 'X')) {
            i = hexes(t, n, col + 2);
            if (i == n || space(t[i])) {
                return i;
            }
        }
        return -1;
    }

    /** The characters {@link #commentStart} looks at. */
    private static final boolean[] COMMENT_SPECIAL = Lexer.asciiSet("\"[];#");

    /** Where the line's comment starts (its length when it has none); a ';' inside brackets separates a group operand's fields. */
    private static int commentStart(char[] s, int n) {
        boolean quoted = false;
        int depth = 0;
        for (int i = 0; i < n; i++) {
            char c = s[i];
            if (!Lexer.in(COMMENT_SPECIAL, c)) {
                continue; // none of the characters below (one look: every line is read through here)
            }
            if (c == '"' && (i == 0 || s[i - 1] != '\\')) {
                quoted = !quoted;
            } else if (!quoted && c == '[') {
                depth++;
            } else if (!quoted && c == ']') {
                depth = Math.max(0, depth - 1);
            } else if (!quoted && depth == 0 && (c == ';' || c == '#')) {
                return i;
            }
        }
        return n;
    }

    /**
     * Encodes one line into {@code out}, noting in {@link #given} the column of each field's value;
     * the arm's syntax as its layout resolves it (null for {@code .raw} bytes).
     */
    private SyntaxFields encodeLine(Line l, byte[] out, Map<String, Long> labels, Errors sink) {
        // $S[5]>=16 ...: taken out of the line (blanked in the reader's array, which the next line overwrites), read below
        List<SyncTerms.Written> terms = SyncTerms.extract(l.text(), l.bodyFrom(), l.bodyTo(), l.bodyColumn(), l.dollarsEnd());
        SyncTerms.blank(l.text(), terms, l.bodyFrom(), l.bodyColumn());
        Lexer lex = lexer.reset(l.text(), l.bodyFrom(), l.bodyTo(), l.number(), l.bodyColumn());
        Lexer.Token mnemonic = lex.word();
        if (mnemonic.is(".raw")) {
            raw(lex, out, l);
            return null; // verbatim bytes: written as given, never validated
        }
        Mnemonic m = mnemonic(mnemonic, l, sink);
        SyntaxFields syntax = flyweights.syntaxFields(m.arm());
        // the generated flyweight zeroes all the record's bytes (nothing of the previous line is left), stamps the
        // opcode, sub-opcode and constants, and writes every field
        PreambleFlyweight<?> record = flyweights.over(m.arm(), out, 0);
        record.reset();
        List<FieldInfo> fields = record.fields();
        given.reset(fields.size());
        if (m.value() != null) {
            int field = syntax.mnemonicField;
            put(record, field, new Lexer.Token(m.value(), mnemonic.column() + syntax.syntax.prefix().length(), Lexer.Kind.WORD), labels,
                    l, sink);
            given.set(field, mnemonic.column());
        }
        SyncTerms.apply(terms, flyweights.slots(m.arm(), fields), record, fields, given, l.number(), m.arm().specName(),
                validate ? REGISTERS : Long.MAX_VALUE);
        operands(lex, mnemonic, syntax, record, labels, l, sink);
        namedFields(lex, m.arm(), syntax, record, labels, l, sink);
        // the syntax line's implied values, for the fields the line left out (matmul's whole PE array)
        for (int k = 0; k < syntax.impliedFields.length; k++) {
            int field = syntax.impliedFields[k];
            if (field >= 0 && !given.has(field)) {
                record.set(field, 0, syntax.impliedValues[k]);
            }
        }
        return syntax;
    }

    /** A mnemonic's arm, and the value its name carries when it is a prefixed one (as {@code alu.add}: the arm by its prefix, {@code add} for its op field). */
    private record Mnemonic(Arm arm, String value) {}

    private Mnemonic mnemonic(Lexer.Token mnemonic, Line l, Errors sink) {
        Mnemonic known = mnemonic.lookup(MNEMONICS);
        if (known != null) {
            return known;
        }
        Mnemonic m = mnemonic(mnemonic.text());
        if (m == null) {
            throw new AsmException(l.number(), mnemonic.column(), "unknown mnemonic '" + mnemonic.text() + "'"
                    + (sink.showing() ? Hints.suggest(mnemonic.text(), mnemonicList()) : ""));
        }
        return m;
    }

    /** The arm and value {@code text} names: an exact mnemonic first, else one that starts with a prefix; null when none. */
    private static Mnemonic mnemonic(String text) {
        Arm arm = EXACT.get(text);
        String value = null;
        if (arm == null) {
            for (Map.Entry<String, Arm> p : PREFIXED.entrySet()) {
                if (text.startsWith(p.getKey()) && text.length() > p.getKey().length()) {
                    arm = p.getValue();
                    value = text.substring(p.getKey().length());
                }
            }
        }
        return arm == null ? null : new Mnemonic(arm, value);
    }

    /** Every mnemonic, for a hint: listed on the first unknown one, then kept for this assembler's later ones. */
    private List<String> mnemonicList() {
        if (mnemonicList == null) {
            mnemonicList = Hints.mnemonics();
        }
        return mnemonicList;
    }

    /** The syntax's positional operands, comma-separated, each a field or a group operand. */
    private void operands(Lexer lex, Lexer.Token mnemonic, SyntaxFields syntax, PreambleFlyweight<?> record, Map<String, Long> labels,
            Line l, Errors sink) {
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
                if (numbersGroup(lex, record, syntax.operands[i])) {
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
    private void namedFields(Lexer lex, Arm arm, SyntaxFields syntax, PreambleFlyweight<?> record, Map<String, Long> labels, Line l,
            Errors sink) {
        List<FieldInfo> fields = record.fields();
        while (!lex.atEnd()) {
            int at = lex.position();
            if (plainNamedField(lex, syntax, record, fields)) {
                continue;
            }
            lex.rewind(at); // anything else: read again, token by token, to say what is wrong or to read a label, list or name
            Lexer.Token name = lex.word();
            int field = syntax.field(name);
            FieldInfo f = field < 0 ? null : fields.get(field);
            if (f == null || !Fields.settable(f)) {
                throw new AsmException(l.number(), name.column(), (f == null ? "no field '" : "field '") + name.text() + "' "
                        + (f == null ? "in " + arm.specName() + layoutName(arm)
                                + (sink.showing() ? Hints.suggest(name.text(), Hints.settable(fields)) + Hints.generations(arm, name.text()) : "")
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

    /**
     * A {@code name=value} of a scalar field whose value is a number that fits it or a name of its
     * enum as the listing writes it, written straight into the field, no token made: the named
     * fields of nearly every line. False, the cursor then anywhere, for anything
     * else: {@link #namedFields} reads it again and {@link #scalar} decides, as for every value.
     */
    private boolean plainNamedField(Lexer lex, SyntaxFields syntax, PreambleFlyweight<?> record, List<FieldInfo> fields) {
        int nameFrom = lex.span();
        int nameTo = lex.position();
        int field = nameFrom == nameTo ? -1 : syntax.field(lex, nameFrom, nameTo);
        if (field < 0 || given.has(field) || !lex.take('=')) {
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

    /** {@code ".Mariana"} when the arm is written through a generation layout, else nothing. */
    private String layoutName(Arm arm) {
        String view = Layouts.view(arm, arch);
        return view == null ? "" : "." + view;
    }

    /**
     * A group operand of numbers only, {@code [0x37b00; 1,0,0; 128,1,1]}, written straight into
     * its fields, no token made: most of a listing's values. False when the
     * operand is anything else (a name, a register, a segment too many or too few, a number that
     * does not fit): {@link #group} then reads it again and says what is wrong.
     */
    private boolean numbersGroup(Lexer lex, PreambleFlyweight<?> record, int[] members) {
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

    /** A group operand, {@code [start; steps; nums]}: one segment per field of the group, in spec order. */
    private void group(String name, PreambleFlyweight<?> record, int[] members, Lexer.Token v, Map<String, Long> labels, Line l,
            Errors sink) {
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

    private static void raw(Lexer lex, byte[] out, Line l) {
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
    private void put(PreambleFlyweight<?> record, int field, Lexer.Token v, Map<String, Long> labels, Line l, Errors sink) {
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

    private static void putChars(PreambleFlyweight<?> record, int field, FieldInfo f, Lexer.Token v, Line l) {
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

    private static void putBytes(PreambleFlyweight<?> record, int field, FieldInfo f, Lexer.Token v, Line l) {
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
    private long scalar(FieldInfo f, Lexer.Token v, Map<String, Long> labels, Line l, Errors sink) {
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
        if (validate && f.role() == FieldInfo.Role.REG && (value < 0 || value >= REGISTERS)) {
            throw new AsmException(l.number(), v.column(), f.name() + ": r" + value + " is outside the " + REGISTERS + "-register file (r0-r"
                    + (REGISTERS - 1) + "; --no-validate assembles it anyway)");
        }
        return value;
    }

    /** Whether {@code t} is {@code [rR]\d+}, a register. */
    private static boolean register(String t) {
        if (t.length() < 2 || t.charAt(0) != 'r' && t.charAt(0) != 'R') {
            return false;
        }
        for (int i = 1; i < t.length(); i++) {
            if (!decimal(t.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static long number(FieldInfo f, Lexer.Token v, Line l) {
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
