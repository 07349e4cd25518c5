package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.AccumCmd;
import tpb.isa.ActivateFlyweight;
import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.isa.ImmSrc;
import tpb.isa.ImmSrcN;
import tpb.isa.PeFp32Mode;
import tpb.isa.ReciprocalFlyweight;
import tpb.isa.TensorReduceArithFlyweight;
import tpb.isa.TensorScalarArithFlyweight;
import tpb.isa.TensorSubdim;

/**
 * The arms the attention NEFFs need (TENSOR_REDUCE, RECIPROCAL, TENSOR_SCALAR, ACTIVATE's bias by
 * pointer, the fp32 weights' LOW/HIGH parts) through records built with the generated encoders,
 * on SBUF partitions 126-127, against values worked out by hand in each test's comment, and each
 * refusal's exact message. AttentionNumbersTest runs them together on the real NEFFs.
 */
class ReduceScalarArmsTest {
    final Rig rig = new Rig();

    static long f(float v) {
        return Rig.f32(v);
    }

    long[] at(int p, long off, int n) {
        return Rig.get(rig.core.sbuf(), p, off, 4, n);
    }

    /** src fp32 at 0 on p126-127, a (3, 2) pattern with steps (1, 3) (six elements in a row); dst fp32 at 0x40. */
    byte[] reduce(AluOpType op, TensorSubdim axes, int negated, int dstCount) {
        byte[] b = new byte[64];
        TensorReduceArithFlyweight t = new TensorReduceArithFlyweight().wrap(b, 0).reset();
        t.inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value()).numActiveChannels(2)
                .opRaw(AluOpWire.encode(op)).opDimRaw(axes.value()).negated(negated);
        Rig.pattern(t.srcMemPattern(), t::srcMemPatternStartWordAddress, t::srcMemPatternStep, t::srcMemPatternNum, rig.sb(126, 0), 1, 3, 3, 2);
        Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, rig.sb(126, 0x40), 1, dstCount);
        return b;
    }

    void reduceInputs() {
        Rig.put(rig.core.sbuf(), 126, 0, 4, Rig.f32(1, 5, -2, 4, 0.5f, 8));
        Rig.put(rig.core.sbuf(), 127, 0, 4, Rig.f32(1, 1, 1, 1, 1, 1));
    }

    /**
     * p126 holds (1, 5, -2 | 4, 0.5, 8) as two runs of dimension 0; p127 six 1s. X reduces each run:
     * add (4, 12.5) and (3, 3); max (5, 8); negated max (-5, -8). XY reduces both dimensions into one
     * element: add 16.5, p127 6.
     */
    @Test
    void reduceOverXAndXY() {
        reduceInputs();
        assertEquals("read SBUF p126-127 [0x0,0x18) FP32; wrote SBUF p126-127 [0x40,0x48) FP32",
                rig.run(reduce(AluOpType.ADD, TensorSubdim.X, 0, 2)));
        assertArrayEquals(Rig.f32(4, 12.5f), at(126, 0x40, 2));
        assertArrayEquals(Rig.f32(3, 3), at(127, 0x40, 2));
        rig.run(reduce(AluOpType.MAX, TensorSubdim.X, 0, 2));
        assertArrayEquals(Rig.f32(5, 8), at(126, 0x40, 2));
        rig.run(reduce(AluOpType.MAX, TensorSubdim.X, 1, 2));
        assertArrayEquals(Rig.f32(-5, -8), at(126, 0x40, 2));
        assertArrayEquals(Rig.f32(-1, -1), at(127, 0x40, 2));
        rig.run(reduce(AluOpType.ADD, TensorSubdim.XY, 0, 1));
        assertArrayEquals(new long[] {f(16.5f)}, at(126, 0x40, 1));
        assertArrayEquals(new long[] {f(6)}, at(127, 0x40, 1));
    }

    @Test
    void reduceRefusals() {
        reduceInputs();
        assertEquals("TENSOR_REDUCE reduces 2 x 6 elements in runs of 3 but dst holds 2 x 1",
                assertThrows(DataFault.class, () -> rig.run(reduce(AluOpType.ADD, TensorSubdim.X, 0, 1))).getMessage());
        assertEquals("TENSOR_REDUCE op 0x0 is no reduction",
                assertThrows(DataFault.class, () -> rig.run(reduce(AluOpType.BYPASS, TensorSubdim.X, 0, 2))).getMessage());
        assertEquals("TENSOR_REDUCE op_dim UNUSED names no axes to reduce",
                assertThrows(DataFault.class, () -> rig.run(reduce(AluOpType.ADD, TensorSubdim.UNUSED, 0, 2))).getMessage());
        byte[] b = reduce(AluOpType.ADD, TensorSubdim.X, 0, 2);
        new TensorReduceArithFlyweight().wrap(b, 0).opDimRaw(0xEE);
        assertEquals("TENSOR_REDUCE op_dim 238 names no axes to reduce", assertThrows(DataFault.class, () -> rig.run(b)).getMessage());
        byte[] m = reduce(AluOpType.ADD, TensorSubdim.X, 0, 2);
        new TensorReduceArithFlyweight().wrap(m, 0).maskEnable(1);
        assertEquals("TENSOR_REDUCE with mask_enable set has no data-level semantics", assertThrows(DataFault.class, () -> rig.run(m)).getMessage());
    }

    /** 1/x in fp32: 2 -> 0.5, -4 -> -0.25, +0 -> +inf, -0 -> -inf; p127's 1s stay 1. */
    @Test
    void reciprocal() {
        byte[] b = new byte[64];
        ReciprocalFlyweight t = new ReciprocalFlyweight().wrap(b, 0).reset();
        t.inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value()).numActiveChannels(2);
        Rig.pattern(t.srcMemPattern(), t::srcMemPatternStartWordAddress, t::srcMemPatternStep, t::srcMemPatternNum, rig.sb(126, 0), 1, 4);
        Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, rig.sb(126, 0x40), 1, 4);
        Rig.put(rig.core.sbuf(), 126, 0, 4, Rig.f32(2, -4, 0f, -0f));
        Rig.put(rig.core.sbuf(), 127, 0, 4, Rig.f32(1, 1, 1, 1));
        assertEquals("read SBUF p126-127 [0x0,0x10) FP32; wrote SBUF p126-127 [0x40,0x50) FP32", rig.run(b));
        assertArrayEquals(Rig.f32(0.5f, -0.25f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY), at(126, 0x40, 4));
        assertArrayEquals(Rig.f32(1, 1, 1, 1), at(127, 0x40, 4));
        new ReciprocalFlyweight().wrap(b, 0).negated(1);
        assertEquals("RECIPROCAL with negated, mask_enable or op set has no data-level semantics",
                assertThrows(DataFault.class, () -> rig.run(b)).getMessage());
    }

    /** data fp32 (1, 2, 3) at 0 on p126-127, dst at 0x40; the pointer's scalars at 0x80 (p126: 4, p127: -1). */
    byte[] tensorScalar() {
        byte[] b = new byte[64];
        TensorScalarArithFlyweight t = new TensorScalarArithFlyweight().wrap(b, 0).reset();
        t.inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value()).numActiveChannels(2)
                .op0(AluOpType.MULT).imm0Src(ImmSrc.INSTRUCTION_IMMEDIATE).imm0(f(2.5f))
                .op1(AluOpType.ADD).imm1Src(ImmSrc.POINTER_IMMEDIATE).imm1(rig.sb(126, 0x80));
        Rig.pattern(t.srcMemPattern(), t::srcMemPatternStartWordAddress, t::srcMemPatternStep, t::srcMemPatternNum, rig.sb(126, 0), 1, 3);
        Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, rig.sb(126, 0x40), 1, 3);
        for (int p = 126; p < 128; p++) {
            Rig.put(rig.core.sbuf(), p, 0, 4, Rig.f32(1, 2, 3));
        }
        Rig.put(rig.core.sbuf(), 126, 0x80, 4, f(4));
        Rig.put(rig.core.sbuf(), 127, 0x80, 4, f(-1));
        return b;
    }

    /** (x * 2.5) + s[p]: p126 (2.5, 5, 7.5) + 4 = (6.5, 9, 11.5); p127 - 1 = (1.5, 4, 6.5). op1 bypass leaves (2.5, 5, 7.5). */
    @Test
    void tensorScalarByImmediateAndPointer() {
        assertEquals("read SBUF p126-127 [0x0,0xc) FP32; wrote SBUF p126-127 [0x40,0x4c) FP32", rig.run(tensorScalar()));
        assertArrayEquals(Rig.f32(6.5f, 9, 11.5f), at(126, 0x40, 3));
        assertArrayEquals(Rig.f32(1.5f, 4, 6.5f), at(127, 0x40, 3));
        byte[] b = tensorScalar();
        new TensorScalarArithFlyweight().wrap(b, 0).op1(AluOpType.BYPASS).imm1Src(ImmSrc.REG_PTR_IMMEDIATE);
        rig.run(b);   // a bypassed step's operand is not read, whatever its source says
        assertArrayEquals(Rig.f32(2.5f, 5, 7.5f), at(127, 0x40, 3));
    }

    @Test
    void tensorScalarRefusals() {
        byte[] reg = tensorScalar();
        new TensorScalarArithFlyweight().wrap(reg, 0).imm0Src(ImmSrc.REG_PTR_IMMEDIATE);
        assertEquals("TENSOR_SCALAR imm0 from REG_PTR_IMMEDIATE has no data-level semantics",
                assertThrows(DataFault.class, () -> rig.run(reg)).getMessage());
        byte[] rev = tensorScalar();
        new TensorScalarArithFlyweight().wrap(rev, 0).reverseOperands(1);
        assertEquals("TENSOR_SCALAR with reverse_operands or accumulator_cmd set has no data-level semantics",
                assertThrows(DataFault.class, () -> rig.run(rev)).getMessage());
        byte[] op = tensorScalar();
        new TensorScalarArithFlyweight().wrap(op, 0).op0Raw(0xEE);
        assertEquals("TENSOR_SCALAR op0 ALU wire byte 0xee is no ALU op", assertThrows(DataFault.class, () -> rig.run(op)).getMessage());
    }

    /**
     * ACTIVATE identity with scale 2 and the bias by pointer (fp32, the pair's high half) at 0x80:
     * p126's bias 1, p127's -3. in fp16 p126 (-2, -0.5, 0, 3) -> 2x + 1 = (-3, 0, 1, 7); p127 1s -> -1.
     */
    @Test
    void activateBiasByPointer() {
        Rig act = new Rig(Arch.CAYMAN, Map.of(1, "identity_1p"));
        byte[] b = new byte[64];
        ActivateFlyweight t = new ActivateFlyweight().wrap(b, 0).reset();
        t.inBiasDtypeTagsLo(DtypeWire.FP16.value()).inBiasDtypeTagsHi(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value())
                .numActiveChannels(2).activationFunc(1).scaleSrcRaw(ImmSrc.INSTRUCTION_IMMEDIATE.value())
                .biasSrcNRaw(ImmSrcN.POINTER_IMMEDIATE.value()).accumulatorCmdRaw(AccumCmd.IDLE.value())
                .scaleValueBits(f(2)).biasBits(act.sb(126, 0x80));
        Rig.pattern(t.srcMemPattern(), t::srcMemPatternStartWordAddress, t::srcMemPatternStep, t::srcMemPatternNum, act.sb(126, 0), 1, 4);
        Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, act.sb(126, 0x40), 1, 4);
        Rig.put(act.core.sbuf(), 126, 0, 2, 0xC000, 0xB800, 0x0000, 0x4200);
        Rig.put(act.core.sbuf(), 127, 0, 2, 0x3C00, 0x3C00, 0x3C00, 0x3C00);
        Rig.put(act.core.sbuf(), 126, 0x80, 4, f(1));
        Rig.put(act.core.sbuf(), 127, 0x80, 4, f(-3));
        assertEquals("read SBUF p126-127 [0x0,0x8) FP16, bias SBUF p126-127 [0x80,0x84) FP32; wrote SBUF p126-127 [0x40,0x50) FP32", act.run(b));
        assertArrayEquals(Rig.f32(-3, 0, 1, 7), Rig.get(act.core.sbuf(), 126, 0x40, 4, 4));
        assertArrayEquals(Rig.f32(-1, -1, -1, -1), Rig.get(act.core.sbuf(), 127, 0x40, 4, 4));
        new ActivateFlyweight().wrap(b, 0).biasSrcNRaw(ImmSrcN.REG_PTR_IMMEDIATE.value());
        assertEquals("ACTIVATE bias from a register has no data-level semantics", assertThrows(DataFault.class, () -> act.run(b)).getMessage());
    }

    /**
     * The fp32 weights' parts: HIGH keeps the top 16 bits, LOW the rest, exactly. w = 1 + 2^-20 + 2^-23
     * (bits 0x3F800009): HIGH 1.0, LOW 2^-20 + 2^-23; w = -3.1415927 (0xC0490FDB): HIGH -3.140625
     * (0xC0490000), LOW -0.0009676536 (the exact difference). Each part times 1 through MATMUL; the
     * two add back to w.
     */
    @Test
    void fp32WeightPartsAddUpToTheWeight() {
        float w0 = Float.intBitsToFloat(0x3F800009);
        float w1 = Float.intBitsToFloat(0xC0490FDB);
        float[] high = part(PeFp32Mode.HIGH, w0, w1);
        float[] low = part(PeFp32Mode.LOW, w0, w1);
        assertEquals(1.0f, high[0]);
        assertEquals(0x1p-20f + 0x1p-23f, low[0]);
        assertEquals(Float.intBitsToFloat(0xC0490000), high[1]);
        assertEquals(w1 - Float.intBitsToFloat(0xC0490000), low[1]);
        assertEquals(w0, high[0] + low[0]);
        assertEquals(w1, high[1] + low[1]);
        assertArrayEquals(new float[] {w0, w1}, part(PeFp32Mode.NONE, w0, w1));
    }

    /** A 1-row, 2-column stationary tile (w0, w1) reduced to {@code mode}'s part, times a moving 1: PSUM holds the part. */
    static float[] part(PeFp32Mode mode, float w0, float w1) {
        PeArray pe = new PeArray().order(tpb.isa.PeLwOrder.FIRST_COL_FIRST);
        pe.loadWeights(new float[] {w0, w1}, 1, 2);
        pe.keepFp32Part(mode);
        float[] psum = new float[2];
        pe.matmul(new float[] {1f}, 1, psum, true);
        return psum;
    }
}
