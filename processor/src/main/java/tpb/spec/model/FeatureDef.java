package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A module feature attribute: set for the module when a record of arm {@code setByArm} has a
 * non-zero {@code setByField}, needed by every record of the {@code requiredBy} arms, and cleared
 * again by every record of the {@code clearedBy} arms — the way the compiler gates an opcode on
 * what the module declares, kept as data. Records are taken in order: a requirement is checked
 * before the record's own clear and set.
 */
public record FeatureDef(String name, String doc, Source source, String setByArm, String setByField, Source setBySource,
        List<Requirement> requiredBy, List<Clear> clearedBy, Pos pos, Pos setByArmPos, Pos setByFieldPos) {
    /** An arm that is legal only when the feature is set; {@code message} is what the sources say happens otherwise. */
    public record Requirement(String arm, String message, Source source, Pos pos) {}

    /** An arm whose record clears the feature (after its own requirement, if any, is checked). */
    public record Clear(String arm, Source source, Pos pos) {}

    public FeatureDef {
        requiredBy = List.copyOf(requiredBy);
        clearedBy = List.copyOf(clearedBy);
    }
}
