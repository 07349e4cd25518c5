package tpb.regalloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The colouring on interference graphs built by hand, with the simplify/select steps worked out
 * in each case's comment (Briggs: a node is ready when the slots of its neighbours plus its own
 * fit the file; when none is, the spill candidate with the lowest cost per neighbour slot; select
 * pops the stack, each node taking the lowest free run of its width).
 */
class ColoringAllocatorTest {
    static InterferenceGraph graph(int[] width, boolean[] unspillable, double[] cost, int[]... edges) {
        InterferenceGraph g = new InterferenceGraph(width.length, width, unspillable, cost);
        for (int[] e : edges) {
            g.addEdge(e[0], e[1]);
        }
        return g;
    }

    static InterferenceGraph triangle(boolean[] unspillable, double... cost) {
        return graph(new int[] {1, 1, 1}, unspillable, cost, new int[] {0, 1}, new int[] {1, 2}, new int[] {0, 2});
    }

    /** A triangle on three slots: every node is ready (2 neighbour slots + 1 <= 3), each takes a slot of its own. */
    @Test
    void aCliqueThatFitsTakesEverySlot() {
        ColoringAllocator.Coloring c = ColoringAllocator.color(triangle(new boolean[3], 1, 1, 1), 3);
        assertEquals(0, c.spilled().length);
        int[] slots = c.slot().clone();
        Arrays.sort(slots);
        assertArrayEquals(new int[] {0, 1, 2}, slots);
    }

    /**
     * A triangle on two slots: no node is ready (2 + 1 > 2); the candidate with the lowest cost per
     * neighbour slot, cost / (2 + 1), is node 1 (1/3 against 5/3 and 9/3, and still the lowest
     * under the random 0.75-1.25 factors and the squared degree of the retries); its neighbours
     * then become ready and take slots 0 and 1, and node 1 finds none (nor does moving one of
     * them help, the triangle needs three): node 1 alone is spilled.
     */
    @Test
    void theCheapestNodeOfAnOverfullCliqueIsSpilled() {
        ColoringAllocator.Coloring c = ColoringAllocator.color(triangle(new boolean[3], 5, 1, 9), 2);
        assertArrayEquals(new int[] {1}, c.spilled());
        assertEquals(-1, c.slot()[1]);
        assertNotEquals(c.slot()[0], c.slot()[2]);
        assertEquals(1, c.slot()[0] + c.slot()[2]);
    }

    /** The same with node 1 unspillable (a spill temporary): the next cheapest, node 0 (5/3 against 9/3), goes. */
    @Test
    void anUnspillableNodeIsNeverTheCandidate() {
        ColoringAllocator.Coloring c = ColoringAllocator.color(triangle(new boolean[] {false, true, false}, 5, 1, 9), 2);
        assertArrayEquals(new int[] {0}, c.spilled());
        assertEquals(-1, c.slot()[0]);
        assertEquals(1, c.slot()[1] + c.slot()[2]);
    }

    /**
     * a (32-bit) and p (64-bit) interfere, three slots: both are ready (a: 2 + 1 <= 3, p: 1 + 2 <= 3)
     * and pushed in that order; select pops p first, which takes the run 0-1, then a, which finds
     * 0 and 1 taken and takes 2.
     */
    @Test
    void aPairTakesTheLowestRunOfTwoFreeSlots() {
        InterferenceGraph g = graph(new int[] {1, 2}, new boolean[2], new double[] {1, 1}, new int[] {0, 1});
        ColoringAllocator.Coloring c = ColoringAllocator.color(g, 3);
        assertEquals(0, c.spilled().length);
        assertArrayEquals(new int[] {2, 0}, c.slot());
        // on two slots a pair and a neighbour cannot both fit: one is spilled
        assertEquals(1, ColoringAllocator.color(graph(new int[] {1, 2}, new boolean[2], new double[] {1, 1}, new int[] {0, 1}), 2)
                .spilled().length);
    }

    /** Nodes with no edges all share slot 0; a pair alone on a file of 2 fits at 0. */
    @Test
    void unconnectedNodesShareTheLowestSlot() {
        ColoringAllocator.Coloring c = ColoringAllocator.color(graph(new int[] {1, 2, 1}, new boolean[3], new double[] {1, 1, 1}), 2);
        assertArrayEquals(new int[] {0, 0, 0}, c.slot());
        assertEquals(0, c.spilled().length);
    }

    /**
     * The path 3 - 0 - 1 - 2 on three slots, nodes 0 and 1 32-bit, 2 and 3 64-bit pairs. Neighbour
     * slots plus own: 0 has 1 + 2 + 1 = 4, 1 has 1 + 2 + 1 = 4 (not ready), 2 has 1 + 2 = 3, 3 has
     * 1 + 2 = 3 (ready). Simplify: 2 (1 drops to 1 + 1, ready), 3 (0 drops to 1 + 1, ready), 1, 0.
     * Select pops 0 (slot 0), 1 (0 taken: slot 1), 3 (neighbour 0 at 0: the run 1-2), 2 (neighbour
     * 1 at 1: neither run 0-1 nor 1-2 is free): 2 is spilled by select. Second chance for 2 at 0:
     * its neighbour 1 must leave 0-1 and finds slot 2 (clear of 2's run and of its neighbour 0 at
     * 0), so 2 takes 0-1 and nothing is spilled: slots 0, 2, 0, 1.
     */
    @Test
    void aSpilledPairTakesARunItsNeighbourCanLeave() {
        InterferenceGraph g = graph(new int[] {1, 1, 2, 2}, new boolean[4], new double[] {4, 4, 7, 4}, new int[] {0, 1}, new int[] {0, 3},
                new int[] {1, 2});
        ColoringAllocator.Coloring c = ColoringAllocator.color(g, 3);
        assertEquals(0, c.spilled().length);
        assertArrayEquals(new int[] {0, 2, 0, 1}, c.slot());
    }

    /**
     * Node 0 a pair, joined to 32-bit nodes 1, 2 and 3; 2 - 3 joined too; three slots. Only 1 is
     * ready (2 + 1 = 3); after it, none (0: 2 + 2, 2 and 3: 3 + 1): the lowest cost per neighbour
     * slot is 0's 6 / 3 = 2 (2 and 3: 9 / 4), pushed; then 2 and 3. Select: 3 slot 0, 2 slot 1,
     * 0 finds neither run free (spilled), 1 slot 0. Second chance for 0 at 0-1: 1 moves to 2, 2
     * moves to 2, but 3 finds no slot (0-1 reserved, 2 held by its neighbour 2), so the try fails
     * and 1 and 2 go back to 0 and 1; at 1-2, 2 finds no slot (0 held by 3). 0 stays spilled with
     * the others where select put them. No retry does better: without 0 the clique 0, 2, 3 needs
     * four slots (so spilling 1 alone cannot do), and spilling 2 or 3 costs 9 > 6.
     */
    @Test
    void aFailedSecondChanceMovesNothing() {
        InterferenceGraph g = graph(new int[] {2, 1, 1, 1}, new boolean[4], new double[] {6, 2, 9, 9}, new int[] {0, 1}, new int[] {0, 2},
                new int[] {0, 3}, new int[] {2, 3});
        ColoringAllocator.Coloring c = ColoringAllocator.color(g, 3);
        assertArrayEquals(new int[] {0}, c.spilled());
        assertArrayEquals(new int[] {-1, 0, 1, 0}, c.slot());
    }

    /**
     * A clique of 70 on 70 slots: every node is ready (69 neighbour slots + 1 <= 70) and each takes a
     * slot of its own, so the slots are 0..69 exactly once — past the first 64-bit word of the
     * select step's slot set (the colouring is not bound to the ISA's 62-register file).
     */
    @Test
    void aCliqueWiderThanOneWordOfSlotsFits() {
        int n = 70;
        int[][] edges = new int[n * (n - 1) / 2][];
        int e = 0;
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                edges[e++] = new int[] {a, b};
            }
        }
        int[] width = new int[n];
        double[] cost = new double[n];
        Arrays.fill(width, 1);
        Arrays.fill(cost, 1);
        ColoringAllocator.Coloring c = ColoringAllocator.color(graph(width, new boolean[n], cost, edges), n);
        assertEquals(0, c.spilled().length);
        int[] slots = c.slot().clone();
        Arrays.sort(slots);
        for (int i = 0; i < n; i++) {
            assertEquals(i, slots[i]);
        }
    }

    static InterferenceGraph path(double... cost) {
        int n = cost.length;
        int[][] edges = new int[n - 1][];
        for (int a = 0; a + 1 < n; a++) {
            edges[a] = new int[] {a, a + 1};
        }
        int[] width = new int[n];
        Arrays.fill(width, 1);
        return graph(width, new boolean[n], cost, edges);
    }

    /**
     * The path 0 - 1 - 2 on three slots: neighbour slots plus own 2, 3, 2, all <= 3 (a node that
     * exactly fills the file is ready), pushed 0, 1, 2. Select pops 2 (slot 0), 1 (2 at 0: slot 1),
     * 0 (1 at 1: slot 0 is free — only the node's own slots are tested, not the one after): 0, 1, 0.
     * On two slots, 0 and 2 are ready (1 + 1 <= 2), 1 is not (3); after 0, 1 drops to 1 + 1 = 2 and
     * is ready: pushed 0, 2, 1; select 1 (slot 0), 2 (slot 1), 0 (slot 1): 1, 0, 1.
     */
    @Test
    void aNodeThatExactlyFillsTheFileIsReady() {
        assertArrayEquals(new int[] {0, 1, 0}, ColoringAllocator.color(path(1, 1, 1), 3).slot());
        assertArrayEquals(new int[] {1, 0, 1}, ColoringAllocator.color(path(1, 1, 1), 2).slot());
    }

    /**
     * The path 0 - 1 - 2 - 3 on two slots, costs 1, 5, 2, 1: 0 and 3 are ready (1 + 1 <= 2); after
     * 0, node 1 drops to 1 + 1 = 2 and is ready at once (the equality counts), after 3 so is 2:
     * pushed 0, 3, 1, 2, no stuck step (so the costs play no part). Select: 2 slot 0, 1 slot 1, 3
     * slot 1, 0 slot 0: 0, 1, 0, 1. (Were readiness strict, 1 and 2 would be stuck and 2, the
     * cheaper, pushed first: 1, 0, 1, 0.)
     */
    @Test
    void aNeighbourThatDropsToExactlyTheFileBecomesReady() {
        assertArrayEquals(new int[] {0, 1, 0, 1}, ColoringAllocator.color(path(1, 5, 2, 1), 2).slot());
    }
}
