package tpb.spec.check;

import tpb.spec.Diagnostics;
import tpb.spec.Message;
import tpb.spec.model.ArmDef;
import tpb.spec.model.EnumDef;
import tpb.spec.model.EnumValue;
import tpb.spec.model.FieldDef;
import tpb.spec.model.GroupDef;
import tpb.spec.model.IsaModel;

/**
 * An enum value's {@code syntax:} template is one word the assembler can find and read back: it
 * starts with '$', has no blank or ',', names the term's index as {@code {index}} and its value, if
 * any, as {@code {value}}, and no other placeholder. A group's {@code terms:} mode enum must give
 * at least one value a template (else the term could never be written).
 */
final class TermSyntaxRule implements Rule {
    @Override
    public void check(IsaModel model, Diagnostics diags) {
        for (EnumDef e : model.enums()) {
            for (EnumValue v : e.values()) {
                if (v.syntax() != null) {
                    String problem = problem(v.syntax());
                    if (problem != null) {
                        diags.error(v.pos(), Message.VALUE_SYNTAX, e.name(), v.name(), problem);
                    }
                }
            }
        }
        for (ArmDef a : model.arms()) {
            for (GroupDef.Term t : a.terms()) {
                String problem = problem(t.syntax());
                if (problem != null) {
                    diags.error(t.pos(), Message.ARM_TERM, a.name(), problem);
                }
            }
        }
        for (GroupDef g : model.groups()) {
            for (GroupDef.Term t : g.terms()) {
                FieldDef mode = g.fields().stream().filter(f -> f.name().equals(t.mode())).findFirst().orElseThrow();
                EnumDef e = model.enums().stream().filter(x -> x.name().equals(mode.enumRef())).findFirst().orElse(null);
                if (e != null && e.values().stream().noneMatch(v -> v.syntax() != null)) {
                    diags.error(t.pos(), Message.TERM, g.name(), "no value of " + e.name() + " has a syntax: template");
                }
            }
        }
    }

    /** Why {@code template} is no term the assembler can read, or null. */
    static String problem(String template) {
        if (!template.startsWith("$")) {
            return "'" + template + "' must start with '$'";
        }
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (Character.isWhitespace(c) || c == ',' || c == '"') {
                return "'" + template + "' must be one word: no blank, ',' or '\"'";
            }
        }
        String rest = template.replace("{index}", "").replace("{value}", "");
        if (!template.contains("{index}")) {
            return "'" + template + "' must name the index as {index}";
        }
        if (rest.contains("{") || rest.contains("}")) {
            return "'" + template + "' has a placeholder other than {index} and {value}";
        }
        if (template.indexOf("{index}") != template.lastIndexOf("{index}") || template.indexOf("{value}") != template.lastIndexOf("{value}")) {
            return "'" + template + "' names a placeholder twice";
        }
        return null;
    }
}
