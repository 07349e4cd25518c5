package tpb.processor.write;

import tpb.spec.model.ScalarType;

/**
 * The javadoc of the generated setters, since a plain setter truncates silently: what a plain setter keeps of a value that does not fit, and the exact setter that
 * refuses one instead.
 */
final class Setters {
    private Setters() {}

    /**
     * A plain setter's: it stores the value's low bits, as a store into a narrower field does;
     * {@code exact} names the setter that refuses a value that does not fit (null: none is
     * needed, every value of the parameter's type fits).
     */
    static String doc(String path, ScalarType t, String exact) {
        String keeps = exact == null
                ? "every value of the parameter's type fits.\n"
                : String.format("a value that does not fit keeps its low %d bits, as a cast would; {@link #%s} refuses it instead.%n",
                        t.width * Byte.SIZE, exact);
        return String.format("Stores {@code value} in {@code %s} (%s, %d byte%s): %s", path, t.specName(), t.width,
                t.width == 1 ? "" : "s", keeps);
    }

    /** An exact setter's. */
    static String exactDoc(String path, ScalarType t) {
        return String.format("Stores {@code value} in {@code %s} (%s) when it fits.%n%n@throws IllegalArgumentException when it does "
                + "not fit %s, naming the field and the value; nothing is stored%n", path, t.specName(), t.specName());
    }
}
