package tpb.cli;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import tpb.isa.Arch;
import tpb.neff.Neff;
import tpb.neff.NeffException;
import tpb.neff.NeffHeader;
import tpb.neff.NeffLimits;
import tpb.neff.SafeName;
import tpb.neff.Subgraph;

/**
 * A {@code .neff} wherever a command takes a stream: opened and checked up front (so a damaged
 * file fails before any output), then its engine streams handed over by name, subgraph by
 * subgraph, filtered by {@code --subgraph} and {@code --engine}.
 */
final class NeffInput {
    /** The input as reports name it: the path given, or {@code <stdin>}. */
    final String file;
    final Neff neff;
    /** Where the NEFF's bytes are: the file given, or stdin's copy (deleted when tpb exits). */
    final Path path;

    private NeffInput(String file, Neff neff, Path path) {
        this.file = file;
        this.neff = neff;
        this.path = path;
    }

    /** A {@code .neff} file, or stdin ({@code -}) that starts with a NEFF header ({@link NeffHeader#starts}; peeked, not consumed). */
    static boolean is(String file) {
        if (file.equals("-")) {
            if (!Inputs.stdin.markSupported()) {
                Inputs.stdin = new BufferedInputStream(Inputs.stdin);
            }
            try {
                Inputs.stdin.mark(NeffHeader.MAGIC_BYTES);
                byte[] head = Inputs.stdin.readNBytes(NeffHeader.MAGIC_BYTES);
                Inputs.stdin.reset();
                return NeffHeader.starts(head);
            } catch (IOException e) {
                throw new CliException("<stdin>: cannot read: " + Output.reason(e));
            }
        }
        return file.toLowerCase(Locale.ROOT).endsWith(".neff");
    }

    /**
     * Opens and checks the NEFF. Stdin is copied to a temporary file first (deleted when tpb
     * exits): reading a NEFF takes two passes over its archive, and a file keeps memory bounded.
     */
    static NeffInput open(String file) {
        return open(file, NeffLimits.DEFAULT);
    }

    /** As {@link #open(String)}, within {@code limits} ({@code --max-entry-size}, {@code --max-inflated-size}). */
    static NeffInput open(String file, NeffLimits limits) {
        String name = file.equals("-") ? "<stdin>" : file;
        try {
            if (file.equals("-")) {
                Path spool = Files.createTempFile("tpb-stdin-", ".neff");
                spool.toFile().deleteOnExit();
                try (OutputStream out = Files.newOutputStream(spool)) {
                    Inputs.stdin.transferTo(out);
                }
                return new NeffInput(name, Neff.open(spool, limits), spool);
            }
            return new NeffInput(name, Neff.open(Path.of(file), limits), Path.of(file));
        } catch (NeffException e) {
            throw new CliException(name + ": " + e.getMessage());
        } catch (IOException e) {
            throw new CliException(name + ": cannot read: " + Output.reason(e));
        }
    }

    /** Refuses an output path that is this NEFF itself (written over, it would be lost), by the one output rule: {@code option} names the flag. */
    void refuseAsOutput(String option, String target) {
        if (file.equals("<stdin>")) {
            return; // stdin's copy is no file of the user's
        }
        OutputRule.check(List.of(new OutputRule.Use("the NEFF", file)), java.util.Arrays.asList(new OutputRule.Use(option, target)));
    }

    /** One engine stream as the archive delivers it (memory does not grow with it). */
    interface StreamDataVisitor {
        void visit(Subgraph subgraph, String engine, String path, long records, InputStream data) throws IOException;
    }

    /** Every stream of the chosen subgraphs and engines ({@code --subgraph}, {@code --engine}), its records read as the archive passes (archive order), never held whole. */
    void forEachStreamData(List<String> subgraphs, List<String> engines, StreamDataVisitor visitor) {
        Set<String> only = subgraphs(subgraphs);
        checkEngines(engines);
        try {
            neff.forEachStreamEntry(only, (sg, engine, path, records, data) -> {
                if (engines == null || engines.isEmpty() || engines.contains(engine)) {
                    visitor.visit(sg, engine, path, records, data);
                }
            });
        } catch (NeffException e) {
            throw new CliException(file + ": " + e.getMessage());
        }
    }

    /** Every regular file of the archive in archive order; an archive problem is a CliException naming the NEFF. */
    void forEachEntry(Neff.EntryVisitor visitor) {
        try {
            neff.forEachEntry(visitor);
        } catch (NeffException e) {
            throw new CliException(file + ": " + e.getMessage());
        }
    }

    /** The arch profile the NEFF's kelf target names ({@code cayman} -> CAYMAN, through the profile's aliases). */
    Arch arch() {
        Arch a = Arch.byName(neff.target());
        if (a == null) {
            throw new CliException(file + ": target " + SafeName.quoted(neff.target()) + " is no arch profile of the spec");
        }
        return a;
    }

    /** The subgraphs {@code --subgraph} names (all when null), checked to exist. */
    Set<String> subgraphs(List<String> names) {
        if (names == null) {
            return null;
        }
        // '--subgraph ,' splits to no name (which would run every subgraph), '--subgraph ""' names none: both one line
        refuseEmptyNames(names, neff.subgraphs().stream().map(tpb.neff.Subgraph::name).toList());
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

    /**
     * The arch a NEFF is read as: its own target's, or {@code --arch}'s when given; a given arch
     * other than the target's is said once on {@code err}, since every layout and rule then follows
     * it (--arch sunda on a cayman NEFF reads every record otherwise).
     */
    Arch archFor(String given, java.io.PrintWriter err) {
        if (given == null) {
            return arch();
        }
        Arch a = Inputs.arch(given);
        Arch own = Arch.byName(neff.target());
        if (own != a) {
            err.println("note: " + file + " targets " + SafeName.printable(neff.target()) + (own == null ? "" : " (" + own.name() + ")")
                    + "; read as " + a.name() + " because --arch " + given + " says so");
            err.flush();
        }
        return a;
    }

    /** An empty --subgraph name (or a list of none) is a usage error naming the subgraphs there are. */
    static void refuseEmptyNames(List<String> names, List<String> known) {
        if (names != null && (names.isEmpty() || names.stream().anyMatch(String::isBlank))) {
            throw new CliException("--subgraph: an empty subgraph name; give names like sg00 or sg00,sg01 (subgraphs: " + String.join(", ", known)
                    + ")", Tpb.USAGE);
        }
    }

    private void checkEngines(List<String> engines) {
        if (engines != null && !engines.isEmpty()) {
            Set<String> known = new LinkedHashSet<>();
            neff.subgraphs().forEach(s -> known.addAll(s.streams().keySet()));
            for (String e : engines) {
                if (!known.contains(e)) {
                    throw new CliException(file + ": no engine " + e + "; there are " + known, Tpb.USAGE);
                }
            }
        }
    }

    /** Every chosen subgraph with all its streams, in archive order. */
    void neffSubgraphs(List<String> subgraphs, Neff.SubgraphVisitor visitor) {
        Set<String> only = subgraphs(subgraphs);
        try {
            neff.forEachSubgraph(only, visitor);
        } catch (NeffException e) {
            throw new CliException(file + ": " + e.getMessage());
        }
    }

    /** The line that heads a stream in listings and reports. */
    static String title(Subgraph sg, String engine, String path, long records) {
        return sg.name() + " " + engine + " (" + path + ", " + records + " records)";
    }

    /**
     * A NEFF listing's stream heading as {@code tpb disasm FILE.neff} writes it ({@code ; } then
     * {@link #title} then {@code , ARCH layouts}): group 1 the subgraph, 2 the engine.
     */
    static final java.util.regex.Pattern TITLE_LINE = java.util.regex.Pattern.compile("; (\\S+) (\\S+) \\(.*, \\d+ records\\), \\S+ layouts\\s*");
}
