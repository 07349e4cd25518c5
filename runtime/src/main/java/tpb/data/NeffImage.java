package tpb.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.neff.Neff;
import tpb.neff.Subgraph;

/**
 * What the data level needs of a NEFF beyond the reader's model ({@link Neff}): per subgraph the
 * def.json var table with ids, file names and the DGE table's list, the engine streams, the
 * tensor metadata ({@code tensor_map.json}: numpy dtype and shape per tensor), the activation
 * function names of its loaded table set ({@code Activation.json} -> {@code act_info.json} ->
 * the set's profile, {@code profile_meta_data[].func_id/func_name}) and the bytes of every file
 * var's own {@code .npy}. Read in one pass over the archive.
 */
public final class NeffImage {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * A def.json var with the fields the data level uses; {@code backingOffset} is a virtual var's
     * {@code backing_variable_off} (-1 when absent).
     */
    public record Var(String name, int id, String type, long size, String fileName, int[] list, long backingOffset) {}

    /** A tensor_map.json entry: numpy dtype name and shape; kind is input, output or null. */
    public record Tensor(String name, String dtype, int[] shape, String kind) {}

    /** One subgraph: its vars, streams by engine (def.json order), tensors and activation names by func id. */
    public record Core(String name, List<Var> vars, Map<String, byte[]> streams, Map<String, Tensor> tensors,
            Map<Integer, String> activationNames) {}

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

    public static NeffImage read(Neff neff) {
        Map<String, byte[]> files = new HashMap<>();
        neff.forEachEntry((path, size, data) -> {
            if (path.endsWith(".json") || path.endsWith(".npy") || path.endsWith(".bin")) {
                files.put(path, data.readNBytes((int) size));
            }
        });
        List<Core> cores = new ArrayList<>();
        for (Subgraph s : neff.subgraphs()) {
            String dir = s.definition().contains("/") ? s.definition().substring(0, s.definition().lastIndexOf('/') + 1) : "";
            JsonNode def = json(files, s.definition());
            List<Var> vars = new ArrayList<>();
            def.path("var").fields().forEachRemaining(e -> {
                JsonNode v = e.getValue();
                int[] list = null;
                if (v.has("list")) {
                    list = new int[v.get("list").size()];
                    for (int i = 0; i < list.length; i++) {
                        list[i] = v.get("list").get(i).asInt();
                    }
                }
                vars.add(new Var(e.getKey(), v.path("var_id").asInt(-1), v.path("type").asText(""), v.path("size").asLong(0),
                        v.has("file_name") ? dir + v.get("file_name").asText() : null, list,
                        v.path("backing_variable_off").asLong(-1)));
            });
            Map<String, byte[]> streams = new LinkedHashMap<>();
            s.streams().forEach((engine, path) -> {
                byte[] b = files.get(path);
                if (b == null) {
                    throw new DataFault(s.name() + ": stream " + path + " is not in the archive");
                }
                streams.put(engine, b);
            });
            Map<String, Tensor> tensors = new LinkedHashMap<>();
            if (files.containsKey(dir + "tensor_map.json")) {
                json(files, dir + "tensor_map.json").fields().forEachRemaining(e -> {
                    JsonNode t = e.getValue();
                    JsonNode sh = t.path("tf_shape");
                    int[] shape = new int[sh.size()];
                    for (int i = 0; i < shape.length; i++) {
                        shape[i] = sh.get(i).asInt();
                    }
                    tensors.put(e.getKey(), new Tensor(e.getKey(), t.path("dtype").asText(null), shape,
                            t.has("kind") ? t.get("kind").asText() : null));
                });
            }
            cores.add(new Core(s.name(), vars, streams, tensors, activationNames(files, dir, def)));
        }
        return new NeffImage(cores, files);
    }

    /** func_id -> func_name of the first table set the ACT engine's JSON loads (set 0). */
    private static Map<Integer, String> activationNames(Map<String, byte[]> files, String dir, JsonNode def) {
        Map<Integer, String> names = new HashMap<>();
        String actJson = def.path("act").asText(null);
        if (actJson == null || !files.containsKey(dir + actJson)) {
            return names;
        }
        JsonNode act = json(files, dir + actJson);
        String info = act.path("act_info").asText(null);
        if (info == null || !files.containsKey(dir + info)) {
            return names;
        }
        for (JsonNode set : json(files, dir + info).path("act_func_sets")) {
            String profile = set.path("profile_json").asText(null);
            if (profile != null && files.containsKey(dir + profile)) {
                for (JsonNode f : json(files, dir + profile).path("profile_meta_data")) {
                    names.putIfAbsent(f.path("func_id").asInt(), f.path("func_name").asText());
                }
            }
            break;   // ACTIVATION_TABLE_LOAD with act_tbl_sel 0 (the fixture's only set)
        }
        return names;
    }

    private static JsonNode json(Map<String, byte[]> files, String path) {
        byte[] b = files.get(path);
        if (b == null) {
            throw new DataFault(path + " is not in the archive");
        }
        try {
            return JSON.readTree(b);
        } catch (IOException e) {
            throw new DataFault(path + ": not JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }
}
