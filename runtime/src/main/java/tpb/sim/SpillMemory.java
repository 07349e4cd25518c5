package tpb.sim;

/**
 * The spill memory TensorStore/TensorLoad physical records address, keyed by (var id, offset):
 * an open-addressing map of longs, so a spill store allocates nothing once the table has grown
 * to the kernel's slots (the zero bytes per executed record, spill code included).
 */
final class SpillMemory {
    private long[] keys = new long[16];
    private long[] values = new long[16];
    private boolean[] used = new boolean[16];
    private int size;

    /** The key of byte {@code offset} of variable {@code varId}, as a spill record addresses it. */
    static long key(long varId, long offset) {
        return varId << 32 | offset;
    }

    void put(long key, long value) {
        int i = find(key);
        if (!used[i]) {
            if (2 * (size + 1) > keys.length) {
                grow();
                i = find(key);
            }
            used[i] = true;
            keys[i] = key;
            size++;
        }
        values[i] = value;
    }

    boolean contains(long key) {
        return used[find(key)];
    }

    /** The value stored at {@code key}, or {@code absent}. */
    long get(long key, long absent) {
        int i = find(key);
        return used[i] ? values[i] : absent;
    }

    /** The slot of {@code key}, or the free slot where it would go (linear probing; the table is never full). */
    private int find(long key) {
        int mask = keys.length - 1;
        int i = (int) (key ^ key >>> 29) * 0x9E3779B9 >>> 7 & mask;
        while (used[i] && keys[i] != key) {
            i = i + 1 & mask;
        }
        return i;
    }

    private void grow() {
        long[] k = keys;
        long[] v = values;
        boolean[] u = used;
        keys = new long[k.length * 2];
        values = new long[k.length * 2];
        used = new boolean[k.length * 2];
        size = 0;
        for (int j = 0; j < k.length; j++) {
            if (u[j]) {
                put(k[j], v[j]);
            }
        }
    }
}
