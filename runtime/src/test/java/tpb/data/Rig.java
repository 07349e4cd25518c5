package tpb.data;

import java.util.Arrays;
import java.util.Map;
import java.util.function.LongConsumer;
import tpb.isa.Arch;
import tpb.isa.TensorPattern;

/**
 * One core for per-arm tests: a {@link CoreState}, a {@link Dram} and the {@link DataSemantics}
 * that executes a record built through the generated encoders. Values go in and come out as raw
 * little-endian bits, written and read here (never through {@link Elements}), so a test's
 * expectation is the bits it states.
 */
final class Rig {
    final Arch arch;
    final CoreState core;
    final Dram dram = new Dram();
    final DataSemantics sem;

    Rig(Arch arch, Map<Integer, String> activationNames) {
        this.arch = arch;
        this.core = new CoreState(arch);
        this.sem = new DataSemantics(core, dram, activationNames);
    }

    Rig() {
        this(Arch.CAYMAN, Map.of());
    }

    /** The ADDR4 address of SBUF partition {@code p}, byte {@code off} (facts §4.1 with the profile's stride). */
    long sb(int p, long off) {
        return p * arch.sbufPartitionStride() + off;
    }

    /** The ADDR4 address of PSUM partition {@code p}, byte {@code off}. */
    long ps(int p, long off) {
        return arch.psumBase() + p * arch.psumPartitionStride() + off;
    }

    String run(byte[] record) {
        return sem.execute(record, 0);
    }

    /** Writes {@code bits} as consecutive {@code size}-byte little-endian elements at {@code m}'s partition {@code p}, byte {@code off}. */
    static void put(Memory m, int p, long off, int size, long... bits) {
        byte[] row = m.row(p, off, (long) size * bits.length);
        for (int i = 0; i < bits.length; i++) {
            for (int k = 0; k < size; k++) {
                row[(int) off + i * size + k] = (byte) (bits[i] >>> (8 * k));
            }
        }
    }

    /** {@code n} consecutive {@code size}-byte little-endian elements (unsigned) at partition {@code p}, byte {@code off}. */
    static long[] get(Memory m, int p, long off, int size, int n) {
        byte[] row = m.row(p, off, (long) size * n);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            long v = 0;
            for (int k = size - 1; k >= 0; k--) {
                v = v << 8 | (row[(int) off + i * size + k] & 0xFF);
            }
            out[i] = v;
        }
        return out;
    }

    static long f32(float v) {
        return Float.floatToRawIntBits(v) & 0xFFFFFFFFL;
    }

    static long[] f32(float... v) {
        long[] b = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = f32(v[i]);
        }
        return b;
    }

    /** Sets one operand's tensor pattern: its start address, then (step, num) pairs from dimension 0; the spec's other dimensions step 1, num 1. */
    static void pattern(TensorPattern view, LongConsumer start, Dim step, Dim num, long address, int... stepNum) {
        start.accept(address);
        int dims = view.dims();
        if (stepNum.length > 2 * dims) {
            throw new IllegalArgumentException(Arrays.toString(stepNum) + " has more than " + dims + " dimensions");
        }
        for (int d = 0; d < dims; d++) {
            boolean given = 2 * d < stepNum.length;
            step.set(d, given ? stepNum[2 * d] : 1);
            num.set(d, given ? stepNum[2 * d + 1] : 1);
        }
    }

    /** A flyweight's per-dimension setter of one operand (its step or its num). */
    @FunctionalInterface
    interface Dim {
        void set(int dim, int value);
    }
}
