package tpb.data;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The DRAM bytes one core read and wrote, per var, as byte ranges: what a cross-core race check
 * needs (cores share no semaphores, so a byte one core writes and another reads or writes is a
 * race whatever the timing). A DMA appends its runs in walk order and a run that continues the
 * last one extends it, so a contiguous stream of runs costs one range; {@link #ranges} sorts and
 * merges. Memory grows with the program's DMA runs, never with the vars' sizes.
 */
public final class AccessLog {
    /** Growable [start, end) pairs. */
    static final class Ranges {
        long[] pairs = new long[16];
        int n;

        void add(long start, long end) {
            if (n > 0 && pairs[2 * n - 1] == start) {
                pairs[2 * n - 1] = end;
                return;
            }
            if (2 * n == pairs.length) {
                pairs = Arrays.copyOf(pairs, pairs.length * 2);
            }
            pairs[2 * n] = start;
            pairs[2 * n + 1] = end;
            n++;
        }

        /** Sorted, disjoint, non-adjacent ranges as [start0, end0, start1, end1, ...]. */
        long[] merged() {
            long[][] r = new long[n][];
            for (int i = 0; i < n; i++) {
                r[i] = new long[] {pairs[2 * i], pairs[2 * i + 1]};
            }
            Arrays.sort(r, (a, b) -> Long.compare(a[0], b[0]));
            long[] out = new long[2 * n];
            int m = 0;
            for (long[] x : r) {
                if (m > 0 && x[0] <= out[2 * m - 1]) {
                    out[2 * m - 1] = Math.max(out[2 * m - 1], x[1]);
                } else {
                    out[2 * m] = x[0];
                    out[2 * m + 1] = x[1];
                    m++;
                }
            }
            return Arrays.copyOf(out, 2 * m);
        }
    }

    private final Map<DramVar, Ranges> reads = new LinkedHashMap<>();
    private final Map<DramVar, Ranges> writes = new LinkedHashMap<>();

    public void read(DramVar v, long start, long length) {
        reads.computeIfAbsent(v, k -> new Ranges()).add(start, start + length);
    }

    public void write(DramVar v, long start, long length) {
        writes.computeIfAbsent(v, k -> new Ranges()).add(start, start + length);
    }

    /** The merged ranges of {@code v} this core wrote ({@code write}) or read, [start, end) pairs. */
    public long[] ranges(DramVar v, boolean write) {
        Ranges r = (write ? writes : reads).get(v);
        return r == null ? new long[0] : r.merged();
    }

    public Iterable<DramVar> written() {
        return writes.keySet();
    }

    /** The first byte range in both merged lists, or null: [start, end). */
    public static long[] overlap(long[] a, long[] b) {
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            long lo = Math.max(a[i], b[j]);
            long hi = Math.min(a[i + 1], b[j + 1]);
            if (lo < hi) {
                return new long[] {lo, hi};
            }
            if (a[i + 1] < b[j + 1]) {
                i += 2;
            } else {
                j += 2;
            }
        }
        return null;
    }
}
