package tpb.data;

import tpb.isa.DtypeWire;
import tpb.neff.DmaDescriptor;

/**
 * One DMA descriptor of a NEFF's engine file ({@link DmaDescriptor}) moving bytes: its source
 * side's bytes, walked dimension 0 innermost at byte steps, go in order to its destination
 * side's; {@code copy} moves them as they are (the two dtypes must be one), {@code cast}
 * converts each element from the source dtype to the destination's through {@link Elements}
 * (the data level's one conversion: floats round to nearest even, ASSUMED as DMA_DIRECT2D's and
 * CAST's). Reading of the JSON (INFERRED from the real NEFFs, see {@link DmaDescriptor}): sizes,
 * steps and offsets are bytes; a side naming the state-buffer var is the SBUF at an address
 * partition x sbuf_partition_stride + byte, as DMA_DIRECT2D's (STRONG: qwen3-moe's block 0
 * writes SB 0x10100 and the next {@code tload} reads 0x10100); any other side is a DRAM var.
 */
final class DmaDescriptorMove {
    private DmaDescriptorMove() {}

    /** The bytes of one side, a run at a time: dimension 0 is one run when its step is 1, else each byte is one. */
    private static final class Walk {
        final long base;
        final long[] sizes;
        final long[] steps;
        final int from;
        final long run;
        final long[] at;
        long left;

        Walk(DmaDescriptor.Endpoint e) {
            base = e.offset();
            sizes = e.sizes();
            steps = e.steps();
            boolean contiguous = sizes.length > 0 && steps[0] == 1;
            from = contiguous ? 1 : 0;
            run = contiguous ? sizes[0] : 1;
            at = new long[sizes.length];
            left = e.bytes() / Math.max(1, run);
            if (run == 0) {
                left = 0;
            }
        }

        /** The next run's address; call only while {@code left > 0}. */
        long next() {
            long a = base;
            for (int d = from; d < sizes.length; d++) {
                a = Math.addExact(a, Math.multiplyExact(at[d], steps[d])); // exact: a wrapped address would alias another byte
            }
            left--;
            for (int d = from; d < sizes.length; d++) {
                if (++at[d] < sizes[d]) {
                    break;
                }
                at[d] = 0;
            }
            return a;
        }
    }

    /** One side's memory: a DRAM var's region, or the SBUF. */
    private interface Side {
        void read(long address, byte[] buf, int off, int length);

        void write(long address, byte[] buf, int off, int length);
    }

    /** The dtype a descriptor names ({@code float32}, {@code bfloat16}, ... numpy's names, as the NEFF's JSON writes them). */
    static DtypeWire dtype(String name, String where) {
        if ("bfloat16".equals(name)) {
            return DtypeWire.BFLOAT16;
        }
        try {
            return NpyType.ofNumpyName(name).wire();
        } catch (NpyException e) {
            throw new DataFault(where + " dtype \"" + name + "\" is not one the data level converts");
        }
    }

    /** Moves {@code d}'s bytes; returns the bytes read. */
    static long execute(DmaDescriptor d, Dram dram, CoreState core) {
        DmaDescriptor.Endpoint f = d.from();
        DmaDescriptor.Endpoint t = d.to();
        DtypeWire in = dtype(f.dtype(), "from");
        DtypeWire out = dtype(t.dtype(), "to");
        if (d.transpose() != null) {
            return transpose(d, dram, core, in, out);
        }
        boolean cast = switch (d.op()) {
            case "copy" -> {
                if (in != out || f.bytes() != t.bytes()) {
                    throw new DataFault("DMA copy of " + f.bytes() + " B " + f.dtype() + " into " + t.bytes() + " B " + t.dtype()
                            + ": a copy moves bytes as they are, so both sides must be one dtype and size");
                }
                yield false;
            }
            case "cast" -> true;
            default -> throw fault(d);
        };
        int inSize = Elements.size(in);
        int outSize = Elements.size(out);
        if (cast && (f.bytes() % inSize != 0 || t.bytes() % outSize != 0 || f.bytes() / inSize != t.bytes() / outSize)) {
            throw new DataFault("DMA cast of " + f.bytes() + " B " + f.dtype() + " into " + t.bytes() + " B " + t.dtype()
                    + " holds different element counts");
        }
        Side src = side(f, dram, core, "from");
        Side dst = side(t, dram, core, "to");
        bounded(f, dram, core, "from");
        bounded(t, dram, core, "to");
        Walk sw = new Walk(f);
        Walk dw = new Walk(t);
        byte[] buf = core.dmaBuffer(0, 1 << 16);
        if (!cast) {
            // runs of either side, cut where the other's end
            long sa = 0;
            long sLeft = 0;
            long da = 0;
            long dLeft = 0;
            while (true) {
                if (sLeft == 0) {
                    if (sw.left == 0) {
                        break;
                    }
                    sa = sw.next();
                    sLeft = sw.run;
                }
                if (dLeft == 0) {
                    da = dw.next();
                    dLeft = dw.run;
                }
                int n = (int) Math.min(Math.min(sLeft, dLeft), buf.length);
                src.read(sa, buf, 0, n);
                dst.write(da, buf, 0, n);
                sa += n;
                da += n;
                sLeft -= n;
                dLeft -= n;
            }
            return f.bytes();
        }
        // a cast: an element at a time, each side's bytes gathered from its runs
        Bytes sb = new Bytes(sw, src);
        Bytes db = new Bytes(dw, dst);
        byte[] e = new byte[8];
        byte[] o = new byte[8];
        for (long i = f.bytes() / inSize; i > 0; i--) {
            sb.read(e, inSize);
            Elements.write(o, 0, out, Elements.read(e, 0, in));
            db.write(o, outSize);
        }
        return f.bytes();
    }

    /**
     * What of {@code d} the data level cannot run — {@code DMA descriptor op "gather"} or
     * {@code DMA transpose_op "WZXQ"} — or null when it can (as far as the descriptor itself says:
     * dtypes and sizes are checked when it runs): the pre-flight of {@code tpb neff info}.
     */
    static String unmodelled(DmaDescriptor d) {
        if (d.transpose() != null) {
            return order(d.transpose().op()) != null ? null : "DMA transpose_op \"" + d.transpose().op() + "\"";
        }
        return "copy".equals(d.op()) || "cast".equals(d.op()) ? null : "DMA descriptor op \"" + d.op() + "\"";
    }

    /** The fault of a descriptor {@link #unmodelled} names. */
    private static DataFault fault(DmaDescriptor d) {
        return new DataFault(unmodelled(d) + (d.transpose() != null ? " is no order of the axes " + DmaDescriptor.Transpose.AXES
                : " has no data-level semantics (copy, cast and transpose have)"));
    }

    /** For each destination axis, the source axis {@code op} names ({@link DmaDescriptor.Transpose#AXES}); null unless a permutation of them. */
    private static int[] order(String op) {
        String axes = DmaDescriptor.Transpose.AXES;
        if (op.length() != axes.length()) {
            return null;
        }
        int[] perm = new int[axes.length()];
        boolean[] seen = new boolean[axes.length()];
        for (int k = 0; k < perm.length; k++) {
            perm[k] = axes.indexOf(op.charAt(k));
            if (perm[k] < 0 || seen[perm[k]]) {
                return null;
            }
            seen[perm[k]] = true;
        }
        return perm;
    }

    /** The most bytes one DMA transpose may hold while it reorders them (ASSUMED bound; real ones move 32 KiB). */
    static final int MAX_TRANSPOSE_BYTES = 1 << 26;

    /**
     * A DMA transpose ({@link DmaDescriptor.Transpose}): the source's bytes in walk order are its
     * elements in the shape's axes (W, Z, Y, X, outermost first); the destination receives them in
     * walk order with the axes in the order {@code op} names, so {@code "WZXY"} of {@code [1, 1, R, C]}
     * writes element (y, x) at (x, y). A descriptor moves whole shapes, one after the other in walk
     * order, each reordered on its own. Bytes move as they are: both sides one dtype, whose size is
     * the element size.
     */
    private static long transpose(DmaDescriptor d, Dram dram, CoreState core, DtypeWire in, DtypeWire out) {
        DmaDescriptor.Transpose t = d.transpose();
        DmaDescriptor.Endpoint f = d.from();
        DmaDescriptor.Endpoint to = d.to();
        int[] perm = order(t.op());
        if (perm == null) {
            throw fault(d);
        }
        long piece = t.elements() * t.elementSize();
        long bytes = f.bytes();
        if (in != out || Elements.size(in) != t.elementSize() || to.bytes() != bytes || piece == 0 || bytes % piece != 0) {
            throw new DataFault("DMA transpose of " + t + " moves " + bytes + " B " + f.dtype() + " into " + to.bytes() + " B "
                    + to.dtype() + ": both sides must be one dtype of the element size and hold whole shapes");
        }
        bounded(f, dram, core, "from");
        bounded(to, dram, core, "to");
        if (bytes > MAX_TRANSPOSE_BYTES) {
            throw new DataFault("DMA transpose of " + bytes + " B is more than the " + MAX_TRANSPOSE_BYTES + " B the data level reorders at once");
        }
        byte[] src = new byte[(int) bytes];
        new Bytes(new Walk(f), side(f, dram, core, "from")).read(src, src.length);
        long[] shape = t.shape();
        long[] strides = new long[shape.length];   // the source's element stride of each axis
        long stride = 1;
        for (int a = shape.length - 1; a >= 0; a--) {
            strides[a] = stride;
            stride *= shape[a];
        }
        byte[] dst = new byte[(int) bytes];
        int e = t.elementSize();
        long[] at = new long[shape.length];   // the index along each destination axis, perm[k] of the source's
        // the shape is one piece; a descriptor moves whole pieces, each reordered on its own (the fp32
        // conv2d NEFFs move a 128 x 128 tile as two [1, 1, 128, 64] pieces, its column halves)
        for (long p0 = 0; p0 < bytes; p0 += piece) {
            for (long i = 0, n = t.elements(); i < n; i++) {
                long from = 0;
                for (int k = 0; k < perm.length; k++) {
                    from += at[k] * strides[perm[k]];
                }
                System.arraycopy(src, (int) (p0 + from * e), dst, (int) (p0 + i * e), e);
                for (int k = perm.length - 1; k >= 0; k--) {
                    if (++at[k] < shape[perm[k]]) {
                        break;
                    }
                    at[k] = 0;
                }
            }
        }
        new Bytes(new Walk(to), side(to, dram, core, "to")).write(dst, dst.length);
        return bytes;
    }

    /** A side's bytes in walk order, a few at a time (an element may span two runs). */
    private static final class Bytes {
        private final Walk w;
        private final Side side;
        private long address;
        private long left;

        Bytes(Walk w, Side side) {
            this.w = w;
            this.side = side;
        }

        void read(byte[] b, int n) {
            for (int k = 0; k < n; ) {
                int c = take(n - k);
                side.read(address, b, k, c);
                advance(c);
                k += c;
            }
        }

        void write(byte[] b, int n) {
            for (int k = 0; k < n; ) {
                int c = take(n - k);
                side.write(address, b, k, c);
                advance(c);
                k += c;
            }
        }

        private int take(int want) {
            if (left == 0) {
                address = w.next();
                left = w.run;
            }
            return (int) Math.min(want, left);
        }

        private void advance(int c) {
            address += c;
            left -= c;
        }
    }

    /**
     * Refuses, before any byte moves, a side whose walk leaves its memory: the bytes it touches
     * ({@link DmaDescriptor.Endpoint#extent}, exact) inside its var, or the SBUF's address span for
     * the state-buffer var. The NEFF reader checks the same when it reads the descriptor; this keeps
     * a descriptor made any other way from walking outside either.
     */
    private static void bounded(DmaDescriptor.Endpoint e, Dram dram, CoreState core, String which) {
        boolean sbuf = dram.isStateBuffer(e.var());
        DramVar v = sbuf ? null : dram.byName(e.var());
        if (!sbuf && v == null) {
            return; // no bytes at all: side() says so
        }
        long span = sbuf ? (long) core.sbuf().partitions() * core.arch().sbufPartitionStride() : v.size();
        DmaDescriptor.Extent x;
        try {
            x = e.extent();
        } catch (ArithmeticException overflow) {
            throw new DataFault("DMA " + which + " offset " + e.offset() + " and steps reach past 2^63");
        }
        if (x != null && !x.within(span)) {
            throw new DataFault("DMA " + which + " touches bytes " + x.first() + " to " + x.last() + ", outside "
                    + (sbuf ? "the SBUF's " + span + " bytes of addresses" : "var " + e.var() + " (" + span + " bytes)"));
        }
    }

    private static Side side(DmaDescriptor.Endpoint e, Dram dram, CoreState core, String which) {
        if (dram.isStateBuffer(e.var())) {
            return new Side() {
                public void read(long address, byte[] buf, int off, int length) {
                    Location l = at(address);
                    System.arraycopy(l.memory().row(l.partition(), l.offset(), length), (int) l.offset(), buf, off, length);
                }

                public void write(long address, byte[] buf, int off, int length) {
                    Location l = at(address);
                    System.arraycopy(buf, off, l.memory().row(l.partition(), l.offset(), length), (int) l.offset(), length);
                }

                private Location at(long address) {
                    if (address < 0) {
                        throw new DataFault("DMA " + which + " SBUF address " + address + " is negative");
                    }
                    return core.sbufAt(address); // checked: an address past the SBUF's partitions is a fault, never partition 0
                }
            };
        }
        DramVar v = dram.byName(e.var());
        if (v == null) {
            throw new DataFault("DMA " + which + " var " + e.var() + " has no data-level bytes");
        }
        AccessLog log = dram.log();
        return new Side() {
            private void check(long address, int length) {
                if (address < 0 || address > v.size() - length) {
                    throw new DataFault("DMA " + which + " bytes 0x" + Long.toHexString(address) + "+" + length + " run outside var "
                            + v.name() + " (" + v.size() + " bytes)");
                }
            }

            public void read(long address, byte[] buf, int off, int length) {
                check(address, length);
                v.region().get(address, buf, off, length);
                log.read(v, address, length);
            }

            public void write(long address, byte[] buf, int off, int length) {
                check(address, length);
                v.region().put(address, buf, off, length);
                log.write(v, address, length);
            }
        };
    }
}
