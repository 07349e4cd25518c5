package tpb.spec.model;

import java.util.List;
import tpb.spec.Pos;

/**
 * A test vector: leaf field values and the exact record bytes the sources say they encode to.
 * Bytes not listed in the spec are zero.
 */
public record Example(String name, String doc, List<Assignment> assignments, byte[] bytes, Pos pos) {

    /**
     * One leaf value. {@code path} is the dotted field path ("events.wait_mode"). Exactly one of
     * the value holders is set: a number, an enum/LUT key name, a string, a number list, raw bytes.
     */
    public record Assignment(String path, Long number, String symbol, String text, List<Long> numbers,
            byte[] raw, Pos pos) {}

    public Example {
        assignments = List.copyOf(assignments);
    }
}
