package tpb.neff;

import java.util.Arrays;
import tpb.isa.Addr8View;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;

/**
 * One {@code desc} entry of a DMA block in an engine's {@code <Engine>.json} {@code dma} list: a
 * strided copy from one var to another, {@code op} saying how ({@code copy}; {@code cast} converts
 * {@code from.dtype} to {@code to.dtype}). The JSON's reading, from the 13 real NEFFs of
 * {@code runtime/src/test/resources/neff/real} (no source describes the format; INFERRED):
 * {@code from}/{@code to} name a def.json var ({@code SB} is the state-buffer var); offsets,
 * sizes and steps are in <b>bytes</b>, dimension 0 innermost: {@code qwen3-moe} copies
 * {@code input0} (32 bytes, 8 float32) in eight blocks of sizes {@code [4, 1]} at offsets 0, 4,
 * ..., 28, which only bytes fit; an {@code SB} offset is an SBUF address, partition times the
 * partition stride plus the byte (the same address DMA_DIRECT2D and ADDR4 use: block 0 of
 * {@code qSPIO0} writes SB 65792 = 0x10100 and Pool's next {@code tload} reads 0x10100; a step of
 * 262144 = 0x40000 is one partition).
 *
 * <p>A DMA transpose (NKI {@code nisa.dma_transpose}) has no {@code op}: it carries
 * {@code transpose_op}, {@code transpose_shape} and {@code transpose_element_size} instead
 * ({@link Transpose}); its {@code op} here is {@code "transpose"}.
 */
public record DmaDescriptor(Endpoint from, Endpoint to, String op, Transpose transpose) {
    /** The most dimensions an endpoint may have (real descriptors have 2; ASSUMED bound, not a hardware fact). */
    public static final int MAX_DIMENSIONS = 8;
    /** The {@code op} of a descriptor that carries a {@link Transpose}. */
    public static final String TRANSPOSE = "transpose";

    /** A descriptor without a transpose. */
    public DmaDescriptor(Endpoint from, Endpoint to, String op) {
        this(from, to, op, null);
    }

    /**
     * A DMA transpose's reading of the bytes it moves: {@code shape} the source's element shape in the
     * order {@link #AXES} names its axes, outermost first ({@code [1, 1, 128, 128]}: W, Z, Y, X),
     * {@code op} the same four letters in the destination's order ({@code "WZXY"}: X and Y swapped, a
     * 2D transpose), {@code elementSize} an element's bytes. INFERRED from the CS149 conv2d NEFFs
     * (neuronx-cc 2.21, cayman), whose kernel asks {@code nisa.dma_transpose(w, axes=(1, 0))} of a
     * 128 x 128 fp16 tile and whose output equals numpy's conv2d only with the weights so transposed.
     */
    public record Transpose(String op, long[] shape, int elementSize) {
        /** The source's axes, outermost first. */
        public static final String AXES = "WZYX";

        public Transpose {
            shape = shape.clone();
        }

        @Override
        public long[] shape() {
            return shape.clone();
        }

        /** The elements the shape holds. */
        public long elements() {
            long n = 1;
            for (long s : shape) {
                n *= s;
            }
            return n;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Transpose t && op.equals(t.op) && Arrays.equals(shape, t.shape) && elementSize == t.elementSize;
        }

        @Override
        public int hashCode() {
            return op.hashCode() * 31 + Arrays.hashCode(shape) + elementSize;
        }

        @Override
        public String toString() {
            return op + " of " + Arrays.toString(shape) + " x " + elementSize + " B";
        }
    }

    /** One side: the var, its element dtype as the JSON names it ({@code float32}, {@code bfloat16}, ...), and its byte walk. */
    public record Endpoint(String var, String dtype, long offset, long[] sizes, long[] steps) {
        public Endpoint {
            sizes = sizes.clone();
            steps = steps.clone();
        }

        @Override
        public long[] sizes() {
            return sizes.clone();
        }

        @Override
        public long[] steps() {
            return steps.clone();
        }

        /** The bytes this side walks: the product of its sizes (bounded by {@link NeffJson#MAX_SIZE} when read). */
        public long bytes() {
            long n = 1;
            for (long s : sizes) {
                n *= s;
            }
            return n;
        }

        /**
         * The first and last byte address the walk touches: the offset plus, over the dimensions,
         * {@code (size - 1) x step} where that lowers it and where it raises it; null when the walk
         * touches no byte (a size of 0). Exact: an address past a long is an
         * {@link ArithmeticException}, never a wrapped value (a wrapped one would alias another byte).
         */
        public Extent extent() {
            for (long s : sizes) {
                if (s == 0) {
                    return null; // no byte, whatever the other dimensions reach
                }
            }
            long first = offset;
            long last = offset;
            for (int d = 0; d < sizes.length; d++) {
                long reach = Math.multiplyExact(sizes[d] - 1, steps[d]);
                if (reach < 0) {
                    first = Math.addExact(first, reach);
                } else {
                    last = Math.addExact(last, reach);
                }
            }
            return new Extent(first, last);
        }

        /** Dimension {@code d}'s size, 1 past the last. */
        public long size(int d) {
            return d < sizes.length ? sizes[d] : 1;
        }

        /** Dimension {@code d}'s step in bytes, 0 past the last. */
        public long step(int d) {
            return d < steps.length ? steps[d] : 0;
        }

        public int dimensions() {
            return sizes.length;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Endpoint e && var.equals(e.var) && dtype.equals(e.dtype) && offset == e.offset
                    && Arrays.equals(sizes, e.sizes) && Arrays.equals(steps, e.steps);
        }

        @Override
        public int hashCode() {
            return var.hashCode() * 31 + Arrays.hashCode(sizes) * 7 + Long.hashCode(offset);
        }

        @Override
        public String toString() {
            return var + "+" + offset + " " + dtype + " " + Arrays.toString(sizes) + " step " + Arrays.toString(steps);
        }
    }

    /** The lowest and highest byte address a side's walk touches ({@link Endpoint#extent}). */
    public record Extent(long first, long last) {
        /** Whether every byte lies in {@code [0, size)}. */
        public boolean within(long size) {
            return first >= 0 && last < size;
        }
    }

    /**
     * The memory a side's walk is checked against: what a refusal calls it, the byte addresses it
     * takes ({@code [0, span)}) and the bytes it holds. A var takes and holds its declared size; the
     * SBUF takes {@code sbuf_partitions x sbuf_partition_stride} addresses and holds
     * {@code sbuf_partitions x sbuf_bytes_per_partition} bytes (its arch profile's; the gap at each
     * partition's end is an address no byte answers).
     */
    public record Target(String what, long span, long holds) {
        /** A var of {@code size} bytes, its (untrusted) name quoted. */
        public static Target var(String name, long size) {
            return new Target("var " + SafeName.quoted(name) + " (" + size + " bytes)", size, size);
        }

        /** The SBUF of {@code span} bytes of addresses holding {@code holds} bytes. */
        public static Target sbuf(long span, long holds) {
            return new Target("the SBUF (" + span + " bytes of addresses, " + holds + " bytes)", span, holds);
        }

        /** The SBUF of {@code arch}'s profile. */
        public static Target sbuf(tpb.isa.Arch arch) {
            return sbuf(Math.multiplyExact(arch.sbufPartitions(), arch.sbufPartitionStride()),
                    Math.multiplyExact(arch.sbufPartitions(), arch.sbufBytesPerPartition()));
        }

        @Override
        public String toString() {
            return what;
        }
    }

    /** A DMA_DIRECT2D run of {@code elem_size} 0 moves 0x10000 bytes (facts §3.11: "dtype bytes x last-dim count", 0 meaning 0x10000). */
    private static final int DIRECT2D_FULL_RUN = 0x10000;

    /**
     * A DMA_DIRECT2D record (0xD4; facts §3.11, isa/dma-encoding.md CONFIRMED) as a descriptor, so
     * the levels read one descriptor model whether the walk comes from an engine file or a record:
     * each side walks {@code num[1] x num[0]} runs of {@code elem_size} bytes at byte steps
     * {@code step[0]}, {@code step[1]} (dimension 0 innermost, ASSUMED as the tensor descriptors),
     * that is sizes {@code [run, num0, num1]} at steps {@code [1, step0, step1]}. A side's var is
     * what its ADDR8 operand names ({@code mode 0x.. entry N}: a var id or a DGE table entry, resolved
     * only at the data level), its offset the operand's +0..+3 (in DGE_OFFSET_REGISTER mode the
     * register that holds the offset: the geometry, not the address, is what this model gives).
     */
    public static DmaDescriptor direct2d(DmaDirect2dFlyweight r) {
        return direct2d(r, r.srcStartAddrValue(), r.dstStartAddrValue());
    }

    /** As {@link #direct2d(DmaDirect2dFlyweight)}, each side starting at the byte offset given (the data level's, which reads an offset register). */
    public static DmaDescriptor direct2d(DmaDirect2dFlyweight r, long srcOffset, long dstOffset) {
        return new DmaDescriptor(
                direct2dSide(r.srcStartAddr(), srcOffset, r.inDtypeRaw(), r.srcElemSize(), r.srcNumElem(0), r.srcNumElem(1),
                        r.srcStepElem(0), r.srcStepElem(1)),
                direct2dSide(r.dstStartAddr(), dstOffset, r.outDtypeRaw(), r.dstElemSize(), r.dstNumElem(0), r.dstNumElem(1),
                        r.dstStepElem(0), r.dstStepElem(1)),
                r.inDtypeRaw() == r.outDtypeRaw() ? "copy" : "cast");
    }

    private static Endpoint direct2dSide(Addr8View a, long value, int dtypeRaw, int elemSize, int num0, int num1, int step0, int step1) {
        DtypeWire dtype = DtypeWire.fromValue(dtypeRaw);
        return new Endpoint("mode 0x" + Integer.toHexString(a.mode()) + " entry " + (a.entry() | a.varHi() << 16),
                dtype == null ? "dtype " + dtypeRaw : dtype.specName(), value,
                new long[] {elemSize == 0 ? DIRECT2D_FULL_RUN : elemSize, num0, num1}, new long[] {1, step0, step1});
    }

    /** The bytes the descriptor reads (its source side's). */
    public long bytes() {
        return from.bytes();
    }
}
