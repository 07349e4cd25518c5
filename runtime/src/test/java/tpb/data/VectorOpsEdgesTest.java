package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tpb.isa.AluOpType;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;

/**
 * Every ALU op the data level gives semantics, every activation function, MEMSET at each element
 * size, IOTA and COPY/CAST at their edges — each expected value written out here by hand (the
 * derivation in the comment), on both the first and the last partition of a pattern.
 */
class VectorOpsEdgesTest {
    private final CoreState core = new CoreState(Arch.CAYMAN);
    /** The patterns here span partitions 126 and 127, the SBUF's last two. */
    private static final int P0 = 126;

    private AccessPattern at(long offset, int n, DtypeWire t) {
        return new AccessPattern(new Location(core.sbuf(), P0, offset), new int[] {1, 1, 1}, new int[] {n, 1, 1}, t, 2);
    }

    private AccessPattern fill(long offset, DtypeWire t, double[] p0, double[] p1) {
        AccessPattern a = at(offset, p0.length, t);
        a.write(0, p0);
        a.write(1, p1);
        return a;
    }

    /** The ops with semantics, written from VectorOps' contract (datapath-facts §4's names). */
    private static final Set<AluOpType> MODELLED = EnumSet.of(AluOpType.BYPASS, AluOpType.ADD, AluOpType.SUBTRACT, AluOpType.MULT,
            AluOpType.DIVIDE, AluOpType.MAX, AluOpType.MIN, AluOpType.IS_EQUAL, AluOpType.NOT_EQUAL, AluOpType.IS_GT, AluOpType.IS_GE,
            AluOpType.IS_LT, AluOpType.IS_LE);

    @Test
    void everyAluOpOnTheSameSixOperandPairs() {
        // a: 3, 2, 2, -1, 0, 7 ; b: 2, 2, 3, -1, -0, 0 (the last: a divide by zero)
        double[] a = {3, 2, 2, -1, 0, 7};
        double[] b = {2, 2, 3, -1, -0.0, 0};
        double inf = Double.POSITIVE_INFINITY;
        Object[][] table = {
            {AluOpType.BYPASS, new double[] {3, 2, 2, -1, 0, 7}},
            {AluOpType.ADD, new double[] {5, 4, 5, -2, 0, 7}},
            {AluOpType.SUBTRACT, new double[] {1, 0, -1, 0, 0, 7}},
            {AluOpType.MULT, new double[] {6, 4, 6, 1, -0.0, 0}},
            {AluOpType.DIVIDE, new double[] {1.5, 1, (float) (2.0 / 3), 1, Double.NaN, inf}},
            {AluOpType.MAX, new double[] {3, 2, 3, -1, 0, 7}},
            {AluOpType.MIN, new double[] {2, 2, 2, -1, -0.0, 0}},
            {AluOpType.IS_EQUAL, new double[] {0, 1, 0, 1, 1, 0}},
            {AluOpType.NOT_EQUAL, new double[] {1, 0, 1, 0, 0, 1}},
            {AluOpType.IS_GT, new double[] {1, 0, 0, 0, 0, 1}},
            {AluOpType.IS_GE, new double[] {1, 1, 0, 1, 1, 1}},
            {AluOpType.IS_LT, new double[] {0, 0, 1, 0, 0, 0}},
            {AluOpType.IS_LE, new double[] {0, 1, 1, 1, 1, 0}},
        };
        assertEquals(MODELLED.size(), table.length);
        AccessPattern x = fill(0, DtypeWire.FP32, a, b);   // partition 126 holds a, 127 holds b
        AccessPattern y = fill(0x40, DtypeWire.FP32, b, a);
        AccessPattern d = at(0x80, 6, DtypeWire.FP32);
        for (Object[] row : table) {
            AluOpType op = (AluOpType) row[0];
            double[] want = (double[]) row[1];
            VectorOps.tensorTensor(op, x, y, d);
            assertBits(want, d.read(0), op.specName());
            for (int i = 0; i < a.length; i++) {
                // alu itself computes in double; the fp32 rounding is tensorTensor's (2/3 differs)
                assertEquals(Double.doubleToLongBits(want[i]), Double.doubleToLongBits((float) VectorOps.alu(op, a[i], b[i])), op.specName() + " " + i);
            }
        }
        for (AluOpType op : AluOpType.values()) {
            if (!MODELLED.contains(op)) {
                assertEquals("ALU op " + op.specName() + " has no data-level semantics",
                        assertThrows(DataFault.class, () -> VectorOps.alu(op, 1, 1)).getMessage());
            }
        }
    }

    private static void assertBits(double[] want, double[] got, String what) {
        assertEquals(want.length, got.length, what);
        for (int i = 0; i < want.length; i++) {
            assertEquals(Double.doubleToLongBits(want[i]), Double.doubleToLongBits(got[i]), what + " element " + i + ": " + got[i]);
        }
    }

    @Test
    void integerOperandsStayExactAndFloatOnesRoundOnceToFp32() {
        // 2^24 + 1 is an int32 that fp32 cannot hold: all-integer arithmetic keeps it
        AccessPattern a = fill(0, DtypeWire.INT32, new double[] {16777216, 2147483646}, new double[] {-2147483648.0, 5});
        AccessPattern one = fill(0x40, DtypeWire.INT32, new double[] {1, 1}, new double[] {0, -5});
        AccessPattern d = at(0x80, 2, DtypeWire.INT32);
        VectorOps.tensorTensor(AluOpType.ADD, a, one, d);
        assertArrayEquals(new double[] {16777217, 2147483647}, d.read(0));
        assertArrayEquals(new double[] {-2147483648.0, 0}, d.read(1));
        // with an fp32 destination the sum rounds to fp32: 2^24 + 1 ties to even, 2^24
        AccessPattern f = at(0xC0, 2, DtypeWire.FP32);
        VectorOps.tensorTensor(AluOpType.ADD, a, one, f);
        assertArrayEquals(new double[] {16777216, 2147483648.0}, f.read(0));
        // an fp32 operand with integer ones: 1 + 2^-24 in double is 1 + 2^-24, in fp32 it ties to 1; the int32 destination then takes 1
        AccessPattern h = fill(0x100, DtypeWire.FP32, new double[] {Math.scalb(1.0, -24), 0}, new double[] {0, 0});
        AccessPattern ones = fill(0x140, DtypeWire.INT32, new double[] {1, 1}, new double[] {1, 1});
        VectorOps.tensorTensor(AluOpType.ADD, ones, h, d);
        assertArrayEquals(new double[] {1, 1}, d.read(0));
        // and with an fp16 source only
        AccessPattern h16 = fill(0x180, DtypeWire.FP16, new double[] {0.5, 2}, new double[] {3, 4});
        AccessPattern out16 = at(0x1C0, 2, DtypeWire.FP16);
        VectorOps.tensorTensor(AluOpType.MULT, h16, h16, out16);
        assertArrayEquals(new double[] {0.25, 4}, out16.read(0));
        assertArrayEquals(new double[] {9, 16}, out16.read(1));
    }

    @Test
    void shapesThatDisagreeAreFaultsNamingBoth() {
        AccessPattern a = at(0, 3, DtypeWire.FP32);
        AccessPattern b = at(0x40, 2, DtypeWire.FP32);
        AccessPattern one = new AccessPattern(new Location(core.sbuf(), 0, 0x80), new int[] {1}, new int[] {3}, DtypeWire.FP32, 1);
        assertEquals("TENSOR_TENSOR src0/src1: 2 x 3 elements against 2 x 2",
                assertThrows(DataFault.class, () -> VectorOps.tensorTensor(AluOpType.ADD, a, b, a)).getMessage());
        assertEquals("TENSOR_TENSOR src/dst: 2 x 3 elements against 1 x 3",
                assertThrows(DataFault.class, () -> VectorOps.tensorTensor(AluOpType.ADD, a, a, one)).getMessage());
        assertEquals("COPY/CAST: 2 x 3 elements against 2 x 2", assertThrows(DataFault.class, () -> VectorOps.copy(a, b)).getMessage());
        assertEquals("ACTIVATE: 1 x 3 elements against 2 x 3",
                assertThrows(DataFault.class, () -> VectorOps.activate(VectorOps.Function.RELU, 1, 0, one, a)).getMessage());
    }

    @Test
    void memsetWritesTheLowBytesOfEachElementSize() {
        // set value 0x11223344: 4-byte elements get 44 33 22 11, 2-byte 44 33, 1-byte 44; the last partition too
        long set = 0x11223344L;
        Object[][] cases = {{DtypeWire.INT32, new int[] {0x44, 0x33, 0x22, 0x11}}, {DtypeWire.UINT16, new int[] {0x44, 0x33}},
            {DtypeWire.INT8, new int[] {0x44}}, {DtypeWire.FP32, new int[] {0x44, 0x33, 0x22, 0x11}}, {DtypeWire.BFLOAT16, new int[] {0x44, 0x33}}};
        long offset = 0x1000;
        for (Object[] c : cases) {
            DtypeWire t = (DtypeWire) c[0];
            int[] le = (int[]) c[1];
            AccessPattern d = at(offset + 1, 3, t);   // an odd start: the bytes before and after stay 0
            VectorOps.memset(d, set);
            for (int p = P0; p < P0 + 2; p++) {
                byte[] row = core.sbuf().row(p, offset, 16);
                byte[] want = new byte[3 * le.length + 2];
                for (int i = 0; i < 3; i++) {
                    for (int k = 0; k < le.length; k++) {
                        want[1 + i * le.length + k] = (byte) le[k];
                    }
                }
                assertArrayEquals(want, java.util.Arrays.copyOfRange(row, (int) offset, (int) offset + want.length), t + " partition " + p);
            }
            offset += 0x100;
        }
        // a strided pattern: every other fp16 element, the ones between untouched
        AccessPattern strided = new AccessPattern(new Location(core.sbuf(), 0, 0x2000), new int[] {2}, new int[] {3}, DtypeWire.FP16, 1);
        VectorOps.memset(strided, 0xFFFF_3C00L);
        byte[] row = core.sbuf().row(0, 0x2000, 12);
        assertArrayEquals(new byte[] {0x00, 0x3C, 0, 0, 0x00, 0x3C, 0, 0, 0x00, 0x3C, 0, 0}, java.util.Arrays.copyOfRange(row, 0x2000, 0x200C));
    }

    @Test
    void iotaOverFourDimensionsAndItsCountCheck() {
        // dims (2, 1, 2, 2), steps (1, 50, 10, 100), base -3, channel multiplier -1000:
        // element (i0, i1, i2, i3) = -3 + i0 + 10 i2 + 100 i3 - 1000 c, i0 innermost
        AccessPattern d = new AccessPattern(new Location(core.sbuf(), P0, 0x3000), new int[] {1}, new int[] {8}, DtypeWire.INT32, 2);
        VectorOps.iota(-3, new int[] {1, 50, 10, 100}, new int[] {2, 1, 2, 2}, -1000, d);
        assertArrayEquals(new double[] {-3, -2, 7, 8, 97, 98, 107, 108}, d.read(0));
        assertArrayEquals(new double[] {-1003, -1002, -993, -992, -903, -902, -893, -892}, d.read(1));
        assertEquals("IOTA generates 6 elements per partition but dst holds 8",
                assertThrows(DataFault.class, () -> VectorOps.iota(0, new int[] {1, 1}, new int[] {3, 2}, 0, d)).getMessage());
        // into fp16: 2049 is not an fp16 value (ties to even, 2048)
        AccessPattern h = new AccessPattern(new Location(core.sbuf(), 0, 0x3100), new int[] {1}, new int[] {2}, DtypeWire.FP16, 1);
        VectorOps.iota(2048, new int[] {1}, new int[] {2}, 0, h);
        assertArrayEquals(new double[] {2048, 2048}, h.read(0));
    }

    @Test
    void everyActivationFunctionOnHandPickedInputs() {
        // in: -2, -0.5, 0, 1.5 ; scale 2, bias 1 -> x = 2 in + 1 = -3, 0, 1, 4
        AccessPattern in = fill(0x4000, DtypeWire.FP32, new double[] {-2, -0.5, 0, 1.5}, new double[] {1, 1, 1, 1});
        AccessPattern out = at(0x4100, 4, DtypeWire.FP32);
        Object[][] table = {
            {VectorOps.Function.IDENTITY, new double[] {-3, 0, 1, 4}},
            {VectorOps.Function.RELU, new double[] {0, 0, 1, 4}},
            {VectorOps.Function.SQUARE, new double[] {9, 0, 1, 16}},
            {VectorOps.Function.ABS, new double[] {3, 0, 1, 4}},
            {VectorOps.Function.SIGN, new double[] {-1, 0, 1, 1}},
            {VectorOps.Function.EXP, new double[] {(float) Math.exp(-3), 1, (float) Math.exp(1), (float) Math.exp(4)}},
            {VectorOps.Function.TANH, new double[] {(float) Math.tanh(-3), 0, (float) Math.tanh(1), (float) Math.tanh(4)}},
            // COPY is f(x) = x after the scale and bias like every function (NKI nki.isa.activation; the compiler puts
            // tensor_scalar's multiply by 1/128 and add of 1e-6 into copy ACTIVATEs, qwen3-attn-tkg-v6 sg00 act 7 and 10)
            {VectorOps.Function.COPY, new double[] {-3, 0, 1, 4}},
        };
        // the table-set functions past the first eight: each at points whose value is known exactly (the test below)
        assertEquals(VectorOps.Function.values().length, table.length + KNOWN_POINTS.size());
        for (Object[] row : table) {
            VectorOps.Function f = (VectorOps.Function) row[0];
            VectorOps.activate(f, 2f, 1f, in, out);
            assertBits((double[]) row[1], out.read(0), f.name());
            // partition 127: every input 1 -> x = 3
            double x = 3;
            double want = switch (f) {
                case IDENTITY, COPY, RELU, ABS -> x;
                case SQUARE -> 9;
                case SIGN -> 1;
                case EXP -> (float) Math.exp(3);
                case TANH -> (float) Math.tanh(3);
                default -> throw new AssertionError(f + " is in KNOWN_POINTS, not this table");
            };
            assertBits(new double[] {want, want, want, want}, out.read(1), f.name() + " partition 127");
        }
        // scale * in rounds to fp32 before the bias is added (u = 2^-22, fp32's step in [2, 4)): 3 * (1 + 2^-23) = 3 + 1.5u, a tie
        // that fp32 rounds to even, 3 + 2u; adding the bias -0.5u gives 3 + 1.5u again, a tie, 3 + 2u. In double the sum would be
        // 3 + 1.5u - 0.5u = 3 + u exactly.
        AccessPattern e = fill(0x4200, DtypeWire.FP32, new double[] {1 + Math.scalb(1.0, -23)}, new double[] {0});
        AccessPattern eo = at(0x4300, 1, DtypeWire.FP32);
        VectorOps.activate(VectorOps.Function.IDENTITY, 3f, -Math.scalb(1f, -23), e, eo);
        assertEquals(3 + Math.scalb(1.0, -21), eo.read(0)[0]);
        assertEquals(-Math.scalb(1.0, -23), eo.read(1)[0]);
        // profile names: the "_<n>p" suffix only, any case
        assertEquals(VectorOps.Function.TANH, VectorOps.Function.ofProfileName("Tanh_12p"));
        assertEquals(VectorOps.Function.RELU, VectorOps.Function.ofProfileName("relu"));
        assertEquals(null, VectorOps.Function.ofProfileName("relu_p"));
        assertEquals(null, VectorOps.Function.ofProfileName("exp_400px"));
    }

    /** erf(1) and Φ(1) = (1 + erf(1/√2))/2, as the printed tables give them (Abramowitz and Stegun 7.1, 26.2). */
    static final double ERF_1 = 0.8427007929497149;
    static final double PHI_1 = 0.8413447460685429;

    /**
     * The other functions of the NEFFs' table sets (act_info.json), each at points where its value
     * is known by hand: sigmoid(0) = 1/2 and its derivative 1/4; silu, mish, gelu_apprx_tanh, sin
     * and memset_zero 0 at 0; softplus(0) = ln 2; sqrt(4) = 2, 1/4, 1/sqrt(4) = 1/2 (and of |-4|);
     * ln(1) = 0, ln(e^2) = 2 within fp32; arctan(1) = pi/4; is_finite 1 and 0; the derivatives of
     * identity (1), relu (0 below 0, 1 above) and tanh (1 at 0); erf(0) = 0, erf(±1) from the
     * tables, erf' (0) = 2/√π; gelu(0) = 0, gelu(1) = Φ(1), gelu(-1) = -(1 - Φ(1)), gelu'(0) =
     * Φ(0) = 1/2; gelu_apprx_sigmoid(0) = 0 and its derivative sigmoid(0) = 1/2; silu'(0) = 1/2.
     */
    static final java.util.Map<VectorOps.Function, float[][]> KNOWN_POINTS = new java.util.EnumMap<>(java.util.Map.ofEntries(
            java.util.Map.entry(VectorOps.Function.SIGMOID, new float[][] {{0, 0.5f}}),
            java.util.Map.entry(VectorOps.Function.SILU, new float[][] {{0, 0}}),
            java.util.Map.entry(VectorOps.Function.SOFTPLUS, new float[][] {{0, (float) Math.log(2)}}),
            java.util.Map.entry(VectorOps.Function.MISH, new float[][] {{0, 0}}),
            java.util.Map.entry(VectorOps.Function.GELU_APPRX_TANH, new float[][] {{0, 0}}),
            java.util.Map.entry(VectorOps.Function.SQRT, new float[][] {{4, 2}, {0.25f, 0.5f}}),
            java.util.Map.entry(VectorOps.Function.RECIPROCAL, new float[][] {{4, 0.25f}, {-0.5f, -2}}),
            java.util.Map.entry(VectorOps.Function.RECIPROCAL_SQRT, new float[][] {{4, 0.5f}, {0.25f, 2}}),
            java.util.Map.entry(VectorOps.Function.ABS_RECIPROCAL_SQRT, new float[][] {{-4, 0.5f}}),
            java.util.Map.entry(VectorOps.Function.LN, new float[][] {{1, 0}, {(float) Math.exp(2), 2}}),
            java.util.Map.entry(VectorOps.Function.SIN, new float[][] {{0, 0}}),
            java.util.Map.entry(VectorOps.Function.ARCTAN, new float[][] {{1, (float) (Math.PI / 4)}}),
            java.util.Map.entry(VectorOps.Function.IS_FINITE, new float[][] {{1, 1}, {Float.POSITIVE_INFINITY, 0}, {Float.NaN, 0}}),
            java.util.Map.entry(VectorOps.Function.MEMSET_ZERO, new float[][] {{5, 0}}),
            java.util.Map.entry(VectorOps.Function.DERIVATIVE_IDENTITY, new float[][] {{7, 1}}),
            java.util.Map.entry(VectorOps.Function.DERIVATIVE_RELU, new float[][] {{-1, 0}, {2, 1}}),
            java.util.Map.entry(VectorOps.Function.DERIVATIVE_TANH, new float[][] {{0, 1}}),
            java.util.Map.entry(VectorOps.Function.DERIVATIVE_SIGMOID, new float[][] {{0, 0.25f}}),
            java.util.Map.entry(VectorOps.Function.DERIVATIVE_SILU, new float[][] {{0, 0.5f}}),
            java.util.Map.entry(VectorOps.Function.ERF, new float[][] {{0, 0}, {1, (float) ERF_1}, {-1, (float) -ERF_1}}),
            java.util.Map.entry(VectorOps.Function.DERIVATIVE_ERF, new float[][] {{0, (float) (2 / Math.sqrt(Math.PI))}}),
            java.util.Map.entry(VectorOps.Function.GELU, new float[][] {{0, 0}, {1, (float) PHI_1}, {-1, (float) -(1 - PHI_1)}}),
            java.util.Map.entry(VectorOps.Function.DERIVATIVE_GELU, new float[][] {{0, 0.5f}}),
            java.util.Map.entry(VectorOps.Function.GELU_APPRX_SIGMOID, new float[][] {{0, 0}}),
            java.util.Map.entry(VectorOps.Function.DERIVATIVE_GELU_APPRX_SIGMOID, new float[][] {{0, 0.5f}})));


    @Test
    void tableSetFunctionsAtKnownPoints() {
        for (var e : KNOWN_POINTS.entrySet()) {
            for (float[] point : e.getValue()) {
                assertEquals(point[1], e.getKey().apply(point[0]), e.getKey() + " at " + point[0]);
            }
        }
        // the NEFF profile's names of them
        assertEquals(VectorOps.Function.RECIPROCAL_SQRT, VectorOps.Function.ofProfileName("reciprocal_sqrt_40000p"));
        assertEquals(VectorOps.Function.LN, VectorOps.Function.ofProfileName("ln_400p"));
        assertEquals(VectorOps.Function.GELU, VectorOps.Function.ofProfileName("gelu"));
        assertEquals(VectorOps.Function.DERIVATIVE_GELU_APPRX_SIGMOID, VectorOps.Function.ofProfileName("derivative_gelu_apprx_sigmoid_4p"));
        assertEquals(null, VectorOps.Function.ofProfileName("leaky_relu"));
    }

    @Test
    void castAndCopyOnTheLastPartition() {
        // fp32 -> int16 through COPY/CAST: values must be integral; -32768 and 32767 fit
        AccessPattern src = fill(0x5000, DtypeWire.FP32, new double[] {-32768, 32767}, new double[] {0.0, -0.0});
        AccessPattern dst = at(0x5100, 2, DtypeWire.INT16);
        VectorOps.copy(src, dst);
        assertArrayEquals(new double[] {-32768, 32767}, dst.read(0));
        assertArrayEquals(new double[] {0, 0}, dst.read(1));
        // equal dtypes move bits on every partition: -0.0 stays -0.0 (a value copy through double would too, a NaN payload would not)
        AccessPattern same = at(0x5200, 2, DtypeWire.FP32);
        VectorOps.copy(src, same);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(same.read(1)[1]));
        byte[] row = core.sbuf().row(P0 + 1, 0x5000, 8);
        row[0x5000] = 0x01;
        row[0x5001] = 0x00;
        row[0x5002] = (byte) 0xC0;
        row[0x5003] = 0x7F;   // a quiet NaN with payload 1 at partition 127 element 0
        VectorOps.copy(src, same);
        byte[] got = core.sbuf().row(P0 + 1, 0x5200, 4);
        assertArrayEquals(new byte[] {0x01, 0x00, (byte) 0xC0, 0x7F}, java.util.Arrays.copyOfRange(got, 0x5200, 0x5204));
        assertEquals("MATMUL in_dtype dtype tag 255 is not a dtype",
                assertThrows(DataFault.class, () -> VectorOps.dtype(255, "MATMUL in_dtype")).getMessage());
        assertEquals(DtypeWire.FP16, VectorOps.dtype(DtypeWire.FP16.value(), "x"));
    }
}
