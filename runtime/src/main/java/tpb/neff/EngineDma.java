package tpb.neff;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code dma} list of one engine's {@code <Engine>.json} (the file def.json names under
 * the engine's key, {@code "dve": "DVE.json"}) into {@link DmaBlock}s through {@link NeffJson}'s
 * typed view. The format, from the real NEFFs (no source describes it): a list of
 * {@code {queue, id, semaphore, desc: [...]}}, each {@code desc} entry {@code from}/{@code to}
 * (a var), {@code from_dtype}/{@code to_dtype}, {@code op}, {@code from_off}/{@code to_off},
 * {@code from_sizes}/{@code to_sizes}, {@code from_steps}/{@code to_steps} ({@link DmaDescriptor}); a DMA
 * transpose has {@code transpose_op}, {@code transpose_shape} and {@code transpose_element_size}
 * where the others have {@code op}.
 * Everything is bounded: at most {@link #MAX_DESCRIPTORS} descriptors in a subgraph,
 * {@link DmaDescriptor#MAX_DIMENSIONS} dimensions a side, every side's bytes at most
 * {@link NeffJson#MAX_SIZE}; a queue def.json does not declare, a var it does not declare, a
 * negative size or a wrong type is one {@link NeffException} naming the file and the key; so is a
 * side whose walk leaves its var or the SBUF, or a block semaphore past the target's bank
 * ({@link TargetBounds}).
 */
final class EngineDma {
    /** The most DMA blocks and descriptors one subgraph's engine files may hold together (ASSUMED bound; real NEFFs hold 20 to 25). */
    static final int MAX_DESCRIPTORS = 1 << 20;
    /** The largest size of one dimension: 2^32 (ASSUMED bound, far past any SBUF or var). */
    static final long MAX_DIMENSION_SIZE = 1L << 32;

    private EngineDma() {}

    /** The blocks of {@code json}, engine {@code engine}'s file {@code file}; {@code seen} counts descriptors across the subgraph. */
    static List<DmaBlock> read(String engine, String file, NeffJson.Node json, Map<String, DmaQueue> queues, Map<String, Subgraph.Var> vars,
            TargetBounds bounds, int[] seen) {
        List<DmaBlock> blocks = new ArrayList<>();
        json.members(); // refuses an engine file that is not an object
        for (NeffJson.Node b : json.get("dma").elementsOrNone()) {
            count(b, seen);
            String queue = b.get("queue").text();
            DmaQueue q = queues.get(queue);
            if (q == null) {
                throw new NeffException(b.file() + ": " + b.get("queue").key() + " names queue " + SafeName.quoted(queue)
                        + ", which def.json's dma_queue does not declare");
            }
            int id = (int) b.get("id").integer(0, Integer.MAX_VALUE);
            int semaphore = (int) b.get("semaphore").integer(0, bounds == null ? Integer.MAX_VALUE : bounds.semaphores() - 1);
            List<DmaDescriptor> desc = new ArrayList<>();
            for (NeffJson.Node d : b.get("desc").elements()) {
                count(d, seen);
                DmaDescriptor.Transpose t = transpose(d);
                String op = t == null || d.get("op").isPresent() ? d.get("op").text() : DmaDescriptor.TRANSPOSE;
                DmaDescriptor.Endpoint from = side(d, "from", vars.keySet());
                DmaDescriptor.Endpoint to = side(d, "to", vars.keySet());
                within(d, "to", to, Long.MAX_VALUE, vars, bounds);
                // a source walks at most 8 bytes for each byte written (a cast from the widest element to the narrowest):
                // a zero step may re-read a byte, but never more of them than the write takes (ASSUMED bound, Long.BYTES)
                within(d, "from", from, to.bytes() > Long.MAX_VALUE / Long.BYTES ? Long.MAX_VALUE : to.bytes() * Long.BYTES, vars, bounds);
                desc.add(new DmaDescriptor(from, to, op, t));
            }
            blocks.add(new DmaBlock(engine, file, queue, id, semaphore, desc));
        }
        return blocks;
    }

    /** A descriptor's {@code transpose_*} keys, or null when it has none; the shape as many axes as {@link DmaDescriptor.Transpose#AXES} names. */
    private static DmaDescriptor.Transpose transpose(NeffJson.Node d) {
        NeffJson.Node op = d.get("transpose_op");
        if (!op.isPresent()) {
            return null;
        }
        int axes = DmaDescriptor.Transpose.AXES.length();
        NeffJson.Node shapeNode = d.get("transpose_shape");
        List<NeffJson.Node> shape = shapeNode.elements();
        if (shape.size() != axes) {
            throw new NeffException(d.file() + ": " + shapeNode.key() + " has " + shape.size() + " elements; " + axes + " ("
                    + DmaDescriptor.Transpose.AXES + ") were expected");
        }
        long[] s = new long[axes];
        for (int i = 0; i < axes; i++) {
            s[i] = shape.get(i).integer(0, MAX_DIMENSION_SIZE);
        }
        int element = (int) d.get("transpose_element_size").integer(1, Long.BYTES);
        return new DmaDescriptor.Transpose(op.text(), s, element);
    }

    /**
     * Refuses a side whose walk leaves its var: the bytes it touches ({@link DmaDescriptor.Endpoint#extent},
     * exact) must lie in the var's declared size, or for the state-buffer var in the SBUF's address span,
     * and it may walk at most {@code most} bytes and at most as many as its var holds (more would write a
     * byte twice, or for a source read more than a write takes). So every level that reads the descriptor
     * (sync, data, cost) sees a walk bounded by what it can touch, checked before any work.
     */
    private static void within(NeffJson.Node d, String side, DmaDescriptor.Endpoint e, long most, Map<String, Subgraph.Var> vars,
            TargetBounds bounds) {
        Subgraph.Var v = vars.get(e.var());
        boolean sbuf = "state-buffer".equals(v.type());
        if (sbuf && bounds == null) {
            return; // no profile for the target: no SBUF to bound it by (every run refuses the target)
        }
        DmaDescriptor.Target t = sbuf ? DmaDescriptor.Target.sbuf(bounds.sbufSpan(), bounds.sbufBytes()) : DmaDescriptor.Target.var(e.var(), v.size());
        long span = t.span();
        long holds = t.holds();
        String what = t.what();
        DmaDescriptor.Extent x;
        try {
            x = e.extent();
        } catch (ArithmeticException overflow) {
            throw new NeffException(d.file() + ": " + d.key() + ": " + side + "_off " + e.offset() + " and " + side
                    + "_steps reach past 2^63, outside " + what);
        }
        if (x != null && !x.within(span)) {
            throw new NeffException(d.file() + ": " + d.key() + ": " + side + " touches bytes " + x.first() + " to " + x.last() + ", outside "
                    + what);
        }
        long bytes = e.bytes();
        if (side.equals("to") && bytes > holds) {
            throw new NeffException(d.file() + ": " + d.key() + ": to_sizes walk " + bytes + " bytes, more than " + what
                    + " holds: a write touches each byte once");
        }
        if (bytes > most) {
            throw new NeffException(d.file() + ": " + d.key() + ": from_sizes walk " + bytes + " bytes, more than the " + most
                    + " a source may read for its destination's (8 for each byte written)");
        }
    }

    private static void count(NeffJson.Node n, int[] seen) {
        if (++seen[0] > MAX_DESCRIPTORS) {
            throw new NeffException(n.file() + ": " + n.key() + ": more than " + MAX_DESCRIPTORS
                    + " DMA blocks and descriptors in one subgraph (the bound EngineDma.MAX_DESCRIPTORS)");
        }
    }

    private static DmaDescriptor.Endpoint side(NeffJson.Node d, String side, Set<String> vars) {
        NeffJson.Node name = d.get(side);
        String var = name.text();
        if (!vars.contains(var)) {
            throw new NeffException(d.file() + ": " + name.key() + " names " + SafeName.quoted(var) + ", which is no var of def.json");
        }
        NeffJson.Node sizesNode = d.get(side + "_sizes");
        NeffJson.Node stepsNode = d.get(side + "_steps");
        List<NeffJson.Node> sizes = sizesNode.elements();
        List<NeffJson.Node> steps = stepsNode.elements();
        if (sizes.size() > DmaDescriptor.MAX_DIMENSIONS || sizes.size() != steps.size() || sizes.isEmpty()) {
            throw new NeffException(d.file() + ": " + sizesNode.key() + " and " + stepsNode.key() + " have " + sizes.size() + " and "
                    + steps.size() + " elements; one to " + DmaDescriptor.MAX_DIMENSIONS + " dimensions, as many steps as sizes, were expected");
        }
        long[] sz = new long[sizes.size()];
        long[] st = new long[sizes.size()];
        long bytes = 1;
        for (int i = 0; i < sz.length; i++) {
            sz[i] = sizes.get(i).integer(0, MAX_DIMENSION_SIZE);
            st[i] = steps.get(i).integer(-NeffJson.MAX_SIZE, NeffJson.MAX_SIZE);
            bytes = sz[i] == 0 || bytes <= NeffJson.MAX_SIZE / sz[i] ? bytes * sz[i] : NeffJson.MAX_SIZE + 1;
        }
        if (bytes > NeffJson.MAX_SIZE) {
            throw new NeffException(d.file() + ": " + sizesNode.key() + " walks more than " + NeffJson.MAX_SIZE + " bytes");
        }
        return new DmaDescriptor.Endpoint(var, d.get(side + "_dtype").text(), d.get(side + "_off").size(), sz, st);
    }
}
