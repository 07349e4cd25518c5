package tpb.spec.load;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tpb.spec.model.ArmDef;
import tpb.spec.model.Confidence;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.FieldDef;
import tpb.spec.model.RecordShape;
import tpb.spec.model.Source;

/**
 * {@code unlisted_opcodes: opaque}: every opcode without an arm still decodes, as the preamble
 * plus an opaque payload (an ASSUMED layout).
 */
final class OpaqueArms {
    private OpaqueArms() {}

    static void add(ResolveContext ctx, RecordShape record, List<ArmDef> arms) {
        EnumDef opEnum = ctx.enums.get(record.opcodeEnum());
        if (opEnum == null) {
            return;
        }
        int preambleEnd = record.preamble().stream().mapToInt(FieldDef::end).max().orElse(record.opcodeAt() + opEnum.type().width);
        Set<Long> taken = new HashSet<>();
        for (ArmDef a : arms) {
            taken.add(a.opcode());
        }
        Source payloadSource = new Source("no layout in the sources: preamble plus an opaque payload", Confidence.ASSUMED,
                record.pos());
        for (EnumValue v : opEnum.values()) {
            // an arm named as the value but left out after an error is that error's, not a second definition
            if (taken.contains(v.value()) || ctx.diags.isLeftOut("arm", v.name()) || !ctx.index.unique("arm", v.name(), v.pos())) {
                continue;
            }
            FieldDef payload = FieldDef.bytes("payload", preambleEnd, record.size() - preambleEnd, "opaque payload",
                    payloadSource, v.pos());
            arms.add(ArmDef.opaque(v.name(), v.value(), List.of(payload), v.doc(), v.source(), v.pos()));
        }
    }
}
