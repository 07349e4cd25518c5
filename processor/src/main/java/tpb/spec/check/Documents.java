package tpb.spec.check;

import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import tpb.spec.Pos;

/**
 * Where each YAML document of the spec starts. A document runs to the next one in its file, so
 * every position, and so every diagnostic, lies in exactly one: the checker asks which documents
 * hold an error to tell a sound arm from one that leans on a broken definition.
 */
public final class Documents {
    private static final Comparator<Pos> IN_FILE = Comparator.comparingInt(Pos::line).thenComparingInt(Pos::column);

    private final Map<String, TreeSet<Pos>> starts = new HashMap<>();

    private Documents(Collection<Pos> starts) {
        for (Pos p : starts) {
            this.starts.computeIfAbsent(p.file(), f -> new TreeSet<>(IN_FILE)).add(p);
        }
    }

    /** The documents starting at {@code starts} (the position of each document's root node). */
    public static Documents of(Collection<Pos> starts) {
        return new Documents(starts);
    }

    /** The start of the document holding {@code p}; null when {@code p} lies before any (or in no loaded file). */
    Pos documentOf(Pos p) {
        TreeSet<Pos> inFile = starts.get(p.file());
        return inFile == null ? null : inFile.floor(p);
    }
}
