package tpb.doc;

import java.util.ArrayList;
import java.util.List;
import tpb.spec.model.Leaf;

/**
 * A record's bytes as an SVG: rows of 16 byte cells, each field a box spanning its bytes, filled by
 * its confidence and labelled with its name. A name too long for its box is wrapped at its
 * underscores in the largest font (11 to 7 px) whose lines then fit the box; only a word too
 * long even at 7 px breaks inside. Never cut. DocScreenshotTest measures every label against its box in a browser.
 */
record LayoutSvg(int width, int height, List<Text> columns, List<Row> rows, List<Box> boxes) {

    record Text(int x, int y, String text) {}

    record Gap(int x, int y, int width, int height) {}

    /** A row of 16 bytes: its offset label and the grey band under its boxes. */
    record Row(Text label, Gap band) {}

    /** One field's box on one row (a field crossing a row boundary gets one per row). */
    record Box(String tooltip, int x, int y, int width, int height, String fill, String fontSize, List<Text> lines) {}

    static final int CELL = 52;
    static final int ROW_HEIGHT = 46;
    static final int LEFT = 44;
    static final int TOP = 20;
    static final int PER_ROW = 16;
    /** Label font sizes tried in turn, in px: the style sheet's 11 first. */
    static final int[] FONT_SIZES = {11, 10, 9, 8, 7};
    /**
     * The advance of one monospace character in em, a little over DejaVu Sans Mono's 0.602 (the
     * widest of the usual ui-monospace fonts) so that an estimate that fits here fits in a browser.
     */
    static final double CHAR_EM = 0.62;
    /** Space left free inside a box on each side, px. */
    static final int PAD = 3;

    static LayoutSvg of(List<Leaf> leaves, int recordSize) {
        int rowCount = (recordSize + PER_ROW - 1) / PER_ROW;
        int perRow = Math.min(PER_ROW, recordSize);
        List<Text> columns = new ArrayList<>();
        for (int c = 0; c < perRow; c++) {
            columns.add(new Text(LEFT + c * CELL + CELL / 2, 14, String.format("+%X", c)));
        }
        List<Row> rows = new ArrayList<>();
        for (int r = 0; r < rowCount; r++) {
            rows.add(new Row(new Text(LEFT - 6, TOP + r * ROW_HEIGHT + ROW_HEIGHT / 2 + 2, String.format("+%02X", r * PER_ROW)),
                    new Gap(LEFT, TOP + r * ROW_HEIGHT, perRow * CELL, ROW_HEIGHT - 4)));
        }
        List<Box> boxes = new ArrayList<>();
        for (Leaf l : leaves) {
            String tooltip = String.format("%s +0x%02X, %d byte%s, %s", l.path(), l.offset(), l.def().width(),
                    l.def().width() == 1 ? "" : "s", l.source().confidence());
            String name = l.path().contains(".") ? l.path().substring(l.path().lastIndexOf('.') + 1) : l.path();
            int start = l.offset();
            while (start < l.end()) {
                int row = start / PER_ROW;
                int stop = Math.min(l.end(), (row + 1) * PER_ROW);
                int x = LEFT + (start % PER_ROW) * CELL;
                int w = (stop - start) * CELL;
                int y = TOP + row * ROW_HEIGHT;
                boxes.add(box(tooltip, name, x, y, w, Src.COLOURS.get(l.source().confidence())));
                start = stop;
            }
        }
        return new LayoutSvg(LEFT + perRow * CELL + 2, TOP + rowCount * ROW_HEIGHT + 2, columns, rows, boxes);
    }

    private static Box box(String tooltip, String name, int x, int y, int w, String fill) {
        int h = ROW_HEIGHT - 4;
        int cx = x + w / 2;
        if (perLine(w, FONT_SIZES[0]) >= name.length()) {
            return new Box(tooltip, x + 1, y, w - 2, h, fill, null, List.of(new Text(cx, y + ROW_HEIGHT / 2 + 2, name)));
        }
        // wrapped: the largest font whose lines break only at underscores, else the largest that fits at all
        for (boolean whole : new boolean[] {true, false}) {
            for (int size : FONT_SIZES) {
                int perLine = perLine(w, size);
                List<String> lines = wrap(name, perLine);
                boolean fits = lines.size() * lineHeight(size) <= h - 2 * PAD;
                if (perLine > 0 && fits && (!whole || lines.subList(0, lines.size() - 1).stream().allMatch(line -> line.endsWith("_")))) {
                    return new Box(tooltip, x + 1, y, w - 2, h, fill, size + "px", lines(lines, cx, y, h, size));
                }
            }
        }
        // nothing fits (a name of more than ~27 characters in one byte): the smallest font, still whole
        int size = FONT_SIZES[FONT_SIZES.length - 1];
        return new Box(tooltip, x + 1, y, w - 2, h, fill, size + "px", lines(wrap(name, Math.max(1, perLine(w, size))), cx, y, h, size));
    }

    /** How many characters of a {@code size} px label fit across a box {@code w} px wide. */
    private static int perLine(int w, int size) {
        return (int) Math.floor((w - 2 - 2 * PAD) / (CHAR_EM * size));
    }

    private static int lineHeight(int size) {
        return (int) Math.ceil(size * 1.2);
    }

    /** Baselines that centre {@code lines} in the box: cap height ~0.75 em under each line's top. */
    private static List<Text> lines(List<String> lines, int cx, int y, int h, int size) {
        int lineHeight = lineHeight(size);
        int top = y + (h - lines.size() * lineHeight) / 2;
        List<Text> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            out.add(new Text(cx, top + i * lineHeight + (int) Math.round(size * 0.85), lines.get(i)));
        }
        return out;
    }

    /** {@code name} in lines of at most {@code perLine} characters, broken after underscores where it can be. */
    static List<String> wrap(String name, int perLine) {
        List<String> words = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) == '_' && i + 1 < name.length()) {
                words.add(name.substring(from, i + 1));
                from = i + 1;
            }
        }
        words.add(name.substring(from));
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : words) {
            if (line.length() + word.length() <= perLine) {
                line.append(word);
                continue;
            }
            if (line.length() > 0) {
                lines.add(line.toString());
                line.setLength(0);
            }
            while (word.length() > perLine) {
                lines.add(word.substring(0, perLine));
                word = word.substring(perLine);
            }
            line.append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
