package tpb.asm;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import tpb.codec.FieldInfo;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.PreambleFlyweight;
import tpb.isa.Symbols;
import tpb.spec.Syntax;
import tpb.stream.RecordReader;
import tpb.stream.RecordStream;
import tpb.stream.StreamException;

/**
 * Record bytes to text, from each arm's syntax line in the spec. Never fails: bytes that no typed
 * arm can hold print as {@code .raw} with all 64 bytes, so the assembler gives them back exactly.
 * Listing lines are {@code index  0xoffset  text}; {@link Assembler} accepts them as they are.
 */
public final class Disassembler {
    private static final HexFormat HEX = HexFormat.of();
    private static final HexFormat SPACED_HEX = HexFormat.ofDelimiter(" ");

    private Disassembler() {}

    /**
     * Records per chunk. The listing is made a chunk at a time with the next chunk read ahead, so
     * memory is two chunks (4 MiB) whatever the stream's length: a branch target prints as a label
     * when it lies in the branch's own chunk or a neighbouring one, farther targets as record numbers
     * (both assemble to the same bytes). Streams of up to two chunks label every in-stream target.
     */
    public static final int CHUNK = 1 << 15;

    /** The listing of a whole stream held in memory: label lines for branch targets, then one line per record. */
    public static List<String> listing(RecordStream stream, boolean withHex) {
        StringBuilder text = new StringBuilder();
        try {
            listing(new ByteArrayInputStream(stream.bytes(), 0, stream.length()), withHex, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail to read
        }
        String all = text.toString();
        return all.isEmpty() ? List.of() : List.of(all.substring(0, all.length() - 1).split("\n", -1));
    }

    /**
     * The listing of the stream {@code in} delivers, written to {@code out} a line at a time.
     *
     * @throws tpb.stream.StreamException when the stream's length is not whole records (after the
     *                                    listing of the whole ones)
     * @throws java.io.IOException        when {@code in} cannot be read or {@code out} written
     */
    public static void listing(InputStream in, boolean withHex, Appendable out) throws IOException {
        listing(in, withHex, new ArmFlyweights(), out);
    }

    /**
     * As {@link #listing(InputStream, boolean, Appendable)}, each record read through its arm's
     * layout on {@code arch} ({@link tpb.isa.Layouts}); with no arch (null) through the arms' own
     * layouts, which the listing says once for an arm that has generation layouts.
     */
    public static void listing(InputStream in, boolean withHex, Arch arch, Appendable out) throws IOException {
        listing(in, withHex, new ArmFlyweights(arch).announcingOwnLayout(), out);
    }

    private static void listing(InputStream in, boolean withHex, ArmFlyweights flyweights, Appendable out) throws IOException {
        RecordReader reader = new RecordReader(in, CHUNK);
        byte[] cur = new byte[CHUNK * RecordStream.STRIDE];
        byte[] next = new byte[CHUNK * RecordStream.STRIDE];
        BitSet curLabels = new BitSet(CHUNK);
        BitSet nextLabels = new BitSet(CHUNK);
        BitSet afterLabels = new BitSet(CHUNK);
        StreamException[] trailing = new StreamException[1];
        int curN = fill(reader, cur, trailing);
        long curBase = 0;
        markTargets(flyweights, cur, curN, curBase, null, curLabels, nextLabels);
        StringBuilder line = new StringBuilder(160);
        while (curN > 0) {
            long nextBase = curBase + curN;
            int nextN = curN == CHUNK ? fill(reader, next, trailing) : 0;
            markTargets(flyweights, next, nextN, nextBase, curLabels, nextLabels, afterLabels);
            long chunk = curBase / CHUNK;
            long known = nextBase + nextN;
            LongPredicate label = v -> v >= 0 && v < known && Math.abs(v / CHUNK - chunk) <= 1;
            for (int k = 0; k < curN; k++) {
                long i = curBase + k;
                if (curLabels.get(k)) {
                    out.append('L').append(Long.toString(i)).append(":\n");
                }
                line.setLength(0);
                index(i, line);
                text(flyweights, cur, RecordStream.offsetOf(k), label, line);
                if (withHex) {
                    line.append("  ; ");
                    hex(cur, RecordStream.offsetOf(k), RecordStream.RECORD_SIZE, line, true);
                }
                out.append(line).append('\n');
            }
            byte[] b = cur;
            cur = next;
            next = b;
            BitSet l = curLabels;
            curLabels = nextLabels;
            nextLabels = afterLabels;
            afterLabels = l;
            afterLabels.clear();
            curBase = nextBase;
            curN = nextN;
        }
        fill(reader, next, trailing); // the end: trailing bytes, if any, are reported here
        if (trailing[0] != null) {
            throw trailing[0];
        }
    }

    /**
     * Reads the reader's next window into {@code into}; returns its record count. Trailing bytes at
     * the end are kept in {@code trailing}, reported once the whole records before them are listed.
     */
    private static int fill(RecordReader reader, byte[] into, StreamException[] trailing) throws IOException {
        int n;
        try {
            n = reader.next();
        } catch (StreamException e) {
            trailing[0] = e;
            return 0;
        }
        System.arraycopy(reader.window(), 0, into, 0, n * RecordStream.STRIDE);
        return n;
    }

    /** {@code "%6d  0x%06x  "} of index and byte offset, without a Formatter per record. */
    private static void index(long i, StringBuilder line) {
        String n = Long.toString(i);
        for (int k = n.length(); k < 6; k++) {
            line.append(' ');
        }
        line.append(n).append("  0x");
        String off = Long.toHexString(i * RecordStream.STRIDE);
        for (int k = off.length(); k < 6; k++) {
            line.append('0');
        }
        line.append(off).append("  ");
    }

    /**
     * Marks the branch targets (role pc fields) of the {@code n} records of chunk {@code b} (first
     * index {@code base}) that lie in the previous, the same or the next chunk.
     */
    private static void markTargets(ArmFlyweights flyweights, byte[] b, int n, long base, BitSet previous, BitSet same,
            BitSet following) {
        long chunk = base / CHUNK;
        for (int k = 0; k < n; k++) {
            int off = RecordStream.offsetOf(k);
            Arm arm = Decoder.identify(b, off);
            if (arm == Arm.UNKNOWN) {
                continue;
            }
            List<FieldInfo> fields = arm.fields();
            PreambleFlyweight<?> record = null;
            for (int field = 0; field < fields.size(); field++) {
                if (fields.get(field).role() != FieldInfo.Role.PC) {
                    continue;
                }
                if (record == null) {
                    record = flyweights.over(arm, b, off);
                }
                long t = record.get(field, 0);
                if (t < 0) {
                    continue;
                }
                long d = t / CHUNK - chunk;
                int bit = (int) (t % CHUNK);
                if (d == -1 && previous != null) {
                    previous.set(bit);
                } else if (d == 0) {
                    same.set(bit);
                } else if (d == 1) {
                    following.set(bit);
                }
            }
        }
    }

    /** One record's text; {@code records} bounds the label names (-1: no labels). */
    public static String text(byte[] b, int off, int records) {
        StringBuilder s = new StringBuilder(96);
        text(FLYWEIGHTS.get(), b, off, v -> v >= 0 && v < records, s);
        return s.toString();
    }

    /**
     * One record's text, its arm read through the arm's layout on {@code arch} (a NEFF's records, on
     * the arch its kelf names: a sunda MATMUL through Matmul.Sunda, not as {@code .raw}); a null arch
     * reads the arms' own layouts, as {@link #text(byte[], int, int)}.
     */
    public static String text(Arch arch, byte[] b, int off, int records) {
        StringBuilder s = new StringBuilder(96);
        ArmFlyweights on = arch == null ? FLYWEIGHTS.get() : ON_ARCH.get().computeIfAbsent(arch, ArmFlyweights::new);
        text(on, b, off, v -> v >= 0 && v < records, s);
        return s.toString();
    }

    /** A thread's flyweights for {@link #text(Arch, byte[], int, int)}, per arch. */
    private static final ThreadLocal<Map<Arch, ArmFlyweights>> ON_ARCH = ThreadLocal.withInitial(() -> new EnumMap<>(Arch.class));

    /** A thread's flyweights for {@link #text(byte[], int, int)}: one per arm, made once, not one per call. */
    private static final ThreadLocal<ArmFlyweights> FLYWEIGHTS = ThreadLocal.withInitial(ArmFlyweights::new);

    /**
     * Each arm's {@link ArmText}, made on first use for the fields its flyweight has (immutable, so
     * a race makes two equal ones; a flyweight with other fields for the same arm, a generation's
     * layout, makes a new one).
     */
    private static final ArmText[] TEXTS = new ArmText[Arm.values().length];

    /**
     * What the text of an arm's records needs from its syntax line and fields, worked out once per
     * arm instead of once per record: the mnemonic field, each operand's field (or group members),
     * and the fields printed as {@code name=value} when not their implied value (0 unless the
     * syntax line implies another) and not shown by a sync term, each whole or by its named bit
     * runs ({@link BitRuns}).
     */
    private record ArmText(List<FieldInfo> fields, Syntax syntax, int mnemonic, int[][] operands, boolean[] whole, int[] named,
            long[] implied, boolean[] byRuns) {
        static ArmText of(Arm arm, List<FieldInfo> fields) {
            Syntax syntax = Syntaxes.of(arm);
            int mnemonic = syntax.mnemonicField() == null ? -1 : find(fields, syntax.mnemonicField());
            int[][] operands = new int[syntax.operands().size()][];
            boolean[] whole = new boolean[operands.length];
            for (int i = 0; i < operands.length; i++) {
                operands[i] = operand(fields, syntax.operands().get(i));
                whole[i] = operands[i].length == 1 && fields.get(operands[i][0]).name().equals(syntax.operands().get(i));
            }
            List<Integer> named = new ArrayList<>();
            for (int field = 0; field < fields.size(); field++) {
                FieldInfo f = fields.get(field);
                if (Fields.settable(f) && !f.name().equals(syntax.mnemonicField()) && !syntax.covers(f.name())) {
                    named.add(field);
                }
            }
            long[] implied = new long[named.size()];
            boolean[] byRuns = new boolean[named.size()];
            for (int i = 0; i < implied.length; i++) {
                FieldInfo f = fields.get(named.get(i));
                implied[i] = syntax.impliedValue(f.name());
                byRuns[i] = implied[i] == 0 && BitRuns.named(f);
            }
            return new ArmText(fields, syntax, mnemonic, operands, whole, named.stream().mapToInt(Integer::intValue).toArray(), implied,
                    byRuns);
        }
    }

    private static ArmText armText(Arm arm, List<FieldInfo> fields) {
        ArmText t = TEXTS[arm.ordinal()];
        if (t == null || t.fields() != fields) {
            t = ArmText.of(arm, fields);
            TEXTS[arm.ordinal()] = t;
        }
        return t;
    }

    /** {@code label} says which branch-target values print as labels. */
    static void text(ArmFlyweights flyweights, byte[] b, int off, LongPredicate label, StringBuilder out) {
        int start = out.length();
        Arm arm = flyweights.typed(b, off); // through the arm's layout on the listing's arch (Layouts)
        if (arm == null) {
            out.append(".raw ");
            hex(b, off, RecordStream.RECORD_SIZE, out, false);
            LayoutNote.append(flyweights, b, off, label, out, start);
            return;
        }
        PreambleFlyweight<?> record = flyweights.over(arm, b, off);
        List<FieldInfo> fields = record.fields();
        ArmText plan = armText(arm, fields);
        out.append(plan.syntax().prefix());
        if (plan.mnemonic() >= 0) {
            value(record, plan.mnemonic(), fields.get(plan.mnemonic()), label, out);
        }
        long terms = SyncTerms.append(flyweights.slots(arm, fields), record, out); // $S[5]>=16 $S[4]++@complete
        for (int i = 0; i < plan.operands().length; i++) {
            out.append(i == 0 ? " " : ", ");
            int[] operand = plan.operands()[i];
            if (plan.whole()[i]) {
                value(record, operand[0], fields.get(operand[0]), label, out);
            } else {
                group(record, fields, operand, out);
            }
        }
        int[] named = plan.named();
        for (int n = 0; n < named.length; n++) {
            int field = named[n];
            FieldInfo f = fields.get(field);
            if (SyncTerms.covers(terms, field) || implied(record, field, f, plan.implied()[n])) {
                continue;
            }
            if (plan.byRuns()[n]) {
                BitRuns.append(f, record.get(field, 0), out);
            } else {
                out.append(' ').append(f.name()).append('=');
                value(record, field, f, label, out);
            }
        }
        LayoutNote.append(flyweights, b, off, label, out, start);
    }

    /** Whether the field holds what a listing leaves out: {@code implied} (a scalar's; the spec implies none for an array), else all zero. */
    private static boolean implied(PreambleFlyweight<?> record, int field, FieldInfo f, long implied) {
        for (int i = f.elements() - 1; i >= 0; i--) {
            if (record.get(field, i) != (i == 0 ? implied : 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A group operand in its compact form: the group's fields in spec order inside brackets,
     * separated by {@code ;}, array elements by {@code ,}; unsigned scalars (addresses) in hex:
     * a TENSOR3D reads {@code [0x37b00; 1,0,0; 128,1,1]} (start; steps; nums).
     */
    static void group(PreambleFlyweight<?> record, List<FieldInfo> fields, int[] members, StringBuilder out) {
        out.append('[');
        for (int m = 0; m < members.length; m++) {
            int field = members[m];
            FieldInfo f = fields.get(field);
            out.append(m == 0 ? "" : "; ");
            if (f.count() > 1) {
                for (int i = 0; i < f.count(); i++) {
                    out.append(i == 0 ? "" : ",").append(record.get(field, i));
                }
            } else if (f.table() != null || f.element().signed()) {
                value(record, field, f, v -> false, out);
            } else {
                out.append("0x").append(Long.toHexString(record.get(field, 0)));
            }
        }
        out.append(']');
    }

    /** The index of the field an operand names, or those of the fields of the group it names, in spec order. */
    static int[] operand(List<FieldInfo> fields, String name) {
        if (name.contains(Syntax.PART)) { // a bracket operand: its parts' fields in order
            return Syntax.parts(name).stream().flatMapToInt(p -> java.util.Arrays.stream(operand(fields, p))).toArray();
        }
        List<Integer> members = new ArrayList<>();
        for (int field = 0; field < fields.size(); field++) {
            String n = fields.get(field).name();
            if (n.equals(name)) {
                return new int[] {field};
            }
            if (n.startsWith(name) && n.length() > name.length() && n.charAt(name.length()) == '.') {
                members.add(field);
            }
        }
        if (members.isEmpty()) {
            throw new IllegalStateException("the spec's syntax names no field " + name);
        }
        return members.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The index of the field called {@code name}. */
    static int find(List<FieldInfo> fields, String name) {
        for (int field = 0; field < fields.size(); field++) {
            if (fields.get(field).name().equals(name)) {
                return field;
            }
        }
        throw new IllegalStateException("the spec's syntax names no field " + name);
    }

    /** The text of field {@code field} ({@code f}) of the record {@code record} views, appended to {@code s}. */
    static void value(PreambleFlyweight<?> record, int field, FieldInfo f, LongPredicate label, StringBuilder s) {
        if (f.isChars()) {
            s.append('"');
            for (int i = 0; i < f.elements() && record.get(field, i) != 0; i++) {
                char c = (char) record.get(field, i);
                if (c == '"' || c == '\\') {
                    s.append('\\');
                }
                s.append(c);
            }
            s.append('"');
            return;
        }
        if (f.isBytes()) {
            int n = f.elements();
            while (n > 0 && record.get(field, n - 1) == 0) {
                n--;
            }
            for (int i = 0; i < Math.max(n, 1); i++) {
                int x = (int) record.get(field, i);
                s.append(HEX.toHexDigits((byte) x));
            }
            return;
        }
        if (f.count() > 1) {
            s.append('[');
            for (int i = 0; i < f.count(); i++) {
                s.append(i == 0 ? "" : ", ");
                number(f, record.get(field, i), s);
            }
            s.append(']');
            return;
        }
        long v = record.get(field, 0);
        String table = f.table();
        if (table != null) {
            String name = Symbols.name(table, v);
            if (name != null) {
                s.append(name);
            } else {
                number(f, v, s);
            }
            return;
        }
        if (f.role() == FieldInfo.Role.REG) {
            s.append('r').append(v);
            return;
        }
        if (f.role() == FieldInfo.Role.PC && label.test(v)) {
            s.append('L').append(v);
            return;
        }
        number(f, v, s);
    }

    private static void number(FieldInfo f, long v, StringBuilder s) {
        if (f.element().signed() || (v >= 0 && v < 0x10000)) {
            s.append(v);
        } else {
            s.append("0x").append(Long.toHexString(v));
        }
    }

    static void hex(byte[] b, int off, int n, StringBuilder out, boolean spaced) {
        (spaced ? SPACED_HEX : HEX).formatHex(out, b, off, off + n);
    }
}
