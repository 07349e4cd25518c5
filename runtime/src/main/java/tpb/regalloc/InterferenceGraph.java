package tpb.regalloc;

import java.util.Arrays;

/**
 * Nodes are registers, weighted by how many physical slots they take; an edge joins two
 * registers live at once. Adjacency is kept in growable int arrays: the allocator is meant for a
 * million virtual registers.
 */
public final class InterferenceGraph {
    final int n;
    final int[] width;
    final boolean[] unspillable;
    final double[] cost;
    final int[][] adj;
    final int[] degree;

    public InterferenceGraph(int n, int[] width, boolean[] unspillable, double[] cost) {
        this.n = n;
        this.width = width;
        this.unspillable = unspillable;
        this.cost = cost;
        this.adj = new int[n][];
        this.degree = new int[n];
    }

    public void addEdge(int a, int b) {
        if (a == b) {
            return;
        }
        add(a, b);
        add(b, a);
    }

    private void add(int a, int b) {
        int[] l = adj[a];
        if (l == null) {
            l = adj[a] = new int[4];
        } else if (degree[a] == l.length) {
            l = adj[a] = Arrays.copyOf(l, l.length * 2);
        }
        l[degree[a]++] = b;
    }

    public int size() {
        return n;
    }

    /**
     * Builds the graph of overlapping live ranges by a sweep over starts: O(n log n + edges).
     * Ranges are closed intervals, so an active range interferes with one starting at its own end
     * ({@code >=}): that shared position is an instruction reading both (see {@link LiveIntervals}).
     */
    static InterferenceGraph of(LiveIntervals li) {
        int n = li.regs.size();
        int[] width = new int[n];
        boolean[] unspillable = new boolean[n];
        for (int i = 0; i < n; i++) {
            width[i] = li.regs.get(i).width;
            unspillable[i] = li.regs.get(i).unspillable;
        }
        InterferenceGraph g = new InterferenceGraph(n, width, unspillable, Arrays.copyOf(li.cost, n));
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(li.start[a], li.start[b]));
        int[] active = new int[16];
        int count = 0;
        for (int k = 0; k < n; k++) {
            int i = order[k];
            int s = li.start[i];
            int w = 0;
            for (int a = 0; a < count; a++) {
                int j = active[a];
                if (li.end[j] >= s) {
                    g.addEdge(i, j);
                    active[w++] = j;
                }
            }
            count = w;
            if (count == active.length) {
                active = Arrays.copyOf(active, count * 2);
            }
            active[count++] = i;
        }
        return g;
    }
}
