package tpb.sim;

import tpb.isa.AluOpType;
import tpb.isa.BranchCompareOp;
import tpb.isa.DtypeWire;

/**
 * The SP's scalar semantics, shared by the IR and the record-stream simulators so that comparing
 * them checks the compiler, not two readings of an op. What the sources fix (facts §7.1, §7.2):
 * dst = src0 op src1 at 32 or 64 bits; the per-op functors; compares at the LHS dtype's width.
 * What they leave open is chosen here, ASSUMED, and written down in docs/sp-simulator.md: wrap-around
 * arithmetic; signedness from the dtype (INT* signed, UINT* and others unsigned); shift amounts
 * masked to the width; divide and mod by zero fault; pow is integer power with wrap-around;
 * rsqrt of an integer truncates 1/sqrt (1 for 1, 0 above, a fault for 0 or negative); abs wraps.
 */
public final class Semantics {
    private Semantics() {}

    static boolean signed(DtypeWire d) {
        return d == DtypeWire.INT32 || d == DtypeWire.INT64 || d == DtypeWire.INT16 || d == DtypeWire.INT8;
    }

    /** The value of a 32-bit register as the dtype reads it. */
    static long widen32(long v, boolean signed) {
        return signed ? (int) v : v & 0xFFFF_FFFFL;
    }

    public static long alu(AluOpType op, boolean is64, DtypeWire dtype, long a, long b) {
        boolean s = signed(dtype);
        if (!is64) {
            a = widen32(a, s);
            b = widen32(b, s);
        }
        int bits = is64 ? 64 : 32;
        int sh = (int) (b & (bits - 1));
        long r;
        switch (op) {
            case BYPASS -> r = a;
            case BITWISE_NOT -> r = ~a;
            case ARITH_SHIFT_LEFT, LOGICAL_SHIFT_LEFT -> r = a << sh;
            case ARITH_SHIFT_RIGHT -> r = is64 ? a >> sh : ((int) a) >> sh;
            case LOGICAL_SHIFT_RIGHT -> r = is64 ? a >>> sh : (a & 0xFFFF_FFFFL) >>> sh;
            case ADD -> r = a + b;
            case SUBTRACT -> r = a - b;
            case MULT -> r = a * b;
            case DIVIDE -> {
                if (b == 0) {
                    throw new SimFault("divide by zero");
                }
                r = s || !is64 ? a / b : Long.divideUnsigned(a, b);
            }
            case MOD -> {
                if (b == 0) {
                    throw new SimFault("mod by zero");
                }
                r = s || !is64 ? a % b : Long.remainderUnsigned(a, b);
            }
            case MAX -> r = less(a, b, s, is64) ? b : a;
            case MIN -> r = less(a, b, s, is64) ? a : b;
            case BITWISE_AND -> r = a & b;
            case BITWISE_OR -> r = a | b;
            case BITWISE_XOR -> r = a ^ b;
            case LOGICAL_AND -> r = (a != 0 && b != 0) ? 1 : 0;
            case LOGICAL_OR -> r = (a != 0 || b != 0) ? 1 : 0;
            case LOGICAL_XOR -> r = ((a != 0) ^ (b != 0)) ? 1 : 0;
            case IS_EQUAL -> r = a == b ? 1 : 0;
            case NOT_EQUAL -> r = a != b ? 1 : 0;
            case IS_GT -> r = less(b, a, s, is64) ? 1 : 0;
            case IS_GE -> r = !less(a, b, s, is64) ? 1 : 0;
            case IS_LT -> r = less(a, b, s, is64) ? 1 : 0;
            case IS_LE -> r = !less(b, a, s, is64) ? 1 : 0;
            case POW -> {
                long acc = 1;
                long base = a;
                long e = b;
                for (int i = 0; i < Long.SIZE && e != 0; i++) { // square-and-multiply over the exponent's bits
                    if ((e & 1) != 0) {
                        acc *= base;
                    }
                    base *= base;
                    e >>>= 1;
                }
                r = acc;
            }
            case RSQRT -> {
                if (a <= 0 && (s || a == 0)) {
                    throw new SimFault("rsqrt of " + a);
                }
                r = a == 1 ? 1 : 0;
            }
            case ABS -> r = a < 0 && s ? -a : a;
            default -> throw new SimFault("ALU op " + op.specName() + " has no encoding");
        }
        return is64 ? r : r & 0xFFFF_FFFFL;
    }

    private static boolean less(long a, long b, boolean signed, boolean is64) {
        if (!is64) {
            return signed ? (int) a < (int) b : (a & 0xFFFF_FFFFL) < (b & 0xFFFF_FFFFL);
        }
        return signed ? a < b : Long.compareUnsigned(a, b) < 0;
    }

    /** compareScalarArgs: the relation of {@code op}, at the LHS dtype's width and signedness. */
    public static boolean compare(BranchCompareOp op, DtypeWire dtype, long lhs, long rhs) {
        long a = narrow(lhs, dtype);
        long b = narrow(rhs, dtype);
        int c;
        if (dtype == DtypeWire.FP32) {
            c = Float.compare(Float.intBitsToFloat((int) lhs), Float.intBitsToFloat((int) rhs));
        } else {
            c = signed(dtype) ? Long.compare(a, b) : Long.compareUnsigned(a, b);
        }
        return switch (op) {
            case IS_LTIMM, IS_LTREG -> c < 0;
            case IS_LEIMM, IS_LEREG -> c <= 0;
            case IS_EQIMM, IS_EQREG -> c == 0;
            case IS_NEIMM, IS_NEREG -> c != 0;
            case IS_GEIMM, IS_GEREG -> c >= 0;
            case IS_GTIMM, IS_GTREG -> c > 0;
            default -> throw new SimFault("comparison " + op.specName() + " cannot be evaluated");
        };
    }

    static long narrow(long v, DtypeWire d) {
        return switch (d) {
            case INT8 -> (byte) v;
            case UINT8 -> v & 0xFF;
            case INT16 -> (short) v;
            case UINT16 -> v & 0xFFFF;
            case INT32 -> (int) v;
            case UINT32, FP32 -> v & 0xFFFF_FFFFL;
            default -> v;
        };
    }
}
