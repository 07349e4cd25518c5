package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.Arch;
import tpb.isa.CastFlyweight;
import tpb.isa.CopyFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.MemsetFlyweight;
import tpb.isa.TensorTensorArithFlyweight;

/**
 * COPY/CAST, MEMSET and TENSOR_TENSOR records with random tensor patterns biased to the edges,
 * executed through {@link DataSemantics} and checked against a naive stride walker written here
 * (nested loops, the last dimension outermost, dimension 0 innermost, byte offset
 * {@code start + size * sum idx[d] step[d]}; isa/tensor-descriptors.md) over the bytes of the
 * memory as they were before the record. The edges the generator reaches, each often:
 *
 * <ul>
 *   <li>the first partition (start 0) and the last (the operand ending at partition 127), one
 *       active partition and all 128;
 *   <li>the bottom and the top of each aperture: an operand's lowest byte at byte 0 of the SBUF
 *       or PSUM partition, or its last byte the partition's last (the SBUF's
 *       {@code sbuf_bytes_per_partition}, the PSUM's banks x bank bytes), so the last element of a
 *       pattern is the last element of memory;
 *   <li>counts of 1 in every dimension (one element), and a dimension of 65,535 (the U16 num's
 *       maximum) with the others 1;
 *   <li>steps 0 (the same element again: for a dst the last write wins), 1, -1 (a pattern walking
 *       backwards from its start), and the I16 step's ends, 32,767 and -32,768;
 *   <li>every dtype with values (each element size 1, 2, 4) for COPY and MEMSET, set_value 0, all
 *       ones and the sign bit alone, and every ALU op the data level computes.
 * </ul>
 *
 * Everything outside the expected writes, in a window around each dst operand on its partitions and
 * their neighbours, must keep its bytes.
 */
class EdgePatternsTest {
    static final Arch ARCH = Arch.CAYMAN;
    /** One core for every try: its state before each record is what the oracle reads. */
    static final Rig RIG = new Rig();

    static final DtypeWire[] VALUE_TYPES = {DtypeWire.FP32, DtypeWire.FP16, DtypeWire.BFLOAT16, DtypeWire.INT32, DtypeWire.UINT32,
            DtypeWire.INT16, DtypeWire.UINT16, DtypeWire.INT8, DtypeWire.UINT8};
    static final AluOpType[] TT_OPS = {AluOpType.BYPASS, AluOpType.ADD, AluOpType.SUBTRACT, AluOpType.MULT, AluOpType.DIVIDE, AluOpType.MAX,
            AluOpType.MIN, AluOpType.IS_EQUAL, AluOpType.NOT_EQUAL, AluOpType.IS_GT, AluOpType.IS_GE, AluOpType.IS_LT, AluOpType.IS_LE};

    /** The three places an operand may live, so that a dst never overlaps a src: SBUF's lower and upper half, PSUM. */
    enum Region {
        SBUF_LOW, SBUF_HIGH, PSUM;

        Memory memory() {
            return this == PSUM ? RIG.core.psum() : RIG.core.sbuf();
        }

        long lo() {
            return this == SBUF_HIGH ? ARCH.sbufBytesPerPartition() / 2 : 0;
        }

        long hi() {
            return this == PSUM ? ARCH.psumBanks() * ARCH.psumBankBytes()
                    : this == SBUF_LOW ? ARCH.sbufBytesPerPartition() / 2 : ARCH.sbufBytesPerPartition();
        }

        long address(int partition, long offset) {
            return this == PSUM ? ARCH.psumBase() + partition * ARCH.psumPartitionStride() + offset
                    : partition * ARCH.sbufPartitionStride() + offset;
        }
    }

    enum Edge { BOTTOM, TOP, MIDDLE, FIRST_PARTITION, LAST_PARTITION }

    /** One operand: its steps, where it lives, and which edges it is pushed to. */
    record Operand(int[] step, Region region, Edge place, Edge partition, long seed) {}

    /** A record's shape: the nums every operand shares, the active partitions. */
    record Shape(int[] num, int channels) {
        int count() {
            return (int) elements();
        }

        /** Elements a partition, saturating (four nums of 65,535 overflow a long). */
        long elements() {
            long c = 1;
            for (int n : num) {
                c = Math.min(1L << 40, c * n);
            }
            return c;
        }
    }

    // ---- generators ----

    static Arbitrary<Integer> num() {
        return Arbitraries.frequencyOf(Tuple.of(5, Arbitraries.just(1)), Tuple.of(5, Arbitraries.integers().between(2, 4)),
                Tuple.of(1, Arbitraries.just(65535)));
    }

    static Arbitrary<Integer> step() {
        return Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.just(0)), Tuple.of(3, Arbitraries.just(1)), Tuple.of(2, Arbitraries.just(-1)),
                Tuple.of(3, Arbitraries.integers().between(-9, 9)), Tuple.of(1, Arbitraries.of(32767, -32768)));
    }

    static Arbitrary<Shape> shape(int dims) {
        Arbitrary<Integer> channels = Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.just(1)), Tuple.of(1, Arbitraries.just(128)),
                Tuple.of(3, Arbitraries.integers().between(2, 6)));
        return Combinators.combine(num().array(int[].class).ofSize(dims), channels).as(Shape::new)
                // bounded work: at most one 65,535 run, and not on many partitions
                .filter(s -> s.elements() * s.channels() <= 140_000);
    }

    static Arbitrary<Operand> operand(int dims, Region region) {
        return Combinators.combine(step().array(int[].class).ofSize(dims), Arbitraries.just(region),
                Arbitraries.of(Edge.BOTTOM, Edge.TOP, Edge.MIDDLE), Arbitraries.of(Edge.FIRST_PARTITION, Edge.LAST_PARTITION, Edge.MIDDLE),
                Arbitraries.longs()).as(Operand::new);
    }

    // ---- the naive walker ----

    /** Element byte offsets relative to the start, in walk order: nested loops, dimension 0 innermost. */
    static long[] walk(int[] step, int[] num, int size) {
        List<Long> out = new ArrayList<>();
        walk(step, num, size, num.length - 1, 0, out);
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static void walk(int[] step, int[] num, int size, int d, long base, List<Long> out) {
        for (int i = 0; i < num[d]; i++) {
            long at = base + (long) i * step[d] * size;
            if (d == 0) {
                out.add(at);
            } else {
                walk(step, num, size, d - 1, at, out);
            }
        }
    }

    /** An operand placed: its memory, first partition and start byte; null when its span does not fit its region. */
    record Placed(Region region, int partition, long start, long[] rel, int size) {
        long byteOf(int i) {
            return start + rel[i];
        }

        long address() {
            return region.address(partition, start);
        }
    }

    static Placed place(Operand o, Shape s, int size) {
        if (s.elements() * s.channels() > 140_000) {
            return null;   // bounded work (jqwik's edge cases of a filtered shape may still reach here)
        }
        long[] rel = walk(o.step(), s.num(), size);
        long lo = Arrays.stream(rel).min().orElseThrow();
        long hi = Arrays.stream(rel).max().orElseThrow() + size;
        Region r = o.region();
        if (hi - lo > r.hi() - r.lo() || (hi - lo > 0x4000 && s.channels() > 4)) {
            return null;   // wider than its region (or a wide span on many partitions: bounded work)
        }
        long start = switch (o.place()) {
            case BOTTOM -> r.lo() - lo;   // the lowest byte touched is the region's first
            case TOP -> r.hi() - hi;      // the last byte touched is the region's last
            default -> {
                long room = (r.hi() - r.lo() - (hi - lo)) / size;
                yield r.lo() - lo + size * Math.floorMod(o.seed(), room + 1);
            }
        };
        int p = switch (o.partition()) {
            case FIRST_PARTITION -> 0;
            case LAST_PARTITION -> 128 - s.channels();
            default -> (int) Math.floorMod(o.seed() >>> 20, 129 - s.channels());
        };
        return new Placed(r, p, start, rel, size);
    }

    // ---- checking ----

    /** A window of dst's memory: partitions around its own, bytes around its span. */
    record Window(Memory memory, int p0, int p1, long lo, long hi, byte[][] bytes) {
        static Window of(Placed d, int channels) {
            long lo = Math.max(d.region().lo(), d.start() + Arrays.stream(d.rel()).min().orElseThrow() - 16);
            long hi = Math.min(d.region().hi(), d.start() + Arrays.stream(d.rel()).max().orElseThrow() + d.size() + 16);
            int p0 = Math.max(0, d.partition() - 1);
            int p1 = Math.min(127, d.partition() + channels);
            byte[][] b = new byte[p1 - p0 + 1][];
            Memory m = d.region().memory();
            for (int p = p0; p <= p1; p++) {
                b[p - p0] = Arrays.copyOfRange(m.row(p, lo, hi - lo), (int) lo, (int) hi);
            }
            return new Window(m, p0, p1, lo, hi, b);
        }

        void put(int p, long at, byte[] v) {
            System.arraycopy(v, 0, bytes[p - p0], (int) (at - lo), v.length);
        }

        /** Where the expected fp32 at {@code at} is a NaN and memory holds a NaN too, expects memory's. */
        void acceptAnyNan(int p, long at) {
            int want = 0;
            int got = 0;
            byte[] row = memory.row(p, at, 4);
            for (int k = 3; k >= 0; k--) {
                want = want << 8 | (bytes[p - p0][(int) (at - lo) + k] & 0xFF);
                got = got << 8 | (row[(int) at + k] & 0xFF);
            }
            if (Float.isNaN(Float.intBitsToFloat(want)) && Float.isNaN(Float.intBitsToFloat(got))) {
                put(p, at, le(got, 4));
            }
        }

        void assertNow(String what) {
            for (int p = p0; p <= p1; p++) {
                assertArrayEquals(bytes[p - p0], Arrays.copyOfRange(memory.row(p, lo, hi - lo), (int) lo, (int) hi), what + " partition " + p);
            }
        }
    }

    static byte[] bytesAt(Placed o, int channel, int i) {
        Memory m = o.region().memory();
        long at = o.byteOf(i);
        return Arrays.copyOfRange(m.row(o.partition() + channel, at, o.size()), (int) at, (int) at + o.size());
    }

    static String range(Placed o, int channels, DtypeWire t) {
        long lo = o.start() + Arrays.stream(o.rel()).min().orElseThrow();
        long hi = o.start() + Arrays.stream(o.rel()).max().orElseThrow() + o.size();
        return (o.region() == Region.PSUM ? "PSUM" : "SBUF") + " p" + o.partition() + (channels > 1 ? "-" + (o.partition() + channels - 1) : "")
                + " [0x" + Long.toHexString(lo) + ",0x" + Long.toHexString(hi) + ") " + t.specName();
    }

    static void fill(Placed o, int channels, long seed, int size, java.util.function.LongUnaryOperator value) {
        Random r = new Random(seed);
        for (int c = 0; c < channels; c++) {
            for (int i = 0; i < o.rel().length; i++) {
                Rig.put(o.region().memory(), o.partition() + c, o.byteOf(i), size, value.applyAsLong(r.nextLong()));
            }
        }
    }

    static byte[] le(long v, int size) {
        byte[] b = new byte[size];
        for (int k = 0; k < size; k++) {
            b[k] = (byte) (v >>> (8 * k));
        }
        return b;
    }

    // ---- COPY / CAST ----

    @Provide
    Arbitrary<Region[]> twoRegions() {
        return Arbitraries.of(Region.class).array(Region[].class).ofSize(2).filter(r -> r[0] != r[1]);
    }

    @Property(tries = 100)
    void copyMovesEachElementToItsPlace(@ForAll("copyShape") Shape s, @ForAll("twoRegions") Region[] regions,
            @ForAll("steps4") int[] srcStep, @ForAll("steps4") int[] dstStep, @ForAll("edges") Edge[] edges,
            @ForAll long seed, @ForAll("valueType") DtypeWire t, @ForAll boolean cast) {
        int size = CopyCastDtypesTest.SIZES.get(t);
        Placed src = place(new Operand(srcStep, regions[0], edges[0], edges[1], seed), s, size);
        Placed dst = place(new Operand(dstStep, regions[1], edges[2], edges[3], seed * 31 + 7), s, size);
        if (src == null || dst == null) {
            return;
        }
        fill(src, s.channels(), seed, size, v -> v);
        Window w = Window.of(dst, s.channels());
        for (int c = 0; c < s.channels(); c++) {
            for (int i = 0; i < s.count(); i++) {
                w.put(dst.partition() + c, dst.byteOf(i), bytesAt(src, c, i));   // equal dtypes: the bits move; a repeated dst element: the last
            }
        }
        byte[] b = new byte[64];
        if (cast) {
            CastFlyweight f = new CastFlyweight().wrap(b, 0).reset().inDtypeRaw(t.value()).outDtypeRaw(t.value()).numActiveChannels(s.channels());
            Rig.pattern(f.srcMemPattern(), f::srcMemPatternStartWordAddress, f::srcMemPatternStep, f::srcMemPatternNum, src.address(), pairs(srcStep, s.num()));
            Rig.pattern(f.dstMemPattern(), f::dstMemPatternStartWordAddress, f::dstMemPatternStep, f::dstMemPatternNum, dst.address(), pairs(dstStep, s.num()));
        } else {
            CopyFlyweight f = new CopyFlyweight().wrap(b, 0).reset().inDtypeRaw(t.value()).outDtypeRaw(t.value()).numActiveChannels(s.channels());
            Rig.pattern(f.srcMemPattern(), f::srcMemPatternStartWordAddress, f::srcMemPatternStep, f::srcMemPatternNum, src.address(), pairs(srcStep, s.num()));
            Rig.pattern(f.dstMemPattern(), f::dstMemPatternStartWordAddress, f::dstMemPatternStep, f::dstMemPatternNum, dst.address(), pairs(dstStep, s.num()));
        }
        assertEquals("read " + range(src, s.channels(), t) + "; wrote " + range(dst, s.channels(), t), RIG.run(b));
        w.assertNow((cast ? "CAST " : "COPY ") + t.specName());
    }

    // ---- MEMSET ----

    @Property(tries = 100)
    void memsetWritesEveryElementOfItsPattern(@ForAll("copyShape") Shape s, @ForAll Region region, @ForAll("steps4") int[] step,
            @ForAll("edges") Edge[] edges, @ForAll long seed, @ForAll("valueType") DtypeWire t, @ForAll("setValue") long value) {
        int size = CopyCastDtypesTest.SIZES.get(t);
        Placed dst = place(new Operand(step, region, edges[0], edges[1], seed), s, size);
        if (dst == null) {
            return;
        }
        Window w = Window.of(dst, s.channels());
        for (int c = 0; c < s.channels(); c++) {
            for (int i = 0; i < s.count(); i++) {
                w.put(dst.partition() + c, dst.byteOf(i), le(value, size));   // set_value's low bytes (datapath-facts §6)
            }
        }
        byte[] b = new byte[64];
        MemsetFlyweight f = new MemsetFlyweight().wrap(b, 0).reset().dtypeRaw(t.value()).numActiveChannels(s.channels()).setValue(value)
                .dstElementCount(s.count());
        Rig.pattern(f.dstMemPattern(), f::dstMemPatternStartWordAddress, f::dstMemPatternStep, f::dstMemPatternNum, dst.address(), pairs(step, s.num()));
        assertEquals("wrote " + range(dst, s.channels(), t), RIG.run(b));
        w.assertNow("MEMSET " + t.specName() + " 0x" + Long.toHexString(value));
    }

    // ---- TENSOR_TENSOR ----

    @Provide
    Arbitrary<Region[]> threeRegions() {
        // dst alone in its region; the two sources may share one
        return Arbitraries.of(Region.class).array(Region[].class).ofSize(3).filter(r -> r[2] != r[0] && r[2] != r[1]);
    }

    /** op on two fp32 values, rounded once to fp32 (VectorOps' contract; the comparisons give 1 or 0). */
    static float alu(AluOpType op, float a, float b) {
        return switch (op) {
            case BYPASS -> a;
            case ADD -> a + b;
            case SUBTRACT -> a - b;
            case MULT -> a * b;
            case DIVIDE -> a / b;
            case MAX -> a >= b ? (a == b && a == 0 ? (Float.floatToRawIntBits(a) == 0 ? a : b) : a) : b;
            case MIN -> a <= b ? (a == b && a == 0 ? (Float.floatToRawIntBits(a) != 0 ? a : b) : a) : b;
            case IS_EQUAL -> a == b ? 1 : 0;
            case NOT_EQUAL -> a != b ? 1 : 0;
            case IS_GT -> a > b ? 1 : 0;
            case IS_GE -> a >= b ? 1 : 0;
            case IS_LT -> a < b ? 1 : 0;
            case IS_LE -> a <= b ? 1 : 0;
            default -> throw new IllegalArgumentException(op.toString());
        };
    }

    @Property(tries = 100)
    void tensorTensorAppliesItsOpElementByElement(@ForAll("ttShape") Shape s, @ForAll("threeRegions") Region[] regions,
            @ForAll("steps3") int[] s0, @ForAll("steps3") int[] s1, @ForAll("steps3") int[] sd, @ForAll("edges") Edge[] edges,
            @ForAll long seed, @ForAll("ttOp") AluOpType op) {
        Placed a = place(new Operand(s0, regions[0], edges[0], edges[1], seed), s, 4);
        Placed b = place(new Operand(s1, regions[1], edges[2], edges[3], seed * 17 + 3), s, 4);
        Placed d = place(new Operand(sd, regions[2], edges[4], edges[5], seed * 31 + 7), s, 4);
        if (a == null || b == null || d == null) {
            return;
        }
        // small integers and ±0 in fp32: every result exact or a NaN/infinity from a division by zero
        fill(a, s.channels(), seed, 4, v -> Float.floatToRawIntBits((float) Math.floorMod(v, 9) - 4) & 0xFFFFFFFFL);
        fill(b, s.channels(), seed + 1, 4, v -> Math.floorMod(v, 10) == 9 ? 0x80000000L : Float.floatToRawIntBits((float) Math.floorMod(v, 9) - 4) & 0xFFFFFFFFL);
        Window w = Window.of(d, s.channels());
        for (int c = 0; c < s.channels(); c++) {
            float[] out = new float[s.count()];
            for (int i = 0; i < s.count(); i++) {
                out[i] = alu(op, Float.intBitsToFloat((int) Rig.get(a.region().memory(), a.partition() + c, a.byteOf(i), 4, 1)[0]),
                        Float.intBitsToFloat((int) Rig.get(b.region().memory(), b.partition() + c, b.byteOf(i), 4, 1)[0]));
            }
            for (int i = 0; i < s.count(); i++) {
                w.put(d.partition() + c, d.byteOf(i), le(Float.floatToIntBits(out[i]), 4));
            }
        }
        byte[] r = new byte[64];
        TensorTensorArithFlyweight f = new TensorTensorArithFlyweight().wrap(r, 0).reset().in0In1DtypeTagsLo(DtypeWire.FP32.value())
                .in0In1DtypeTagsHi(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value()).opRaw(AluOpWire.encode(op))
                .numActiveChannels(s.channels());
        Rig.pattern(f.src0MemPattern(), f::src0MemPatternStartWordAddress, f::src0MemPatternStep, f::src0MemPatternNum, a.address(), pairs(s0, s.num()));
        Rig.pattern(f.src1MemPattern(), f::src1MemPatternStartWordAddress, f::src1MemPatternStep, f::src1MemPatternNum, b.address(), pairs(s1, s.num()));
        Rig.pattern(f.dstMemPattern(), f::dstMemPatternStartWordAddress, f::dstMemPatternStep, f::dstMemPatternNum, d.address(), pairs(sd, s.num()));
        DtypeWire t = DtypeWire.FP32;
        assertEquals("read " + range(a, s.channels(), t) + ", " + range(b, s.channels(), t) + "; wrote " + range(d, s.channels(), t), RIG.run(r));
        // a NaN result (0 / 0, 0 / -0) may have either sign and any payload: IEEE leaves the invalid operation's NaN open
        for (int c = 0; c < s.channels(); c++) {
            for (int i = 0; i < s.count(); i++) {
                w.acceptAnyNan(d.partition() + c, d.byteOf(i));
            }
        }
        w.assertNow("TENSOR_TENSOR " + op);
    }

    // ---- providers ----

    static int[] pairs(int[] step, int[] num) {
        int[] p = new int[2 * step.length];
        for (int d = 0; d < step.length; d++) {
            p[2 * d] = step[d];
            p[2 * d + 1] = num[d];
        }
        return p;
    }

    @Provide
    Arbitrary<Shape> copyShape() {
        return shape(new CopyFlyweight().wrap(new byte[64], 0).srcMemPattern().dims());
    }

    @Provide
    Arbitrary<Shape> ttShape() {
        return shape(new TensorTensorArithFlyweight().wrap(new byte[64], 0).src0MemPattern().dims());
    }

    @Provide
    Arbitrary<int[]> steps4() {
        return step().array(int[].class).ofSize(new CopyFlyweight().wrap(new byte[64], 0).srcMemPattern().dims());
    }

    @Provide
    Arbitrary<int[]> steps3() {
        return step().array(int[].class).ofSize(new TensorTensorArithFlyweight().wrap(new byte[64], 0).src0MemPattern().dims());
    }

    @Provide
    Arbitrary<Edge[]> edges() {
        // even slots: where in the region (bottom, top, middle); odd slots: which partitions (first, last, middle)
        return Combinators.combine(Arbitraries.of(Edge.BOTTOM, Edge.TOP, Edge.MIDDLE).list().ofSize(3),
                Arbitraries.of(Edge.FIRST_PARTITION, Edge.LAST_PARTITION, Edge.MIDDLE).list().ofSize(3)).as((x, y) -> new Edge[] {
                        x.get(0), y.get(0), x.get(1), y.get(1), x.get(2), y.get(2)});
    }

    @Provide
    Arbitrary<DtypeWire> valueType() {
        return Arbitraries.of(VALUE_TYPES);
    }

    @Provide
    Arbitrary<AluOpType> ttOp() {
        return Arbitraries.of(TT_OPS);
    }

    @Provide
    Arbitrary<Long> setValue() {
        return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.of(0L, 0xFFFFFFFFL, 0x80000000L)), Tuple.of(2, Arbitraries.longs().between(0, 0xFFFFFFFFL)));
    }
}
