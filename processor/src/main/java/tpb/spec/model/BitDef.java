package tpb.spec.model;

import tpb.spec.Pos;

/**
 * A named run of bits inside a scalar field (ADDR4's marker bits, say).
 *
 * @param enumRef the enum that names the run's values (DTYPE_PAIR's nibbles: DtypeWire), or null;
 *                it names them for tools and restricts nothing (a guard does that)
 */
public record BitDef(String name, int lsb, int width, String enumRef, String doc, Source source, Pos pos) {
    /** A run whose values no enum names. */
    public BitDef(String name, int lsb, int width, String doc, Source source, Pos pos) {
        this(name, lsb, width, null, doc, source, pos);
    }

    public long mask() {
        return (width == 64 ? -1L : (1L << width) - 1) << lsb;
    }
}
