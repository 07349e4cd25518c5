package tpb.codec;

import java.util.function.BiFunction;

/**
 * A spec example as generated code: the typed value built from the example's fields, the exact
 * bytes the sources give, and the decoder of the arm (or view) it belongs to.
 */
public record TestVector(String arm, String view, String name, Encodable value, byte[] bytes,
        BiFunction<byte[], Integer, ? extends Encodable> decoder) {
    public String id() {
        return view == null ? arm + "/" + name : arm + "." + view + "/" + name;
    }
}
