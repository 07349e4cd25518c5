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
    private int fields;

    /** A new line, of a record with {@code fields} fields: nothing given. */
    void reset(int fields) {
        if (columns.length < fields) {
            columns = new int[fields];
        } else {
            Arrays.fill(columns, 0, this.fields, 0);
        }
        this.fields = fields;
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
