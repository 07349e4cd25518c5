package tpb.spec.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Names;
import tpb.spec.model.ArchDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.IsaModel;

/**
 * An arch's opcode masks (when given) decode to exactly the opcodes its generation admits, and
 * every arch names the same constants, so tools can ask any profile for any of them.
 */
final class ArchRule implements Rule {
    @Override
    public void check(IsaModel model, Diagnostics diags) {
        ArchDef first = null;
        for (ArchDef a : model.archs()) {
            EnumDef e = model.enumDef(a.opcodeEnum()).orElse(null);
            if (e != null && !a.masks().isEmpty()) {
                Set<Long> fromMasks = new TreeSet<>();
                for (ArchDef.Mask m : a.masks()) {
                    for (int bit = 0; bit < 64; bit++) {
                        if ((m.bits() >>> bit & 1) != 0) {
                            fromMasks.add(m.base() + bit);
                        }
                    }
                }
                Set<Long> fromGen = legal(a, e);
                Set<Long> onlyMasks = new TreeSet<>(fromMasks);
                onlyMasks.removeAll(fromGen);
                Set<Long> onlyGen = new TreeSet<>(fromGen);
                onlyGen.removeAll(fromMasks);
                // the usual cause of "only by generation": a new opcode value without since:, which makes it live in every
                // generation; said at the value's own line, where the fix goes
                for (EnumValue v : e.values()) {
                    if (onlyGen.contains(v.value()) && v.since() == null && v.until() == null) {
                        diags.error(v.pos(), Message.OPCODE_WITHOUT_SINCE, Names.hex(v.value()), v.name(), a.name(), a.masks().get(0).pos());
                        onlyGen.remove(v.value());
                    }
                }
                if (!onlyMasks.isEmpty() || !onlyGen.isEmpty()) {
                    diags.error(a.masks().get(0).pos(), Message.ARCH_MASKS, a.name(),
                            "only in masks " + hex(onlyMasks) + ", only by generation " + hex(onlyGen));
                }
            }
            for (int i = 0; i < a.terminators().size(); i++) {
                String t = a.terminators().get(i);
                if (model.arm(t).isEmpty() && !diags.isLeftOut("arm", t)) {
                    diags.error(a.terminatorPositions().get(i), Message.ARCH_TERMINATOR, a.name(), t, KnockOn.armHint(model, t));
                }
            }
            for (String t : a.noEncoder()) {
                if (model.arm(t).isEmpty() && !diags.isLeftOut("arm", t)) {
                    diags.error(a.pos(), Message.ARCH_NO_ENCODER, a.name(), t, KnockOn.armHint(model, t));
                }
            }
            if (first == null) {
                first = a;
            } else {
                List<String> mine = names(a);
                List<String> theirs = names(first);
                if (!mine.equals(theirs)) {
                    diags.error(a.pos(), Message.ARCH_CONSTANTS, a.name(), mine, first.name(), theirs);
                }
            }
        }
    }

    static Set<Long> legal(ArchDef a, EnumDef e) {
        Set<Long> out = new TreeSet<>();
        for (EnumValue v : e.values()) {
            if (v.livesIn(a.generation()) && v.tags().stream().noneMatch(a.excludeTags()::contains)) {
                out.add(v.value());
            }
        }
        return out;
    }

    private static List<String> names(ArchDef a) {
        List<String> out = new ArrayList<>();
        a.constants().forEach(c -> out.add(c.name()));
        out.sort(null);
        return out;
    }

    private static String hex(Set<Long> s) {
        return s.stream().map(Names::hex).collect(Collectors.joining(", ", "[", "]"));
    }
}
