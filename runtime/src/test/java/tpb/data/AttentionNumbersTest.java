package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * The ten attention NEFFs of trainium-kernel-fusion (neuronx-cc 2.23, cayman; baseline and fused,
 * fp32 and bf16, sequence 512 and 1024) on real numbers, against the kernels' own definition
 * (kernels/fused/attention.py: {@code out = softmax(q.T @ k, axis=-1) @ v.T}, q, k, v of shape
 * (128, S), out (S, 128)) computed here in float64. They exercise every arm the data level gained
 * for them: TENSOR_REDUCE max and add (op_dim X, negated), RECIPROCAL, TENSOR_SCALAR mult by a
 * pointer, ACTIVATE exp with its bias by pointer, and the fp32 matmul's LOW/HIGH passes. Before
 * these arms each run faulted at its first TENSOR_REDUCE.
 *
 * <p>The bound, per output element (i, d), derived from the kernel's dataflow (its records):
 * <ul>
 *   <li>scores: {@code s_ij = sum_k q_ki k_kj}, K = 128 products summed in fp32 (fp32 kernels: two
 *       passes, each product rounded, the passes added once; bf16: exact products), so
 *       {@code |ds_ij| <= g(K + 3) * sum_k |q_ki k_kj|} with {@code g(n) = n u / (1 - n u)},
 *       u = 2^-24; the bias add {@code s - max} rounds once more: {@code + u |s_ij - m_i|}.
 *       Call the largest over j {@code D_i};</li>
 *   <li>softmax of perturbed scores: each {@code p_ij} moves by a factor within {@code e^(2 D_i)}
 *       (the max cancels); exp rounded to fp32 (u), the row sum of S terms (g(S)), the reciprocal
 *       and the final multiply (u each);</li>
 *   <li>{@code p @ v.T}: S terms in fp32 in two passes: {@code g(S + 3) * sum_j p_ij |v_dj|}.</li>
 * </ul>
 * So {@code |out - ref| <= E_i * P_id}, {@code E_i = expm1(2 D_i) + g(S) + g(S + 3) + 4u},
 * {@code P_id = sum_j p_ij |v_dj|}, with 1 % for second-order terms; a bf16 output adds its
 * rounding, half an ulp, at most {@code 2^-8 |out|}. A wrong arm is far outside it: a LOW pass
 * alone, or a weight truncated to bf16, moves a score by about 2^-8 of its size, D_i by ~0.05
 * against a bound of ~10^-3.
 */
class AttentionNumbersTest {
    private static final double U = 0x1p-24;

    static double gamma(int n) {
        return n * U / (1 - n * U);
    }

    @ParameterizedTest
    @ValueSource(strings = {"attention-fused", "attention-baseline", "attention-fused-fp32-s512", "attention-baseline-fp32-s512",
            "attention-fused-fp32-s1024", "attention-baseline-fp32-s1024", "attention-fused-bf16-s512",
            "attention-baseline-bf16-s512", "attention-fused-bf16-s1024", "attention-baseline-bf16-s1024"})
    void theKernelComputesSoftmaxOfQTransposeKTimesVTranspose(String name) throws IOException {
        NeffImage image;
        try (InputStream in = getClass().getResourceAsStream("/neff/real/" + name + ".neff")) {
            image = NeffImage.read(Neff.of(in.readAllBytes()));
        }
        NeffImage.Tensor qt = image.cores().get(0).tensors().get("q_ref");
        boolean bf16 = qt.dtype().equals("bfloat16");
        int k = qt.shape()[0];
        int s = qt.shape()[1];
        Random rnd = new Random(name.hashCode());
        double[][] q = normal(rnd, k, s, bf16);
        double[][] kk = normal(rnd, k, s, bf16);
        double[][] v = normal(rnd, k, s, bf16);
        Map<String, Npy.Array> inputs = new LinkedHashMap<>();
        inputs.put("q_ref", float32(q));
        inputs.put("k_ref", float32(kk));
        inputs.put("v_ref", float32(v));
        Npy.Array out = new DataRun(image, Arch.CAYMAN, inputs).run(null).get("kernel_out");
        assertArrayEquals(new int[] {s, k}, out.shape());
        double[] got = values(out, bf16);

        double worst = 0;
        double[] p = new double[s];
        for (int i = 0; i < s; i++) {
            double[] sc = new double[s];
            double[] abs = new double[s];
            double m = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < s; j++) {
                for (int t = 0; t < k; t++) {
                    sc[j] += q[t][i] * kk[t][j];
                    abs[j] += Math.abs(q[t][i] * kk[t][j]);
                }
                m = Math.max(m, sc[j]);
            }
            double d = 0;
            double sum = 0;
            for (int j = 0; j < s; j++) {
                d = Math.max(d, gamma(k + 3) * abs[j] + U * Math.abs(sc[j] - m));
                p[j] = Math.exp(sc[j] - m);
                sum += p[j];
            }
            double e = (Math.expm1(2 * d) + gamma(s) + gamma(s + 3) + 4 * U) * 1.01;
            for (int c = 0; c < k; c++) {
                double ref = 0;
                double pv = 0;
                for (int j = 0; j < s; j++) {
                    ref += p[j] / sum * v[c][j];
                    pv += p[j] / sum * Math.abs(v[c][j]);
                }
                double bound = e * pv + (bf16 ? 0x1p-8 * (Math.abs(ref) + e * pv) : 0);
                double err = Math.abs(got[i * k + c] - ref);
                assertTrue(err <= bound, name + ": out[" + i + "][" + c + "] = " + got[i * k + c] + ", numpy's definition gives "
                        + ref + ": error " + err + " beyond the bound " + bound);
                worst = Math.max(worst, err / bound);
            }
        }
        // the bound is not vacuous: the run uses a real part of it, and it is small against the values
        assertTrue(worst > 1e-4, name + ": worst error / bound " + worst);
    }

    /** Standard normal values, fp32 (rounded to bfloat16 for a bf16 kernel, as the run rounds its float32 input). */
    static double[][] normal(Random rnd, int rows, int cols, boolean bf16) {
        double[][] a = new double[rows][cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                float f = (float) rnd.nextGaussian();
                a[r][c] = bf16 ? Bf16.toFloat(Bf16.fromFloat(f)) : f;
            }
        }
        return a;
    }

    static Npy.Array float32(double[][] a) {
        ByteBuffer b = ByteBuffer.allocate(a.length * a[0].length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (double[] row : a) {
            for (double x : row) {
                b.putFloat((float) x);
            }
        }
        return new Npy.Array(NpyType.FLOAT32, new int[] {a.length, a[0].length}, b.array());
    }

    static double[] values(Npy.Array a, boolean bf16) {
        ByteBuffer b = ByteBuffer.wrap(a.data()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(bf16 ? NpyType.BFLOAT16 : NpyType.FLOAT32, a.type());
        double[] v = new double[a.data().length / (bf16 ? 2 : 4)];
        for (int i = 0; i < v.length; i++) {
            v[i] = bf16 ? Bf16.toFloat(b.getShort()) : b.getFloat();
        }
        return v;
    }
}
