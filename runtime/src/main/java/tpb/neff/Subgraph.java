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
    /** A def.json {@code var}: its type ({@code input}, {@code output}, {@code file}, {@code state-buffer}, ...) and size (0 when absent). */
    public record Var(String type, long size) {}
}
