package tpb.spec.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The resolved, immutable spec of one ISA: what the checker checks and the writers write. */
public record IsaModel(String name, String title, Source source, RecordShape record, List<EnumDef> enums,
        List<LutDef> luts, List<GroupDef> groups, List<ArmDef> arms, List<ArchDef> archs,
        List<ConflictDef> conflicts, List<FeatureDef> features, List<StageDef> stages, List<String> files) {

    /** A model without validation stages. */
    public IsaModel(String name, String title, Source source, RecordShape record, List<EnumDef> enums, List<LutDef> luts,
            List<GroupDef> groups, List<ArmDef> arms, List<ArchDef> archs, List<ConflictDef> conflicts, List<FeatureDef> features,
            List<String> files) {
        this(name, title, source, record, enums, luts, groups, arms, archs, conflicts, features, List.of(), files);
    }

    public IsaModel {
        enums = List.copyOf(enums);
        luts = List.copyOf(luts);
        groups = List.copyOf(groups);
        arms = List.copyOf(arms);
        archs = List.copyOf(archs);
        conflicts = List.copyOf(conflicts);
        features = List.copyOf(features);
        stages = List.copyOf(stages);
        files = List.copyOf(files);
    }

    public Optional<EnumDef> enumDef(String n) {
        return enums.stream().filter(e -> e.name().equals(n)).findFirst();
    }

    public Optional<LutDef> lut(String n) {
        return luts.stream().filter(e -> e.name().equals(n)).findFirst();
    }

    public Optional<GroupDef> group(String n) {
        return groups.stream().filter(e -> e.name().equals(n)).findFirst();
    }

    public Optional<ArmDef> arm(String n) {
        return arms.stream().filter(e -> e.name().equals(n)).findFirst();
    }

    /**
     * The arms grouped by opcode value, groups in the order of their first arm and arms in spec
     * order within a group: one arm per opcode, or several told apart by a {@link Select}.
     */
    public Map<Long, List<ArmDef>> armsByOpcode() {
        Map<Long, List<ArmDef>> out = new LinkedHashMap<>();
        for (ArmDef a : arms) {
            out.computeIfAbsent(a.opcode(), k -> new ArrayList<>()).add(a);
        }
        out.replaceAll((k, v) -> List.copyOf(v));
        return Collections.unmodifiableMap(out);
    }

    public EnumDef opcodeEnum() {
        return enumDef(record.opcodeEnum()).orElseThrow();
    }

    /** The enum that plays {@code role} ({@code role: engine} on the enum document), if any. */
    public Optional<EnumDef> enumWithRole(EnumDef.Role role) {
        return enums.stream().filter(e -> e.role() == role).findFirst();
    }

    /** The opcode field's width in bytes: the type of the record's {@code opcode.enum} (u8 or u16, checked). */
    public int opcodeWidth() {
        return opcodeEnum().type().width;
    }

    /** How many values the opcode field can hold, 2^(8 x width): the length of a table indexed by opcode. */
    public int opcodeValues() {
        return 1 << (8 * Math.min(opcodeWidth(), 2));
    }
}
