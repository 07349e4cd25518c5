package tpb.doc;

import java.util.List;
import tpb.spec.model.ConflictDef;

/** A contradiction between sources as the arm pages and the assumptions page show it (partial {@code conflict}). */
record Conflict(String id, List<Reading> readings, String realData, String emitted) {
    record Reading(String claim, Src source) {}

    static Conflict of(ConflictDef c) {
        return new Conflict(c.id(), c.readings().stream().map(r -> new Reading(r.claim(), Src.of(r.source()))).toList(), c.realData(),
                c.emitted());
    }
}
