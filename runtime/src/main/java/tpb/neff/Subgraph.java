package tpb.neff;

import java.util.List;
import java.util.Map;

/**
 * A subgraph as its {@code sgNN/def.json} describes it: which stream each engine runs (every
 * {@code <engine>_instr} key, in the file's order, as an archive path), its DMA queues, its
 * variables ({@code var}: name to type and size), the module features it declares, and the DMA
 * blocks its engines' {@code <Engine>.json} files list ({@link DmaBlock}).
 *
 * <p>{@code dmaUnread} is null when every engine file's {@code dma} list was read, else why one
 * was not (the first reason). The lists only matter to a run that fires a queue, so a list this
 * reader cannot take (another compiler's layout, a hostile value) does not refuse the NEFF: its
 * streams still list, validate and extract, {@code neff info} names the reason, and a trigger of
 * a block that was not read faults with it ({@code tpb.sim.DmaQueues}).
 */
public record Subgraph(String name, String definition, Map<String, String> streams, List<DmaQueue> dmaQueues,
        Map<String, Var> vars, List<String> features, List<DmaBlock> dmaBlocks, String dmaUnread) {
    /** A subgraph whose engine files' DMA lists were all read. */
    public Subgraph(String name, String definition, Map<String, String> streams, List<DmaQueue> dmaQueues, Map<String, Var> vars,
            List<String> features, List<DmaBlock> dmaBlocks) {
        this(name, definition, streams, dmaQueues, vars, features, dmaBlocks, null);
    }

    /** A subgraph with no DMA blocks. */
    public Subgraph(String name, String definition, Map<String, String> streams, List<DmaQueue> dmaQueues, Map<String, Var> vars,
            List<String> features) {
        this(name, definition, streams, dmaQueues, vars, features, List.of());
    }

    public Subgraph {
        dmaBlocks = List.copyOf(dmaBlocks);
    }

    /** The block {@code id} of queue {@code queue}, or null when no engine file lists it. */
    public DmaBlock dmaBlock(String queue, int id) {
        for (DmaBlock b : dmaBlocks) {
            if (b.id() == id && b.queue().equals(queue)) {
                return b;
            }
        }
        return null;
    }

    /** The queue def.json declares as {@code name}, or null. */
    public DmaQueue dmaQueue(String name) {
        for (DmaQueue q : dmaQueues) {
            if (q.name().equals(name)) {
                return q;
            }
        }
        return null;
    }

    /**
     * A def.json {@code var}, typed and bounded by {@link SubgraphDef}: its type ({@code input},
     * {@code output}, {@code file}, {@code state-buffer}, {@code dge-table}, ...; null when absent),
     * size in bytes (0 when absent; at most {@link NeffJson#MAX_SIZE}), {@code var_id} (-1 when
     * absent), {@code file_name} as an archive path (null when absent), a DGE table's
     * {@code list} (null when absent) and a virtual var's {@code backing_variable_off} (-1 when absent).
     */
    public record Var(String type, long size, int id, String fileName, int[] list, long backingOffset) {
        public Var(String type, long size) {
            this(type, size, -1, null, null);
        }

        /** A var that is no slice of a backing space ({@code backing_variable_off} absent: -1). */
        public Var(String type, long size, int id, String fileName, int[] list) {
            this(type, size, id, fileName, list, -1);
        }

        @Override
        public int[] list() {
            return list == null ? null : list.clone();
        }
    }

    /** The directory of the def.json, with its trailing '/', where the names in it are relative to ("" at the root). */
    public String directory() {
        return definition.contains("/") ? definition.substring(0, definition.lastIndexOf('/') + 1) : "";
    }
}
