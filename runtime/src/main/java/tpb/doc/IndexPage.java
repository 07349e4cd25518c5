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
    record Cell(String kind, String tooltip, String code, String arm, List<String> words) {
        public boolean reserved() {
            return tooltip == null;
        }
    }

    record LaidOut(String opcode, String select, String name, String struct, String engine, Src confidence) {}

    /** Hex digits in a map column: one, so a row holds 16 opcodes. */
    private static final int COLUMN_BITS = 4;

    static IndexPage of(IsaModel model) {
        RecordShape r = model.record();
        String shape = r.size() + "-byte " + (r.littleEndian() ? "little" : "big") + "-endian records, opcode at +" + r.opcodeAt()
                + ", stride " + Names.hex(r.stride()) + ". ";
        EnumDef ops = model.opcodeEnum();
        // The map covers every value the opcode field can hold: 2^(8 x its width) (issue 13: 256 is the spec's u8, not a constant here).
        int opcodeBits = 8 * ops.type().width;
        int digits = opcodeBits / 4;
        int perRow = 1 << COLUMN_BITS;
        Map<Long, List<ArmDef>> armsByOpcode = model.armsByOpcode();
        List<String> columns = new ArrayList<>();
        for (int lo = 0; lo < perRow; lo++) {
            columns.add(String.format("_%X", lo));
        }
        List<MapRow> rows = new ArrayList<>();
        long rowCount = (1L << opcodeBits) / perRow;
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
        return new Cell(kind, tooltip, code, arms.isEmpty() ? null : arms.get(0).name(), List.of(name));
    }

    @Override
    public String up() {
        return "";
    }

    @Override
    public String template() {
        return "index";
    }
}
