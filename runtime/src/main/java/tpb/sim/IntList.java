package tpb.sim;

import java.util.Arrays;

/**
 * A growing {@code int} array without boxing: the sync run's predecoded units and the timeline's
 * per-record columns. Fields are open to the package's hot loops ({@link SyncRun} compacts in place).
 */
public final class IntList {
    int[] a = new int[16];
    int size;

    public void add(int v) {
        if (size == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
        }
        a[size++] = v;
    }

    public int at(int i) {
        return a[i];
    }

    public int size() {
        return size;
    }

    public int[] toArray() {
        return Arrays.copyOf(a, size);
    }
}
