package tpb.data;

import tpb.isa.Addr8Mode;
import tpb.isa.Addr8View;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;
import tpb.neff.Direct2dBounds;
import tpb.neff.DmaDescriptor;

/**
 * DMA_DIRECT2D (0xD4; facts §3.11, isa/dma-encoding.md CONFIRMED): a 2-D strided copy between
 * DRAM vars and the SBUF. Each side walks {@code num[1] x num[0]} runs (dimension 0 innermost,
 * ASSUMED like the tensor descriptors) at byte steps {@code step[0]}, {@code step[1]}; a run is
 * {@code elem_size} contiguous bytes ("dtype bytes x last-dim count", 0 meaning 0x10000). Run
 * {@code i} of the source goes to run {@code i} of the destination, element by element, and is
 * converted when {@code in_dtype != out_dtype} (fp32 to fp16 rounds to nearest even, ASSUMED).
 *
 * <p>Addresses (facts §4.2): mode STATIC_PHYSICAL names a var by id (entry | var_hi << 16) and a
 * byte offset (value); the state-buffer var takes an SBUF address there (partition =
 * address / sbuf_partition_stride: the fixture steps SB rows by 0x40000). Mode DGE_IMMEDIATE
 * names DGE table entry {@code entry} (INFERRED from the fixture: entries 0, 1, 2 of the list
 * [1, 2, 3] are read as x, y and written as output0, with row steps matching their shapes). Mode
 * DGE_OFFSET_REGISTER (facts §4.2: +0..+3 the register id, +4..+5 the DGE entry) takes the byte offset
 * from that register of the executing engine (INFERRED from the Qwen3 MoE NEFFs: the Pool engine
 * loads an expert index, scales it to the expert's element offset and doubles it for bf16 bytes into
 * r31, the register the DMA names, as NKI's {@code .ap(scalar_offset=…, indirect_dim=0)} asks). The
 * record's bound-check register ({@code src_bound_reg}/{@code dst_bound_reg}) is not modelled: its
 * bound is in no source, and an offset outside the var faults here anyway.
 */
public final class Dma2d {
    private Dma2d() {
    }

    /** One side of the copy: run {@code i}'s bytes in and out. */
    private interface Side {
        void read(long address, byte[] buf, int length);

        void write(long address, byte[] buf, int length);

        String describe(long first, long last, int length);

        /** The side's memory as the walk is checked against it ({@link Direct2dBounds}). */
        DmaDescriptor.Target target();
    }

    public static String execute(DmaDirect2dFlyweight r, Dram dram, CoreState core) {
        DtypeWire in = DtypeWire.fromValue(r.inDtypeRaw());
        DtypeWire out = DtypeWire.fromValue(r.outDtypeRaw());
        if (in == null || out == null) {
            throw new DataFault("DMA_DIRECT2D dtype tag " + r.inDtypeRaw() + " -> " + r.outDtypeRaw() + " is not a dtype");
        }
        if (r.computeOp() != 0) {
            throw new DataFault("DMA_DIRECT2D compute_op " + r.computeOp() + " has no data-level semantics (only 0, the fixture's, is modelled)");
        }
        int inSize = Elements.size(in);
        int outSize = Elements.size(out);
        int srcRun = runBytes(r.srcElemSize());
        int dstRun = runBytes(r.dstElemSize());
        if (srcRun % inSize != 0 || dstRun % outSize != 0 || srcRun / inSize != dstRun / outSize) {
            throw new DataFault("DMA_DIRECT2D runs of " + srcRun + " B " + in.specName() + " and " + dstRun + " B "
                    + out.specName() + " hold different element counts");
        }
        // longs: 65535 x 65535 runs overflow an int to a negative count, which moved nothing and "succeeded"
        long srcRuns = (long) r.srcNumElem(0) * r.srcNumElem(1);
        long dstRuns = (long) r.dstNumElem(0) * r.dstNumElem(1);
        if (srcRuns != dstRuns) {
            throw new DataFault("DMA_DIRECT2D moves " + srcRuns + " source runs into " + dstRuns + " destination runs");
        }
        Side src = side(r.srcStartAddr(), dram, core, "source");
        Side dst = side(r.dstStartAddr(), dram, core, "destination");
        if (srcRuns == 0) {
            return "moves no run (num_elem " + r.srcNumElem(0) + " x " + r.srcNumElem(1) + ")";
        }
        long srcBase = start(r.srcStartAddr(), r.srcStartAddrValue(), core);
        long dstBase = start(r.dstStartAddr(), r.dstStartAddrValue(), core);
        // the walk bounded by what it touches before any work, by the check every level makes (a zero step would
        // otherwise write a byte 2^32 times); the offset registers' values are known here
        String outside = Direct2dBounds.problem(DmaDescriptor.direct2d(r, srcBase, dstBase), src.target(), true, dst.target(), true);
        if (outside != null) {
            throw new DataFault(outside);
        }
        int elems = srcRun / inSize;
        boolean raw = in == out;
        byte[] sb = core.dmaBuffer(0, srcRun);
        byte[] db = raw ? sb : core.dmaBuffer(1, dstRun);
        for (long i = 0; i < srcRuns; i++) {
            long sa = address(srcBase, r.srcStepElem(0), r.srcStepElem(1), r.srcNumElem(0), i);
            long da = address(dstBase, r.dstStepElem(0), r.dstStepElem(1), r.dstNumElem(0), i);
            src.read(sa, sb, srcRun);
            if (!raw) {
                for (int e = 0; e < elems; e++) {
                    Elements.write(db, e * outSize, out, Elements.read(sb, e * inSize, in));
                }
            }
            dst.write(da, db, dstRun);
        }
        long lastS = address(srcBase, r.srcStepElem(0), r.srcStepElem(1), r.srcNumElem(0), srcRuns - 1);
        long lastD = address(dstBase, r.dstStepElem(0), r.dstStepElem(1), r.dstNumElem(0), srcRuns - 1);
        return "read " + src.describe(srcBase, lastS, srcRun) + " " + in.specName()
                + "; wrote " + dst.describe(dstBase, lastD, dstRun) + " " + out.specName();
    }

    /** The source bytes the record moves: runs x run bytes. */
    public static long bytes(DmaDirect2dFlyweight r) {
        return DmaDescriptor.direct2d(r).bytes();
    }

    private static int runBytes(int elemSize) {
        return elemSize == 0 ? 0x10000 : elemSize;
    }

    private static long address(long base, int step0, int step1, int num0, long run) {
        return base + (long) (run % num0) * step0 + (long) (run / num0) * step1;
    }

    /** An ADDR8 operand's byte offset into its var: its +0..+3, or in DGE_OFFSET_REGISTER mode the register they name. */
    private static long start(Addr8View a, long value, CoreState core) {
        if (Addr8Mode.fromValue(a.mode()) != Addr8Mode.DGE_OFFSET_REGISTER) {
            return value;
        }
        if ((value & ~0xFFL) != 0) { // +0 reg_lo; +1 (reg_hi) is the two-register form's, mode | 0x04
            throw new DataFault("DMA_DIRECT2D ADDR8 offset register 0x" + Long.toHexString(value) + " is no register id");
        }
        return core.registers().slot((int) value);
    }

    /** Where an ADDR8 operand points: a static physical var-id (entry | var_hi << 16) or a DGE table entry. */
    private static Side side(Addr8View a, Dram dram, CoreState core, String which) {
        int modeByte = a.mode();
        int entry = a.entry();
        int varHi = a.varHi();
        Addr8Mode mode = Addr8Mode.fromValue(modeByte);
        int varId;
        if (mode == Addr8Mode.STATIC_PHYSICAL) {
            varId = entry | varHi << 16;
        } else if (mode == Addr8Mode.DGE_IMMEDIATE || mode == Addr8Mode.DGE_OFFSET_REGISTER) {
            varId = dram.dgeEntry(entry);
        } else {
            throw new DataFault("DMA_DIRECT2D " + which + " ADDR8 mode 0x" + Integer.toHexString(modeByte)
                    + (mode == null ? "" : " (" + mode.specName() + ")") + " has no data-level semantics");
        }
        if (dram.isStateBuffer(varId)) {
            return new Side() {
                public void read(long address, byte[] buf, int length) {
                    core.readSbuf(address, buf, length);
                }

                public void write(long address, byte[] buf, int length) {
                    Location l = core.sbufAt(address);
                    System.arraycopy(buf, 0, l.memory().row(l.partition(), l.offset(), length), (int) l.offset(), length);
                }

                public DmaDescriptor.Target target() {
                    return DmaDescriptor.Target.sbuf(core.arch());
                }

                /** The partitions from the first run's to the last's, and the bytes from the lower run's start to the higher's end. */
                public String describe(long first, long last, int length) {
                    Location a = core.sbufAt(first);
                    Location b = core.sbufAt(last);
                    return "SBUF p" + a.partition() + (b.partition() != a.partition() ? "-" + b.partition() : "")
                            + " [0x" + Long.toHexString(Math.min(a.offset(), b.offset())) + ",0x"
                            + Long.toHexString(Math.max(a.offset(), b.offset()) + length) + ")";
                }
            };
        }
        DramVar v = dram.byId(varId);
        AccessLog log = dram.log();
        return new Side() { // every run inside the var: the whole walk's extent was checked before the first (Direct2dBounds)
            public void read(long address, byte[] buf, int length) {
                v.region().get(address, buf, 0, length);
                log.read(v, address, length);
            }

            public void write(long address, byte[] buf, int length) {
                v.region().put(address, buf, 0, length);
                log.write(v, address, length);
            }

            public DmaDescriptor.Target target() {
                return DmaDescriptor.Target.var(v.name(), v.size());
            }

            public String describe(long first, long last, int length) {
                return v.name() + " [0x" + Long.toHexString(Math.min(first, last)) + ",0x"
                        + Long.toHexString(Math.max(first, last) + length) + ")";
            }
        };
    }
}
