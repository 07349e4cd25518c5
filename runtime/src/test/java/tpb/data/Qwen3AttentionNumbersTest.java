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
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.neff.Neff;

/**
 * qwen3-attn-tkg-v6.neff (KevGomes1403/nki-moe-megakernel, kernels/attn_tkg/agents/attn_v6.neff,
 * neuronx-cc 2.23, cayman) on real numbers, against a float64 reference written here from its
 * kernel, {@code qwen3_attn_tkg_fused} in kernels/attn_tkg/agents/v6_ultimate.py (read at
 * f1fe87a): Qwen3 token-generation attention for one token, B = 1, H = 2048, head dim d = 128, 8 Q
 * heads over 4 KV heads, a 640-position KV cache. It runs every arm the data level has, and three it
 * gained for it: RegisterMove (the fill register), TensorScalarAffineSelect (the two identity
 * matrices the compiler builds for its PE transposes) and, through them, the transposes themselves.
 *
 * <p><b>What the kernel computes</b> is what its NKI calls say, read with NKI's documented meaning:
 * {@code nc_matmul(dst, stationary, moving)} is {@code stationary.T @ moving}, contracting over the
 * partition dimension of both. The kernel passes its weight tiles and cache tiles as they load
 * ({@code Wq.ap([[H, 128], [1, 128]])}: partition = weight row), so a projection is
 * {@code k[m] = Σ_t Σ_p Wk[128·kv + p][128·t + m] · h[128·t + p]}, a score tile is
 * {@code Σ_p K[s0 + p][m] · q[p]}, and the V product is {@code Σ_p V[s0 + m][p] · e[p]}: not the
 * attention of its own PyTorch reference (which uses {@code Wq @ h}), whose harness compares at an
 * absolute threshold of 0.1 against outputs of about 0.005, which any of these pass. The reference
 * here follows the records' meaning, not the harness's: every bf16 rounding the kernel writes
 * (q, exp(score), k², k·q, the output) at the same place; every sum and function in float64. The
 * fused scale and bias of its tensor_scalar steps are where the compiler put them (ACTIVATE copy
 * with scale 1/128 and bias 1e-6): this NEFF is how the data level learned that copy applies them.
 *
 * <p><b>Inputs.</b> The NEFF names them input0..input10, the kernel's arguments in reverse order
 * (input0, int32 (1, 1), is position_ids, the last; input10, bf16 (1, 1, 2048), hidden_states, the
 * first). Shapes fix all but four pairs; the records fix one (input3 goes through the PE
 * transposes, which the kernel applies to V tiles only, so input3 is V_cache and input4 K_cache) and
 * the reverse order the others, which the test would see: each input gets values of its own, and a
 * swapped pair moves outputs by their whole size. Values: the harness's (normal × 0.05 for the
 * hidden state, weights and caches; cos and sin of the rotary frequencies at position 640), and
 * norm weights drawn around 1 rather than the harness's ones, so that q_norm and k_norm differ.
 *
 * <p><b>The bound</b>, per output element: the output's bf16 rounding, at most {@code 2^-8 |ref|};
 * plus {@code 2^-9 M}, M the largest |ref|, for the rest: fp32 sums in another order than float64's,
 * exp and rsqrt rounded once to fp32, and a bf16 rounding of one term (of 128 to 641) that falls the
 * other way when fp32 and float64 differ in its last bit; each of those moves an element by about a
 * bf16 ulp of one term of a sum of hundreds. A wrong arm is far outside: copy without its scale
 * (the fault this NEFF found) gives a wrong RMS norm and errors the size of the outputs.
 */
class Qwen3AttentionNumbersTest {
    private static final int P = 128;
    private static final int H = 2048;
    private static final int HQ = 8;
    private static final int HKV = 4;
    private static final double EPS = 1e-6;

    @Test
    void theKernelComputesItsNkiCallsOnEveryHead() throws IOException {
        NeffImage image;
        try (InputStream in = getClass().getResourceAsStream("/neff/real/qwen3-attn-tkg-v6.neff")) {
            image = NeffImage.read(Neff.of(in.readAllBytes()));
        }
        int s = image.cores().get(0).tensors().get("input3").shape()[2]; // the cache length, 640
        Random rnd = new Random(20261205);
        double[] h = bf16(normal(rnd, H, 0.05, 0));
        double[][] wq = rows(rnd, HQ * P, H);
        double[][] wk = rows(rnd, HKV * P, H);
        double[][] wv = rows(rnd, HKV * P, H);
        double[] qnw = bf16(normal(rnd, P, 0.1, 1));
        double[] knw = bf16(normal(rnd, P, 0.1, 1));
        double[][][] kc = new double[HKV][][];
        double[][][] vc = new double[HKV][][];
        for (int kv = 0; kv < HKV; kv++) {
            kc[kv] = rows(rnd, s, P);
        }
        for (int kv = 0; kv < HKV; kv++) {
            vc[kv] = rows(rnd, s, P);
        }
        double[] cos = new double[P];
        double[] sin = new double[P];
        for (int i = 0; i < P; i++) { // the harness's rotary embedding at position S_prior: emb = cat(freqs, freqs)
            double f = s / Math.pow(10000, (2.0 * (i % (P / 2))) / P);
            cos[i] = bf(Math.cos(f));
            sin[i] = bf(Math.sin(f));
        }
        Map<String, Npy.Array> inputs = new LinkedHashMap<>();
        inputs.put("input0", new Npy.Array(NpyType.INT32, new int[] {1, 1}, int32(s)));
        inputs.put("input1", array(sin, 1, P));
        inputs.put("input2", array(cos, 1, P));
        inputs.put("input3", array(flat(vc), 1, HKV, s, P));
        inputs.put("input4", array(flat(kc), 1, HKV, s, P));
        inputs.put("input5", array(knw, P));
        inputs.put("input6", array(qnw, P));
        inputs.put("input7", array(flat(wv), HKV * P, H));
        inputs.put("input8", array(flat(wk), HKV * P, H));
        inputs.put("input9", array(flat(wq), HQ * P, H));
        inputs.put("input10", array(h, 1, 1, H));
        Npy.Array out = new DataRun(image, Arch.CAYMAN, inputs).run(null).get("output0");
        assertArrayEquals(new int[] {1, 1, HQ * P}, out.shape());
        double[] got = AttentionNumbersTest.values(out, true);

        double[] ref = reference(h, wq, wk, wv, qnw, knw, kc, vc, cos, sin, s);
        double m = 0;
        for (double r : ref) {
            m = Math.max(m, Math.abs(r));
        }
        double worst = 0;
        for (int i = 0; i < ref.length; i++) {
            double bound = 0x1p-8 * Math.abs(ref[i]) + 0x1p-9 * m;
            double err = Math.abs(got[i] - ref[i]);
            assertTrue(err <= bound, "output0[" + i + "] = " + got[i] + ", the kernel's NKI calls give " + ref[i] + ": error " + err
                    + " beyond the bound " + bound);
            worst = Math.max(worst, err / bound);
        }
        assertTrue(worst > 0.05, "worst error / bound " + worst + ": the bound is not vacuous");
    }

    /** v6_ultimate.py's dataflow, step by step (its STEP numbers), each NKI call with its documented meaning. */
    static double[] reference(double[] h, double[][] wq, double[][] wk, double[][] wv, double[] qnw, double[] knw, double[][][] kc,
            double[][][] vc, double[] cos, double[] sin, int s) {
        double[] out = new double[HQ * P];
        for (int kv = 0; kv < HKV; kv++) {
            double[] kRope = normRope(project(wk, kv, h), knw, cos, sin);                       // STEP 1
            double[] vActive = project(wv, kv, h);                                               // STEP 2
            double[][] qScaled = new double[2][];
            for (int g = 0; g < 2; g++) {                                                        // STEP 3
                double[] q = normRope(project(wq, kv * 2 + g, h), qnw, cos, sin);
                qScaled[g] = new double[P];
                for (int p = 0; p < P; p++) {
                    qScaled[g][p] = q[p] * (1.0 / Math.sqrt(128.0));
                }
            }
            for (int g = 0; g < 2; g++) {                                                        // STEPS 4-6, per packed column
                double runMax = -1e9;
                double runSum = 0;
                double[] acc = new double[P];
                for (int t = 0; t < s / P; t++) {
                    double[] score = new double[P];                                              // nc_matmul(stationary=k_tile, moving=q_packed)
                    for (int mm = 0; mm < P; mm++) {
                        for (int p = 0; p < P; p++) {
                            score[mm] += kc[kv][t * P + p][mm] * bf(qScaled[g][p]);
                        }
                    }
                    double tileMax = Double.NEGATIVE_INFINITY;
                    for (double x : score) {
                        tileMax = Math.max(tileMax, x);
                    }
                    double newMax = Math.max(runMax, tileMax);
                    double alpha = Math.exp(runMax - newMax);
                    double[] e = new double[P];
                    double tileSum = 0;
                    for (int p = 0; p < P; p++) {
                        e[p] = bf(Math.exp(score[p] - newMax));                                   // score_exp_bf16
                        tileSum += e[p];                                                          // rms_ones @ score_exp_bf16
                    }
                    for (int mm = 0; mm < P; mm++) {                                             // nc_matmul(stationary=v_tile_T, moving=e)
                        double vw = 0;
                        for (int p = 0; p < P; p++) {
                            vw += vc[kv][t * P + mm][p] * e[p];
                        }
                        acc[mm] = acc[mm] * alpha + vw;
                    }
                    runSum = runSum * alpha + tileSum;
                    runMax = newMax;
                }
                double active = 0;                                                               // rms_ones @ bf16(k_rope * q_scaled)
                for (int p = 0; p < P; p++) {
                    active += bf(kRope[p] * qScaled[g][p]);
                }
                double newMax = Math.max(runMax, active);
                double alpha = Math.exp(runMax - newMax);
                double ae = Math.exp(active - newMax);
                double sum = runSum * alpha + ae;
                double inv = Math.pow(1 / Math.sqrt(sum + 1e-9), 2);                              // rsqrt, squared
                for (int mm = 0; mm < P; mm++) {
                    out[(kv * 2 + g) * P + mm] = (acc[mm] * alpha + vActive[mm] * ae) * inv;
                }
            }
        }
        return out;
    }

    /** nc_matmul(psum, stationary=W.ap(...) tile, moving=h tile) over the 16 hidden tiles: Σ_t Σ_p W[128·head + p][128·t + m] h[128·t + p]. */
    static double[] project(double[][] w, int head, double[] h) {
        double[] out = new double[P];
        for (int t = 0; t < H / P; t++) {
            for (int p = 0; p < P; p++) {
                double x = h[t * P + p];
                double[] row = w[head * P + p];
                for (int mm = 0; mm < P; mm++) {
                    out[mm] += row[t * P + mm] * x;
                }
            }
        }
        return out;
    }

    /** RMSNorm over the partitions (the sum of bf16 squares through rms_ones), the norm weight, then RoPE with rotate_half. */
    static double[] normRope(double[] x, double[] w, double[] cos, double[] sin) {
        double sq = 0;
        for (double v : x) {
            sq += bf(v * v);
        }
        double r = 1 / Math.sqrt(sq / P + EPS);
        double[] n = new double[P];
        for (int p = 0; p < P; p++) {
            n[p] = x[p] * r * w[p];
        }
        double[] out = new double[P];
        for (int p = 0; p < P; p++) {
            double rot = p < P / 2 ? -n[p + P / 2] : n[p - P / 2];
            out[p] = n[p] * cos[p] + rot * sin[p];
        }
        return out;
    }

    static double bf(double x) {
        return Bf16.toFloat(Bf16.fromFloat((float) x));
    }

    static double[] bf16(double[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = bf(a[i]);
        }
        return a;
    }

    static double[] normal(Random rnd, int n, double scale, double mean) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = mean + scale * rnd.nextGaussian();
        }
        return a;
    }

    static double[][] rows(Random rnd, int rows, int cols) {
        double[][] a = new double[rows][];
        for (int r = 0; r < rows; r++) {
            a[r] = bf16(normal(rnd, cols, 0.05, 0));
        }
        return a;
    }

    static double[] flat(double[][] a) {
        return java.util.Arrays.stream(a).flatMapToDouble(java.util.Arrays::stream).toArray();
    }

    static double[] flat(double[][][] a) {
        return java.util.Arrays.stream(a).map(Qwen3AttentionNumbersTest::flat).flatMapToDouble(java.util.Arrays::stream).toArray();
    }

    /** bf16 values as the run takes them (.npy '<V2'), little-endian. */
    static Npy.Array array(double[] values, int... shape) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 2).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : values) {
            b.putShort(Bf16.fromFloat((float) v));
        }
        return new Npy.Array(NpyType.BFLOAT16, shape, b.array());
    }

    static byte[] int32(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }
}
