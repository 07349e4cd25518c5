package tpb.spec.check;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.Syntax;
import tpb.spec.model.ArmDef;
import tpb.spec.model.FieldDef;
import tpb.spec.model.IsaModel;
import tpb.spec.model.Layout;
import tpb.spec.model.Leaf;

/**
 * Syntax lines parse, name fields (or whole groups, written as one bracketed operand) that carry
 * information, and give every arm its own mnemonic,
 * so the disassembler's text always assembles back to the same arm.
 */
final class SyntaxRule implements Rule {
    @Override
    public void check(IsaModel model, Diagnostics diags) {
        Map<String, ArmDef> exact = new HashMap<>();
        Map<String, ArmDef> prefixes = new HashMap<>();
        for (ArmDef a : model.arms()) {
            Syntax syntax;
            try {
                syntax = a.syntax() == null ? Syntax.defaultFor(a.name()) : Syntax.parse(a.syntax());
            } catch (IllegalArgumentException e) {
                diags.error(a.syntaxPos(), Message.SYNTAX, a.name(), e.getMessage());
                continue;
            }
            List<Leaf> leaves = Layout.arm(model, a);
            if (syntax.mnemonicField() != null) {
                Leaf l = Layout.find(leaves, syntax.mnemonicField());
                boolean leftOut = l == null && KnockOn.field(model, a, syntax.mnemonicField(), diags);
                if (!leftOut && (l == null || l.def().enumRef() == null && l.def().lutRef() == null)) {
                    diags.error(a.syntaxPos(), Message.SYNTAX, a.name(), "the mnemonic placeholder {" + syntax.mnemonicField()
                            + "} must name an enum or LUT field");
                }
            }
            for (String operand : syntax.operands()) {
                List<String> parts = Syntax.parts(operand);
                for (String op : parts) {
                    operand(model, diags, a, leaves, op, parts.size() > 1);
                }
            }
            syntax.implied().forEach((name, value) -> implied(diags, a, leaves, syntax, name, value));
            String key = syntax.prefix();
            ArmDef clash = syntax.mnemonicField() == null ? exact.get(key) : prefixes.get(key);
            if (clash == null) {
                for (Map.Entry<String, ArmDef> p : (syntax.mnemonicField() == null ? prefixes : exact).entrySet()) {
                    if (syntax.mnemonicField() == null ? key.startsWith(p.getKey()) : p.getKey().startsWith(key)) {
                        clash = p.getValue();
                    }
                }
            }
            if (clash != null) {
                diags.error(a.syntaxPos(), Message.SYNTAX, a.name(), "mnemonic '" + syntax.template() + "' is ambiguous with arm '" + clash.name()
                        + "' (" + clash.syntaxPos().file() + ":" + clash.syntaxPos().line() + ")");
            } else {
                (syntax.mnemonicField() == null ? exact : prefixes).put(key, a);
            }
        }
    }

    /**
     * An implied value ({@code name=value} ending the line): a plain number field the line does not
     * already name (no enum or LUT, not an array, not fixed), and a value its width holds.
     */
    private static void implied(Diagnostics diags, ArmDef a, List<Leaf> leaves, Syntax syntax, String name, long value) {
        Leaf l = Layout.find(leaves, name);
        if (l == null) {
            diags.error(a.syntaxPos(), Message.SYNTAX, a.name(), "implied value of '" + name + "' names no field");
            return;
        }
        FieldDef f = l.def();
        if (f.kind() != FieldDef.Kind.SCALAR || f.count() > 1 || f.enumRef() != null || f.lutRef() != null || f.isConst() || f.reserved()
                || !f.bits().isEmpty() || name.equals(syntax.mnemonicField()) || syntax.covers(name)) {
            diags.error(a.syntaxPos(), Message.SYNTAX, a.name(), "implied value of '" + name
                    + "': only a plain number field that no operand names can have one");
            return;
        }
        if (!f.scalar().fits(value)) {
            diags.error(a.syntaxPos(), Message.SYNTAX, a.name(), "implied value " + name + "=" + value + " does not fit its " + f.scalar().specName());
        }
    }

    /**
     * One operand, or one part of a bracket operand ({@code inBracket}: an array may be a part,
     * as it is a member of a group operand).
     */
    private static void operand(IsaModel model, Diagnostics diags, ArmDef a, List<Leaf> leaves, String op, boolean inBracket) {
        Leaf l = Layout.find(leaves, op);
        List<Leaf> members = Layout.members(leaves, op);
        if (l == null && members.isEmpty() && (KnockOn.field(model, a, op, diags) || KnockOn.groupLostAField(model, a, op, diags))) {
            return; // the field, or the group's fields, were left out after an error: that error is the cause
        } else if (l == null && members.isEmpty()) {
            diags.error(a.syntaxPos(), Message.SYNTAX, a.name(), "operand {" + op + "} names no field");
        } else if (l == null) {
            if (members.stream().anyMatch(m -> m.def().isConst() || m.def().reserved())) {
                diags.error(a.syntaxPos(), Message.SYNTAX, a.name(), "operand {" + op + "} is a group with fixed fields; it cannot be an operand");
            }
        } else if (l.def().isConst() || l.def().reserved() || ExampleEncoder.isOpcode(model, l)
                || l.def().kind() == FieldDef.Kind.SCALAR && l.def().count() > 1 && !inBracket) {
            diags.error(a.syntaxPos(), Message.SYNTAX, a.name(), "operand {" + op + "} is fixed or an array; it cannot be an operand");
        }
    }
}
