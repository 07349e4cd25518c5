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
import tpb.data.PeArray;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.neff.Neff;

/**
 * The PE model's matmul: 128 rows (K) x 128 columns (M) x 512 moving elements (N) =
 * 8,388,608 multiply-accumulates an invocation. {@code peKernel} is the row-at-a-time kernel
 * PeArray uses (the loop over N vectorised by C2); {@code peKernelDotBaseline} computes the same
 * fp32 sums in the same k order as dot products (k innermost: a serial fp32 reduction C2 may not
 * reorder, so it stays scalar); {@code peMatmul} is the whole MATMUL with fp16 SBUF reads and
 * fp32 PSUM writes. MAC/s = 8,388,608 / time. {@code fixtureRun} is the whole fixture NEFF
 * (x 128 x 256 @ y 256 x 128 on two cores: DRAM setup, every record of both subgraphs, the
 * outputs) from its parsed image; {@code fixtureRunFromFile} adds opening and reading the NEFF.
 * Run from the repository root (the fixture's path is relative to it).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class DataBench {
    static final int K = 128;
    static final int M = 128;
    static final int N = 512;

    float[] w = new float[K * M];
    float[][] mv = new float[K][N];
    float[] acc = new float[M * N];
    CoreState core;
    AccessPattern moving;
    AccessPattern dst;
    static final Path FIXTURE = Path.of("runtime/src/test/resources/neff/matmul_small.neff");
    NeffImage image;
    Map<String, Npy.Array> inputs;

    @Setup
    public void setup() {
        Random r = new Random(1);
        for (int i = 0; i < w.length; i++) {
            w[i] = (float) r.nextGaussian();
        }
        for (float[] row : mv) {
            for (int i = 0; i < N; i++) {
                row[i] = (float) r.nextGaussian();
            }
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
        moving = new AccessPattern(new Location(core.sbuf(), 0, 2 * M), new int[] {1, 0, 0}, new int[] {N, 1, 1},
                DtypeWire.FP16, K);
        dst = new AccessPattern(new Location(core.psum(), 0, 0), new int[] {1, 0, 0}, new int[] {N, 1, 1},
                DtypeWire.FP32, M);
        image = NeffImage.read(Neff.open(FIXTURE));
        inputs = Map.of("x", fp16(r, 128, 256), "y", fp16(r, 256, 128));
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
    public float[] peKernel() {
        Arrays.fill(acc, 0f);
        for (int k = 0; k < K; k++) {
            PeArray.multiplyAdd(w, k * M, M, mv[k], acc, N);
        }
        return acc;
    }

    @Benchmark
    public float[] peKernelDotBaseline() {
        for (int c = 0; c < M; c++) {
            for (int n = 0; n < N; n++) {
                float s = 0f;
                for (int k = 0; k < K; k++) {
                    s += w[k * M + c] * mv[k][n];
                }
                acc[c * N + n] = s;
            }
        }
        return acc;
    }

    @Benchmark
    public CoreState peMatmul() {
        core.pe().matmul(moving, dst, K, M, true);
        return core;
    }
}
