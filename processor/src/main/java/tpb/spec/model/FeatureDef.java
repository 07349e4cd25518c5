package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A module feature attribute: set for the whole module when a record of arm {@code setByArm} has
 * a non-zero {@code setByField}, and needed by every record of the {@code requiredBy} arms — the
 * way the runtime gates an opcode on what the module declares, kept as data.
 */
public record FeatureDef(String name, String doc, Source source, String setByArm, String setByField, Source setBySource,
        List<Requirement> requiredBy, Pos pos) {
    /** An arm that is legal only when the feature is set; {@code message} is what the sources say happens otherwise. */
    public record Requirement(String arm, String message, Source source, Pos pos) {}

    public FeatureDef {
        requiredBy = List.copyOf(requiredBy);
    }
}
