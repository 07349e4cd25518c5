package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tpb.isa.AluOpType;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;

/** The element-wise semantics on two partitions of hand-placed values, each against values computed here. */
class VectorOpsTest {
    private final CoreState core = new CoreState(Arch.CAYMAN);

    private AccessPattern at(long offset, int n, DtypeWire t) {
        return new AccessPattern(new Location(core.sbuf(), 0, offset), new int[] {1, 1, 1}, new int[] {n, 1, 1}, t, 2);
    }

    private AccessPattern fill(long offset, DtypeWire t, double[]... rows) {
        AccessPattern a = at(offset, rows[0].length, t);
        for (int p = 0; p < rows.length; p++) {
            a.write(p, rows[p]);
        }
        return a;
    }

    @Test
    void tensorTensorAddMultMax() {
        AccessPattern a = fill(0, DtypeWire.FP32, new double[] {1.5, -2, 1e30}, new double[] {0, 3, -7});
        AccessPattern b = fill(0x100, DtypeWire.FP16, new double[] {0.25, 4, 1e30}, new double[] {-1, 0.5, 2});
        AccessPattern d = at(0x200, 3, DtypeWire.FP32);
        VectorOps.tensorTensor(AluOpType.ADD, a, b, d);
        // fp16 1e30 is +inf (past 65520), so 1e30 + inf = inf
        assertEquals(List.of(1.75, 2.0, Double.POSITIVE_INFINITY), list(d.read(0)));
        assertEquals(List.of(-1.0, 3.5, -5.0), list(d.read(1)));
        VectorOps.tensorTensor(AluOpType.MULT, a, b, d);
        assertEquals(List.of(0.375, -8.0, Double.POSITIVE_INFINITY), list(d.read(0)));
        VectorOps.tensorTensor(AluOpType.MAX, a, b, d);
        assertEquals(List.of(0.0, 3.0, 2.0), list(d.read(1)));
        // fp32 product 1e30 * 1e30 overflows to inf in fp32 even though a double holds it
        AccessPattern big = fill(0x300, DtypeWire.FP32, new double[] {1e30, 1, 1}, new double[] {1, 1, 1});
        VectorOps.tensorTensor(AluOpType.MULT, big, big, d);
        assertEquals(Double.POSITIVE_INFINITY, d.read(0)[0]);
        assertEquals("ALU op pow has no data-level semantics",
                assertThrows(DataFault.class, () -> VectorOps.tensorTensor(AluOpType.POW, a, b, d)).getMessage());
    }

    @Test
    void castRoundsToNearestEvenAndCopyMovesBits() {
        // 1 + 2^-11 ties to 1 in fp16; 1 + 2^-8 + 2^-9 rounds up in bf16 to 1 + 2^-7; NaN stays NaN
        AccessPattern src = fill(0, DtypeWire.FP32, new double[] {1.00048828125, 1.005859375}, new double[] {70000, -1e-8});
        AccessPattern h = at(0x100, 2, DtypeWire.FP16);
        VectorOps.copy(src, h);
        assertEquals(List.of(1.0, 1.005859375), list(h.read(0)));
        assertEquals(List.of(Double.POSITIVE_INFINITY, -0.0), list(h.read(1)));
        AccessPattern bf = at(0x200, 2, DtypeWire.BFLOAT16);
        VectorOps.copy(src, bf);
        assertEquals(List.of(1.0, 1.0078125), list(bf.read(0)));
        // COPY with equal dtypes moves bits: an fp32 NaN payload read as INT32 survives
        byte[] row = core.sbuf().row(0, 0x300, 4);
        row[0x300] = 0x01;
        row[0x301] = 0x00;
        row[0x302] = (byte) 0x80;
        row[0x303] = 0x7F;
        AccessPattern i32 = at(0x300, 1, DtypeWire.INT32);
        VectorOps.copy(i32, at(0x400, 1, DtypeWire.INT32));
        assertEquals(0x7F800001, (int) at(0x400, 1, DtypeWire.INT32).read(0)[0]);
    }

    @Test
    void memsetWritesTheLowBitsOfTheSetValue() {
        AccessPattern d = at(0, 3, DtypeWire.FP16);
        VectorOps.memset(d, 0x3C00);
        assertEquals(List.of(1.0, 1.0, 1.0), list(d.read(1)));
        AccessPattern f = at(0x100, 2, DtypeWire.FP32);
        VectorOps.memset(f, Float.floatToRawIntBits(-2.5f));
        assertEquals(List.of(-2.5, -2.5), list(f.read(0)));
    }

    @Test
    void iotaIsBasePlusStepsPlusChannelTimesMultiplier() {
        // dims (3, 2): value = 10 + 2*i0 + 100*i1 + 1000*c
        AccessPattern d = new AccessPattern(new Location(core.sbuf(), 0, 0), new int[] {1, 1, 1, 1},
                new int[] {6, 1, 1, 1}, DtypeWire.INT32, 2);
        VectorOps.iota(10, new int[] {2, 100, 0, 0}, new int[] {3, 2, 1, 1}, 1000, d);
        assertEquals(List.of(10.0, 12.0, 14.0, 110.0, 112.0, 114.0), list(d.read(0)));
        assertEquals(List.of(1010.0, 1012.0, 1014.0, 1110.0, 1112.0, 1114.0), list(d.read(1)));
    }

    @Test
    void activateIdentityReluExp() {
        AccessPattern in = fill(0, DtypeWire.FP32, new double[] {-1, 0.5, 2}, new double[] {3, -0.25, 0});
        AccessPattern out = at(0x100, 3, DtypeWire.FP32);
        VectorOps.activate(VectorOps.Function.IDENTITY, 2f, 1f, in, out);
        assertEquals(List.of(-1.0, 2.0, 5.0), list(out.read(0)));
        VectorOps.activate(VectorOps.Function.RELU, 2f, 1f, in, out);
        assertEquals(List.of(7.0, 0.5, 1.0), list(out.read(1)));
        VectorOps.activate(VectorOps.Function.EXP, 1f, 0f, in, out);
        assertEquals(List.of((double) (float) Math.exp(-1), (double) (float) Math.exp(0.5), (double) (float) Math.exp(2)),
                list(out.read(0)));
        assertEquals(VectorOps.Function.EXP, VectorOps.Function.ofProfileName("exp_400p"));
        assertEquals(VectorOps.Function.IDENTITY, VectorOps.Function.ofProfileName("identity_1p"));
        assertEquals(VectorOps.Function.GELU_APPRX_TANH, VectorOps.Function.ofProfileName("gelu_apprx_tanh_8p"));
        assertEquals(VectorOps.Function.GELU, VectorOps.Function.ofProfileName("gelu_8p"));   // erf-based, beside its two approximations
        assertEquals(null, VectorOps.Function.ofProfileName("parametric_relu_1p"));   // its alpha is an operand no source places
    }

    private static List<Double> list(double[] v) {
        List<Double> l = new ArrayList<>();
        for (double d : v) {
            l.add(d);
        }
        return l;
    }
}
