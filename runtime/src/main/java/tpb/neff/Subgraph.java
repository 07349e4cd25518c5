package tpb.neff;

import java.util.List;
import java.util.Map;

/**
 * A subgraph as its {@code sgNN/def.json} describes it: which stream each engine runs (every
 * {@code <engine>_instr} key, in the file's order, as an archive path), its DMA queues, its
 * variables ({@code var}: name to type and size) and the module features it declares.
 */
public record Subgraph(String name, String definition, Map<String, String> streams, List<DmaQueue> dmaQueues,
        Map<String, Var> vars, List<String> features) {
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
