package tpb.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tpb.neff.Neff;
import tpb.neff.NeffJson;
import tpb.neff.NeffLimits;
import tpb.neff.Subgraph;
import tpb.sim.DmaQueues;

/**
 * What the data level needs of a NEFF beyond the reader's model ({@link Neff}): per subgraph the
 * def.json var table with ids, file names and the DGE table's list, the engine streams, the
 * tensor metadata ({@code tensor_map.json}: numpy dtype and shape per tensor), the activation
 * function names of its loaded table set ({@code Activation.json} -> {@code act_info.json} ->
 * the set's profile, {@code profile_meta_data[].func_id/func_name}) and the bytes of every file
 * var's own {@code .npy}. Read in one pass over the archive.
 */
public final class NeffImage {

    /**
     * A def.json var with the fields the data level uses; {@code backingOffset} is a virtual var's
     * {@code backing_variable_off} (-1 when absent).
     */
    public record Var(String name, int id, String type, long size, String fileName, int[] list, long backingOffset) {}

    /** A tensor_map.json entry: numpy dtype name and shape; kind is input, output or null. */
    public record Tensor(String name, String dtype, int[] shape, String kind) {}

    /** One subgraph: its vars, streams by engine (def.json order), tensors and activation names by func id. */
    public record Core(String name, List<Var> vars, Map<String, byte[]> streams, Map<String, Tensor> tensors,
            Map<Integer, String> activationNames, DmaQueues queues) {
        public Core(String name, List<Var> vars, Map<String, byte[]> streams, Map<String, Tensor> tensors,
                Map<Integer, String> activationNames) {
            this(name, vars, streams, tensors, activationNames, DmaQueues.NONE);
        }
    }

    private final List<Core> cores;
    private final Map<String, byte[]> files;

    private NeffImage(List<Core> cores, Map<String, byte[]> files) {
        this.cores = cores;
        this.files = files;
    }

    public List<Core> cores() {
        return cores;
    }

    /** This image with only the named subgraphs (a fault names one that is not here). */
    public NeffImage only(java.util.Collection<String> subgraphs) {
        List<Core> keep = new ArrayList<>();
        for (String name : subgraphs) {
            Core c = cores.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow(() -> new DataFault(
                    "no subgraph " + name + " (subgraphs: " + String.join(", ", cores.stream().map(Core::name).toList()) + ")"));
            if (!keep.contains(c)) {
                keep.add(c);
            }
        }
        return new NeffImage(keep, files);
    }

    /** The bytes of archive file {@code path} (only JSON, .npy and stream files are kept). */
    public byte[] file(String path) {
        return files.get(path);
    }

    /**
     * Reads what the data level uses, and only that (a NEFF is untrusted: entries are read only when referenced, each within the
     * reader's entry bound, {@code --max-entry-size}): every engine stream and every file var's {@code .npy} the
     * def.jsons name, and the JSON in a referenced def.json's directory (tensor_map.json, the ACT engine's chain of
     * tables); a JSON entry larger than the bound is skipped, and named with the bound only if the run needs it. The
     * JSON goes through the reader's one bounded parsing layer ({@link NeffJson}); the vars come typed and bounded from
     * {@link tpb.neff.SubgraphDef}.
     */
    public static NeffImage read(Neff neff) {
        Map<String, byte[]> files = new HashMap<>();
        Map<String, Long> skipped = new HashMap<>();
        long max = neff.limits().maxEntrySize();
        Set<String> needed = new HashSet<>();
        Set<String> dirs = new HashSet<>();
        for (Subgraph s : neff.subgraphs()) {
            needed.addAll(s.streams().values());
            s.vars().values().forEach(v -> {
                if (v.fileName() != null) {
                    needed.add(v.fileName());
                }
            });
            dirs.add(s.directory());
        }
        neff.forEachEntry((path, size, data) -> {
            boolean json = path.endsWith(".json") && dirs.contains(path.substring(0, path.lastIndexOf('/') + 1));
            if (!needed.contains(path) && !json) {
                return;
            }
            if (json && !needed.contains(path) && size > max) {
                skipped.put(path, size);
                return;
            }
            files.put(path, neff.limits().readWhole(path, size, data));
        });
        Entries entries = new Entries(files, skipped, neff.limits());
        List<Core> cores = new ArrayList<>();
        for (Subgraph s : neff.subgraphs()) {
            String dir = s.directory();
            NeffJson.Node def = entries.json(s.definition());
            List<Var> vars = new ArrayList<>();
            s.vars().forEach((name, v) -> vars.add(new Var(name, v.id(), v.type() == null ? "" : v.type(), v.size(), v.fileName(),
                    v.list(), v.backingOffset())));
            Map<String, byte[]> streams = new LinkedHashMap<>();
            s.streams().forEach((engine, path) -> {
                byte[] b = files.get(path);
                if (b == null) {
                    throw new DataFault(s.name() + ": stream " + path + " is not in the archive");
                }
                streams.put(engine, b);
            });
            Map<String, Tensor> tensors = entries.has(dir + "tensor_map.json") ? tensors(entries.json(dir + "tensor_map.json"))
                    : new LinkedHashMap<>();
            cores.add(new Core(s.name(), vars, streams, tensors, activationNames(entries, dir, def), queues(s)));
        }
        return new NeffImage(cores, files);
    }

    /** A subgraph's {@code tensor_map.json}: per tensor its numpy dtype name, shape ({@code tf_shape}) and kind. */
    public static Map<String, Tensor> tensors(NeffJson.Node tensorMap) {
        Map<String, Tensor> tensors = new LinkedHashMap<>();
        for (Map.Entry<String, NeffJson.Node> e : tensorMap.members()) {
            NeffJson.Node t = e.getValue();
            NeffJson.Node sh = t.get("tf_shape");
            int[] shape = sh.isPresent() ? sh.ints(0, Integer.MAX_VALUE, Npy.MAX_DIMENSIONS) : new int[0];
            tensors.put(e.getKey(), new Tensor(e.getKey(), t.get("dtype").textOrNull(), shape, t.get("kind").textOrNull()));
        }
        return tensors;
    }

    /** The subgraph's DMA queues and blocks. */
    private static DmaQueues queues(Subgraph s) {
        return DmaQueues.of(s);
    }

    /**
     * {@link #activationNames(Entries, String, NeffJson.Node)} from the JSON files of subgraph
     * {@code s}'s directory, as a reader that holds only those has them ({@code tpb neff info}'s
     * pre-flight): {@code files} by archive path, {@code skipped} those over the entry bound.
     */
    public static Map<Integer, String> activationNames(Subgraph s, Map<String, byte[]> files, Map<String, Long> skipped, NeffLimits limits) {
        Entries entries = new Entries(files, skipped, limits);
        return activationNames(entries, s.directory(), entries.json(s.definition()));
    }

    /**
     * func_id -> func_name over every table set the ACT engine's JSON lists
     * ({@code activation_function_sets}; where it lists none, every set of act_info.json whose
     * profile is in the archive). A function id names the same function in every set (INFERRED:
     * qwen3-attn-tkg-v6 packs two profiles, reciprocal_sqrt_and_small and
     * natural_log_exp_and_others, and the 14 functions both carry have one id in each, identity 1
     * to copy 128; its ACTIVATEs use 29 from the first and 7 from the second), so which set an
     * ACTIVATION_TABLE_LOAD loads does not change what an id computes here; an id two sets name
     * differently is kept as both names, and an ACTIVATE of it faults naming them.
     */
    private static Map<Integer, String> activationNames(Entries files, String dir, NeffJson.Node def) {
        Map<Integer, String> names = new HashMap<>();
        String actJson = def.get("act").isPresent() && def.get("act").json().isTextual() ? def.get("act").text() : null;
        if (actJson == null || !files.has(dir + actJson)) {
            return names;
        }
        NeffJson.Node act = files.json(dir + actJson);
        String info = act.get("act_info").textOrNull();
        if (info == null || !files.has(dir + info)) {
            return names;
        }
        java.util.Set<String> listed = new java.util.HashSet<>();
        for (NeffJson.Node set : act.get("activation_function_sets").elementsOrNone()) {
            listed.add(set.text());
        }
        for (NeffJson.Node set : files.json(dir + info).get("act_func_sets").elementsOrNone()) {
            String profile = set.get("profile_json").textOrNull();
            boolean used = listed.isEmpty() || listed.contains(set.get("name").textOrNull());
            if (!used || profile == null || !files.has(dir + profile)) {
                continue;
            }
            for (NeffJson.Node f : files.json(dir + profile).get("profile_meta_data").elementsOrNone()) {
                names.merge((int) f.get("func_id").integer(0, Integer.MAX_VALUE), f.get("func_name").text(), NeffImage::bothNames);
            }
        }
        return names;
    }

    /**
     * One id's names from two table sets: the first when both name one function (tanh_4p and
     * tanh_13p are tanh in tables of different sizes), else both ("a|b", which no function is).
     */
    private static String bothNames(String a, String b) {
        for (String n : a.split("\\|")) {
            if (VectorOps.Function.baseName(n).equals(VectorOps.Function.baseName(b))) {
                return a;
            }
        }
        return a + "|" + b;
    }

    /** The entries read: their bytes, and the JSON ones skipped for the entry bound (named with it only when asked for). */
    private record Entries(Map<String, byte[]> files, Map<String, Long> skipped, NeffLimits limits) {
        boolean has(String path) {
            return files.containsKey(path) || skipped.containsKey(path);
        }

        NeffJson.Node json(String path) {
            byte[] b = files.get(path);
            if (b == null) {
                Long size = skipped.get(path);
                if (size != null) {
                    throw limits.tooLarge(path, size);
                }
                throw new DataFault(path + " is not in the archive");
            }
            return NeffJson.Node.root(path, NeffJson.parse(path, b));
        }
    }
}
