package tpb.spec.model;

import java.util.Locale;

/** Fixed-width integer types of the spec language. */
public enum ScalarType {
    U8(1, false), U16(2, false), U32(4, false), U64(8, false),
    I8(1, true), I16(2, true), I32(4, true), I64(8, true);

    public final int width;
    public final boolean signed;

    ScalarType(int width, boolean signed) {
        this.width = width;
        this.signed = signed;
    }

    public String specName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether {@code v} is a value of this type (unsigned 64-bit takes any bit pattern). */
    public boolean fits(long v) {
        if (width == 8) {
            return true;
        }
        int bits = width * 8;
        return signed ? v >= -(1L << (bits - 1)) && v < (1L << (bits - 1)) : v >= 0 && v < (1L << bits);
    }

    public static ScalarType parse(String s) {
        for (ScalarType t : values()) {
            if (t.specName().equals(s)) {
                return t;
            }
        }
        return null;
    }
}
