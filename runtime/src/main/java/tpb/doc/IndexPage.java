package tpb.doc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tpb.spec.Names;
import tpb.spec.model.ArmDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.IsaModel;
import tpb.spec.model.RecordShape;

/** index.html: the record shape, the opcode map (every value of the opcode field) and the arms with a layout. */
record IndexPage(String title, String heading, String shape, Src shapeSource, List<String> columns, List<MapRow> rows, List<LaidOut> laidOut)
        implements Page {

    /** One row of the map: 16 opcodes sharing all but the last hex digit. */
    record MapRow(String label, List<Cell> cells) {}

    /**
     * One opcode. {@code kind} is the CSS class (layout, opaque, pseudo, sentinel, reserved);
     * {@code arm} the page it links to (null: no arm); {@code words} the name split where it may wrap.
     */
    record Cell(String kind, String tooltip, String code, String arm, List<Word> words) {
        public boolean reserved() {
            return tooltip == null;
        }
    }

    /** A piece of a name; the map may break a line before it ({@code <wbr>}) when {@code breakBefore}. */
    record Word(String text, boolean breakBefore) {}

    record LaidOut(String opcode, String select, String name, String struct, String engine, Src confidence) {}

    /** Hex digits in a map column: one, so a row holds 16 opcodes. */
    private static final int COLUMN_BITS = 4;

    static IndexPage of(IsaModel model) {
        RecordShape r = model.record();
        String shape = r.size() + "-byte " + (r.littleEndian() ? "little" : "big") + "-endian records, opcode at +" + r.opcodeAt()
                + ", stride " + Names.hex(r.stride()) + ". ";
        EnumDef ops = model.opcodeEnum();
        // every value the opcode field can hold (256 for the spec's u8 opcode), two hex digits per byte
        long opcodes = model.opcodeValues();
        int digits = 2 * model.opcodeWidth();
        int perRow = 1 << COLUMN_BITS;
        Map<Long, List<ArmDef>> armsByOpcode = model.armsByOpcode();
        List<String> columns = new ArrayList<>();
        for (int lo = 0; lo < perRow; lo++) {
            columns.add(String.format("_%X", lo));
        }
        List<MapRow> rows = new ArrayList<>();
        long rowCount = opcodes / perRow;
        for (long hi = 0; hi < rowCount; hi++) {
            List<Cell> cells = new ArrayList<>();
            boolean any = false;
            for (int lo = 0; lo < perRow; lo++) {
                long op = hi * perRow + lo;
                EnumValue v = ops.byValue(op);
                any |= v != null;
                cells.add(cell(v, op, digits, armsByOpcode.getOrDefault(op, List.of())));
            }
            // a wide opcode field: only the rows that hold an opcode (an 8-bit one shows all 16)
            if (any || rowCount <= perRow) {
                rows.add(new MapRow(String.format("%0" + (digits - 1) + "X_", hi), cells));
            }
        }
        List<LaidOut> laidOut = new ArrayList<>();
        for (ArmDef a : model.arms()) {
            if (!a.opaque()) {
                String select = a.select() == null ? "" : a.select().otherwise() ? "+" + Names.hex(a.select().at()) + " otherwise"
                        : "+" + Names.hex(a.select().at()) + " = " + a.select().equals();
                laidOut.add(new LaidOut(Names.hex(a.opcode()), select, a.name(), a.struct(), a.engine(), Src.badge(a.source().confidence())));
            }
        }
        return new IndexPage(model.title() + " — opcode map", model.title(), shape, Src.of(r.source()), columns, rows, laidOut);
    }

    private static Cell cell(EnumValue v, long op, int digits, List<ArmDef> arms) {
        String code = String.format("%0" + digits + "X", op);
        if (v == null) {
            return new Cell("reserved", null, code, null, List.of());
        }
        boolean layout = arms.stream().anyMatch(a -> !a.opaque());
        boolean pseudo = v.isPseudo();
        String kind = v.isSentinel() ? "sentinel" : layout ? "layout" : pseudo ? "pseudo" : "opaque";
        if (layout && pseudo) {
            kind += " pseudo-layout";
        }
        String tooltip = v.name() + (v.tags().isEmpty() ? "" : " " + v.tags());
        String name = arms.isEmpty() ? v.name() : arms.size() == 1 ? arms.get(0).name() : v.name() + " ×" + arms.size();
        return new Cell(kind, tooltip, code, arms.isEmpty() ? null : arms.get(0).name(), words(name));
    }

    /**
     * A name cut where its words meet: "TensorScalarPtrArithOp" into Tensor|Scalar|Ptr|Arith|Op,
     * "DMATrigger" into DMA|Trigger, so a narrow map cell wraps between words, never inside one.
     */
    static List<Word> words(String name) {
        List<Word> out = new ArrayList<>();
        int from = 0;
        for (int i = 1; i < name.length(); i++) {
            char prev = name.charAt(i - 1);
            char c = name.charAt(i);
            boolean next = i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1));
            boolean hump = c != '×' && Character.isUpperCase(c) && (Character.isLowerCase(prev) || Character.isDigit(prev) || Character.isUpperCase(prev) && next);
            if (hump || prev == ' ') {
                out.add(new Word(name.substring(from, i), from > 0));
                from = i;
            }
        }
        out.add(new Word(name.substring(from), from > 0));
        return out;
    }
}
