package tpb.data;

import java.util.Map;
import java.util.function.IntUnaryOperator;
import tpb.isa.AccumCmd;
import tpb.isa.ActivateFlyweight;
import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.Arm;
import tpb.isa.CastFlyweight;
import tpb.isa.CopyFlyweight;
import tpb.isa.Decoder;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.ImmSrc;
import tpb.isa.ImmSrcN;
import tpb.isa.IotaFlyweight;
import tpb.isa.LdweightsFlyweight;
import tpb.isa.MatmulFlyweight;
import tpb.isa.MemsetFlyweight;
import tpb.isa.PeFp32Mode;
import tpb.isa.PsumAccumulateFlags;
import tpb.isa.TensorTensorArithFlyweight;

/**
 * The data-level meaning of one record on one core: decodes the record's operands through the
 * generated flyweights (never an offset here) and calls the semantics ({@link Dma2d},
 * {@link PeArray}, {@link VectorOps}). Records whose whole effect is on semaphores, ordering or
 * control flow have none here (the sync level runs them). Any other arm, and any mode of a known
 * arm the data level has no semantics for, is a fault naming it.
 */
public final class DataSemantics {
    private final CoreState core;
    private final Dram dram;
    private final Map<Integer, String> activationNames;
    private final DmaDirect2dFlyweight dma = new DmaDirect2dFlyweight();
    private final MatmulFlyweight mm = new MatmulFlyweight();
    private final LdweightsFlyweight lw = new LdweightsFlyweight();
    private final CopyFlyweight copy = new CopyFlyweight();
    private final CastFlyweight cast = new CastFlyweight();
    private final TensorTensorArithFlyweight tt = new TensorTensorArithFlyweight();
    private final MemsetFlyweight memset = new MemsetFlyweight();
    private final IotaFlyweight iota = new IotaFlyweight();
    private final ActivateFlyweight act = new ActivateFlyweight();
    private long bytesMoved;
    private long macs;

    /** {@code activationNames}: ACTIVATE's function ids in the loaded table set, as the NEFF's profile names them. */
    public DataSemantics(CoreState core, Dram dram, Map<Integer, String> activationNames) {
        this.core = core;
        this.dram = dram;
        this.activationNames = activationNames;
    }

    public CoreState core() {
        return core;
    }

    /** The bytes the last executed record moved (a DMA's source bytes), else 0. */
    public long bytesMoved() {
        return bytesMoved;
    }

    /** The multiply-accumulates the last executed record did (a MATMUL's rows x cols x moving elements), else 0. */
    public long macs() {
        return macs;
    }

    /** Executes the record at {@code b[at]}; returns the memory ranges it read and wrote, compact, or "" for none. */
    public String execute(byte[] b, int at) {
        bytesMoved = 0;
        macs = 0;
        Arm arm = Decoder.identify(b, at);
        if (arm == null) {
            throw new DataFault("opcode 0x" + Integer.toHexString(Decoder.opcode(b, at)) + " has no arm");
        }
        return switch (arm) {
            case DMA_DIRECT2D -> {
                String r = Dma2d.execute(dma.wrap(b, at), dram, core);
                bytesMoved = Dma2d.bytes(dma);
                yield r;
            }
            case LDWEIGHTS -> ldweights(lw.wrap(b, at));
            case MATMUL -> matmul(mm.wrap(b, at));
            case COPY -> copy(copy.wrap(b, at));
            case CAST -> cast(cast.wrap(b, at));
            case TENSOR_TENSOR_ARITH -> tensorTensor(tt.wrap(b, at));
            case MEMSET -> memset(memset.wrap(b, at));
            case IOTA -> iota(iota.wrap(b, at));
            case ACTIVATE -> activate(act.wrap(b, at));
            // ordering, labels, waits, semaphore updates and the table-set load: no data effect
            case SET_ORDERING_MODE, PSEUDO_BRANCH_LABEL, NO_OP, EVENT_SEMAPHORE, ACTIVATION_TABLE_LOAD -> "";
            default -> throw new DataFault(arm.specName() + " (opcode 0x" + Integer.toHexString(arm.opcode())
                    + ") has no data-level semantics");
        };
    }

    private AccessPattern pattern(long address, long indirect, long dynamic, long register, IntUnaryOperator step,
            IntUnaryOperator num, int dims, DtypeWire t, int channels) {
        int[] s = new int[dims];
        int[] n = new int[dims];
        for (int d = 0; d < dims; d++) {
            s[d] = step.applyAsInt(d);
            n[d] = num.applyAsInt(d);
        }
        return new AccessPattern(core.addr4(address, indirect, dynamic, register), s, n, t, channels);
    }

    private static DtypeWire dtype(int raw, String what) {
        DtypeWire t = DtypeWire.fromValue(raw);
        if (t == null || !Elements.hasValues(t)) {
            throw new DataFault(what + " " + (t == null ? "tag " + raw : t.specName()) + " has no data-level semantics");
        }
        return t;
    }

    /** row_grp/col_grp: one bit per 32-partition PE quadrant (datapath-facts §2.1); only the whole array is modelled. */
    private void wholeArray(int rowGrp, int colGrp, String what) {
        int all = (1 << (int) (core.arch().sbufPartitions() / core.arch().numPartPerQuadrant())) - 1;
        if (rowGrp != all || colGrp != all) {
            throw new DataFault(what + " row/col group 0x" + Integer.toHexString(rowGrp) + "/0x" + Integer.toHexString(colGrp)
                    + " has no data-level semantics (only the whole array, 0x" + Integer.toHexString(all) + ")");
        }
    }

    private static void fp32ModeNone(int raw, String what) {
        if (raw != PeFp32Mode.NONE.value()) {
            PeFp32Mode m = PeFp32Mode.fromValue(raw);
            throw new DataFault(what + " fp32_mode " + (m == null ? raw : m.specName()) + " has no data-level semantics");
        }
    }

    private static void transposeMode(int mode, String what) {
        // 0 and 1 are the only values in real records; 1 is INFERRED from the fixture (DataAssumptions)
        if (mode != 0 && mode != 1) {
            throw new DataFault(what + " transpose_mode " + mode + " has no data-level semantics");
        }
    }

    private String ldweights(LdweightsFlyweight r) {
        DtypeWire in = dtype(r.inDtypeRaw(), "LDWEIGHTS in_dtype");
        fp32ModeNone(r.fp32ModeRaw(), "LDWEIGHTS");
        transposeMode(r.transposeMode(), "LDWEIGHTS");
        if (r.perfOpt() != 0) {
            throw new DataFault("LDWEIGHTS perf_opt " + r.perfOpt() + " has no data-level semantics");
        }
        wholeArray(r.rowGrp(), r.colGrp(), "LDWEIGHTS");
        AccessPattern src = pattern(r.srcMemPatternStartWordAddress(), r.srcMemPatternStartWordIndirect(),
                r.srcMemPatternStartWordDynamic(), r.srcMemPatternStartWordRegister(), r::srcMemPatternStep,
                r::srcMemPatternNum, 3, in, r.numActiveRows());
        core.pe().loadWeights(src, r.numActiveRows(), r.numActiveCols());
        return "read " + src.range();
    }

    private String matmul(MatmulFlyweight r) {
        DtypeWire in = dtype(r.inDtypeRaw(), "MATMUL in_dtype");
        fp32ModeNone(r.fp32ModeRaw(), "MATMUL");
        transposeMode(r.transposeMode(), "MATMUL");
        if (r.perfOpt() != 0) {
            throw new DataFault("MATMUL perf_opt " + r.perfOpt() + " has no data-level semantics");
        }
        wholeArray(r.rowGrp(), r.colGrp(), "MATMUL");
        PsumAccumulateFlags flags = PsumAccumulateFlags.fromValue(r.psumAccumulateFlagsRaw());
        if (flags == null || flags == PsumAccumulateFlags.BEGIN_ACCUM_MATMUL_GROUP) {
            throw new DataFault("MATMUL psum_accumulate_flags 0x" + Integer.toHexString(r.psumAccumulateFlagsRaw())
                    + " has no data-level semantics");
        }
        boolean begin = flags == PsumAccumulateFlags.MULTI_START || flags == PsumAccumulateFlags.SINGLE;
        DtypeWire out;
        if (r.transposeMode() == 1) {
            if (flags != PsumAccumulateFlags.SINGLE) {
                throw new DataFault("MATMUL transpose_mode 1 in a " + flags.specName() + " group has no data-level semantics");
            }
            out = in;   // a PE transpose writes the input dtype (NKI nc_transpose; conflict pe-transpose-psum-dtype)
        } else {
            // out_dtype 0 means FP32 ("FP32 (all) | BF16 (v4+) | 0 (=FP32)", datapath-facts §2.1)
            DtypeWire o = DtypeWire.fromValue(r.outDtypeRaw());
            if (o != DtypeWire.INVALID && o != DtypeWire.FP32) {
                throw new DataFault("MATMUL out_dtype " + (o == null ? r.outDtypeRaw() : o.specName()) + " has no data-level semantics");
            }
            out = DtypeWire.FP32;
        }
        AccessPattern moving = pattern(r.srcMemPatternStartWordAddress(), r.srcMemPatternStartWordIndirect(),
                r.srcMemPatternStartWordDynamic(), r.srcMemPatternStartWordRegister(), r::srcMemPatternStep,
                r::srcMemPatternNum, 3, in, r.numActiveRows());
        AccessPattern dst = pattern(r.dstMemPatternStartWordAddress(), r.dstMemPatternStartWordIndirect(),
                r.dstMemPatternStartWordDynamic(), r.dstMemPatternStartWordRegister(), r::dstMemPatternStep,
                r::dstMemPatternNum, 3, out, r.numActiveCols());
        if (r.transposeMode() == 1) {
            // NKI nc_transpose: bit-accurate from NeuronCore-v3 on, the product before (the profile's fact)
            core.pe().transpose(moving, dst, r.numActiveRows(), r.numActiveCols(), core.arch().peTransposeBitExact() != 0);
        } else {
            matmul(moving, dst, r.numActiveRows(), r.numActiveCols(), begin);
        }
        macs = (long) r.numActiveRows() * r.numActiveCols() * moving.count();
        return "read " + moving.range() + "; " + (begin ? "wrote " : "accumulated ") + dst.range();
    }

    /**
     * The PE on fp32 tiles: the moving tile converted once, in bulk, from the SBUF; PSUM read as
     * fp32 only when accumulating; the result written back in bulk.
     */
    private void matmul(AccessPattern moving, AccessPattern dst, int rows, int cols, boolean begin) {
        PeArray pe = core.pe();
        int n = moving.count();
        if (rows != pe.rows() || cols != pe.cols() || moving.channels() != rows || dst.channels() != cols
                || dst.count() != n) {
            pe.matmul(moving, dst, rows, cols, begin);   // its checks and messages
            return;
        }
        float[] m = core.tile(0, rows * n);
        float[] psum = core.tile(1, cols * n);
        moving.readFloats(m);
        if (!begin) {
            dst.readFloats(psum);
        }
        pe.matmul(m, n, psum, begin);
        dst.writeFloats(psum);
    }

    private String copy(CopyFlyweight r) {
        return copyOrCast("COPY", r.negated() | r.maskEnable(), r.opRaw(), r.opDimRaw(),
                pattern(r.srcMemPatternStartWordAddress(), r.srcMemPatternStartWordIndirect(), r.srcMemPatternStartWordDynamic(),
                        r.srcMemPatternStartWordRegister(), r::srcMemPatternStep, r::srcMemPatternNum, 4,
                        dtype(r.inDtypeRaw(), "COPY in_dtype"), r.numActiveChannels()),
                pattern(r.dstMemPatternStartWordAddress(), r.dstMemPatternStartWordIndirect(), r.dstMemPatternStartWordDynamic(),
                        r.dstMemPatternStartWordRegister(), r::dstMemPatternStep, r::dstMemPatternNum, 4,
                        dtype(r.outDtypeRaw(), "COPY out_dtype"), r.numActiveChannels()));
    }

    private String cast(CastFlyweight r) {
        return copyOrCast("CAST", r.negated() | r.maskEnable(), r.opRaw(), r.opDimRaw(),
                pattern(r.srcMemPatternStartWordAddress(), r.srcMemPatternStartWordIndirect(), r.srcMemPatternStartWordDynamic(),
                        r.srcMemPatternStartWordRegister(), r::srcMemPatternStep, r::srcMemPatternNum, 4,
                        dtype(r.inDtypeRaw(), "CAST in_dtype"), r.numActiveChannels()),
                pattern(r.dstMemPatternStartWordAddress(), r.dstMemPatternStartWordIndirect(), r.dstMemPatternStartWordDynamic(),
                        r.dstMemPatternStartWordRegister(), r::dstMemPatternStep, r::dstMemPatternNum, 4,
                        dtype(r.outDtypeRaw(), "CAST out_dtype"), r.numActiveChannels()));
    }

    private static String copyOrCast(String what, int flags, int opRaw, int opDimRaw, AccessPattern src, AccessPattern dst) {
        // every real COPY/CAST has negated, op, op_dim and mask_enable zero (datapath-facts §5 check)
        if (flags != 0 || AluOpType.BYPASS != AluOpWire.decode(opRaw) || opDimRaw != 0) {
            throw new DataFault(what + " with negated, mask_enable, op or op_dim set has no data-level semantics");
        }
        VectorOps.copy(src, dst);
        return "read " + src.range() + "; wrote " + dst.range();
    }

    private String tensorTensor(TensorTensorArithFlyweight r) {
        AluOpType op = AluOpWire.decode(r.opRaw());
        if (op == null) {
            throw new DataFault("TENSOR_TENSOR ALU wire byte 0x" + Integer.toHexString(r.opRaw()) + " is no ALU op");
        }
        int ch = r.numActiveChannels();
        AccessPattern a = pattern(r.src0MemPatternStartWordAddress(), r.src0MemPatternStartWordIndirect(),
                r.src0MemPatternStartWordDynamic(), r.src0MemPatternStartWordRegister(), r::src0MemPatternStep,
                r::src0MemPatternNum, 3, dtype((int) r.in0In1DtypeTagsLo(), "TENSOR_TENSOR src0 dtype"), ch);
        AccessPattern b = pattern(r.src1MemPatternStartWordAddress(), r.src1MemPatternStartWordIndirect(),
                r.src1MemPatternStartWordDynamic(), r.src1MemPatternStartWordRegister(), r::src1MemPatternStep,
                r::src1MemPatternNum, 3, dtype((int) r.in0In1DtypeTagsHi(), "TENSOR_TENSOR src1 dtype"), ch);
        AccessPattern d = pattern(r.dstMemPatternStartWordAddress(), r.dstMemPatternStartWordIndirect(),
                r.dstMemPatternStartWordDynamic(), r.dstMemPatternStartWordRegister(), r::dstMemPatternStep,
                r::dstMemPatternNum, 3, dtype(r.outDtypeRaw(), "TENSOR_TENSOR out_dtype"), ch);
        VectorOps.tensorTensor(op, a, b, d);
        return "read " + a.range() + ", " + b.range() + "; wrote " + d.range();
    }

    private String memset(MemsetFlyweight r) {
        AccessPattern d = pattern(r.dstMemPatternStartWordAddress(), r.dstMemPatternStartWordIndirect(),
                r.dstMemPatternStartWordDynamic(), r.dstMemPatternStartWordRegister(), r::dstMemPatternStep,
                r::dstMemPatternNum, 4, dtype(r.dtypeRaw(), "MEMSET dtype"), r.numActiveChannels());
        if (r.dstElementCount() != d.count()) {
            throw new DataFault("MEMSET dst_element_count " + r.dstElementCount() + " differs from its pattern's " + d.count());
        }
        VectorOps.memset(d, r.setValue());
        return "wrote " + d.range();
    }

    private String iota(IotaFlyweight r) {
        AccessPattern d = pattern(r.dstMemPatternStartWordAddress(), r.dstMemPatternStartWordIndirect(),
                r.dstMemPatternStartWordDynamic(), r.dstMemPatternStartWordRegister(), r::dstMemPatternStep,
                r::dstMemPatternNum, 4, dtype(r.outDtypeRaw(), "IOTA out_dtype"), r.numActiveChannels());
        int[] step = new int[4];
        int[] num = new int[4];
        for (int i = 0; i < 4; i++) {
            step[i] = r.srcDataPatternStep(i);
            num[i] = r.srcDataPatternNum(i);
        }
        VectorOps.iota(r.srcDataPatternBase(), step, num, r.channelMultiplier(), d);
        return "wrote " + d.range();
    }

    private String activate(ActivateFlyweight r) {
        int id = r.activationFunc();
        String name = activationNames.get(id);
        VectorOps.Function f = name == null ? null : VectorOps.Function.ofProfileName(name);
        if (f == null) {
            throw new DataFault("ACTIVATE function " + id + (name == null ? " is not in the loaded table set" : " (" + name + ")")
                    + " has no data-level semantics");
        }
        if (r.scaleSrcRaw() != ImmSrc.INSTRUCTION_IMMEDIATE.value() || r.biasSrcNRaw() != ImmSrcN.INSTRUCTION_IMMEDIATE.value()) {
            throw new DataFault("ACTIVATE scale or bias from a pointer or register has no data-level semantics");
        }
        if (r.accumulatorCmdRaw() != AccumCmd.IDLE.value()) {
            throw new DataFault("ACTIVATE accumulator_cmd " + AccumCmd.fromValue(r.accumulatorCmdRaw()) + " has no data-level semantics");
        }
        int ch = r.numActiveChannels();
        AccessPattern in = pattern(r.srcMemPatternStartWordAddress(), r.srcMemPatternStartWordIndirect(),
                r.srcMemPatternStartWordDynamic(), r.srcMemPatternStartWordRegister(), r::srcMemPatternStep,
                r::srcMemPatternNum, 3, dtype((int) r.inBiasDtypeTagsLo(), "ACTIVATE in dtype"), ch);
        AccessPattern out = pattern(r.dstMemPatternStartWordAddress(), r.dstMemPatternStartWordIndirect(),
                r.dstMemPatternStartWordDynamic(), r.dstMemPatternStartWordRegister(), r::dstMemPatternStep,
                r::dstMemPatternNum, 3, dtype(r.outDtypeRaw(), "ACTIVATE out_dtype"), ch);
        VectorOps.activate(f, Float.intBitsToFloat((int) r.scaleValueBits()), Float.intBitsToFloat((int) r.biasBits()), in, out);
        return "read " + in.range() + "; wrote " + out.range();
    }
}
