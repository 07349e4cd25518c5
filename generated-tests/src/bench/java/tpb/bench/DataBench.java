package tpb.bench;

import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import java.nio.file.Path;
import java.util.Map;
import tpb.data.AccessPattern;
import tpb.data.CoreState;
import tpb.data.DataRun;
import tpb.data.Elements;
import tpb.data.Fp16;
import tpb.data.Location;
import tpb.data.NeffImage;
import tpb.data.Npy;
import tpb.data.NpyType;
import tpb.data.PeKernel;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.neff.Neff;

/**
 * The PE model's matmul on the 128 x 128 x 512 tile (stationary 128 rows (K) x 128 columns (M),
 * moving 128 partitions x 512 elements (N)): 8,388,608 multiply-accumulates an invocation;
 * MAC/s = 8,388,608 / time. Side by side in one run:
 * <ul>
 * <li>{@code peKernelReference}: the kernel PeArray ran before ({@link PeKernel#reference}, one PE
 *     row at a time over the whole 256 KiB sum; C2 leaves it scalar);
 * <li>{@code peKernel}: the fast kernel on a row-major fp32 moving tile ({@link PeKernel#matmul},
 *     its copy into one array per partition included); {@code peKernelRows} the same kernel on a
 *     tile already in rows ({@link PeKernel#matmulRows});
 * <li>{@code peKernelVector}: the same sums with {@code jdk.incubator.vector} and register-blocked
 *     accumulators ({@link PeVectorKernel}; the alternative not taken);
 * <li>{@code peKernelFloor}: a plain FMA loop over the same bytes (one output column a pass,
 *     {@code acc[i] = fma(w, m[k][i], acc[i])}, the loop C2 vectorises best) — what a loop with
 *     no sum-order constraint and no blocking reaches.
 * </ul>
 * All of them compute the same bits on these fp16-valued inputs (products of fp16 values are exact
 * in fp32, so the FMA rounds where the multiply-add does). {@code peMatmul} is the whole MATMUL
 * through PeArray's record-level path (fp16 SBUF reads, fp32 PSUM writes, through AccessPattern);
 * {@code fixtureRun} is the whole fixture NEFF (x 128 x 256 @ y 256 x 128 on two cores: DRAM
 * setup, every record of both subgraphs, the outputs) from its parsed image;
 * {@code fixtureRunFromFile} adds opening and reading the NEFF. Run from the repository root
 * (the fixture's path is relative to it).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "--add-modules=jdk.incubator.vector")   // PeVectorKernel; the other benchmarks do not use it
public class DataBench {
    static final int K = 128;
    static final int M = 128;
    static final int N = 512;

    float[] w = new float[K * M];
    float[] moving = new float[K * N];
    float[][] movingRows = new float[K][N];
    float[] out = new float[M * N];
    float[][] outRows = new float[M][N];
    PeKernel kernel = new PeKernel();
    CoreState core;
    AccessPattern movingPattern;
    AccessPattern dst;
    static final Path FIXTURE = Path.of("runtime/src/test/resources/neff/matmul_small.neff");
    NeffImage image;
    Map<String, Npy.Array> inputs;

    @Setup
    public void setup() {
        Random r = new Random(1);
        for (int i = 0; i < w.length; i++) {
            w[i] = Fp16.toFloat(Fp16.fromFloat((float) r.nextGaussian()));
        }
        for (int i = 0; i < moving.length; i++) {
            moving[i] = Fp16.toFloat(Fp16.fromFloat((float) r.nextGaussian()));
            movingRows[i / N][i % N] = moving[i];
        }
        core = new CoreState(Arch.CAYMAN);
        for (int p = 0; p < K; p++) {
            byte[] row = core.sbuf().row(p, 0, 4 * N);
            for (int i = 0; i < M + N; i++) {
                Elements.write(row, 2 * i, DtypeWire.FP16, r.nextGaussian());
            }
        }
        AccessPattern weights = new AccessPattern(new Location(core.sbuf(), 0, 2 * (M - 1)), new int[] {-1, 0, 0},
                new int[] {M, 1, 1}, DtypeWire.FP16, K);
        core.pe().loadWeights(weights, K, M);
        movingPattern = new AccessPattern(new Location(core.sbuf(), 0, 2 * M), new int[] {1, 0, 0}, new int[] {N, 1, 1},
                DtypeWire.FP16, K);
        dst = new AccessPattern(new Location(core.psum(), 0, 0), new int[] {1, 0, 0}, new int[] {N, 1, 1},
                DtypeWire.FP32, M);
        sameBits();
        image = NeffImage.read(Neff.open(FIXTURE));
        inputs = Map.of("x", fp16(r, 128, 256), "y", fp16(r, 256, 128));
    }

    /** The kernels timed here compute the reference's bits (a benchmark of a wrong kernel would time nothing useful). */
    private void sameBits() {
        float[] want = new float[M * N];
        PeKernel.reference(w, K, M, moving, N, want, true);
        peKernel();
        check(want, out, "peKernel");
        peKernelRows();
        check(want, out, "peKernelRows");
        peKernelVector();
        check(want, out, "peKernelVector");
        peKernelFloor();
        for (int c = 0; c < M; c++) {
            check(Arrays.copyOfRange(want, c * N, c * N + N), outRows[c], "peKernelFloor");
        }
    }

    private static void check(float[] want, float[] got, String what) {
        for (int i = 0; i < want.length; i++) {
            if (Float.floatToIntBits(want[i]) != Float.floatToIntBits(got[i])) {
                throw new IllegalStateException(what + " differs from PeKernel.reference at " + i);
            }
        }
    }

    private static Npy.Array fp16(Random r, int rows, int cols) {
        byte[] d = new byte[2 * rows * cols];
        for (int i = 0; i < rows * cols; i++) {
            short h = Fp16.fromFloat((float) r.nextGaussian());
            d[2 * i] = (byte) h;
            d[2 * i + 1] = (byte) (h >>> 8);
        }
        return new Npy.Array(NpyType.FLOAT16, new int[] {rows, cols}, d);
    }

    @Benchmark
    public Map<String, Npy.Array> fixtureRun() {
        return new DataRun(image, Arch.CAYMAN, inputs).run(null);
    }

    @Benchmark
    public Map<String, Npy.Array> fixtureRunFromFile() {
        return new DataRun(NeffImage.read(Neff.open(FIXTURE)), Arch.CAYMAN, inputs).run(null);
    }

    @Benchmark
    public float[] peKernelReference() {
        PeKernel.reference(w, K, M, moving, N, out, true);
        return out;
    }

    @Benchmark
    public float[] peKernel() {
        kernel.matmul(w, K, M, moving, N, out, true);
        return out;
    }

    @Benchmark
    public float[] peKernelRows() {
        kernel.matmulRows(w, K, M, movingRows, N, out, true);
        return out;
    }

    @Benchmark
    public float[] peKernelVector() {
        PeVectorKernel.matmul(w, K, M, moving, N, out);
        return out;
    }

    @Benchmark
    public float[][] peKernelFloor() {
        for (int c = 0; c < M; c++) {
            float[] acc = outRows[c];
            Arrays.fill(acc, 0f);
            for (int k = 0; k < K; k++) {
                float wc = w[k * M + c];
                float[] m = movingRows[k];
                for (int i = 0; i < N; i++) {
                    acc[i] = Math.fma(wc, m[i], acc[i]);
                }
            }
        }
        return outRows;
    }

    @Benchmark
    public CoreState peMatmul() {
        core.pe().matmul(movingPattern, dst, K, M, true);
        return core;
    }

    /** The moving tile's fp16 bytes (K partitions x N elements) as fp32: Fp16.toFloat, the JDK's conversion on Java 20+. */
    @Benchmark
    public float[] fp16Convert() {
        movingPattern.readFloats(converted);
        return converted;
    }

    /** The same bytes through a table of all 65,536 results, one load an element: Java 17's path, the anchor. */
    @Benchmark
    public float[] fp16ConvertTable() {
        for (int p = 0; p < K; p++) {
            byte[] row = core.sbuf().row(p, 2 * M, 2 * N);
            int o = p * N;
            for (int i = 0; i < N; i++) {
                converted[o + i] = FP16[(short) I16.get(row, 2 * M + 2 * i) & 0xFFFF];
            }
        }
        return converted;
    }

    float[] converted = new float[K * N];
    private static final float[] FP16 = new float[1 << 16];

    static {
        for (int h = 0; h < FP16.length; h++) {
            FP16[h] = Fp16.toFloat((short) h);
        }
    }

    private static final java.lang.invoke.VarHandle I16 =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(short[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
}
