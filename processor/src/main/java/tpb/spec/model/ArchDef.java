package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A generation profile: its legal opcodes (by the enum's since/until, optionally cross-checked
 * against validator bit masks), named constants and address apertures.
 */
public record ArchDef(String name, int generation, List<String> aliases, String opcodeEnum,
        List<String> excludeTags, List<Mask> masks, Source opcodesSource, List<Constant> constants,
        List<Aperture> apertures, Source aperturesSource, List<String> terminators, Source terminatorsSource,
        Source source, Pos pos) {

    /** Bit i set means value {@code base + i} is legal. */
    public record Mask(long base, long bits, Pos pos) {}

    public record Constant(String name, long value, Source source, Pos pos) {}

    public record Aperture(String name, long base, long size, Pos pos) {}

    public ArchDef {
        aliases = List.copyOf(aliases);
        excludeTags = List.copyOf(excludeTags);
        masks = List.copyOf(masks);
        constants = List.copyOf(constants);
        apertures = List.copyOf(apertures);
        terminators = List.copyOf(terminators);
    }
}
