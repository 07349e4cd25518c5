package tpb.data;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import tpb.isa.DtypeWire;
import tpb.isa.DtypeWireBytes;

/**
 * Elements of a record dtype in little-endian bytes, read as and written from {@code double}
 * (which holds every fp32, fp16, bf16 and 32-bit integer value exactly). Sizes come from the
 * spec's {@link DtypeWireBytes}; a dtype without a value model here (FP32R, the fp8 and 64-bit
 * tags, FP4, CPTC) is a fault naming it.
 */
public final class Elements {
    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle F32 = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);

    private Elements() {
    }

    /** Bytes per element, from the spec; a fault for a tag with no stated size. */
    public static int size(DtypeWire t) {
        if (t == null || !DtypeWireBytes.encodes(t)) {
            throw new DataFault("dtype " + (t == null ? "(unknown tag)" : t.specName()) + " has no element size in the spec");
        }
        return DtypeWireBytes.encode(t);
    }

    /** Whether this class has a value model for {@code t}. */
    public static boolean hasValues(DtypeWire t) {
        return switch (t) {
            case FP32, FP16, BFLOAT16, INT32, UINT32, INT16, UINT16, INT8, UINT8 -> true;
            default -> false;
        };
    }

    public static double read(byte[] b, int at, DtypeWire t) {
        return switch (t) {
            case FP32 -> (float) F32.get(b, at);
            case FP16 -> Fp16.toFloat((short) I16.get(b, at));
            case BFLOAT16 -> Bf16.toFloat((short) I16.get(b, at));
            case INT32 -> (int) I32.get(b, at);
            case UINT32 -> Integer.toUnsignedLong((int) I32.get(b, at));
            case INT16 -> (short) I16.get(b, at);
            case UINT16 -> Short.toUnsignedInt((short) I16.get(b, at));
            case INT8 -> b[at];
            case UINT8 -> b[at] & 0xFF;
            default -> throw noValues(t);
        };
    }

    /**
     * Writes {@code v} as a {@code t}: float dtypes round to nearest even (through fp32 first for
     * fp16/bf16, exact when {@code v} is an fp32 value); integer dtypes take an integral value in
     * range and fault otherwise (the sources give no float-to-integer rounding or saturation).
     */
    public static void write(byte[] b, int at, DtypeWire t, double v) {
        switch (t) {
            case FP32 -> F32.set(b, at, (float) v);
            case FP16 -> I16.set(b, at, Fp16.fromFloat((float) v));
            case BFLOAT16 -> I16.set(b, at, Bf16.fromFloat((float) v));
            case INT32 -> I32.set(b, at, (int) integral(v, Integer.MIN_VALUE, Integer.MAX_VALUE, t));
            case UINT32 -> I32.set(b, at, (int) integral(v, 0, 0xFFFFFFFFL, t));
            case INT16 -> I16.set(b, at, (short) integral(v, Short.MIN_VALUE, Short.MAX_VALUE, t));
            case UINT16 -> I16.set(b, at, (short) integral(v, 0, 0xFFFF, t));
            case INT8 -> b[at] = (byte) integral(v, Byte.MIN_VALUE, Byte.MAX_VALUE, t);
            case UINT8 -> b[at] = (byte) integral(v, 0, 0xFF, t);
            default -> throw noValues(t);
        }
    }

    private static long integral(double v, long min, long max, DtypeWire t) {
        if (v != Math.rint(v) || v < min || v > max) {
            throw new DataFault("value " + v + " does not fit " + t.specName()
                    + " exactly (no float-to-integer rounding or saturation is modelled)");
        }
        return (long) v;
    }

    private static DataFault noValues(DtypeWire t) {
        return new DataFault("dtype " + t.specName() + " has no value semantics at the data level");
    }

    /** Whether {@code t} is a signed integer dtype (two's complement). */
    public static boolean isSigned(DtypeWire t) {
        return t == DtypeWire.INT32 || t == DtypeWire.INT16 || t == DtypeWire.INT8;
    }

    /** The element's bits as an unsigned number, {@code size(t)} bytes little-endian: an integer dtype's bit pattern. */
    public static long bits(byte[] b, int at, DtypeWire t) {
        long v = 0;
        for (int i = size(t) - 1; i >= 0; i--) {
            v = v << 8 | (b[at + i] & 0xFF);
        }
        return v;
    }

    /** Writes the low {@code size(t)} bytes of {@code bits}, little-endian: a bit pattern, whatever the dtype. */
    public static void putBits(byte[] b, int at, DtypeWire t, long bits) {
        for (int i = 0; i < size(t); i++) {
            b[at + i] = (byte) (bits >>> (8 * i));
        }
    }

    public static boolean isFloat(DtypeWire t) {
        return t == DtypeWire.FP32 || t == DtypeWire.FP16 || t == DtypeWire.BFLOAT16;
    }
}
