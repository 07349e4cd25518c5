package tpb.spec.model;

import tpb.spec.Pos;

/** A named run of bits inside a scalar field (ADDR4's marker bits, say). */
public record BitDef(String name, int lsb, int width, String doc, Source source, Pos pos) {
    public long mask() {
        return (width == 64 ? -1L : (1L << width) - 1) << lsb;
    }
}
