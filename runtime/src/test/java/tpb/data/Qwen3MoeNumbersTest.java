package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tpb.isa.Arch;
import tpb.neff.Neff;

/**
 * qwen3-moe-tkg-v6b.neff (KevGomes1403/nki-moe-megakernel, kernels/moe_tkg/agents/v6b.neff,
 * neuronx-cc 2.23, cayman) on real numbers, against a float64 reference written here from its
 * kernel, {@code nki_moe_v6b} in kernels/moe_tkg/agents/v6b_coalesce_down_dma.py (read at 6dfdb5f):
 * one token (H = 2048) through K = 8 of E = 128 experts, each {@code silu(gate) * up} of
 * {@code h @ gate_up[e]} (2I = 512), then {@code @ down[e]} (I = 256), scaled by its routing weight
 * and summed. It runs the data level's dynamic addressing, all INFERRED from this NEFF's records:
 * TensorLoadPhysical loads each chosen expert's index from the SBUF row a DMA filled; RegisterAlu
 * scales it to the expert's element offset and to bytes (r31); DMA_DIRECT2D's ADDR8 mode
 * DGE_OFFSET_REGISTER adds that register to its DGE entry (facts §4.2 places the register id and the
 * entry; the kernel's {@code .ap(scalar_offset=eid, indirect_dim=0)} says what the offset is); the
 * PseudoExtension after each such DMA does nothing of its own; and ACTIVATE copy takes its scale by
 * pointer (the routing weight, one fp32). Before these, the run stopped at Pool record 6. The same test runs
 * qwen3-moe-captured.neff, a runtime capture from the same repository (output/…/neff_171450338541704.neff,
 * its kernel version not recorded): the same five inputs, and it equals the same reference.
 *
 * <p><b>What the kernel computes.</b> Its weights are laid out with the contracted dimension first
 * ({@code gate_up[e]: [H, 2I]}, {@code down[e]: [I, H]}), so NKI's {@code nc_matmul} (stationary.T @
 * moving) gives the textbook products: {@code gu = h @ gate_up[e]} and {@code act @ down[e]}. The
 * reference rounds to bf16 where the kernel does (the activation before the down projection, and
 * the output); the rest in float64.
 *
 * <p><b>Inputs.</b> input0..input4 are the kernel's arguments in reverse (routing_weights_k fp32
 * (1, 8), expert_indices int32 (1, 8), down_weights bf16 (128, 256, 2048), gate_up_weights bf16
 * (128, 2048, 512), hidden_states bf16 (1, 2048)); shapes and dtypes fix every one. The eight chosen
 * experts hold random weights of their own, every other expert a constant of another sign, so an
 * offset into the wrong expert, or into the wrong rows of the right one, moves the output by its
 * whole size.
 *
 * <p><b>The bound</b>, per element: the output's bf16 rounding, {@code 2^-8 |ref|}, plus
 * {@code 2^-12 M} (M the largest |ref|) for the rest: fp32 sums of 2,048 and 256 products in another
 * order than float64's, SiLU rounded once to fp32, and a bf16 rounding of one activation (of 256)
 * that falls the other way.
 */
class Qwen3MoeNumbersTest {
    private static final int E = 128;
    private static final int H = 2048;
    private static final int I = 256;
    private static final int[] EXPERTS = {3, 17, 64, 127, 0, 90, 45, 101};

    @ParameterizedTest
    @ValueSource(strings = {"qwen3-moe-tkg-v6b", "qwen3-moe-captured"})
    void theKernelsEightExpertsAreTheOnesItsIndicesName(String name) throws IOException {
        NeffImage image;
        try (InputStream in = getClass().getResourceAsStream("/neff/real/" + name + ".neff")) {
            image = NeffImage.read(Neff.of(in.readAllBytes()));
        }
        Random rnd = new Random(20261205);
        double[] rw = new double[EXPERTS.length];
        for (int k = 0; k < rw.length; k++) {
            rw[k] = (float) rnd.nextDouble();
        }
        short elsewhereDown = Bf16.fromFloat(0.01f);
        short elsewhereGu = Bf16.fromFloat(-0.01f);
        ByteBuffer down = bf16Filled((long) E * I * H, elsewhereDown);
        ByteBuffer gateUp = bf16Filled((long) E * H * 2 * I, elsewhereGu);
        double[][][] dw = new double[EXPERTS.length][I][H];
        double[][][] gu = new double[EXPERTS.length][H][2 * I];
        for (int k = 0; k < EXPERTS.length; k++) {
            fill(rnd, gateUp, (long) EXPERTS[k] * H * 2 * I, gu[k]);
            fill(rnd, down, (long) EXPERTS[k] * I * H, dw[k]);
        }
        double[] h = new double[H];
        ByteBuffer hidden = ByteBuffer.allocate(H * 2).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < H; i++) {
            short b = Bf16.fromFloat((float) rnd.nextGaussian());
            h[i] = Bf16.toFloat(b);
            hidden.putShort(b);
        }
        ByteBuffer routing = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer indices = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < EXPERTS.length; k++) {
            routing.putFloat((float) rw[k]);
            indices.putInt(EXPERTS[k]);
        }
        Map<String, Npy.Array> inputs = new LinkedHashMap<>();
        inputs.put("input0", new Npy.Array(NpyType.FLOAT32, new int[] {1, 8}, routing.array()));
        inputs.put("input1", new Npy.Array(NpyType.INT32, new int[] {1, 8}, indices.array()));
        inputs.put("input2", new Npy.Array(NpyType.BFLOAT16, new int[] {E, I, H}, down.array()));
        inputs.put("input3", new Npy.Array(NpyType.BFLOAT16, new int[] {E, H, 2 * I}, gateUp.array()));
        inputs.put("input4", new Npy.Array(NpyType.BFLOAT16, new int[] {1, H}, hidden.array()));
        Npy.Array out = new DataRun(image, Arch.CAYMAN, inputs).run(null).get("output0");
        assertArrayEquals(new int[] {1, H}, out.shape());
        double[] got = AttentionNumbersTest.values(out, true);

        double[] ref = new double[H];
        for (int k = 0; k < EXPERTS.length; k++) {
            double[] act = new double[I];
            for (int j = 0; j < I; j++) {
                double gate = 0;
                double up = 0;
                for (int x = 0; x < H; x++) {
                    gate += h[x] * gu[k][x][j];
                    up += h[x] * gu[k][x][I + j];
                }
                act[j] = Qwen3AttentionNumbersTest.bf(gate / (1 + Math.exp(-gate)) * up);
            }
            for (int c = 0; c < H; c++) {
                double d = 0;
                for (int j = 0; j < I; j++) {
                    d += act[j] * dw[k][j][c];
                }
                ref[c] += d * rw[k];
            }
        }
        double m = 0;
        for (double r : ref) {
            m = Math.max(m, Math.abs(r));
        }
        double worst = 0;
        for (int c = 0; c < H; c++) {
            double bound = 0x1p-8 * Math.abs(ref[c]) + 0x1p-12 * m;
            double err = Math.abs(got[c] - ref[c]);
            assertTrue(err <= bound, name + ": output0[0][" + c + "] = " + got[c] + ", the kernel gives " + ref[c] + ": error " + err
                    + " beyond the bound " + bound);
            worst = Math.max(worst, err / bound);
        }
        assertTrue(worst > 0.05, "worst error / bound " + worst + ": the bound is not vacuous");
    }

    static ByteBuffer bf16Filled(long count, short value) {
        ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(count * 2)).order(ByteOrder.LITTLE_ENDIAN);
        for (long i = 0; i < count; i++) {
            b.putShort(value);
        }
        return b;
    }

    /** Random bf16 weights (normal × 0.05, the kernel harness's scale) at element {@code at} of {@code b}, kept in {@code w}. */
    static void fill(Random rnd, ByteBuffer b, long at, double[][] w) {
        long e = at;
        for (double[] row : w) {
            for (int j = 0; j < row.length; j++) {
                short v = Bf16.fromFloat((float) (0.05 * rnd.nextGaussian()));
                row[j] = Bf16.toFloat(v);
                b.putShort(Math.toIntExact(e++ * 2), v);
            }
        }
    }
}
