package tpb.cli;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import tpb.isa.Arch;
import tpb.neff.EngineStream;
import tpb.neff.Neff;
import tpb.neff.NeffException;
import tpb.neff.Subgraph;

/**
 * A {@code .neff} wherever a command takes a stream: opened and checked up front (so a damaged
 * file fails before any output), then its engine streams handed over by name, subgraph by
 * subgraph, filtered by {@code --subgraph} and {@code --engine}.
 */
final class NeffInput {
    /** One named stream with its subgraph. */
    interface StreamVisitor {
        void visit(Subgraph subgraph, EngineStream stream);
    }

    final String file;
    final Neff neff;

    private NeffInput(String file, Neff neff) {
        this.file = file;
        this.neff = neff;
    }

    static boolean is(String file) {
        return file.toLowerCase(Locale.ROOT).endsWith(".neff");
    }

    static NeffInput open(String file) {
        try {
            return new NeffInput(file, Neff.open(Path.of(file)));
        } catch (NeffException e) {
            throw new CliException(file + ": " + e.getMessage());
        }
    }

    /** The arch profile the NEFF's kelf target names ({@code cayman} -> CAYMAN, through the profile's aliases). */
    Arch arch() {
        Arch a = Arch.byName(neff.target());
        if (a == null) {
            throw new CliException(file + ": target '" + neff.target() + "' is no arch profile of the spec");
        }
        return a;
    }

    /** The subgraphs {@code --subgraph} names (all when null), checked to exist. */
    Set<String> subgraphs(List<String> names) {
        if (names == null || names.isEmpty()) {
            return null;
        }
        Set<String> out = new LinkedHashSet<>();
        for (String n : names) {
            try {
                out.add(neff.subgraph(n).name());
            } catch (NeffException e) {
                throw new CliException(file + ": " + e.getMessage(), Tpb.USAGE);
            }
        }
        return out;
    }

    /** Every stream of the chosen subgraphs and engines, in archive order of subgraphs and def.json order of engines. */
    void forEachStream(List<String> subgraphs, List<String> engines, StreamVisitor visitor) {
        Set<String> only = subgraphs(subgraphs);
        if (engines != null && !engines.isEmpty()) {
            Set<String> known = new LinkedHashSet<>();
            neff.subgraphs().forEach(s -> known.addAll(s.streams().keySet()));
            for (String e : engines) {
                if (!known.contains(e)) {
                    throw new CliException(file + ": no engine " + e + "; there are " + known, Tpb.USAGE);
                }
            }
        }
        try {
            neff.forEachSubgraph(only, (sg, streams) -> {
                for (EngineStream s : streams) {
                    if (engines == null || engines.isEmpty() || engines.contains(s.engine())) {
                        visitor.visit(sg, s);
                    }
                }
            });
        } catch (NeffException e) {
            throw new CliException(file + ": " + e.getMessage());
        }
    }

    /** Every chosen subgraph with all its streams, in archive order. */
    void neffSubgraphs(List<String> subgraphs, tpb.neff.Neff.SubgraphVisitor visitor) {
        Set<String> only = subgraphs(subgraphs);
        try {
            neff.forEachSubgraph(only, visitor);
        } catch (NeffException e) {
            throw new CliException(file + ": " + e.getMessage());
        }
    }

    /** The line that heads a stream in listings and reports. */
    static String title(Subgraph sg, EngineStream s) {
        return sg.name() + " " + s.engine() + " (" + s.path() + ", " + s.stream().count() + " records)";
    }
}
