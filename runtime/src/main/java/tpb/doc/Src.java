package tpb.doc;

import java.util.Map;
import tpb.spec.model.Confidence;
import tpb.spec.model.Source;

/**
 * A source as the pages show it: its reference and a badge in its confidence's colour (partials
 * {@code source} and {@code badge}). {@code ref} is null for a badge alone.
 */
record Src(String ref, Confidence confidence) {
    /** The badge colours, also the fill of the layout's field boxes (DocScreenshotTest counts them). */
    static final Map<Confidence, String> COLOURS = Map.of(
            Confidence.CONFIRMED, "#2e7d32", Confidence.STRONG, "#1565c0", Confidence.INFERRED, "#f9a825",
            Confidence.SPECULATIVE, "#ef6c00", Confidence.ASSUMED, "#c62828");

    static Src of(Source s) {
        return new Src(s.ref(), s.confidence());
    }

    static Src badge(Confidence c) {
        return new Src(null, c);
    }

    public String colour() {
        return COLOURS.get(confidence);
    }
}
