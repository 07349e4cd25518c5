package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A validation stage: a point in a stream's life (as a compiler writes it, as the runtime has
 * loaded it) and the whole-stream rules the sources place there. Record rules apply at every
 * stage; {@code rules} names the stream rules that apply at this one, in the validator's words.
 */
public record StageDef(String name, String doc, List<String> rules, Source source, Pos pos) {
    public StageDef {
        rules = List.copyOf(rules);
    }
}
