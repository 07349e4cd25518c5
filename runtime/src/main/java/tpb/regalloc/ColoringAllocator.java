package tpb.regalloc;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Random;

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

    /**
     * Colours {@code g} with {@code k} slots. When the first attempt spills, a few more spill
     * heuristics (cost per neighbour slot squared, and seeded tie-breaking) are tried and the
     * cheapest spill set is kept: the common, spill-free case pays for one attempt only.
     */
    public static Coloring color(InterferenceGraph g, int k) {
        Coloring best = attempt(g, k, 1, null);
        if (best.spilled().length == 0) {
            return best;
        }
        double bestCost = spillCost(g, best);
        Random random = new Random(0x7B5);
        for (int t = 0; t < 7; t++) {
            Coloring c = attempt(g, k, t % 2 == 0 ? 2 : 1, random);
            double cost = spillCost(g, c);
            if (cost < bestCost) {
                best = c;
                bestCost = cost;
            }
        }
        return best;
    }

    private static double spillCost(InterferenceGraph g, Coloring c) {
        double sum = 0;
        for (int i : c.spilled()) {
            sum += g.unspillable[i] ? 1e18 : g.cost[i];
        }
        return sum;
    }

    private static Coloring attempt(InterferenceGraph g, int k, int power, Random random) {
        return select(g, k, new Simplify(g, k, power, random).order());
    }

    /**
     * Simplify: removes nodes one at a time, a node whose neighbours' slots plus its own fit first
     * (in the order they became so), else the cheapest spill candidate per neighbour slot
     * ({@code power} 2: per slot squared; {@code random}: seeded tie-breaking). The removal order,
     * popped from its end, is the select order.
     */
    private static final class Simplify {
        private final InterferenceGraph g;
        private final int k;
        private final int power;
        private final Random random;
        /** Slots the node's remaining neighbours take. */
        private final int[] weighted;
        private final boolean[] removed;
        private final boolean[] queued;
        private final ArrayDeque<Integer> ready = new ArrayDeque<>();
        /** The nodes not yet removed, compacted by each stuck search. */
        private final int[] rest;
        private int restCount;

        Simplify(InterferenceGraph g, int k, int power, Random random) {
            this.g = g;
            this.k = k;
            this.power = power;
            this.random = random;
            int n = g.n;
            weighted = new int[n];
            removed = new boolean[n];
            queued = new boolean[n];
            for (int i = 0; i < n; i++) {
                for (int d = 0; d < g.degree[i]; d++) {
                    weighted[i] += g.width[g.adj[i][d]];
                }
            }
            for (int i = 0; i < n; i++) {
                if (weighted[i] + g.width[i] <= k) {
                    ready.add(i);
                    queued[i] = true;
                }
            }
            rest = new int[n];
            for (int i = 0; i < n; i++) {
                rest[i] = i;
            }
            restCount = n;
        }

        int[] order() {
            int[] stack = new int[g.n];
            int top = 0;
            int remaining = g.n;
            while (remaining > 0) {
                int next = ready.isEmpty() ? stuckCandidate() : ready.poll();
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
            }
            return stack;
        }

        /** Stuck: the spill candidate with the lowest cost per neighbour slot (optimistic: it may still colour). */
        private int stuckCandidate() {
            int w = 0;
            int next = -1;
            double best = Double.MAX_VALUE;
            for (int a = 0; a < restCount; a++) {
                int i = rest[a];
                if (removed[i]) {
                    continue;
                }
                rest[w++] = i;
                double degree = weighted[i] + 1;
                double score = (g.unspillable[i] ? 1e18 : g.cost[i]) / (power == 2 ? degree * degree : degree);
                if (random != null) {
                    score *= 0.75 + 0.5 * random.nextDouble();
                }
                if (score < best) {
                    best = score;
                    next = i;
                }
            }
            restCount = w;
            return next;
        }
    }

    /**
     * Select: pops {@code stack} (the removal order, last removed first); each node takes the
     * lowest run of free consecutive slots, or is spilled; then the second chance.
     */
    private static Coloring select(InterferenceGraph g, int k, int[] stack) {
        int n = g.n;
        int[] slot = new int[n];
        Arrays.fill(slot, -1);
        BitSet used = new BitSet(k);
        int[] spilled = new int[n];
        int spills = 0;
        for (int top = n; top > 0;) {
            int i = stack[--top];
            int chosen = lowestFreeRun(g, k, slot, used, i);
            if (chosen < 0) {
                spilled[spills++] = i;
            } else {
                slot[i] = chosen;
            }
        }
        // second chance: a spilled node takes a slot whose holders can all move elsewhere
        int kept = 0;
        for (int a = 0; a < spills; a++) {
            if (!recolour(g, k, slot, spilled[a])) {
                spilled[kept++] = spilled[a];
            }
        }
        return new Coloring(slot, Arrays.copyOf(spilled, kept));
    }

    /** The lowest slot at which node {@code i}'s width of consecutive slots is clear of its coloured neighbours, or -1. */
    private static int lowestFreeRun(InterferenceGraph g, int k, int[] slot, BitSet used, int i) {
        used.clear();
        for (int d = 0; d < g.degree[i]; d++) {
            int m = g.adj[i][d];
            if (slot[m] >= 0) {
                used.set(slot[m], slot[m] + g.width[m]);
            }
        }
        int w = g.width[i];
        // a run starts at a clear slot; it is free when the next taken slot lies past its end
        for (int b = used.nextClearBit(0); b + w <= k; b = used.nextClearBit(b + 1)) {
            int taken = used.nextSetBit(b);
            if (taken < 0 || taken >= b + w) {
                return b;
            }
        }
        return -1;
    }

    private static boolean overlaps(int a, int wa, int b, int wb) {
        return a < b + wb && b < a + wa;
    }

    /** Whether node {@code m} may sit at {@code at} given its neighbours' slots (and a slot reserved for {@code reserve}). */
    private static boolean fits(InterferenceGraph g, int k, int[] slot, int m, int at, int reserveAt, int reserveWidth) {
        if (at < 0 || at + g.width[m] > k || overlaps(at, g.width[m], reserveAt, reserveWidth)) {
            return false;
        }
        for (int d = 0; d < g.degree[m]; d++) {
            int o = g.adj[m][d];
            if (slot[o] >= 0 && overlaps(at, g.width[m], slot[o], g.width[o])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Tries each slot for spilled node {@code s}: every coloured neighbour in the way must find
     * another slot clear of its own neighbours and of {@code s}. Moves are committed only when all
     * succeed, so a failed try changes nothing.
     */
    private static boolean recolour(InterferenceGraph g, int k, int[] slot, int s) {
        int w = g.width[s];
        for (int at = 0; at + w <= k; at++) {
            int[] moved = new int[g.degree[s]];
            int[] from = new int[g.degree[s]];
            int count = 0;
            boolean ok = true;
            for (int d = 0; d < g.degree[s] && ok; d++) {
                int m = g.adj[s][d];
                if (slot[m] < 0 || !overlaps(at, w, slot[m], g.width[m])) {
                    continue;
                }
                int old = slot[m];
                slot[m] = -1;
                int to = -1;
                for (int c = 0; c + g.width[m] <= k && to < 0; c++) {
                    if (fits(g, k, slot, m, c, at, w)) {
                        to = c;
                    }
                }
                if (to < 0) {
                    slot[m] = old;
                    ok = false;
                } else {
                    slot[m] = to;
                    moved[count] = m;
                    from[count++] = old;
                }
            }
            if (ok && fits(g, k, slot, s, at, -1, 0)) {
                slot[s] = at;
                return true;
            }
            for (int i = count - 1; i >= 0; i--) {
                slot[moved[i]] = from[i];
            }
        }
        return false;
    }
}
