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
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import tpb.codec.FieldInfo;
import tpb.codec.ViolationSink;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.PreambleFlyweight;
import tpb.isa.Validator;
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
    static final long REGISTERS = Arch.SUNDA.isaRegisterCount();

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
    /** The operands and named fields of each line. */
    private final OperandReader reader;
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
        this.reader = new OperandReader(given, arch);
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
        reader.validate = validate;
        Errors sink = new Errors(options.maxErrors(), errors);
        Map<String, Long> labels = new HashMap<>();
        List<AsmException> early = new ArrayList<>(); // the first pass's errors, reported in line order with the second's
        long[] earlyCount = {0};
        long count = 0;
        try (SourceLines lines = new SourceLines(source.open())) {
            while (lines.advance()) {
                char[] text = lines.chars();
                int n = lines.length();
                if (ListingLine.plainInstruction(text, n, lines.plain())) {
                    count++; // the common line: no label, no error, a record; not parsed until the second pass
                    continue;
                }
                if (options.comments() != null) {
                    String whole = new String(text, 0, n);
                    if (whole.stripLeading().startsWith(";")) {
                        options.comments().comment(whole, lines.number());
                    }
                }
                ListingLine l = ListingLine.parse(text, n, lines.number(), n);
                AsmException problem = null;
                if (l.labelError() != null) {
                    problem = new AsmException(l.number(), l.labelColumn(), l.labelError());
                } else if (l.label() != null && labels.putIfAbsent(l.label(), count) != null) {
                    problem = new AsmException(l.number(), l.labelColumn(), "label '" + l.label() + "' is defined twice");
                }
                int nul = ListingLine.indexOf(text, n, '\0');
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
                ListingLine l = ListingLine.parse(lines.chars(), lines.length(), lines.number(), lines.dollarsEnd());
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
    static final class Errors {
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
    private void checkRecord(ListingLine l, byte[] record, long index, SyntaxFields written, Errors sink) {
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

    /**
     * Encodes one line into {@code out}, noting in {@link #given} the column of each field's value;
     * the arm's syntax as its layout resolves it (null for {@code .raw} bytes).
     */
    private SyntaxFields encodeLine(ListingLine l, byte[] out, Map<String, Long> labels, Errors sink) {
        // $S[5]>=16 ...: taken out of the line (blanked in the reader's array, which the next line overwrites), read below
        List<SyncTerms.Written> terms = SyncTerms.extract(l.text(), l.bodyFrom(), l.bodyTo(), l.bodyColumn(), l.dollarsEnd());
        SyncTerms.blank(l.text(), terms, l.bodyFrom(), l.bodyColumn());
        Lexer lex = lexer.reset(l.text(), l.bodyFrom(), l.bodyTo(), l.number(), l.bodyColumn());
        Lexer.Token mnemonic = lex.word();
        if (mnemonic.is(".raw")) {
            OperandReader.raw(lex, out, l);
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
            reader.put(record, field, new Lexer.Token(m.value(), mnemonic.column() + syntax.syntax.prefix().length(), Lexer.Kind.WORD), labels,
                    l, sink);
            given.set(field, mnemonic.column());
        }
        SyncTerms.apply(terms, flyweights.slots(m.arm(), fields), record, fields, given, l.number(), m.arm().specName(),
                validate ? REGISTERS : Long.MAX_VALUE);
        reader.operands(lex, mnemonic, syntax, record, labels, l, sink);
        reader.namedFields(lex, m.arm(), syntax, record, labels, l, sink);
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

    private Mnemonic mnemonic(Lexer.Token mnemonic, ListingLine l, Errors sink) {
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
}
