package tpb.neff;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.stream.RecordStream;

/**
 * Reads one {@code sgNN/def.json} into a {@link Subgraph}: its engine streams (each checked
 * against the archive's table of entries), DMA queues, variables and module features. Every
 * malformed part is a {@link NeffException} naming the def.json and the key.
 */
final class SubgraphDef {
    /** An engine's stream key in def.json: {@code <engine>_instr}. */
    private static final String INSTR = "_instr";

    private final String defPath;
    private final JsonNode def;

    private SubgraphDef(String defPath, JsonNode def) {
        this.defPath = defPath;
        this.def = def;
    }

    static Subgraph read(String name, String defPath, JsonNode def, Map<String, Long> entries) {
        if (!def.isObject()) {
            throw new NeffException(defPath + ": not a JSON object");
        }
        SubgraphDef d = new SubgraphDef(defPath, def);
        return new Subgraph(name, defPath, d.streams(entries), d.queues(), d.vars(), d.features());
    }

    /** Engine name to archive path, in the file's order; each stream a whole number of records. */
    private Map<String, String> streams(Map<String, Long> entries) {
        String dir = defPath.contains("/") ? defPath.substring(0, defPath.lastIndexOf('/') + 1) : "";
        Map<String, String> streams = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = def.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!f.getKey().endsWith(INSTR)) {
                continue;
            }
            if (!f.getValue().isTextual()) {
                throw new NeffException(defPath + ": " + f.getKey() + " is not a file name");
            }
            String path = ArchivePath.check(defPath + ": " + f.getKey(), dir + f.getValue().asText());
            Long len = entries.get(path);
            if (len == null) {
                throw new NeffException(defPath + ": " + f.getKey() + " names " + path + ", which is not in the archive");
            }
            if (len % RecordStream.STRIDE != 0) {
                throw new NeffException(path + ": stream length " + len + " is not a multiple of " + RecordStream.STRIDE + ": "
                        + len % RecordStream.STRIDE + " trailing bytes after record " + (len / RecordStream.STRIDE - 1));
            }
            if (len > Integer.MAX_VALUE - 8) {
                throw new NeffException(path + ": a " + len + "-byte stream is larger than this reader holds");
            }
            streams.put(f.getKey().substring(0, f.getKey().length() - INSTR.length()), path);
        }
        return Collections.unmodifiableMap(streams);
    }

    private List<DmaQueue> queues() {
        List<DmaQueue> queues = new ArrayList<>();
        JsonNode dq = def.get("dma_queue");
        if (dq != null && dq.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = dq.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> q = it.next();
                List<Integer> sems = semaphoreSet(q.getKey(), q.getValue().get("semaphore_set"));
                queues.add(new DmaQueue(q.getKey(), Json.text(q.getValue(), "owner"), Json.text(q.getValue(), "type"),
                        q.getValue().path("num_queues").asInt(sems.size()), sems));
            }
        }
        return List.copyOf(queues);
    }

    private List<Integer> semaphoreSet(String queue, JsonNode set) {
        List<Integer> sems = new ArrayList<>();
        if (set != null) {
            if (!set.isArray()) {
                throw new NeffException(defPath + ": dma_queue " + queue + ": semaphore_set is not an array");
            }
            for (JsonNode s : set) {
                if (!s.canConvertToInt()) {
                    throw new NeffException(defPath + ": dma_queue " + queue + ": semaphore " + s + " is not an integer");
                }
                sems.add(s.intValue());
            }
        }
        return List.copyOf(sems);
    }

    private Map<String, Subgraph.Var> vars() {
        Map<String, Subgraph.Var> vars = new LinkedHashMap<>();
        JsonNode var = def.get("var");
        if (var != null && var.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = var.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> v = it.next();
                vars.put(v.getKey(), new Subgraph.Var(Json.text(v.getValue(), "type"), v.getValue().path("size").asLong(0)));
            }
        }
        return Collections.unmodifiableMap(vars);
    }

    private List<String> features() {
        List<String> features = new ArrayList<>();
        JsonNode nf = def.get("neff_features");
        if (nf != null) {
            if (!nf.isArray()) {
                throw new NeffException(defPath + ": neff_features is not an array");
            }
            nf.forEach(f -> features.add(f.asText()));
        }
        return List.copyOf(features);
    }
}
