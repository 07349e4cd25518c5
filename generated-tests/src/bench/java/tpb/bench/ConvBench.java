package tpb.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import tpb.data.AccessPattern;
import tpb.data.CoreState;
import tpb.data.Elements;
import tpb.data.Fp16;
import tpb.data.Location;
import tpb.data.PeKernel;
import tpb.data.SpareProcessor;
import tpb.data.VectorOps;
import tpb.isa.AluOpType;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.isa.PeFp32Mode;

/**
 * A conv2d's record mix as the CS149 cayman NEFFs run it (neuronx-cc 2.21; 3 x 3 filter, 224-wide
 * image, one block of 128 input channels into 128 output channels, one output row pair), through
 * the record-level calls the data level makes, beside the PE kernel on the same tile:
 * <ul>
 * <li>{@code convMixFp32}: per filter tap, LDWEIGHTS of a reversed ({@code step -1}) 128 x 128
 * fp32 tile with fp32_mode LOW, a MATMUL of the strided moving window ({@code [1, 224, 0; 222, 2,
 * 1]}, fp32) into one 444-element fp32 PSUM row group (the first tap's MULTI_START, the rest
 * accumulate), the same LDWEIGHTS with HIGH and the same MATMUL again (the compiler's fp32 pair,
 * {@code final_float32.neff}); then a TENSOR_TENSOR add of the PSUM rows into an fp32 SBUF sum and
 * a 2-to-1 max TENSOR_REDUCE (the pool): 18 MATMULs, 9 x 128 x 128 x 444 = 65,470,464 MACs of
 * the convolution (twice that through the PE kernel);
 * <li>{@code convMixFp16}: the same with fp16 data, one LDWEIGHTS and one MATMUL a tap
 * ({@code final_float16.neff}): 9 MATMULs, 65,470,464 MACs;
 * <li>{@code ldweightsFp32}: one of its LDWEIGHTS alone (with the LOW part kept);
 * <li>{@code peKernelConvTile}: the kernel alone on the same 128 x 128 x 444 tile, moving rows
 * already fp32 ({@link PeKernel#matmulRows}): 7,274,496 MACs, nine of them to set against
 * {@code convMixFp16}, eighteen against {@code convMixFp32};
 * <li>{@code peMatmul}: one record-level MATMUL of the 128 x 128 x 512 fp16 tile (DataBench's),
 * 8,388,608 MACs, the anchor the other benchmarks' pages quote;
 * <li>{@code convMixFp32Split}, {@code convMixFp16Split}: the mixes with a {@link SpareProcessor}
 * lent to the PE, so each MATMUL's second half of moving elements is computed on a second thread;
 * <li>{@code tileMatmul}, {@code tileMatmulSplit}: one record-level MATMUL of a 128 x 128 fp16
 * stationary tile against {@code n} contiguous moving elements a partition, on one thread and
 * with the spare, for the size from which a split pays ({@link SpareProcessor}'s threshold).
 * </ul>
 * MAC/s = MACs / time. The split benchmarks need a second processor free to show a gain.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ConvBench {
    static final int K = 128;       // input channels (partitions of the moving window)
    static final int M = 128;       // output channels (columns of the stationary tile)
    static final int TAPS = 9;
    static final int ROW = 224;     // image row (elements)
    static final int OUT = 222;     // output columns of a 3 x 3 window over it
    static final int N = 2 * OUT;   // a MATMUL's moving elements a partition: two output rows

    Conv fp32;
    Conv fp16;
    Conv fp32Split;
    Conv fp16Split;
    SpareProcessor spare;
    float[] w = new float[K * M];
    float[][] movingRows = new float[K][N];
    float[] out = new float[M * N];
    PeKernel kernel = new PeKernel();
    CoreState core;
    AccessPattern movingPattern;
    AccessPattern dst;

    /** One core's SBUF holding the image's three rows at 0x10000 and the nine taps' weights at 0x20000, and the patterns the records name. */
    static final class Conv {
        final CoreState core = new CoreState(Arch.CAYMAN);
        final DtypeWire dtype;
        final AccessPattern[] weights = new AccessPattern[TAPS];
        final AccessPattern[] moving = new AccessPattern[TAPS];
        final AccessPattern psum;
        final AccessPattern sum;
        final AccessPattern pool;

        Conv(DtypeWire dtype, long seed) {
            this.dtype = dtype;
            int eb = Elements.size(dtype);
            Random r = new Random(seed);
            for (int p = 0; p < K; p++) {
                byte[] row = core.sbuf().row(p, 0, 0x30000);
                for (int i = 0; i < 3 * ROW; i++) {
                    Elements.write(row, 0x10000 + eb * i, dtype, r.nextGaussian());
                }
                for (int i = 0; i < TAPS * M; i++) {
                    Elements.write(row, 0x20000 + eb * i, dtype, r.nextGaussian() * 0.05);
                }
            }
            for (int t = 0; t < TAPS; t++) {
                weights[t] = new AccessPattern(new Location(core.sbuf(), 0, 0x20000 + eb * (t * M + M - 1)),
                        new int[] {-1, 0, 0}, new int[] {M, 1, 1}, dtype, K);
                moving[t] = new AccessPattern(new Location(core.sbuf(), 0, 0x10000 + eb * (t / 3 * ROW + t % 3)),
                        new int[] {1, ROW, 0}, new int[] {OUT, 2, 1}, dtype, K);
            }
            psum = new AccessPattern(new Location(core.psum(), 0, 0), new int[] {1, 0, 0}, new int[] {N, 1, 1}, DtypeWire.FP32, M);
            sum = new AccessPattern(new Location(core.sbuf(), 0, 0), new int[] {1, 0, 0}, new int[] {N, 1, 1}, DtypeWire.FP32, M);
            pool = new AccessPattern(new Location(core.sbuf(), 0, 0x4000), new int[] {1, 0, 0}, new int[] {OUT, 1, 1},
                    DtypeWire.FP32, M);
        }

        CoreState run() {
            for (int t = 0; t < TAPS; t++) {
                if (dtype == DtypeWire.FP32) {
                    core.pe().loadWeights(weights[t], K, M, PeFp32Mode.LOW);
                    core.pe().matmul(moving[t], PeFp32Mode.LOW_HIGH, psum, K, M, t == 0);
                    core.pe().loadWeights(weights[t], K, M, PeFp32Mode.HIGH);
                    core.pe().matmul(moving[t], PeFp32Mode.LOW_HIGH, psum, K, M, false);
                } else {
                    core.pe().loadWeights(weights[t], K, M);
                    core.pe().matmul(moving[t], psum, K, M, t == 0);
                }
            }
            VectorOps.tensorTensor(AluOpType.ADD, psum, sum, sum);
            VectorOps.reduce(AluOpType.MAX, 2, false, sum, pool);
            return core;
        }
    }

    @Setup
    public void setup() {
        fp32 = new Conv(DtypeWire.FP32, 1234);
        fp16 = new Conv(DtypeWire.FP16, 1234);
        spare = new SpareProcessor("tpb-pe-spare", () -> true);
        fp32Split = new Conv(DtypeWire.FP32, 1234);
        fp32Split.core.pe().spare(spare);
        fp16Split = new Conv(DtypeWire.FP16, 1234);
        fp16Split.core.pe().spare(spare);
        Random r = new Random(1);
        for (int i = 0; i < w.length; i++) {
            w[i] = Fp16.toFloat(Fp16.fromFloat((float) r.nextGaussian()));
        }
        for (int k = 0; k < K; k++) {
            for (int i = 0; i < N; i++) {
                movingRows[k][i] = Fp16.toFloat(Fp16.fromFloat((float) r.nextGaussian()));
            }
        }
        core = new CoreState(Arch.CAYMAN);
        for (int p = 0; p < K; p++) {
            byte[] row = core.sbuf().row(p, 0, 4 * 512);
            for (int i = 0; i < M + 512; i++) {
                Elements.write(row, 2 * i, DtypeWire.FP16, r.nextGaussian());
            }
        }
        core.pe().loadWeights(new AccessPattern(new Location(core.sbuf(), 0, 2 * (M - 1)), new int[] {-1, 0, 0},
                new int[] {M, 1, 1}, DtypeWire.FP16, K), K, M);
        movingPattern = new AccessPattern(new Location(core.sbuf(), 0, 2 * M), new int[] {1, 0, 0}, new int[] {512, 1, 1},
                DtypeWire.FP16, K);
        dst = new AccessPattern(new Location(core.psum(), 0, 0), new int[] {1, 0, 0}, new int[] {512, 1, 1},
                DtypeWire.FP32, M);
    }

    @Benchmark
    public CoreState convMixFp32() {
        return fp32.run();
    }

    @Benchmark
    public CoreState convMixFp16() {
        return fp16.run();
    }

    @Benchmark
    public CoreState convMixFp32Split() {
        return fp32Split.run();
    }

    @Benchmark
    public CoreState convMixFp16Split() {
        return fp16Split.run();
    }

    @TearDown
    public void stopSpare() {
        spare.close();
    }

    /** A 128 x 128 fp16 stationary tile against {@code n} contiguous fp16 moving elements a partition into fp32 PSUM. */
    @State(Scope.Benchmark)
    public static class Tile {
        @Param({"64", "128", "222", "444"})
        int n;

        final CoreState core = new CoreState(Arch.CAYMAN);
        final CoreState split = new CoreState(Arch.CAYMAN);
        SpareProcessor spare;
        AccessPattern moving;
        AccessPattern dst;
        AccessPattern splitMoving;
        AccessPattern splitDst;

        @Setup
        public void setup() {
            Random r = new Random(3);
            for (CoreState c : new CoreState[] {core, split}) {
                for (int p = 0; p < K; p++) {
                    byte[] row = c.sbuf().row(p, 0, 2 * (M + 512));
                    for (int i = 0; i < M + 512; i++) {
                        Elements.write(row, 2 * i, DtypeWire.FP16, r.nextGaussian());
                    }
                }
                c.pe().loadWeights(new AccessPattern(new Location(c.sbuf(), 0, 0), new int[] {1, 0, 0},
                        new int[] {M, 1, 1}, DtypeWire.FP16, K), K, M);
            }
            moving = pattern(core);
            dst = psum(core);
            splitMoving = pattern(split);
            splitDst = psum(split);
            spare = new SpareProcessor("tpb-pe-spare", () -> true, 0);   // every size split, to find where it pays
            split.pe().spare(spare);
        }

        private AccessPattern pattern(CoreState c) {
            return new AccessPattern(new Location(c.sbuf(), 0, 2 * M), new int[] {1, 0, 0}, new int[] {n, 1, 1}, DtypeWire.FP16, K);
        }

        private AccessPattern psum(CoreState c) {
            return new AccessPattern(new Location(c.psum(), 0, 0), new int[] {1, 0, 0}, new int[] {n, 1, 1}, DtypeWire.FP32, M);
        }

        @TearDown
        public void stop() {
            spare.close();
        }
    }

    @Benchmark
    public CoreState tileMatmul(Tile t) {
        t.core.pe().matmul(t.moving, t.dst, K, M, true);
        return t.core;
    }

    @Benchmark
    public CoreState tileMatmulSplit(Tile t) {
        t.split.pe().matmul(t.splitMoving, t.splitDst, K, M, true);
        return t.split;
    }

    /** One fp32 LDWEIGHTS of the mix (a reversed 128 x 128 tile, fp32_mode LOW): 16,384 elements. */
    @Benchmark
    public CoreState ldweightsFp32() {
        fp32.core.pe().loadWeights(fp32.weights[4], K, M, PeFp32Mode.LOW);
        return fp32.core;
    }

    @Benchmark
    public float[] peKernelConvTile() {
        kernel.matmulRows(w, K, M, movingRows, N, out, true);
        return out;
    }

    @Benchmark
    public CoreState peMatmul() {
        core.pe().matmul(movingPattern, dst, K, M, true);
        return core;
    }
}
