package tpb.spec.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tpb.spec.Pos;

/**
 * A generation profile: its legal opcodes (by the enum's since/until, optionally cross-checked
 * against validator bit masks), named constants and address apertures.
 *
 * @param aliases the compiler's input aliases of the generation
 * @param names   the generation's other names by kind (internal, runtime, marketed), in order
 * @param noEncoder arms the generation's compiler has no encoder for (CoreBarrier before and after
 *                gen3, seed000 §6), though the opcode may be legal in its header enum
 */
public record ArchDef(String name, int generation, List<String> aliases, Map<String, String> names, String opcodeEnum,
        List<String> excludeTags, List<Mask> masks, Source opcodesSource, List<Constant> constants,
        List<Aperture> apertures, Source aperturesSource, List<String> terminators, Source terminatorsSource,
        List<String> noEncoder, Source noEncoderSource, Source source, Pos pos, List<Pos> terminatorPositions) {

    /** Bit i set means value {@code base + i} is legal. */
    public record Mask(long base, long bits, Pos pos) {}

    public record Constant(String name, long value, Source source, Pos pos) {}

    public record Aperture(String name, long base, long size, Pos pos) {}

    /** Every name the profile answers to: the aliases, then the other names, each once (ignoring case). */
    public List<String> knownNames() {
        Map<String, String> all = new LinkedHashMap<>();
        aliases.forEach(n -> all.putIfAbsent(n.toLowerCase(Locale.ROOT), n));
        names.values().forEach(n -> all.putIfAbsent(n.toLowerCase(Locale.ROOT), n));
        return List.copyOf(all.values());
    }

    public ArchDef {
        aliases = List.copyOf(aliases);
        names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
        excludeTags = List.copyOf(excludeTags);
        masks = List.copyOf(masks);
        constants = List.copyOf(constants);
        apertures = List.copyOf(apertures);
        terminators = List.copyOf(terminators);
        noEncoder = List.copyOf(noEncoder);
    }
}

