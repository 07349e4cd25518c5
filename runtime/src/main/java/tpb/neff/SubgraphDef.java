package tpb.neff;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.stream.RecordStream;

/**
 * Reads one {@code sgNN/def.json} into a {@link Subgraph} through {@link NeffJson}'s typed view:
 * its engine streams (each checked against the archive's table of entries), DMA queues, variables
 * and module features. Every malformed part is a {@link NeffException} naming the def.json, the
 * key and what was expected (a var's size of 1e300, -5 or an object; a DGE list that is an object).
 */
final class SubgraphDef {
    /** An engine's stream key in def.json: {@code <engine>_instr}. */
    private static final String INSTR = "_instr";
    /** The most elements a DGE table's {@code list} may have: one per DMA descriptor a queue can name (2^20 is far above any real table). */
    static final int MAX_LIST = 1 << 20;

    private final String defPath;
    private final String dir;
    private final NeffJson.Node def;

    private SubgraphDef(String defPath, NeffJson.Node def) {
        this.defPath = defPath;
        this.dir = defPath.contains("/") ? defPath.substring(0, defPath.lastIndexOf('/') + 1) : "";
        this.def = def;
    }

    static Subgraph read(String name, String defPath, NeffJson.Node def, ArchiveToc toc) {
        return read(name, defPath, def, toc, path -> null, null);
    }

    /**
     * As {@link #read(String, String, NeffJson.Node, ArchiveToc)}, with each engine's
     * {@code <Engine>.json} ({@link #engineFiles}) taken from {@code files} (null: not held, no
     * DMA blocks read from it) and its {@code dma} list read ({@link EngineDma}).
     */
    static Subgraph read(String name, String defPath, NeffJson.Node def, ArchiveToc toc, java.util.function.Function<String, byte[]> files,
            TargetBounds bounds) {
        SubgraphDef d = new SubgraphDef(defPath, def);
        def.members(); // refuses a def.json that is not an object
        Map<String, String> streams = d.streams(toc);
        if (streams.isEmpty()) {
            // {} or any object without streams would open as a subgraph that runs nothing and "succeeds"
            throw new NeffException(defPath + ": no <engine>_instr key: a subgraph names the stream of at least one engine");
        }
        List<DmaQueue> queues = d.queues(streams.keySet(), bounds);
        Map<String, Subgraph.Var> vars = d.vars();
        Map<String, DmaQueue> byName = new LinkedHashMap<>();
        queues.forEach(q -> byName.put(q.name(), q));
        List<DmaBlock> blocks = new ArrayList<>();
        String unread = null;
        int[] seen = new int[1];
        Map<String, DmaBlock> seen2 = new LinkedHashMap<>();
        for (Map.Entry<String, String> f : engineFiles(defPath, def).entrySet()) {
            byte[] b = files.apply(f.getValue());
            if (b == null || unread != null) {
                continue;
            }
            try {
                for (DmaBlock block : EngineDma.read(f.getKey(), f.getValue(), NeffJson.Node.root(f.getValue(), NeffJson.parse(f.getValue(), b)),
                        byName, vars, bounds, seen)) {
                    DmaBlock before = seen2.putIfAbsent(block.queue() + "\0" + block.id(), block);
                    if (before != null) {
                        throw new NeffException(block.file() + ": queue " + SafeName.quoted(block.queue()) + " block " + block.id()
                                + " is listed twice (also in " + before.file() + ")");
                    }
                    blocks.add(block);
                }
            } catch (NeffException e) {
                // the lists matter only to a run that fires a queue: kept as the reason, not a refusal (Subgraph)
                unread = e.getMessage();
                blocks.clear(); // none or all: a run never fires half of what the engine files list
            }
        }
        return new Subgraph(name, defPath, streams, queues, vars, d.features(), blocks, unread);
    }

    /**
     * Each engine's own JSON file, as an archive path: the string def.json holds under the key
     * {@code <engine>} of every {@code <engine>_instr} ({@code "dve": "DVE.json"}; real NEFFs of
     * neuronx-cc 2.x). An engine with no such key has none.
     */
    static Map<String, String> engineFiles(String defPath, NeffJson.Node def) {
        String dir = defPath.contains("/") ? defPath.substring(0, defPath.lastIndexOf('/') + 1) : "";
        Map<String, String> files = new LinkedHashMap<>();
        for (Map.Entry<String, NeffJson.Node> f : def.members()) {
            if (!f.getKey().endsWith(INSTR)) {
                continue;
            }
            NeffJson.Node own = def.get(f.getKey().substring(0, f.getKey().length() - INSTR.length()));
            if (own.isPresent()) {
                files.put(f.getKey().substring(0, f.getKey().length() - INSTR.length()), ArchivePath.check(defPath + ": " + own.key(), dir + own.text()));
            }
        }
        return files;
    }

    /** Engine name to archive path, in the file's order; each stream a whole number of records. */
    private Map<String, String> streams(ArchiveToc toc) {
        Map<String, String> streams = new LinkedHashMap<>();
        for (Map.Entry<String, NeffJson.Node> f : def.members()) {
            if (!f.getKey().endsWith(INSTR)) {
                continue;
            }
            String path = ArchivePath.check(defPath + ": " + f.getValue().key(), dir + f.getValue().text());
            long len = toc.fileSize(defPath + ": " + f.getValue().key() + " names " + path, path);
            if (len % RecordStream.STRIDE != 0) {
                throw new NeffException(path + ": stream length " + len + " is not a multiple of " + RecordStream.STRIDE + ": "
                        + (len < RecordStream.STRIDE ? "shorter than one record"
                                : len % RecordStream.STRIDE + " trailing bytes after record " + (len / RecordStream.STRIDE - 1)));
            }
            String engine = f.getKey().substring(0, f.getKey().length() - INSTR.length());
            if (SafeName.problem(engine) != null) {
                throw new NeffException(defPath + ": the key " + SafeName.quoted(f.getKey()) + " names no engine (" + SafeName.problem(engine) + ")");
            }
            streams.put(engine, path);
        }
        return Collections.unmodifiableMap(streams);
    }

    /**
     * The {@code dma_queue} entries, each with the keys every real NEFF gives (neuronx-cc 2.x):
     * {@code owner}, an engine of this subgraph ({@code engines}: a queue is fired by its owner's
     * triggers); {@code type} ({@code in}, {@code data}, {@code dynamic}, ...); {@code semaphore_set},
     * one or more semaphores of the target's bank (SwitchQueueInstance clears them, facts §7.5).
     * {@code num_queues} defaults to the set's size.
     */
    private List<DmaQueue> queues(java.util.Set<String> engines, TargetBounds bounds) {
        List<DmaQueue> queues = new ArrayList<>();
        for (Map.Entry<String, NeffJson.Node> q : def.get("dma_queue").membersOrNone()) {
            String name = printableName(q);
            NeffJson.Node set = q.getValue().get("semaphore_set");
            int[] ids = set.ints(0, bounds == null ? Integer.MAX_VALUE : (int) bounds.semaphores() - 1, MAX_LIST);
            if (ids.length == 0) {
                throw new NeffException(defPath + ": " + set.key() + " is empty: a queue counts on at least one semaphore");
            }
            List<Integer> sems = new ArrayList<>();
            for (int s : ids) {
                sems.add(s);
            }
            NeffJson.Node owner = q.getValue().get("owner");
            if (!engines.contains(owner.text())) {
                throw new NeffException(defPath + ": " + owner.key() + " is " + SafeName.quoted(owner.text())
                        + ", no engine of this subgraph (its streams: " + String.join(", ", engines) + ")");
            }
            queues.add(new DmaQueue(name, owner.text(), q.getValue().get("type").text(),
                    (int) q.getValue().get("num_queues").integerOr(0, Integer.MAX_VALUE, sems.size()), List.copyOf(sems)));
        }
        return List.copyOf(queues);
    }

    private String printableName(Map.Entry<String, NeffJson.Node> member) {
        if (member.getKey().isEmpty() || !member.getKey().equals(SafeName.printable(member.getKey()))) {
            throw new NeffException(defPath + ": " + member.getValue().key() + ": the name " + SafeName.quoted(member.getKey())
                    + " is empty or holds control characters");
        }
        return member.getKey();
    }

    private Map<String, Subgraph.Var> vars() {
        Map<String, Subgraph.Var> vars = new LinkedHashMap<>();
        Map<Integer, String> byId = new java.util.HashMap<>();
        for (Map.Entry<String, NeffJson.Node> v : def.get("var").members()) { // every subgraph declares its vars (an object, maybe empty)
            NeffJson.Node n = v.getValue();
            int id = (int) n.get("var_id").integerOr(0, Integer.MAX_VALUE, -1);
            String before = id < 0 ? null : byId.putIfAbsent(id, v.getKey());
            if (before != null) {
                // a record names a var by its id (DMA_DIRECT2D's STATIC_PHYSICAL address, a DGE table's list): one id, one var,
                // or the levels could each take another (the data level refused the second; the sync level and the cost model took the first)
                throw new NeffException(defPath + ": " + n.get("var_id").key() + " is " + id + ", which var " + SafeName.quoted(before)
                        + " has too: a var id names one var");
            }
            String file = n.get("file_name").textOrNull();
            NeffJson.Node list = n.get("list");
            vars.put(printableName(v), new Subgraph.Var(n.get("type").textOrNull(), n.get("size").isPresent() ? n.get("size").size() : 0,
                    id,
                    file == null ? null : ArchivePath.check(defPath + ": " + n.get("file_name").key(), dir + file),
                    list.isPresent() ? list.ints(0, Integer.MAX_VALUE, MAX_LIST) : null,
                    n.get("backing_variable_off").integerOr(0, NeffJson.MAX_SIZE, -1)));
        }
        return Collections.unmodifiableMap(vars);
    }

    private List<String> features() {
        List<String> features = new ArrayList<>();
        for (NeffJson.Node f : def.get("neff_features").elementsOrNone()) {
            features.add(f.text());
        }
        return List.copyOf(features);
    }
}
