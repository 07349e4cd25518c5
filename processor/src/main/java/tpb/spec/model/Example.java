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
            byte[] raw, Pos pos) {
        public static Assignment number(String path, long value, Pos pos) {
            return new Assignment(path, value, null, null, null, null, pos);
        }

        /** An enum value name or a LUT key. */
        public static Assignment symbol(String path, String name, Pos pos) {
            return new Assignment(path, null, name, null, null, null, pos);
        }

        /** The string of a char field. */
        public static Assignment text(String path, String text, Pos pos) {
            return new Assignment(path, null, null, text, null, null, pos);
        }

        /** The elements of an integer array field. */
        public static Assignment numbers(String path, List<Long> numbers, Pos pos) {
            return new Assignment(path, null, null, null, List.copyOf(numbers), null, pos);
        }

        /** The bytes of a bytes field. */
        public static Assignment raw(String path, byte[] raw, Pos pos) {
            return new Assignment(path, null, null, null, null, raw, pos);
        }
    }

    public Example {
        assignments = List.copyOf(assignments);
    }
}
