package tpb.data;

import tpb.isa.DtypeWire;

/**
 * The numpy dtypes the data level reads and writes, with the record dtype tag each one is
 * (numpy's own names; the tags are the spec's {@link DtypeWire}). bfloat16 has no descriptor of
 * numpy's own: ml_dtypes' {@code bfloat16}, the type JAX and PyTorch users hold, is saved by
 * {@code np.save} as {@code '<V2'} (two raw bytes; numpy 2.4 with ml_dtypes, checked), and that is
 * the form read and written here: {@code np.load(f).view(ml_dtypes.bfloat16)} gives the values
 * back, {@code .view(np.uint16)} the bit patterns.
 */
public enum NpyType {
    FLOAT16("<f2", "float16", DtypeWire.FP16, 2),
    FLOAT32("<f4", "float32", DtypeWire.FP32, 4),
    INT8("|i1", "int8", DtypeWire.INT8, 1),
    UINT8("|u1", "uint8", DtypeWire.UINT8, 1),
    INT16("<i2", "int16", DtypeWire.INT16, 2),
    UINT16("<u2", "uint16", DtypeWire.UINT16, 2),
    INT32("<i4", "int32", DtypeWire.INT32, 4),
    UINT32("<u4", "uint32", DtypeWire.UINT32, 4),
    INT64("<i8", "int64", DtypeWire.INT64, 8),
    UINT64("<u8", "uint64", DtypeWire.UINT64, 8),
    BFLOAT16("<V2", "bfloat16", DtypeWire.BFLOAT16, 2);

    private final String descr;
    private final String numpyName;
    private final DtypeWire wire;
    private final int bytes;

    NpyType(String descr, String numpyName, DtypeWire wire, int bytes) {
        this.descr = descr;
        this.numpyName = numpyName;
        this.wire = wire;
        this.bytes = bytes;
    }

    public String descr() {
        return descr;
    }

    public String numpyName() {
        return numpyName;
    }

    public DtypeWire wire() {
        return wire;
    }

    /** numpy's item size (a numpy fact, not an ISA one). */
    public int bytes() {
        return bytes;
    }

    public static NpyType ofDescr(String descr) {
        String d = descr.length() == 3 && descr.charAt(0) == '=' ? "<" + descr.substring(1) : descr;
        if (d.equals("|V2") || d.equals("V2")) {
            d = BFLOAT16.descr; // a void of two bytes has no byte order: numpy writes it '|V2' as often as '<V2'
        }
        for (NpyType t : values()) {
            if (t.descr.equals(d) || (t.bytes == 1 && t.descr.substring(1).equals(d.substring(Math.min(1, d.length()))))) {
                return t;
            }
        }
        throw new NpyException("dtype '" + descr + "' is not supported (supported: " + supported() + ")");
    }

    public static NpyType ofNumpyName(String name) {
        for (NpyType t : values()) {
            if (t.numpyName.equals(name)) {
                return t;
            }
        }
        throw new NpyException("dtype '" + name + "' has no .npy form here (supported: " + supported() + ")");
    }

    private static String supported() {
        StringBuilder s = new StringBuilder();
        for (NpyType t : values()) {
            s.append(s.length() == 0 ? "" : " ").append(t.descr);
        }
        return s.toString();
    }
}
