package tpb.asm;

import java.util.Map;

/**
 * Names to values, looked up by a range of a {@code char[]}: the assembler finds mnemonics, field
 * names and enum names straight from the line it reads, with no {@code String} made and no hash
 * of one computed (a {@code HashMap} lookup of each token's text was a tenth of its time,
 * docs/dev/measurements.md). Open addressing, built once, read only.
 */
final class NameTable<V> {
    private final String[] keys;
    private final Object[] values;
    private final int mask;

    NameTable(Map<String, ? extends V> entries) {
        int capacity = Integer.highestOneBit(Math.max(4, entries.size() * 2 + 1)) << 1;
        keys = new String[capacity];
        values = new Object[capacity];
        mask = capacity - 1;
        for (Map.Entry<String, ? extends V> e : entries.entrySet()) {
            String k = e.getKey();
            int i = spread(k.hashCode()) & mask;
            while (keys[i] != null) {
                i = i + 1 & mask;
            }
            keys[i] = k;
            values[i] = e.getValue();
        }
    }

    /** The value of the name that is characters {@code from} to {@code to} of {@code s}, or null. */
    @SuppressWarnings("unchecked")
    V get(char[] s, int from, int to) {
        int h = 0;
        for (int k = from; k < to; k++) {
            h = 31 * h + s[k]; // String.hashCode's
        }
        for (int i = spread(h) & mask;; i = i + 1 & mask) {
            String key = keys[i];
            if (key == null) {
                return null;
            }
            if (same(key, s, from, to)) {
                return (V) values[i];
            }
        }
    }

    private static boolean same(String key, char[] s, int from, int to) {
        if (key.length() != to - from) {
            return false;
        }
        for (int k = 0; k < key.length(); k++) {
            if (key.charAt(k) != s[from + k]) {
                return false;
            }
        }
        return true;
    }

    private static int spread(int h) {
        return h ^ h >>> 16;
    }
}
