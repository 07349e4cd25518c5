package tpb.neff;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code kelf-*.json}: the target arch ({@code cayman}), its version, and the subgraph list
 * ({@code graphs}: each a {@code name} and the archive path of its {@code definition}). Names are
 * plain segments ({@link SafeName}): they head every report line and are chosen with {@code --subgraph}.
 */
record Kelf(String target, String version, List<Graph> graphs) {
    /** One graph: its name, its def.json's archive path, and where in which kelf it was named (for errors). */
    record Graph(String name, String definition, String where) {}

    static Kelf read(String path, byte[] bytes) {
        NeffJson.Node k = NeffJson.Node.root(path, NeffJson.parse(path, bytes));
        k.members();
        String target = k.get("target").textOrNull();
        if (target == null) {
            throw new NeffException(path + ": no \"target\"");
        }
        List<Graph> graphs = new ArrayList<>();
        NeffJson.Node list = k.get("graphs");
        if (!list.isPresent()) {
            throw new NeffException(path + ": no \"graphs\" array");
        }
        for (NeffJson.Node g : list.elements()) {
            String name = g.get("name").textOrNull();
            String def = g.get("definition").textOrNull();
            if (name == null || def == null) {
                throw new NeffException(path + ": " + g.key() + ": a graph without \"name\" and \"definition\"");
            }
            String why = SafeName.problem(name);
            if (why != null) {
                throw new NeffException(path + ": " + g.key() + ": the subgraph name " + SafeName.quoted(name) + " is not a plain name (" + why + ")");
            }
            graphs.add(new Graph(name, ArchivePath.check(path + ": subgraph " + name + "'s definition", def), path + " " + g.key()));
        }
        return new Kelf(target, k.get("version").textOrNull(), List.copyOf(graphs));
    }
}
