package tpb.spec.check;

import java.util.List;
import tpb.spec.Diagnostics;
import tpb.spec.model.IsaModel;

/** Runs every rule over a built model; the processor generates nothing while any error stands. */
public final class Checker {
    private static final List<Rule> RULES = List.of(
            new EnumRule(),
            new LutRule(),
            new LayoutRule(),
            new OpcodeRule(),
            new JavaNameRule(),
            new ExampleRule(),
            new ArchRule(),
            new ConflictRule());

    private Checker() {}

    public static void check(IsaModel model, Diagnostics diags) {
        for (Rule r : RULES) {
            r.check(model, diags);
        }
    }
}
