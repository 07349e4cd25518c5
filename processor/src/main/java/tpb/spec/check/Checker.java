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
            new SyntaxRule(),
            new ArchRule(),
            new ConflictRule(),
            new FeatureRule(),
            new ViewGenerationRule(),
            new StageRule());

    /**
     * Test vectors are checked once the structure is sound: with a broken layout or enum every
     * vector would echo the same mistake as a byte mismatch.
     */
    private static final Rule VECTORS = new ExampleRule();

    /** Coverage is judged on vectors that encode: a broken vector would leave its fields looking unset. */
    private static final Rule COVERAGE = new FieldCoverageRule();

    private Checker() {}

    public static void check(IsaModel model, Diagnostics diags) {
        for (Rule r : RULES) {
            r.check(model, diags);
        }
        if (!diags.hasErrors()) {
            VECTORS.check(model, diags);
        }
        if (!diags.hasErrors()) {
            COVERAGE.check(model, diags);
        }
    }
}
