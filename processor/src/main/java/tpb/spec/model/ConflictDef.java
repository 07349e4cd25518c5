package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/** A contradiction between sources, kept as data: every reading, and which one the toolkit emits. */
public record ConflictDef(String id, List<String> about, List<Reading> readings, String emitted, Pos pos) {
    public record Reading(String claim, Source source) {}

    public ConflictDef {
        about = List.copyOf(about);
        readings = List.copyOf(readings);
    }
}
