package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A contradiction between sources, kept as data: every reading, what real records say when a
 * sample exists ({@code realData}, null when none was checked), and which one the toolkit emits.
 */
public record ConflictDef(String id, List<String> about, List<Reading> readings, String realData, String emitted, Pos pos) {
    public record Reading(String claim, Source source) {}

    public ConflictDef {
        about = List.copyOf(about);
        readings = List.copyOf(readings);
    }
}
