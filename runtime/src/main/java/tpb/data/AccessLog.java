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
            if (n > 0 && pairs[2 * n - 2] <= start && end <= pairs[2 * n - 1]) {
                return; // a run inside the last one (a zero step re-reading it): memory grows with new bytes, not with re-reads
            }
            if (2 * n == pairs.length) {
                pairs = Arrays.copyOf(pairs, pairs.length * 2);
            }
            pairs[2 * n] = start;
            pairs[2 * n + 1] = end;
            n++;
        }

        /**
         * Sorted, disjoint, non-adjacent ranges as [start0, end0, start1, end1, ...]: the union,
         * by a sweep over the starts and the ends each sorted on its own (a point is covered while
         * more ranges have started than ended), so only two primitive arrays are sorted.
         */
        long[] merged() {
            long[] starts = new long[n];
            long[] ends = new long[n];
            for (int i = 0; i < n; i++) {
                starts[i] = pairs[2 * i];
                ends[i] = pairs[2 * i + 1];
            }
            Arrays.sort(starts);
            Arrays.sort(ends);
            long[] out = new long[2 * n];
            int m = 0;
            int open = 0;
            int e = 0;
            for (int s = 0; s < n; ) {
                if (starts[s] <= ends[e]) {     // a start at an end joins the ranges (adjacent ones merge)
                    if (open++ == 0) {
                        if (m > 0 && out[2 * m - 1] == starts[s]) {
                            m--;                // reopen the range that just ended here
                        } else {
                            out[2 * m] = starts[s];
                        }
                    }
                    s++;
                } else {
                    if (--open == 0) {
                        out[2 * m + 1] = ends[e];
                        m++;
                    }
                    e++;
                }
            }
            for (; e < n; e++) {
                if (--open == 0) {
                    out[2 * m + 1] = ends[e];
                    m++;
                }
            }
            return Arrays.copyOf(out, 2 * m);
        }
    }

    private final Map<DramVar, Ranges> reads = new LinkedHashMap<>();
    private final Map<DramVar, Ranges> writes = new LinkedHashMap<>();

    /** A read of {@code v}; not kept when v is read-only (a mapped input: no core can write it, so no read of it can race). */
    public void read(DramVar v, long start, long length) {
        if (v.region().readOnly()) {
            return;
        }
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
