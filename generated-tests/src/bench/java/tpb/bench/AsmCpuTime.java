package tpb.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * AsmBench's three passes timed by this thread's CPU time instead of the wall clock (on a shared
 * machine under load the wall clock mostly measures the wait for a core), as NeffCpuTime does:
 * a plain warm-up, then medians over the rounds. To compare two builds, run it from each jar in
 * turn: {@code java -cp generated-tests/target/benchmarks.jar tpb.bench.AsmCpuTime [ROUNDS [LISTING]]}
 * (LISTING: one of AsmBench's {@code listing} values; from the repository's root).
 */
public final class AsmCpuTime {
    private AsmCpuTime() {}

    public static void main(String[] args) throws java.io.IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        AsmBench b = new AsmBench();
        if (args.length > 1) {
            b.listing = args[1];
        }
        b.setup();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int w = 0; w < 10; w++) {
            b.assemble();
            b.assembleNoValidation();
            b.disassemble();
        }
        long[][] t = new long[3][rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = mx.getCurrentThreadCpuTime();
            b.assemble();
            long t1 = mx.getCurrentThreadCpuTime();
            b.assembleNoValidation();
            long t2 = mx.getCurrentThreadCpuTime();
            b.disassemble();
            long t3 = mx.getCurrentThreadCpuTime();
            t[0][r] = t1 - t0;
            t[1][r] = t2 - t1;
            t[2][r] = t3 - t2;
        }
        String[] names = {"assemble", "assembleNoValidation", "disassemble"};
        for (int k = 0; k < 3; k++) {
            Arrays.sort(t[k]);
            double ms = t[k][rounds / 2] / 1e6;
            System.out.printf("%-22s CPU-time median of %d: %8.2f ms  %6.2f us/record%n", names[k], rounds, ms,
                    ms * 1000 / b.records());
        }
    }
}
