package tpb.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.openjdk.jmh.annotations.Setup;

/**
 * Any JMH benchmark class's methods timed by this thread's CPU time, for A/B work on a shared
 * machine where JMH's wall clock mostly measures the wait for a core. The methods are run in
 * turn, round after round, so every ratio is of the same rounds; each sample is one batch of
 * passes of at least 20 ms of CPU. Prints the median per pass and each method's ratio to the
 * first. It is a development aid: the README's figures come from JMH ({@code bench/run}).
 *
 * <pre>java -cp generated-tests/target/benchmarks.jar tpb.bench.CpuTime RegisterAluBench records=1000000 \
 *     decodeGenerated,decodeHandwritten [ROUNDS]</pre>
 */
public final class CpuTime {
    private static final long SAMPLE_NS = 20_000_000;
    private static final long WARMUP_NS = 2_000_000_000L;

    private CpuTime() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: CpuTime CLASS PARAM=VALUE[,PARAM=VALUE]|- METHOD[,METHOD...] [ROUNDS]");
            System.exit(2);
        }
        Class<?> c = Class.forName(args[0].contains(".") ? args[0] : "tpb.bench." + args[0]);
        Object bench = c.getConstructor().newInstance();
        if (!args[1].equals("-")) {
            for (String p : args[1].split(",")) {
                String[] kv = p.split("=", 2);
                Field f = c.getDeclaredField(kv[0]);
                f.setAccessible(true);
                f.set(bench, f.getType() == int.class ? (Object) Integer.parseInt(kv[1]) : kv[1]);
            }
        }
        for (Method m : c.getMethods()) {
            if (m.isAnnotationPresent(Setup.class)) {
                m.invoke(bench);
            }
        }
        // a full collection puts the benchmark's objects in the old generation, where a long-running
        // program's (and JMH's, after its first collections) are: reference stores then take the
        // collector's slow barrier path, which a young flyweight would hide
        System.gc();
        List<Method> methods = new ArrayList<>();
        for (String name : args[2].split(",")) {
            methods.add(c.getMethod(name));
        }
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 15;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        int[] batch = new int[methods.size()];
        for (int k = 0; k < methods.size(); k++) {
            long t0 = mx.getCurrentThreadCpuTime();
            long passes = 0;
            while (mx.getCurrentThreadCpuTime() - t0 < WARMUP_NS) {
                methods.get(k).invoke(bench);
                passes++;
            }
            long perPass = Math.max(1, (mx.getCurrentThreadCpuTime() - t0) / passes);
            batch[k] = (int) Math.max(1, SAMPLE_NS / perPass);
        }
        double[][] ns = new double[methods.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < methods.size(); k++) {
                Method m = methods.get(k);
                long t0 = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < batch[k]; i++) {
                    m.invoke(bench);
                }
                ns[k][r] = (double) (mx.getCurrentThreadCpuTime() - t0) / batch[k];
            }
        }
        double first = 0;
        for (int k = 0; k < methods.size(); k++) {
            double[] s = ns[k].clone();
            Arrays.sort(s);
            double median = s[rounds / 2];
            if (k == 0) {
                first = median;
            }
            System.out.printf("%-28s %s  CPU ns/pass median of %d: %,14.0f  (min %,.0f, max %,.0f)  %.3f x %s%n",
                    methods.get(k).getName(), args[1], rounds, median, s[0], s[rounds - 1], median / first,
                    methods.get(0).getName());
        }
    }
}
