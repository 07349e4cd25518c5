package tpb.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * SimBench's four benchmarks timed by this thread's CPU time instead of the wall clock: on a
 * shared machine under load the wall clock mostly measures the time the thread waited for a core,
 * and the CPU time does not. Not JMH (one JVM, no forks): each benchmark is warmed up for
 * {@code WARMUP_CPU_SECONDS} of its own CPU time (SimBench's ten warm-up seconds), then run
 * {@code ROUNDS} times; the medians are printed. Names after ROUNDS pick benchmarks (default all four). It uses only SimBench's public methods, so one
 * build of this class runs against any tree's jar (an A/B of two trees, one JVM each, alternating):
 * {@code java -cp generated-tests/target/benchmarks.jar tpb.bench.SimCpuTime [ROUNDS [NAME...]]}.
 */
public final class SimCpuTime {
    private static final double WARMUP_CPU_SECONDS = 10;

    private SimCpuTime() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        List<String> only = args.length > 1 ? List.of(args).subList(1, args.length) : List.of();
        SimBench b = new SimBench();
        b.setup();
        Map<String, LongSupplier> benchmarks = new LinkedHashMap<>();
        benchmarks.put("streamSimulator", b::streamSimulator);
        benchmarks.put("streamSimulatorSpilling", b::streamSimulatorSpilling);
        benchmarks.put("loweredSimulator", b::loweredSimulator);
        benchmarks.put("irSimulator", b::irSimulator);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        StringBuilder out = new StringBuilder("CPU-time medians over " + rounds + " runs (ms):");
        benchmarks.forEach((name, run) -> {
            if (only.isEmpty() || only.contains(name)) {
                out.append(measure(mx, name, run, rounds));
            }
        });
        System.out.println(out);
    }

    private static String measure(ThreadMXBean mx, String name, LongSupplier run, int rounds) {
        long sink = 0;
        long start = mx.getCurrentThreadCpuTime();
        while (mx.getCurrentThreadCpuTime() - start < WARMUP_CPU_SECONDS * 1e9) {
            sink += run.getAsLong();
        }
        long[] t = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = mx.getCurrentThreadCpuTime();
            sink += run.getAsLong();
            t[r] = mx.getCurrentThreadCpuTime() - t0;
        }
        Arrays.sort(t);
        return String.format(" %s %.2f (min %.2f, max %.2f)%s", name, t[rounds / 2] / 1e6, t[0] / 1e6, t[rounds - 1] / 1e6, sink == 42 ? "!" : "");
    }
}
