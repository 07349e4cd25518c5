package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tpb.isa.AccumCmd;
import tpb.isa.ActivateFlyweight;
import tpb.isa.ActivationReadAccumulatorFlyweight;
import tpb.isa.Addr8Mode;
import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.ImmSrc;
import tpb.isa.ImmSrcN;
import tpb.isa.IotaFlyweight;
import tpb.isa.MemsetFlyweight;
import tpb.isa.TensorTensorArithFlyweight;

/**
 * TENSOR_TENSOR, MEMSET, IOTA, ACTIVATE and DMA_DIRECT2D through their records (built with the
 * generated encoders) on one core, and the arm table itself, each against values worked out here
 * by hand: every ALU op TENSOR_TENSOR has values for (and every other op and wire byte refused),
 * the two source dtypes taken from the right halves of the DTYPE_PAIR byte, MEMSET at each element
 * size, IOTA over four dimensions and the channel multiplier, ACTIVATE for each function the data
 * level computes with the input dtype from the low half of its pair, the bytes a DMA moved, and
 * the arms with and without data-level semantics. Operands sit on the SBUF's last partitions.
 */
class VectorArmsTest {
    static long f(float v) {
        return Rig.f32(v);
    }

    // ---- TENSOR_TENSOR ----

    /** src0: INT32 (the pair's low half) on p126-127 at 0; src1: FP16 (high half) at 0x40; dst FP32 at 0x80; 5 elements. */
    static byte[] tensorTensor(Rig rig, int opWire) {
        byte[] b = new byte[64];
        TensorTensorArithFlyweight t = new TensorTensorArithFlyweight().wrap(b, 0).reset();
        t.in0In1DtypeTagsLo(DtypeWire.INT32.value()).in0In1DtypeTagsHi(DtypeWire.FP16.value()).outDtypeRaw(DtypeWire.FP32.value())
                .opRaw(opWire).numActiveChannels(2);
        Rig.pattern(t.src0MemPattern(), t::src0MemPatternStartWordAddress, t::src0MemPatternStep, t::src0MemPatternNum, rig.sb(126, 0), 1, 5);
        Rig.pattern(t.src1MemPattern(), t::src1MemPatternStartWordAddress, t::src1MemPatternStep, t::src1MemPatternNum, rig.sb(126, 0x40), 1, 5);
        Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, rig.sb(126, 0x80), 1, 5);
        return b;
    }

    /**
     * p126: a = (7, -3, 0, 5, 1) int32, b = (2, -3, -0, 0.5, 2) fp16; p127: a = 1s, b = 1s. Each row: op's value on p126
     * (worked by hand: dst = a op b, in fp32 since an operand is a float), then on p127.
     */
    static final Map<AluOpType, float[]> TT = new EnumMap<>(AluOpType.class);

    static {
        float nan = Float.NaN;
        TT.put(AluOpType.BYPASS, new float[] {7, -3, 0, 5, 1, 1});
        TT.put(AluOpType.ADD, new float[] {9, -6, 0, 5.5f, 3, 2});
        TT.put(AluOpType.SUBTRACT, new float[] {5, 0, 0, 4.5f, -1, 0});     // a - b: the order of the header's slots
        TT.put(AluOpType.MULT, new float[] {14, 9, -0f, 2.5f, 2, 1});       // 0 x -0 = -0
        TT.put(AluOpType.DIVIDE, new float[] {3.5f, 1, nan, 10, 0.5f, 1});  // 0 / -0 = NaN
        TT.put(AluOpType.MAX, new float[] {7, -3, 0, 5, 2, 1});             // max(0, -0) = +0
        TT.put(AluOpType.MIN, new float[] {2, -3, -0f, 0.5f, 1, 1});        // min(0, -0) = -0
        TT.put(AluOpType.IS_EQUAL, new float[] {0, 1, 1, 0, 0, 1});          // 0 == -0
        TT.put(AluOpType.NOT_EQUAL, new float[] {1, 0, 0, 1, 1, 0});
        TT.put(AluOpType.IS_GT, new float[] {1, 0, 0, 1, 0, 0});
        TT.put(AluOpType.IS_GE, new float[] {1, 1, 1, 1, 0, 1});
        TT.put(AluOpType.IS_LT, new float[] {0, 0, 0, 0, 1, 0});
        TT.put(AluOpType.IS_LE, new float[] {0, 1, 1, 0, 1, 1});
    }

    @Test
    void tensorTensorForEveryAluOp() {
        List<String> wrong = new ArrayList<>();
        Rig rig = new Rig();
        for (AluOpType op : AluOpType.values()) {
            if (!AluOpWire.encodes(op)) {
                continue;   // FATAL in the wire table: no record can name it
            }
            for (int p = 126; p < 128; p++) {
                Rig.put(rig.core.sbuf(), p, 0x80, 4, 0x5A5A5A5AL, 0x5A5A5A5AL, 0x5A5A5A5AL, 0x5A5A5A5AL, 0x5A5A5A5AL);
            }
            Rig.put(rig.core.sbuf(), 126, 0, 4, 7, -3 & 0xFFFFFFFFL, 0, 5, 1);
            Rig.put(rig.core.sbuf(), 126, 0x40, 2, 0x4000, 0xC200, 0x8000, 0x3800, 0x4000);   // 2, -3, -0, 0.5, 2
            Rig.put(rig.core.sbuf(), 127, 0, 4, 1, 1, 1, 1, 1);
            Rig.put(rig.core.sbuf(), 127, 0x40, 2, 0x3C00, 0x3C00, 0x3C00, 0x3C00, 0x3C00);
            byte[] r = tensorTensor(rig, AluOpWire.encode(op));
            float[] want = TT.get(op);
            if (want == null) {
                String msg = assertThrows(DataFault.class, () -> rig.run(r), op.name()).getMessage();
                if (!msg.equals("ALU op " + op.specName() + " has no data-level semantics")) {
                    wrong.add(op + ": " + msg);
                }
                continue;
            }
            assertEquals("read SBUF p126-127 [0x0,0x14) INT32, SBUF p126-127 [0x40,0x4a) FP16; wrote SBUF p126-127 [0x80,0x94) FP32", rig.run(r));
            long[] p126 = Rig.get(rig.core.sbuf(), 126, 0x80, 4, 5);
            long[] p127 = Rig.get(rig.core.sbuf(), 127, 0x80, 4, 5);
            for (int i = 0; i < 5; i++) {
                float got = Float.intBitsToFloat((int) p126[i]);
                boolean same = Float.isNaN(want[i]) ? Float.isNaN(got) : p126[i] == f(want[i]);
                if (!same) {
                    wrong.add(op + " p126 element " + i + ": " + got + ", want " + want[i]);
                }
                if (p127[i] != f(want[5])) {
                    wrong.add(op + " p127 element " + i + ": " + Float.intBitsToFloat((int) p127[i]) + ", want " + want[5]);
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void integerTensorTensorStaysExact() {
        // INT32 + INT32 into INT32: 2^24 + 1 + 0 = 16777217, which fp32 cannot hold (it would give 16777216)
        Rig rig = new Rig();
        byte[] r = tensorTensor(rig, AluOpWire.encode(AluOpType.ADD));
        new TensorTensorArithFlyweight().wrap(r, 0).in0In1DtypeTagsHi(DtypeWire.INT32.value()).outDtypeRaw(DtypeWire.INT32.value())
                .src1MemPatternStartWordAddress(rig.sb(126, 0x40)).numActiveChannels(1);
        Rig.put(rig.core.sbuf(), 126, 0, 4, 0x1000001, 0x7FFFFFFF, -5 & 0xFFFFFFFFL, 0, 0);
        Rig.put(rig.core.sbuf(), 126, 0x40, 4, 0, 0, 2, 0, 0);
        assertEquals("read SBUF p126 [0x0,0x14) INT32, SBUF p126 [0x40,0x54) INT32; wrote SBUF p126 [0x80,0x94) INT32", rig.run(r));
        assertArrayEquals(new long[] {0x1000001, 0x7FFFFFFF, -3 & 0xFFFFFFFFL, 0, 0}, Rig.get(rig.core.sbuf(), 126, 0x80, 4, 5));
    }

    @Test
    void tensorTensorRefusals() {
        Rig rig = new Rig();
        int noOp = 0;
        while (AluOpWire.isWire(noOp)) {
            noOp++;
        }
        int first = noOp;
        assertEquals("TENSOR_TENSOR ALU wire byte 0x" + Integer.toHexString(first) + " is no ALU op",
                assertThrows(DataFault.class, () -> rig.run(tensorTensor(rig, first))).getMessage());
        assertEquals("TENSOR_TENSOR ALU wire byte 0xff is no ALU op", assertThrows(DataFault.class, () -> rig.run(tensorTensor(rig, 0xFF))).getMessage());
        byte[] r = tensorTensor(rig, AluOpWire.encode(AluOpType.ADD));
        new TensorTensorArithFlyweight().wrap(r, 0).in0In1DtypeTagsLo(DtypeWire.FP8_EXP5.value());
        assertEquals("TENSOR_TENSOR src0 dtype FP8_EXP5 has no data-level semantics", assertThrows(DataFault.class, () -> rig.run(r)).getMessage());
        byte[] r1 = tensorTensor(rig, AluOpWire.encode(AluOpType.ADD));
        new TensorTensorArithFlyweight().wrap(r1, 0).in0In1DtypeTagsHi(DtypeWire.UINT64.value());
        assertEquals("TENSOR_TENSOR src1 dtype UINT64 has no data-level semantics", assertThrows(DataFault.class, () -> rig.run(r1)).getMessage());
        byte[] r2 = tensorTensor(rig, AluOpWire.encode(AluOpType.ADD));
        new TensorTensorArithFlyweight().wrap(r2, 0).outDtypeRaw(0x11);
        assertEquals("TENSOR_TENSOR out_dtype tag 17 has no data-level semantics", assertThrows(DataFault.class, () -> rig.run(r2)).getMessage());
    }

    // ---- MEMSET ----

    static byte[] memset(Rig rig, DtypeWire t, long value, long count, int step, int num) {
        byte[] b = new byte[64];
        MemsetFlyweight m = new MemsetFlyweight().wrap(b, 0).reset();
        m.dtypeRaw(t.value()).numActiveChannels(2).setValue(value).dstElementCount(count);
        Rig.pattern(m.dstMemPattern(), m::dstMemPatternStartWordAddress, m::dstMemPatternStep, m::dstMemPatternNum, rig.sb(126, 0x10), step, num);
        return b;
    }

    @Test
    void memsetAtEachElementSize() {
        // set_value 0x89ABCDEF: its low bytes, little-endian, per element size (datapath-facts §6); every other element
        // (step 2) of 3, so the gaps and the bytes either side keep their 0x5A
        Object[][] cases = {
                {DtypeWire.UINT8, 1, new long[] {0xEF, 0x5A, 0xEF, 0x5A, 0xEF, 0x5A}},
                {DtypeWire.INT8, 1, new long[] {0xEF, 0x5A, 0xEF, 0x5A, 0xEF, 0x5A}},
                {DtypeWire.FP16, 2, new long[] {0xCDEF, 0x5A5A, 0xCDEF, 0x5A5A, 0xCDEF, 0x5A5A}},
                {DtypeWire.BFLOAT16, 2, new long[] {0xCDEF, 0x5A5A, 0xCDEF, 0x5A5A, 0xCDEF, 0x5A5A}},
                {DtypeWire.INT16, 2, new long[] {0xCDEF, 0x5A5A, 0xCDEF, 0x5A5A, 0xCDEF, 0x5A5A}},
                {DtypeWire.UINT16, 2, new long[] {0xCDEF, 0x5A5A, 0xCDEF, 0x5A5A, 0xCDEF, 0x5A5A}},
                {DtypeWire.FP32, 4, new long[] {0x89ABCDEFL, 0x5A5A5A5AL, 0x89ABCDEFL, 0x5A5A5A5AL, 0x89ABCDEFL, 0x5A5A5A5AL}},
                {DtypeWire.INT32, 4, new long[] {0x89ABCDEFL, 0x5A5A5A5AL, 0x89ABCDEFL, 0x5A5A5A5AL, 0x89ABCDEFL, 0x5A5A5A5AL}},
                {DtypeWire.UINT32, 4, new long[] {0x89ABCDEFL, 0x5A5A5A5AL, 0x89ABCDEFL, 0x5A5A5A5AL, 0x89ABCDEFL, 0x5A5A5A5AL}}};
        Rig rig = new Rig();
        for (Object[] c : cases) {
            DtypeWire t = (DtypeWire) c[0];
            int size = (int) c[1];
            for (int p = 126; p < 128; p++) {
                for (int i = 0; i < 0x20; i++) {
                    Rig.put(rig.core.sbuf(), p, 0x8 + i, 1, 0x5A);
                }
            }
            assertEquals("wrote SBUF p126-127 [0x10,0x" + Integer.toHexString(0x10 + 5 * size) + ") " + t.specName(),
                    rig.run(memset(rig, t, 0x89ABCDEFL, 3, 2, 3)), t.name());
            for (int p = 126; p < 128; p++) {
                assertArrayEquals((long[]) c[2], Rig.get(rig.core.sbuf(), p, 0x10, size, 6), t + " p" + p);
                assertEquals(0x5A, Rig.get(rig.core.sbuf(), p, 0xF, 1, 1)[0], t + " the byte before");
            }
        }
    }

    @Test
    void memsetCountsMustAgree() {
        Rig rig = new Rig();
        assertEquals("MEMSET dst_element_count 4 differs from its pattern's 3",
                assertThrows(DataFault.class, () -> rig.run(memset(rig, DtypeWire.FP32, 0, 4, 1, 3))).getMessage());
        assertEquals("MEMSET dst_element_count 2 differs from its pattern's 3",
                assertThrows(DataFault.class, () -> rig.run(memset(rig, DtypeWire.FP32, 0, 2, 1, 3))).getMessage());
        assertEquals("MEMSET dtype FP8_EXP3 has no data-level semantics",
                assertThrows(DataFault.class, () -> rig.run(memset(rig, DtypeWire.FP8_EXP3, 0, 3, 1, 3))).getMessage());
        // a record that faulted wrote nothing
        assertArrayEquals(new long[] {0, 0, 0}, Rig.get(rig.core.sbuf(), 126, 0x10, 4, 3));
    }

    // ---- IOTA ----

    @Test
    void iotaOverFourDimensionsAndTheChannelMultiplier() {
        // base -7, steps (3, 100, -1000, 5), nums (2, 3, 1, 2): dimension 0 innermost, so element i = (i0, i1, i3) with
        // i = i0 + 2 i1 + 6 i3; value -7 + 3 i0 + 100 i1 + 5 i3 + 1000 p (channel_multiplier 1000, p counted from the start partition)
        Rig rig = new Rig();
        byte[] b = new byte[64];
        IotaFlyweight t = new IotaFlyweight().wrap(b, 0).reset();
        t.srcDataPatternBase(-7).outDtypeRaw(DtypeWire.INT32.value()).numActiveChannels(2).channelMultiplier(1000);
        int[] step = {3, 100, -1000, 5};
        int[] num = {2, 3, 1, 2};
        assertEquals(4, t.srcDataPattern().dims(), "DATA4D: four dimensions (the spec)");
        for (int d = 0; d < 4; d++) {
            t.srcDataPatternStep(d, step[d]);
            t.srcDataPatternNum(d, num[d]);
        }
        Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, rig.sb(126, 0), 1, 12);
        assertEquals("wrote SBUF p126-127 [0x0,0x30) INT32", rig.run(b));
        long[] p0 = {-7, -4, 93, 96, 193, 196, -2, 1, 98, 101, 198, 201};
        long[] p1 = new long[12];
        for (int i = 0; i < 12; i++) {
            p1[i] = (p0[i] + 1000) & 0xFFFFFFFFL;
            p0[i] &= 0xFFFFFFFFL;
        }
        assertArrayEquals(p0, Rig.get(rig.core.sbuf(), 126, 0, 4, 12));
        assertArrayEquals(p1, Rig.get(rig.core.sbuf(), 127, 0, 4, 12));
        // into fp16: -7 = 0xC700, -4 = 0xC400, 93 = 0x55D0 (on p126)
        new IotaFlyweight().wrap(b, 0).outDtypeRaw(DtypeWire.FP16.value());
        assertEquals("wrote SBUF p126-127 [0x0,0x18) FP16", rig.run(b));
        assertArrayEquals(new long[] {0xC700, 0xC400, 0x55D0}, Rig.get(rig.core.sbuf(), 126, 0, 2, 3));
        // a count that differs from dst's
        new IotaFlyweight().wrap(b, 0).srcDataPatternNum(3, 3);
        assertEquals("IOTA generates 18 elements per partition but dst holds 12", assertThrows(DataFault.class, () -> rig.run(b)).getMessage());
        new IotaFlyweight().wrap(b, 0).srcDataPatternNum(3, 2).outDtypeRaw(DtypeWire.FP32_R.value());
        assertEquals("IOTA out_dtype FP32R has no data-level semantics", assertThrows(DataFault.class, () -> rig.run(b)).getMessage());
    }

    // ---- ACTIVATE ----

    /** Table-set function ids as a profile would name them (the data level maps names, not ids). */
    static final Map<Integer, String> NAMES = Map.of(0, "copy", 1, "identity_1p", 2, "relu_1p", 3, "exp_400p", 4, "square", 5, "abs_2p",
            6, "sign", 7, "tanh_13p", 8, "leaky_relu_1p");

    /** in: fp16 (the in/bias pair's low half; the high half says INT8) on p126-127 at 0; out FP32 at 0x40; 4 elements. */
    static byte[] activate(Rig rig, int func, float scale, float bias) {
        byte[] b = new byte[64];
        ActivateFlyweight t = new ActivateFlyweight().wrap(b, 0).reset();
        t.inBiasDtypeTagsLo(DtypeWire.FP16.value()).inBiasDtypeTagsHi(DtypeWire.INT8.value()).outDtypeRaw(DtypeWire.FP32.value())
                .numActiveChannels(2).activationFunc(func).scaleSrcRaw(ImmSrc.INSTRUCTION_IMMEDIATE.value())
                .biasSrcNRaw(ImmSrcN.INSTRUCTION_IMMEDIATE.value()).accumulatorCmdRaw(AccumCmd.IDLE.value())
                .scaleValueBits(f(scale)).biasBits(f(bias));
        Rig.pattern(t.srcMemPattern(), t::srcMemPatternStartWordAddress, t::srcMemPatternStep, t::srcMemPatternNum, rig.sb(126, 0), 1, 4);
        Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, rig.sb(126, 0x40), 1, 4);
        return b;
    }

    @Test
    void activateForEachFunction() {
        // in = (-2, -0.5, 0, 3) fp16 on p126, (1, 1, 1, 1) on p127; scale 2, bias 1: x = (-3, 0, 1, 7), p127 x = 3
        // copy is the identity after the scale and bias (a copy ACTIVATE with scale 1/128 is the compiler's tensor_scalar
        // multiply in qwen3-attn-tkg-v6; an earlier reading that copy ignores them was refuted by that NEFF's numbers)
        Map<Integer, float[]> want = Map.of(
                0, new float[] {-3, 0, 1, 7, 3},
                1, new float[] {-3, 0, 1, 7, 3},
                2, new float[] {0, 0, 1, 7, 3},
                3, new float[] {(float) Math.exp(-3), 1, (float) Math.exp(1), (float) Math.exp(7), (float) Math.exp(3)},
                4, new float[] {9, 0, 1, 49, 9},
                5, new float[] {3, 0, 1, 7, 3},
                6, new float[] {-1, 0, 1, 1, 1},
                7, new float[] {(float) Math.tanh(-3), 0, (float) Math.tanh(1), (float) Math.tanh(7), (float) Math.tanh(3)});
        Rig rig = new Rig(tpb.isa.Arch.CAYMAN, NAMES);
        for (int func = 0; func < 8; func++) {
            for (int p = 126; p < 128; p++) {
                Rig.put(rig.core.sbuf(), p, 0x40, 4, 0x5A5A5A5AL, 0x5A5A5A5AL, 0x5A5A5A5AL, 0x5A5A5A5AL);
            }
            Rig.put(rig.core.sbuf(), 126, 0, 2, 0xC000, 0xB800, 0x0000, 0x4200);
            Rig.put(rig.core.sbuf(), 127, 0, 2, 0x3C00, 0x3C00, 0x3C00, 0x3C00);
            assertEquals("read SBUF p126-127 [0x0,0x8) FP16; wrote SBUF p126-127 [0x40,0x50) FP32", rig.run(activate(rig, func, 2, 1)));
            float[] w = want.get(func);
            long[] p126 = Rig.get(rig.core.sbuf(), 126, 0x40, 4, 4);
            long[] p127 = Rig.get(rig.core.sbuf(), 127, 0x40, 4, 4);
            for (int i = 0; i < 4; i++) {
                assertEquals(f(w[i]), p126[i], NAMES.get(func) + " p126 element " + i);
                assertEquals(f(w[4]), p127[i], NAMES.get(func) + " p127 element " + i);
            }
        }
    }

    /** ACTIVATION_READ_ACCUMULATOR of p126-127 into SBUF 0x80, as {@code dtype}, negated or not. */
    static byte[] readAccumulator(Rig rig, DtypeWire dtype, int negated) {
        byte[] b = new byte[64];
        ActivationReadAccumulatorFlyweight t = new ActivationReadAccumulatorFlyweight().wrap(b, 0).reset();
        t.dstElementCount(1).dtypeRaw(dtype.value()).negated(negated).numActiveChannels(2).dstMemPatternStartWordAddress(rig.sb(126, 0x80))
                .dstMemPatternStep(1).dstMemPatternNum(1);
        return b;
    }

    /**
     * The reduce registers (NKI nki.isa.activation's reduce_cmd): the same inputs as above, scale
     * 2 and bias 1, so x = (-3, 0, 1, 7) on p126 and 3 four times on p127. identity with
     * ZERO_ACCUMULATE (reset_reduce) leaves 5 and 12; square with ACCUMULATE (reduce) adds 9 + 0
     * + 1 + 49 = 59 and 4 · 9 = 36: 64 and 48; the read writes them (negated: -64, -48; fp16:
     * exact); IDLE changes nothing; ZERO (reset) clears them.
     */
    @Test
    void activateSumsIntoTheReduceRegistersAndTheReadWritesThem() {
        Rig rig = new Rig(tpb.isa.Arch.CAYMAN, NAMES);
        Rig.put(rig.core.sbuf(), 126, 0, 2, 0xC000, 0xB800, 0x0000, 0x4200);
        Rig.put(rig.core.sbuf(), 127, 0, 2, 0x3C00, 0x3C00, 0x3C00, 0x3C00);
        byte[] identity = activate(rig, 1, 2, 1);
        new ActivateFlyweight().wrap(identity, 0).accumulatorCmdRaw(AccumCmd.ZERO_ACCUMULATE.value());
        assertEquals("read SBUF p126-127 [0x0,0x8) FP16; wrote SBUF p126-127 [0x40,0x50) FP32; reduce registers p126-127 set", rig.run(identity));
        byte[] square = activate(rig, 4, 2, 1);
        new ActivateFlyweight().wrap(square, 0).accumulatorCmdRaw(AccumCmd.ACCUMULATE.value());
        assertEquals("read SBUF p126-127 [0x0,0x8) FP16; wrote SBUF p126-127 [0x40,0x50) FP32; reduce registers p126-127 added to", rig.run(square));
        assertEquals("read SBUF p126-127 [0x0,0x8) FP16; wrote SBUF p126-127 [0x40,0x50) FP32", rig.run(activate(rig, 7, 2, 1))); // IDLE
        assertEquals("wrote SBUF p126-127 [0x80,0x84) FP32 from reduce registers p126-127", rig.run(readAccumulator(rig, DtypeWire.FP32, 0)));
        assertEquals(f(64), Rig.get(rig.core.sbuf(), 126, 0x80, 4, 1)[0]);
        assertEquals(f(48), Rig.get(rig.core.sbuf(), 127, 0x80, 4, 1)[0]);
        rig.run(readAccumulator(rig, DtypeWire.FP32, 1));
        assertEquals(f(-64), Rig.get(rig.core.sbuf(), 126, 0x80, 4, 1)[0]);
        assertEquals(f(-48), Rig.get(rig.core.sbuf(), 127, 0x80, 4, 1)[0]);
        rig.run(readAccumulator(rig, DtypeWire.FP16, 0));
        assertArrayEquals(new long[] {0x5400}, Rig.get(rig.core.sbuf(), 126, 0x80, 2, 1));   // 64 = 2^6: fp16 0x5400
        assertArrayEquals(new long[] {0x5200}, Rig.get(rig.core.sbuf(), 127, 0x80, 2, 1));   // 48 = 1.5 · 2^5: 0x5200
        byte[] reset = activate(rig, 1, 2, 1);
        new ActivateFlyweight().wrap(reset, 0).accumulatorCmdRaw(AccumCmd.ZERO.value());
        assertEquals("read SBUF p126-127 [0x0,0x8) FP16; wrote SBUF p126-127 [0x40,0x50) FP32; reduce registers p126-127 zeroed", rig.run(reset));
        rig.run(readAccumulator(rig, DtypeWire.FP32, 0));
        assertEquals(0, Rig.get(rig.core.sbuf(), 126, 0x80, 4, 1)[0]);
        assertEquals(0, Rig.get(rig.core.sbuf(), 127, 0x80, 4, 1)[0]);
        byte[] wide = readAccumulator(rig, DtypeWire.FP32, 0);
        new ActivationReadAccumulatorFlyweight().wrap(wide, 0).dstMemPatternNum(2);
        assertEquals("ACTIVATION_READ_ACCUMULATOR writes one element a partition but dst holds 2",
                assertThrows(DataFault.class, () -> rig.run(wide)).getMessage());
    }

    @Test
    void activateWithItsScaleByPointer() {
        // identity, bias 1; the scale by pointer: one fp32 a lane at byte 0x80 of each partition, 3 on p126 and -1 on p127
        // in = (-2, -0.5, 0, 3) fp16 on p126: 3x + 1 = (-5, -0.5, 1, 10); (1, 1, 1, 1) on p127: -x + 1 = 0
        Rig rig = new Rig(tpb.isa.Arch.CAYMAN, NAMES);
        Rig.put(rig.core.sbuf(), 126, 0, 2, 0xC000, 0xB800, 0x0000, 0x4200);
        Rig.put(rig.core.sbuf(), 127, 0, 2, 0x3C00, 0x3C00, 0x3C00, 0x3C00);
        Rig.put(rig.core.sbuf(), 126, 0x80, 4, f(3f));
        Rig.put(rig.core.sbuf(), 127, 0x80, 4, f(-1f));
        byte[] b = activate(rig, 1, 0, 1);
        new ActivateFlyweight().wrap(b, 0).scaleSrcRaw(ImmSrc.POINTER_IMMEDIATE.value()).scaleValueBits(rig.sb(126, 0x80));
        assertEquals("read SBUF p126-127 [0x0,0x8) FP16, scale SBUF p126-127 [0x80,0x84) FP32; wrote SBUF p126-127 [0x40,0x50) FP32",
                rig.run(b));
        assertArrayEquals(new long[] {f(-5), f(-0.5f), f(1), f(10)}, Rig.get(rig.core.sbuf(), 126, 0x40, 4, 4));
        assertArrayEquals(new long[] {f(0), f(0), f(0), f(0)}, Rig.get(rig.core.sbuf(), 127, 0x40, 4, 4));
    }

    @Test
    void activateRefusals() {
        Rig rig = new Rig(tpb.isa.Arch.CAYMAN, NAMES);
        assertEquals("ACTIVATE function 9 is not in the loaded table set",
                assertThrows(DataFault.class, () -> rig.run(activate(rig, 9, 1, 0))).getMessage());
        assertEquals("ACTIVATE function 8 (leaky_relu_1p) has no data-level semantics",
                assertThrows(DataFault.class, () -> rig.run(activate(rig, 8, 1, 0))).getMessage());
        byte[] s2 = activate(rig, 1, 1, 0);
        new ActivateFlyweight().wrap(s2, 0).scaleSrcRaw(ImmSrc.REG_PTR_IMMEDIATE.value());
        assertEquals("ACTIVATE scale from a register has no data-level semantics",
                assertThrows(DataFault.class, () -> rig.run(s2)).getMessage());
        byte[] bias = activate(rig, 1, 1, 0);
        new ActivateFlyweight().wrap(bias, 0).biasSrcNRaw(ImmSrcN.REG_PTR_IMMEDIATE.value());
        assertEquals("ACTIVATE bias from a register has no data-level semantics",
                assertThrows(DataFault.class, () -> rig.run(bias)).getMessage());
        byte[] acc = activate(rig, 1, 1, 0);
        new ActivateFlyweight().wrap(acc, 0).accumulatorCmdRaw(AccumCmd.LOAD_ACCUMULATE.value());
        assertEquals("ACTIVATE accumulator_cmd LOAD_ACCUMULATE has no data-level semantics", assertThrows(DataFault.class, () -> rig.run(acc)).getMessage());
        byte[] in = activate(rig, 1, 1, 0);
        new ActivateFlyweight().wrap(in, 0).inBiasDtypeTagsLo(DtypeWire.INT64.value()).inBiasDtypeTagsHi(DtypeWire.FP32.value());
        assertEquals("ACTIVATE in dtype INT64 has no data-level semantics", assertThrows(DataFault.class, () -> rig.run(in)).getMessage());
        byte[] out = activate(rig, 1, 1, 0);
        new ActivateFlyweight().wrap(out, 0).outDtypeRaw(DtypeWire.CPTC1.value());
        assertEquals("ACTIVATE out_dtype CPTC1 has no data-level semantics", assertThrows(DataFault.class, () -> rig.run(out)).getMessage());
        // no table set loaded: every function id is outside it
        Rig none = new Rig();
        assertEquals("ACTIVATE function 1 is not in the loaded table set",
                assertThrows(DataFault.class, () -> none.run(activate(none, 1, 1, 0))).getMessage());
    }

    // ---- DMA_DIRECT2D and the counters ----

    /**
     * var 1 (bytes 1..16) to the top of the SBUF (through the state-buffer var 0): {@code runs} runs of {@code run} bytes,
     * read one after the other from byte 0, written one a partition (step: the partition stride) ending at p127, each at
     * the partition's last {@code run} bytes.
     */
    static byte[] dma(Rig rig, int runs, int run) {
        byte[] b = new byte[64];
        new DmaDirect2dFlyweight().wrap(b, 0).reset().srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).srcStartAddrEntry(1)
                .srcStepElem(0, run).srcStepElem(1, 0).srcNumElem(0, runs).srcNumElem(1, 1)
                .dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrEntry(0)
                .dstStartAddrValue(rig.sb(128 - runs, rig.arch.sbufBytesPerPartition() - run)).dstStepElem(0, (int) rig.arch.sbufPartitionStride())
                .dstStepElem(1, 0).dstNumElem(0, runs).dstNumElem(1, 1).srcElemSize(run).dstElemSize(run)
                .inDtypeRaw(DtypeWire.UINT8.value()).outDtypeRaw(DtypeWire.UINT8.value());
        return b;
    }

    @Test
    void theBytesADmaMovedAndTheCountersOfOtherArms() {
        Rig rig = new Rig();
        byte[] x = new byte[16];
        for (int i = 0; i < 16; i++) {
            x[i] = (byte) (i + 1);
        }
        rig.dram.add(new DramVar("x", 1, "input", x)).stateBuffer(0);
        assertEquals(0, rig.sem.bytesMoved(), "nothing executed yet");
        assertEquals(0, rig.sem.macs());
        long top = rig.arch.sbufBytesPerPartition();
        assertEquals("read x [0x0,0x8) UINT8; wrote SBUF p124-127 [0x" + Long.toHexString(top - 2) + ",0x" + Long.toHexString(top) + ") UINT8",
                rig.run(dma(rig, 4, 2)));
        assertEquals(8, rig.sem.bytesMoved(), "4 runs x 2 bytes");
        for (int p = 124; p < 128; p++) {
            assertArrayEquals(new long[] {2 * (p - 124) + 1, 2 * (p - 124) + 2}, Rig.get(rig.core.sbuf(), p, top - 2, 1, 2), "p" + p);
        }
        assertEquals(0, rig.sem.macs());
        // a DMA that faults moved nothing
        byte[] bad = dma(rig, 4, 2);
        new DmaDirect2dFlyweight().wrap(bad, 0).dstNumElem(0, 3);
        assertEquals("DMA_DIRECT2D moves 4 source runs into 3 destination runs", assertThrows(DataFault.class, () -> rig.run(bad)).getMessage());
        assertEquals(0, rig.sem.bytesMoved());
        rig.run(dma(rig, 1, 16));
        assertEquals(16, rig.sem.bytesMoved());
        // the next record of another arm moved no bytes
        assertEquals("wrote SBUF p126-127 [0x10,0x1c) FP32", rig.run(memset(rig, DtypeWire.FP32, 0, 3, 1, 3)));
        assertEquals(0, rig.sem.bytesMoved());
        assertEquals(0, rig.sem.macs());
        // a record with no arm clears them too
        rig.run(dma(rig, 1, 16));
        byte[] unknown = new byte[64];
        unknown[0] = (byte) noArmOpcode();
        assertThrows(DataFault.class, () -> rig.run(unknown));
        assertEquals(0, rig.sem.bytesMoved());
    }

    /**
     * Three runs of 4 bytes into one partition, 0x10 apart (dst step 0x10, num 3): the trace names the bytes from the
     * first run's start to the last's end, 0x20 + 4 = 0x24 (it named the first run's alone, [0x0,0x4)); and the runs
     * written backwards (step -0x10 from 0x20) name the same bytes.
     */
    @Test
    void aDmaOfSeveralRunsInOnePartitionNamesAllTheirBytes() {
        Rig rig = new Rig();
        byte[] x = new byte[12];
        rig.dram.add(new DramVar("x", 1, "input", x)).stateBuffer(0);
        for (int dir : new int[] {1, -1}) {
            byte[] b = new byte[64];
            new DmaDirect2dFlyweight().wrap(b, 0).reset().srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).srcStartAddrEntry(1)
                    .srcStepElem(0, 4).srcStepElem(1, 0).srcNumElem(0, 3).srcNumElem(1, 1)
                    .dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrEntry(0)
                    .dstStartAddrValue(rig.sb(5, dir > 0 ? 0 : 0x20)).dstStepElem(0, 0x10 * dir).dstStepElem(1, 0).dstNumElem(0, 3)
                    .dstNumElem(1, 1).srcElemSize(4).dstElemSize(4)
                    .inDtypeRaw(DtypeWire.UINT8.value()).outDtypeRaw(DtypeWire.UINT8.value());
            assertEquals("read x [0x0,0xc) UINT8; wrote SBUF p5 [0x0,0x24) UINT8", rig.run(b), "step " + 0x10 * dir);
        }
    }

    /**
     * One DMA of a single run from var 1 into the top of SBUF p127 (the run's last byte the partition's last), through
     * the arm: elem_size 0 is a run of 0x10000 bytes (facts §3.11), 0xFFFF the field's top, 1 the least; and fp32 into
     * fp16, whose source run of 0 (16,384 fp32) fills a destination run of 0x8000 (16,384 fp16). The bytes moved are the
     * source's.
     */
    @Test
    void aDmaRunAtEachElementSizeEdge() {
        Rig rig = new Rig();
        long top = rig.arch.sbufBytesPerPartition();
        byte[] x = new byte[0x10000];
        for (int i = 0; i < x.length; i++) {
            x[i] = (byte) (i * 7 + (i >>> 8));
        }
        rig.dram.add(new DramVar("x", 1, "input", x)).stateBuffer(0);
        int[][] cases = {{0, 0x10000}, {0xFFFF, 0xFFFF}, {1, 1}};
        for (int[] c : cases) {
            int field = c[0];
            int bytes = c[1];
            byte[] b = new byte[64];
            new DmaDirect2dFlyweight().wrap(b, 0).reset().srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).srcStartAddrEntry(1)
                    .srcNumElem(0, 1).srcNumElem(1, 1).dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrEntry(0)
                    .dstStartAddrValue(rig.sb(127, top - bytes)).dstNumElem(0, 1).dstNumElem(1, 1).srcElemSize(field).dstElemSize(field)
                    .inDtypeRaw(DtypeWire.UINT8.value()).outDtypeRaw(DtypeWire.UINT8.value());
            assertEquals("read x [0x0,0x" + Integer.toHexString(bytes) + ") UINT8; wrote SBUF p127 [0x" + Long.toHexString(top - bytes) + ",0x"
                    + Long.toHexString(top) + ") UINT8", rig.run(b), "elem_size 0x" + Integer.toHexString(field));
            assertEquals(bytes, rig.sem.bytesMoved());
            assertArrayEquals(new long[] {x[0] & 0xFF, x[bytes - 1] & 0xFF},
                    new long[] {Rig.get(rig.core.sbuf(), 127, top - bytes, 1, 1)[0], Rig.get(rig.core.sbuf(), 127, top - 1, 1, 1)[0]});
        }
        // fp32 -> fp16: 16,384 fp32 values i % 2048 - 1024 (exact in fp16: integers of magnitude <= 2048) into the top 0x8000 bytes
        byte[] f = new byte[0x10000];
        for (int i = 0; i < 0x4000; i++) {
            int bits = Float.floatToRawIntBits((float) (i % 2048 - 1024));
            for (int k = 0; k < 4; k++) {
                f[4 * i + k] = (byte) (bits >>> (8 * k));
            }
        }
        rig.dram.add(new DramVar("f", 2, "input", f));
        byte[] b = new byte[64];
        new DmaDirect2dFlyweight().wrap(b, 0).reset().srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).srcStartAddrEntry(2)
                .srcNumElem(0, 1).srcNumElem(1, 1).dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrEntry(0)
                .dstStartAddrValue(rig.sb(127, top - 0x8000)).dstNumElem(0, 1).dstNumElem(1, 1).srcElemSize(0).dstElemSize(0x8000)
                .inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP16.value());
        assertEquals("read f [0x0,0x10000) FP32; wrote SBUF p127 [0x" + Long.toHexString(top - 0x8000) + ",0x" + Long.toHexString(top) + ") FP16",
                rig.run(b));
        assertEquals(0x10000, rig.sem.bytesMoved());
        // fp16 (exponent e + 15 << 10, mantissa): -1024 = 0xE400, -1023 = -1.998046875 x 2^9 = 0xE3FE, and the last element
        // (i = 16383: 16383 % 2048 - 1024 = 1023) = 0x63FE
        assertArrayEquals(new long[] {0xE400, 0xE3FE}, Rig.get(rig.core.sbuf(), 127, top - 0x8000, 2, 2));
        assertEquals(0x63FE, Rig.get(rig.core.sbuf(), 127, top - 2, 2, 1)[0]);
    }

    /** The highest opcode byte no arm of the spec has. */
    static int noArmOpcode() {
        for (int op = 0xFF; op >= 0; op--) {
            byte[] b = new byte[64];
            b[0] = (byte) op;
            if (Decoder.identify(b, 0) == Arm.UNKNOWN) {
                return op;
            }
        }
        throw new AssertionError("every opcode byte has an arm");
    }

    // ---- the arm table ----

    /** The arms with data-level semantics (ArmSemanticsTable) and those whose effect is only on the sync level. */
    static final Set<Arm> COMPUTE = EnumSet.of(Arm.DMA_DIRECT2D, Arm.LDWEIGHTS, Arm.MATMUL, Arm.COPY, Arm.CAST, Arm.TENSOR_TENSOR_ARITH,
            Arm.MEMSET, Arm.IOTA, Arm.ACTIVATE, Arm.ACTIVATION_READ_ACCUMULATOR, Arm.DMA_TRIGGER, Arm.TENSOR_SCALAR_ARITH, Arm.TENSOR_REDUCE_ARITH, Arm.RECIPROCAL,
            Arm.TENSOR_TENSOR_BITVEC, Arm.COPY_PREDICATED, Arm.CAST_PREDICATED, Arm.COPY_PREDICATED_SCALAR,
            Arm.TENSOR_SCALAR_AFFINE_SELECT, Arm.REGISTER_MOVE, Arm.REGISTER_ALU, Arm.TENSOR_LOAD_PHYSICAL);
    static final Set<Arm> NO_EFFECT = EnumSet.of(Arm.SET_ORDERING_MODE, Arm.PSEUDO_BRANCH_LABEL, Arm.NO_OP, Arm.EVENT_SEMAPHORE,
            Arm.ACTIVATION_TABLE_LOAD, Arm.PSEUDO_LOAD_ACT_FUNC_SET, Arm.GROUP_RESET_SEMAPHORES, Arm.EXIT, Arm.SWITCH_QUEUE_INSTANCE,
            Arm.RESET_QUEUE_INSTANCE, Arm.DRAIN, Arm.INSTRUCTION_FLUSH, Arm.BRANCH_HINT, Arm.PSEUDO_EXTENSION);

    /** A zeroed record that the decoder identifies as {@code arm}: its opcode, and its select field when it has one. */
    static byte[] recordOf(Arm arm) {
        return recordOf(arm, (byte) 0);
    }

    /** As above over a record whose other bytes are all {@code fill}. */
    static byte[] recordOf(Arm arm, byte fill) {
        byte[] b = new byte[64];
        java.util.Arrays.fill(b, fill);
        b[0] = (byte) arm.opcode();
        if (arm.selectOffset() >= 0) {
            long v = arm.selectEquals() >= 0 ? arm.selectEquals() : 0xFF;
            for (int i = 0; i < arm.selectWidth(); i++) {
                b[arm.selectOffset() + i] = (byte) (v >>> (8 * i));
            }
        }
        return b;
    }

    @Test
    void everyOtherArmIsAFaultNamingIt() {
        Rig rig = new Rig();
        List<String> wrong = new ArrayList<>();
        int refused = 0;
        for (Arm arm : Arm.values()) {
            if (arm == Arm.UNKNOWN || COMPUTE.contains(arm)) {
                continue;
            }
            byte[] b = recordOf(arm);
            if (Decoder.identify(b, 0) != arm) {
                continue;   // an arm a zeroed record cannot select (checked below to be few)
            }
            if (NO_EFFECT.contains(arm)) {
                String r = rig.run(b);
                if (!r.isEmpty()) {
                    wrong.add(arm + " returned " + r);
                }
                continue;
            }
            refused++;
            DataFault f = assertThrows(DataFault.class, () -> rig.run(b), arm.name());
            String want = arm.specName() + " (opcode 0x" + Integer.toHexString(arm.opcode()) + ") has no data-level semantics";
            if (!want.equals(f.getMessage())) {
                wrong.add(arm + ": " + f.getMessage());
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(refused > 100, refused + " arms refused");
        // an opcode with no arm is named as such
        byte[] unknown = new byte[64];
        unknown[0] = (byte) noArmOpcode();
        assertEquals("opcode 0x" + Integer.toHexString(noArmOpcode()) + " has no arm", assertThrows(DataFault.class, () -> rig.run(unknown)).getMessage());
    }

    @Test
    void theNoEffectArmsTouchNothing() {
        Rig rig = new Rig();
        for (Arm arm : NO_EFFECT) {
            byte[] b = recordOf(arm, (byte) 0xFF);   // whatever its fields say
            assertEquals(arm, Decoder.identify(b, 0));
            assertEquals("", rig.run(b), arm.name());
            assertEquals(0, rig.sem.bytesMoved());
            assertEquals(0, rig.sem.macs());
        }
        for (int p : new int[] {0, 127}) {
            assertArrayEquals(new long[8], Rig.get(rig.core.sbuf(), p, 0, 8, 8));
        }
    }
}
