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
            new TermSyntaxRule(),
            new ArchRule(),
            new ConflictRule(),
            new FeatureRule(),
            new ViewGenerationRule(),
            new StageRule());

    private Checker() {}

    /** Checks a model whose documents are not known: any error then stops the vector and coverage checks. */
    public static void check(IsaModel model, Diagnostics diags) {
        check(model, Documents.of(List.of()), diags);
    }

    /**
     * Every error at once, causes before knock-ons: the structural rules run over the whole model;
     * then the test vectors of each arm whose structure is sound ({@link Soundness}: with a broken
     * layout or enum every vector would echo the same mistake as a byte mismatch); then coverage
     * of each arm whose vectors encode (a broken vector would leave its fields looking unset), and
     * of the shared preamble once no error stands anywhere (it is judged over every arm's vectors).
     */
    public static void check(IsaModel model, Documents documents, Diagnostics diags) {
        for (Rule r : RULES) {
            r.check(model, diags);
        }
        new ExampleRule(Soundness.now(model, documents, diags)::sound).check(model, diags);
        new FieldCoverageRule(Soundness.now(model, documents, diags)::sound, !diags.hasErrors()).check(model, diags);
    }
}
