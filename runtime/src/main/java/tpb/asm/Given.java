package tpb.asm;

import java.util.Arrays;

/**
 * The fields a line has set, by field index, and the column of each one's value (for the
 * validator's errors); one per assembler, cleared line to line, so no set or map of field names
 * is made for every line.
 */
final class Given {
    /** Each field's value's column (from 1); 0 while the line has not set it. */
    private int[] columns = new int[0];
    /** Each field's bit runs the line has set, one bit a run; 0 for a field given whole or not at all. */
    private long[] runs = new long[0];
    private int fields;

    /** A new line, of a record with {@code fields} fields: nothing given. */
    void reset(int fields) {
        if (columns.length < fields) {
            columns = new int[fields];
            runs = new long[fields];
        } else {
            Arrays.fill(columns, 0, this.fields, 0);
            Arrays.fill(runs, 0, this.fields, 0);
        }
        this.fields = fields;
    }

    /**
     * Marks bit run {@code run} of {@code field} set by a value at {@code column}; false, and
     * nothing marked, when the line set that run already or gave the field whole.
     */
    boolean addRun(int field, int run, int column) {
        long bit = 1L << run;
        if (columns[field] != 0 && (runs[field] == 0 || (runs[field] & bit) != 0)) {
            return false;
        }
        runs[field] |= bit;
        columns[field] = column;
        return true;
    }

    boolean has(int field) {
        return columns[field] != 0;
    }

    /** Marks {@code field} set by a value at {@code column}; false, and nothing marked, when the line set it already. */
    boolean add(int field, int column) {
        if (columns[field] != 0) {
            return false;
        }
        columns[field] = column;
        return true;
    }

    /** Marks {@code field} set by a value at {@code column}, whether or not it was. */
    void set(int field, int column) {
        columns[field] = column;
    }

    /** The column of {@code field}'s value, or 0 when the line did not set it. */
    int column(int field) {
        return field < 0 ? 0 : columns[field];
    }
}
