package tpb.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * DataBench's PE kernels timed by this thread's CPU time instead of the wall clock (on a shared
 * machine under load the wall clock mostly measures the wait for a core). Not JMH: one JVM, each
 * kernel warmed up for {@code WARMUP_CPU_SECONDS} of its own CPU time, then {@code ROUNDS}
 * rounds in which every kernel runs a batch of {@code BATCH} tiles in turn (so a change of load
 * or clock falls on all of them alike); per kernel the median batch is printed as ms a tile,
 * G MAC/s and the ratio to the reference. Run with the vector module, as DataBench's forks are:
 * {@code java --add-modules jdk.incubator.vector -cp generated-tests/target/benchmarks.jar tpb.bench.PeCpuTime [ROUNDS]}.
 */
public final class PeCpuTime {
    private static final double WARMUP_CPU_SECONDS = 5;
    private static final int BATCH = 20;
    private static final double MACS = (double) DataBench.K * DataBench.M * DataBench.N;

    private PeCpuTime() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 31;
        DataBench b = new DataBench();
        b.setup();
        Map<String, Runnable> kernels = new LinkedHashMap<>();
        kernels.put("peKernelReference", b::peKernelReference);
        kernels.put("peKernel", b::peKernel);
        kernels.put("peKernelRows", b::peKernelRows);
        kernels.put("peKernelVector", b::peKernelVector);
        kernels.put("peKernelFloor", b::peKernelFloor);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (Runnable k : kernels.values()) {
            long start = mx.getCurrentThreadCpuTime();
            while (mx.getCurrentThreadCpuTime() - start < WARMUP_CPU_SECONDS * 1e9) {
                k.run();
            }
        }
        Map<String, long[]> times = new LinkedHashMap<>();
        kernels.keySet().forEach(name -> times.put(name, new long[rounds]));
        for (int r = 0; r < rounds; r++) {
            for (Map.Entry<String, Runnable> e : kernels.entrySet()) {
                long t0 = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < BATCH; i++) {
                    e.getValue().run();
                }
                times.get(e.getKey())[r] = mx.getCurrentThreadCpuTime() - t0;
            }
        }
        double reference = median(times.get("peKernelReference"));
        System.out.printf("CPU-time medians over %d rounds of %d tiles (128 x 128 x 512):%n", rounds, BATCH);
        times.forEach((name, t) -> {
            double ns = median(t) / BATCH;
            System.out.printf("  %-18s %7.3f ms  %6.2f G MAC/s  x%.2f of the reference%n", name, ns / 1e6, MACS / ns,
                    reference / BATCH / ns);
        });
    }

    private static double median(long[] t) {
        long[] s = t.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
