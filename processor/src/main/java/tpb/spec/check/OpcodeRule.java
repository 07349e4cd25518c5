package tpb.spec.check;

import java.util.List;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Names;
import tpb.spec.model.ArmDef;
import tpb.spec.model.IsaModel;

/**
 * One arm per opcode, unless the arms sharing it each carry a select on the same bytes with
 * distinct values and at most one "otherwise" (0xA9 CompareAndBranch / UnconditionalBranch). The
 * opcode itself is u8 or u16, so that a table indexed by opcode value stays small.
 */
final class OpcodeRule implements Rule {
    @Override
    public void check(IsaModel model, Diagnostics diags) {
        model.enumDef(model.record().opcodeEnum()).filter(e -> e.type().width > 2 || e.type().signed).ifPresent(e ->
                diags.error(model.record().pos(), Message.RECORD, "the opcode enum '" + e.name() + "' is " + e.type().specName()
                        + "; an opcode is u8 or u16 (tools keep a table indexed by opcode value)"));
        for (List<ArmDef> arms : model.armsByOpcode().values()) {
            if (arms.size() < 2) {
                continue;
            }
            ArmDef first = arms.get(0);
            ArmDef otherwise = null;
            for (int i = 0; i < arms.size(); i++) {
                ArmDef a = arms.get(i);
                if (a.select() == null) {
                    // the first arm may stand alone; it is at fault only when the others select
                    boolean othersSelect = arms.stream().skip(1).anyMatch(x -> x.select() != null);
                    if (i > 0 || othersSelect) {
                        ArmDef other = i == 0 ? arms.get(1) : first;
                        diags.error(a.pos(), Message.DUPLICATE_OPCODE, Names.hex(a.opcode()), other.name());
                    }
                    continue;
                }
                if (first.select() != null && (a.select().at() != first.select().at() || a.select().type() != first.select().type())) {
                    diags.error(a.select().pos(), Message.SELECT_CONFLICT, a.name(),
                            "arms sharing opcode " + Names.hex(a.opcode()) + " must select on the same bytes as '" + first.name() + "'");
                }
                if (a.select().otherwise()) {
                    if (otherwise != null) {
                        diags.error(a.select().pos(), Message.SELECT_CONFLICT, a.name(), "'" + otherwise.name() + "' is already the 'otherwise' arm");
                    }
                    otherwise = a;
                }
                for (int j = 0; j < i; j++) {
                    ArmDef b = arms.get(j);
                    if (b.select() != null && a.select().equals() != null && a.select().equals().equals(b.select().equals())) {
                        diags.error(a.select().pos(), Message.SELECT_CONFLICT, a.name(),
                                "select value " + a.select().equals() + " is already taken by '" + b.name() + "'");
                    }
                }
            }
        }
    }
}
