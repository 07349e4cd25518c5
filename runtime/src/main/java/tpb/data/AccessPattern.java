package tpb.data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import tpb.isa.DtypeWire;

/**
 * A tensor access pattern (TENSOR3D/4D, facts §4.3): a start location, per-dimension element
 * strides and counts, the element dtype, and the number of partitions from the start partition
 * ({@code num_active_channels}, or the PE's active rows/columns). Dimension 0 is innermost and
 * strides count elements, not bytes (isa/tensor-descriptors.md CONFIRMED). Every partition walks
 * the same offsets.
 */
public final class AccessPattern implements PeKernel.Rows {
    private final Location start;
    private final DtypeWire dtype;
    private final int channels;
    private final int elementBytes;
    private final int[] offsets;          // byte offsets from start.offset(), in walk order
    private final long low;               // lowest and one past the highest byte touched
    private final long high;
    private final boolean contiguous;     // offsets[i] == i * elementBytes: a partition's elements are one run
    private final boolean ascending;      // each element's bytes after the last's: no two elements share a byte
    private final boolean reversed;       // offsets[i] == -i * elementBytes: one run walked from its top element down
    private final int[] runs;             // where each run of adjacent elements starts (runs[r]), then count(); null when runs are short

    public AccessPattern(Location start, int[] step, int[] num, DtypeWire dtype, int channels) {
        if (step.length != num.length) {
            throw new IllegalArgumentException("step and num differ in length");
        }
        this.start = start;
        this.dtype = dtype;
        this.channels = channels;
        this.elementBytes = Elements.size(dtype);
        long count = 1;
        for (int n : num) {
            if (n == 0) {
                throw new DataFault("a tensor pattern dimension has num 0 (counts are 1..65535)");
            }
            count *= n;
        }
        if (count > Integer.MAX_VALUE / 8) {
            throw new DataFault("a tensor pattern of " + count + " elements per partition is larger than any memory");
        }
        offsets = new int[(int) count];
        int[] idx = new int[num.length];
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (int i = 0; i < offsets.length; i++) {
            long elem = 0;
            for (int d = 0; d < num.length; d++) {
                elem += (long) idx[d] * step[d];
            }
            long byteOff = elem * elementBytes;
            offsets[i] = (int) byteOff;
            lo = Math.min(lo, byteOff);
            hi = Math.max(hi, byteOff + elementBytes);
            for (int d = 0; d < num.length && ++idx[d] == num[d]; d++) {
                idx[d] = 0;
            }
        }
        boolean run = true;
        for (int i = 0; i < offsets.length && run; i++) {
            run = offsets[i] == (long) i * elementBytes;
        }
        contiguous = run;
        boolean up = true;
        for (int i = 1; i < offsets.length && up; i++) {
            up = offsets[i] >= offsets[i - 1] + elementBytes;
        }
        ascending = up;
        boolean down = offsets.length > 1;
        for (int i = 0; i < offsets.length && down; i++) {
            down = offsets[i] == (long) -i * elementBytes;
        }
        reversed = down;
        runs = runs(offsets, elementBytes);
        low = start.offset() + lo;
        high = start.offset() + hi;
        if (channels < 1) {
            throw new DataFault(start.memory().name() + " pattern with " + channels + " active partitions");
        }
        // Check every partition once, here, so reads and writes need no checks of their own.
        for (int p = 0; p < channels; p++) {
            start.memory().row(start.partition() + p, low, high - low);
        }
    }

    /**
     * Runs shorter than this on average are walked element by element: a bulk move pays a call and
     * a buffer view a run, which a run of a few elements does not pay back.
     */
    private static final int MIN_RUN = 16;

    /**
     * The walk cut where the next element does not follow the last in memory: a conv2d's moving
     * window (two image rows of 222 elements, {@code [1, 224, 0; 222, 2, 1]}) is two runs. Null
     * when the runs average fewer than {@link #MIN_RUN} elements (a reversed LDWEIGHTS read,
     * step -1, is all runs of one).
     */
    private static int[] runs(int[] offsets, int elementBytes) {
        int count = offsets.length == 0 ? 0 : 1;
        for (int i = 1; i < offsets.length; i++) {
            if (offsets[i] != offsets[i - 1] + elementBytes) {
                count++;
            }
        }
        if ((long) count * MIN_RUN > offsets.length) {
            return null;
        }
        int[] r = new int[count + 1];
        int at = 0;
        for (int i = 0; i < offsets.length; i++) {
            if (i == 0 || offsets[i] != offsets[i - 1] + elementBytes) {
                r[at++] = i;
            }
        }
        r[count] = offsets.length;
        return r;
    }

    /**
     * {@code bytes[at]} on as little-endian fp32: a heap buffer's view, whose bulk get and put copy
     * memory in the machine's order (each float's bits as stored, a signalling NaN's payload
     * included), where a loop of byte-array-view loads stays scalar on Java 17's C2: 0.09-0.15 ns
     * an element against 0.32-0.97 in a timing loop on the shared 2-core machine (JDK 17, 444
     * floats, the conv2d's PSUM row).
     */
    private static FloatBuffer floats(byte[] bytes, int at, int n) {
        return ByteBuffer.wrap(bytes, at, n * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
    }

    /** A thread's PSUM row for {@link #store}'s read-add-write, kept: a row a call would be 1.7 KiB of garbage a PE row. */
    private static final ThreadLocal<float[][]> SCRATCH = ThreadLocal.withInitial(() -> new float[][] {new float[0]});

    private static float[] scratch(int n) {
        float[][] s = SCRATCH.get();
        if (s[0].length < n) {
            s[0] = new float[n];
        }
        return s[0];
    }

    public Location start() {
        return start;
    }

    public DtypeWire dtype() {
        return dtype;
    }

    public int channels() {
        return channels;
    }

    /** Elements each partition walks. */
    public int count() {
        return offsets.length;
    }

    public double[] read(int channel) {
        byte[] row = row(channel);
        double[] out = new double[offsets.length];
        int base = (int) start.offset();
        for (int i = 0; i < out.length; i++) {
            out[i] = Elements.read(row, base + offsets[i], dtype);
        }
        return out;
    }

    public void write(int channel, double[] values) {
        byte[] row = row(channel);
        int base = (int) start.offset();
        for (int i = 0; i < offsets.length; i++) {
            Elements.write(row, base + offsets[i], dtype, values[i]);
        }
    }

    /** An element's 16 bits in one load: 0.51 ns an element against 0.88 for two byte loads and a shift (measured, JDK 17, C2). */
    private static final java.lang.invoke.VarHandle I16 =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(short[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    private static final java.lang.invoke.VarHandle I32 =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    private static final java.lang.invoke.VarHandle F32 =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(float[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /**
     * Every partition's elements as fp32, row after row ({@code out[channel * count() + i]}): the
     * bulk form of {@link #read} for the PE (fp16, bf16 and fp32 convert exactly; other dtypes
     * through {@link Elements#read}).
     */
    public void readFloats(float[] out) {
        for (int p = 0; p < channels; p++) {
            readFloats(p, out, p * offsets.length);
        }
    }

    /** Partition {@code channel}'s elements as fp32, into {@code out[o]} on ({@link #readFloats(float[])} for one partition). */
    public void readFloats(int channel, float[] out, int o) {
        readFloats(channel, out, o, 0, offsets.length);
    }

    /**
     * Elements {@code [from, from + n)} of partition {@code channel}'s walk as fp32, into
     * {@code out[o]} on: a part of {@link #readFloats(int, float[], int)}, each element converted as
     * the whole read converts it.
     */
    public void readFloats(int channel, float[] out, int o, int from, int n) {
        if (from < 0 || n < 0 || from + n > offsets.length) {
            throw new IllegalArgumentException("elements [" + from + ", " + (from + n) + ") of a pattern of " + offsets.length);
        }
        int base = (int) start.offset();
        byte[] row = row(channel);
        if (contiguous) {
            decode(row, base + from * elementBytes, dtype, out, o, n);
            return;
        }
        int to = from + n;
        if (runs != null && (dtype == DtypeWire.FP32 || dtype == DtypeWire.FP16 || dtype == DtypeWire.BFLOAT16)) {
            for (int r = 0; r + 1 < runs.length; r++) {
                int s = Math.max(runs[r], from);
                int e = Math.min(runs[r + 1], to);
                if (s < e) {
                    decode(row, base + offsets[s], dtype, out, o + s - from, e - s);
                }
            }
            return;
        }
        int d = o - from;   // element i goes to out[d + i]
        switch (dtype) {
            case FP16 -> {
                for (int i = from; i < to; i++) {
                    out[d + i] = Fp16.toFloat((short) I16.get(row, base + offsets[i]));
                }
            }
            case BFLOAT16 -> {
                for (int i = from; i < to; i++) {
                    out[d + i] = Float.intBitsToFloat((short) I16.get(row, base + offsets[i]) << 16);
                }
            }
            case FP32 -> {
                for (int i = from; i < to; i++) {
                    out[d + i] = (float) F32.get(row, base + offsets[i]);
                }
            }
            default -> {
                for (int i = from; i < to; i++) {
                    out[d + i] = (float) Elements.read(row, base + offsets[i], dtype);
                }
            }
        }
    }

    /**
     * Whether the walk is one run of adjacent elements from its highest address down (step -1, as
     * LDWEIGHTS reads a stationary tile for {@code LAST_COL_FIRST}): {@link #readRawUp} then gives its
     * bytes in one move.
     */
    boolean reversed() {
        return reversed;
    }

    /**
     * A {@link #reversed} walk's bytes of partition {@code channel} in memory order, lowest address
     * first (walk element {@code count() - 1 - i} at {@code out[o + i * size]}): one move.
     */
    void readRawUp(int channel, byte[] out, int o) {
        int n = offsets.length;
        System.arraycopy(row(channel), (int) start.offset() + offsets[n - 1], out, o, n * elementBytes);
    }

    /** Partition {@code channel}'s elements' raw bytes, packed in walk order into {@code out[o]} on (count() x the element size). */
    public void readRaw(int channel, byte[] out, int o) {
        byte[] row = row(channel);
        int base = (int) start.offset();
        if (contiguous) {
            System.arraycopy(row, base, out, o, offsets.length * elementBytes);
            return;
        }
        if (elementBytes == 2) {   // fp16/bf16, LDWEIGHTS' common case: two byte moves, no arraycopy call an element
            for (int i = 0; i < offsets.length; i++, o += 2) {
                int at = base + offsets[i];
                out[o] = row[at];
                out[o + 1] = row[at + 1];
            }
            return;
        }
        if (elementBytes == 4) {   // fp32 LDWEIGHTS (reversed, step -1): one int move an element, not an arraycopy call
            for (int i = 0; i < offsets.length; i++, o += 4) {
                I32.set(out, o, (int) I32.get(row, base + offsets[i]));
            }
            return;
        }
        for (int i = 0; i < offsets.length; i++, o += elementBytes) {
            System.arraycopy(row, base + offsets[i], out, o, elementBytes);
        }
    }

    /**
     * {@code n} consecutive elements of {@code dtype} from {@code bytes[at]} on, as fp32 (exact for
     * fp16, bf16 and fp32), into {@code out[o]} on: a contiguous partition's read, and the packed
     * bytes LDWEIGHTS keeps ({@link #readRaw}).
     */
    static void decode(byte[] bytes, int at, DtypeWire dtype, float[] out, int o, int n) {
        switch (dtype) {
            case FP16 -> {
                for (int i = 0; i < n; i++) {
                    out[o + i] = Fp16.toFloat((short) I16.get(bytes, at + 2 * i));
                }
            }
            case BFLOAT16 -> {
                for (int i = 0; i < n; i++) {
                    out[o + i] = Float.intBitsToFloat((short) I16.get(bytes, at + 2 * i) << 16);
                }
            }
            case FP32 -> floats(bytes, at, n).get(out, o, n);
            default -> {
                int eb = Elements.size(dtype);
                for (int i = 0; i < n; i++) {
                    out[o + i] = (float) Elements.read(bytes, at + eb * i, dtype);
                }
            }
        }
    }

    /**
     * A PE result row into this pattern's partition {@code c}: {@code sum} written ({@code begin})
     * or added to what the partition holds ({@code old + sum}, one fp32 add, then written in this
     * pattern's dtype), in one pass over PSUM's bytes.
     */
    public void store(int c, float[] sum, int n, boolean begin) {
        if (n != offsets.length) {
            throw new IllegalArgumentException(n + " values for a pattern of " + offsets.length + " elements");
        }
        store(c, sum, 0, n, begin);
    }

    /** As {@link #store(int, float[], int, boolean)} for elements {@code [from, from + n)} of the walk, from {@code sum[0]} on. */
    @Override
    public void store(int c, float[] sum, int from, int n, boolean begin) {
        if (from < 0 || n < 0 || from + n > offsets.length) {
            throw new IllegalArgumentException("elements [" + from + ", " + (from + n) + ") of a pattern of " + offsets.length);
        }
        byte[] row = row(c);
        int base = (int) start.offset();
        if (dtype == DtypeWire.FP32 && contiguous) {
            FloatBuffer psum = floats(row, base + from * Float.BYTES, n);
            if (!begin) {
                float[] old = scratch(n);
                psum.get(0, old, 0, n);
                for (int i = 0; i < n; i++) {
                    old[i] = old[i] + sum[i];
                }
                psum.put(0, old, 0, n);
            } else {
                psum.put(0, sum, 0, n);
            }
            return;
        }
        // any other pattern (one that may walk an element twice): every old value read before any is written
        float[] v = begin ? sum : new float[n];
        if (!begin) {
            for (int i = 0; i < n; i++) {
                v[i] = (float) Elements.read(row, base + offsets[from + i], dtype) + sum[i];
            }
        }
        for (int i = 0; i < n; i++) {
            if (dtype == DtypeWire.FP32) {
                F32.set(row, base + offsets[from + i], v[i]);   // the float's own bits, a signalling NaN's payload included
            } else {
                Elements.write(row, base + offsets[from + i], dtype, v[i]);
            }
        }
    }

    /**
     * Whether no byte belongs to two elements of the walk (each element's bytes after the last's),
     * so that two threads storing disjoint element ranges write disjoint bytes.
     */
    boolean ascending() {
        return ascending;
    }

    /** Whether this pattern and {@code other} may touch a byte in common (the same memory, partitions and byte range). */
    boolean overlaps(AccessPattern other) {
        if (start.memory() != other.start.memory()) {
            return false;
        }
        int p0 = start.partition();
        int q0 = other.start.partition();
        return p0 < q0 + other.channels && q0 < p0 + channels && low < other.high && other.low < high;
    }

    /** The inverse of {@link #readFloats}: each value written in this pattern's dtype ({@link #store}, partition by partition). */
    public void writeFloats(float[] in) {
        int n = offsets.length;
        float[] row = new float[n];
        for (int p = 0; p < channels; p++) {
            System.arraycopy(in, p * n, row, 0, n);
            store(p, row, n, true);
        }
    }

    /** Element {@code i}'s raw bytes of partition {@code channel}, for bit-exact copies. */
    public void copyRawTo(int channel, AccessPattern dst) {
        byte[] from = row(channel);
        byte[] to = dst.row(channel);
        int a = (int) start.offset();
        int b = (int) dst.start.offset();
        for (int i = 0; i < offsets.length; i++) {
            System.arraycopy(from, a + offsets[i], to, b + dst.offsets[i], elementBytes);
        }
    }

    byte[] row(int channel) {
        return start.memory().row(start.partition() + channel, low, high - low);
    }

    int byteOffset(int i) {
        return (int) start.offset() + offsets[i];
    }

    /** The bytes touched, compact: {@code SBUF p0-127 [0x37c00,0x37e00) fp16}. */
    public String range() {
        int p0 = start.partition();
        return start.memory().name() + " p" + p0 + (channels > 1 ? "-" + (p0 + channels - 1) : "")
                + " [0x" + Long.toHexString(low) + ",0x" + Long.toHexString(high) + ") " + dtype.specName();
    }
}
