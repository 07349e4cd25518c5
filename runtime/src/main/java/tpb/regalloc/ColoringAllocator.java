package tpb.regalloc;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Briggs-style graph colouring with optimistic select (facts §8.4: simplify, select, spill):
 * a node whose neighbours' slots plus its own fit the file is pushed; when none is, the cheapest
 * spill candidate per neighbour slot is pushed anyway; popping, each node takes the lowest run of
 * free consecutive slots (two for a 64-bit register). Nodes that find none are the spills.
 *
 * <p>Worst case: the stuck-graph search scans the remaining nodes, O(n^2) for a graph that is
 * stuck at every step; live ranges of real code get stuck rarely.
 */
public final class ColoringAllocator {
    /** Slot of each node (-1 for spilled), and the spilled nodes. */
    public record Coloring(int[] slot, int[] spilled) {}

    private ColoringAllocator() {}

    public static Coloring color(InterferenceGraph g, int k) {
        int n = g.n;
        int[] weighted = new int[n];
        boolean[] removed = new boolean[n];
        for (int i = 0; i < n; i++) {
            for (int d = 0; d < g.degree[i]; d++) {
                weighted[i] += g.width[g.adj[i][d]];
            }
        }
        int[] stack = new int[n];
        int top = 0;
        ArrayDeque<Integer> ready = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        for (int i = 0; i < n; i++) {
            if (weighted[i] + g.width[i] <= k) {
                ready.add(i);
                queued[i] = true;
            }
        }
        int remaining = n;
        int scan = 0;
        int[] rest = new int[n];
        for (int i = 0; i < n; i++) {
            rest[i] = i;
        }
        int restCount = n;
        while (remaining > 0) {
            int next;
            if (!ready.isEmpty()) {
                next = ready.poll();
            } else {
                // stuck: the spill candidate with the lowest cost per neighbour slot (optimistic: it may still colour)
                int w = 0;
                next = -1;
                double best = Double.MAX_VALUE;
                for (int a = 0; a < restCount; a++) {
                    int i = rest[a];
                    if (removed[i]) {
                        continue;
                    }
                    rest[w++] = i;
                    double score = (g.unspillable[i] ? 1e18 : g.cost[i]) / (weighted[i] + 1);
                    if (score < best) {
                        best = score;
                        next = i;
                    }
                }
                restCount = w;
            }
            if (removed[next]) {
                continue;
            }
            removed[next] = true;
            remaining--;
            stack[top++] = next;
            for (int d = 0; d < g.degree[next]; d++) {
                int m = g.adj[next][d];
                if (!removed[m]) {
                    weighted[m] -= g.width[next];
                    if (!queued[m] && weighted[m] + g.width[m] <= k) {
                        queued[m] = true;
                        ready.add(m);
                    }
                }
            }
            scan++;
        }
        int[] slot = new int[n];
        Arrays.fill(slot, -1);
        long[] used = new long[(k + 63) / 64 + 1];
        int[] spilled = new int[n];
        int spills = 0;
        while (top > 0) {
            int i = stack[--top];
            Arrays.fill(used, 0);
            for (int d = 0; d < g.degree[i]; d++) {
                int m = g.adj[i][d];
                if (slot[m] >= 0) {
                    for (int s = 0; s < g.width[m]; s++) {
                        int b = slot[m] + s;
                        used[b >> 6] |= 1L << (b & 63);
                    }
                }
            }
            int chosen = -1;
            for (int b = 0; b + g.width[i] <= k && chosen < 0; b++) {
                boolean free = true;
                for (int s = 0; s < g.width[i] && free; s++) {
                    int x = b + s;
                    free = (used[x >> 6] & (1L << (x & 63))) == 0;
                }
                if (free) {
                    chosen = b;
                }
            }
            if (chosen < 0) {
                spilled[spills++] = i;
            } else {
                slot[i] = chosen;
            }
        }
        return new Coloring(slot, Arrays.copyOf(spilled, spills));
    }
}
