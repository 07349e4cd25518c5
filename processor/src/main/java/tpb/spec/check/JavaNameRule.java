package tpb.spec.check;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Names;
import tpb.spec.Pos;
import tpb.spec.model.ArmDef;
import tpb.spec.model.BitDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;
import tpb.spec.model.LutDef;

/** Spec names that are distinct in YAML must stay distinct as Java names (not_equal vs NOT_EQUAL). */
final class JavaNameRule implements Rule {
    /** Type names the writers generate for every ISA. */
    static final Set<String> GENERATED = Set.of("Arm", "Decoder", "Instruction", "InstructionVisitor", "Validator",
            "RawRecord", "IsaInfo", "Arch", "TestVectors", "Symbols");

    /** Method names the generated records and flyweights define themselves. */
    static final Set<String> MEMBERS = Set.of("builder", "arm", "accept", "toBytes", "encodeTo", "encodeAt", "wrap",
            "buffer", "offset", "reset", "fields", "get", "set");

    @Override
    public void check(IsaModel model, Diagnostics diags) {
        for (EnumDef e : model.enums()) {
            reserved(e.name(), "enum", e.pos(), diags);
            Map<String, EnumValue> seen = new HashMap<>();
            for (EnumValue v : e.values()) {
                EnumValue first = seen.putIfAbsent(Names.upperSnake(v.name()), v);
                if (first != null && !first.name().equals(v.name())) {
                    diags.error(v.pos(), Message.DUPLICATE_NAME, "Java constant of enum " + e.name(), Names.upperSnake(v.name()), first.pos());
                }
            }
        }
        for (LutDef l : model.luts()) {
            reserved(l.name(), "lut", l.pos(), diags);
        }
        for (GroupDef g : model.groups()) {
            reserved(g.name(), "group", g.pos(), diags);
        }
        for (ArmDef a : model.arms()) {
            Map<String, Pos> seen = new HashMap<>();
            for (Leaf l : Layout.arm(model, a)) {
                String n = Names.camelPath(l.path());
                if (MEMBERS.contains(n) || MEMBERS.contains(Names.camel(l.path().split("\\.")[0]))) {
                    diags.error(l.def().pos(), Message.DUPLICATE_NAME, "field", l.path(), "a generated method of the same name");
                }
                unique(seen, n, l.def().pos(), diags);
                if (l.def().enumRef() != null || l.def().lutRef() != null) {
                    unique(seen, n + "Raw", l.def().pos(), diags);
                }
                if (l.def().kind() == FieldDef.Kind.BYTES) {
                    unique(seen, n + "CopyTo", l.def().pos(), diags);
                }
                for (BitDef b : l.def().bits()) {
                    unique(seen, Names.camelPath(l.path() + "." + b.name()), b.pos(), diags);
                }
            }
        }
    }

    private static void unique(Map<String, Pos> seen, String javaName, Pos pos, Diagnostics diags) {
        Pos first = seen.putIfAbsent(javaName, pos);
        if (first != null && !first.equals(pos)) {
            diags.error(pos, Message.DUPLICATE_NAME, "Java accessor", javaName, first);
        }
    }

    private static void reserved(String name, String kind, Pos pos, Diagnostics diags) {
        if (GENERATED.contains(Names.pascal(name))) {
            diags.error(pos, Message.DUPLICATE_NAME, kind, name, "the generated class " + Names.pascal(name));
        }
    }
}
