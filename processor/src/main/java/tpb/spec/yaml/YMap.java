package tpb.spec.yaml;

import java.util.List;
import tpb.spec.Pos;

/** A mapping in source order; keys are unique (the reader reports duplicates before building it). */
public record YMap(Pos pos, List<Entry> entries) implements YNode {
    public record Entry(String key, Pos keyPos, YNode value) {}

    public YMap {
        entries = List.copyOf(entries);
    }

    public YNode get(String key) {
        for (Entry e : entries) {
            if (e.key().equals(key)) {
                return e.value();
            }
        }
        return null;
    }

    public boolean has(String key) {
        return get(key) != null;
    }

    @Override
    public String kindName() {
        return "a mapping";
    }
}
