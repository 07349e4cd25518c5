package tpb.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * NeffBench's two SyncRun loops timed by this thread's CPU time instead of the wall clock, in
 * alternating pairs: on a shared machine under load the wall clock mostly measures the time the
 * thread waited for a core, and the CPU time does not. Not JMH (no forks, a plain warm-up of 30
 * pairs): a cross-check of NeffBench, run as
 * {@code java -cp generated-tests/target/benchmarks.jar tpb.bench.NeffCpuTime [ROUNDS]}.
 */
public final class NeffCpuTime {
    private NeffCpuTime() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        NeffBench b = new NeffBench();
        b.setup();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int w = 0; w < 30; w++) {
            b.syncRun();
            b.syncRunBaseline();
        }
        long[] now = new long[rounds];
        long[] before = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = mx.getCurrentThreadCpuTime();
            b.syncRun();
            long t1 = mx.getCurrentThreadCpuTime();
            b.syncRunBaseline();
            long t2 = mx.getCurrentThreadCpuTime();
            now[r] = t1 - t0;
            before[r] = t2 - t1;
        }
        Arrays.sort(now);
        Arrays.sort(before);
        double records = NeffBench.ENGINES * (double) NeffBench.PER_ENGINE;
        System.out.printf("CPU-time medians over %d pairs: syncRun %.2f ms (%.0f M records/s), syncRunBaseline %.2f ms (%.0f M records/s), "
                + "baseline/syncRun %.2f%n", rounds, now[rounds / 2] / 1e6, records * 1e3 / now[rounds / 2], before[rounds / 2] / 1e6,
                records * 1e3 / before[rounds / 2], (double) before[rounds / 2] / now[rounds / 2]);
    }
}
