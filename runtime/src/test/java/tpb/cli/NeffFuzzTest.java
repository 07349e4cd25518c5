package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import tpb.neff.NeffMutation;
import tpb.neff.NeffParts;

/**
 * The structure-aware NEFF fuzzer: each case is the fuzzer's valid base NEFF
 * ({@link NeffParts}) with one to three {@link NeffMutation}s at any layer (header, gzip, tar,
 * JSON, stream), and every command that reads a NEFF run on it in-process
 * ({@link EveryNeffCommand}): exit 0 or 1, no "unexpected error", no stack trace, each failure one
 * {@code tpb:} line, and no file anywhere but the case's own output directory (names with
 * {@code ..}, {@code /} and absolute paths into a watched directory included). The default suite
 * runs {@value #DEFAULT_TRIES} cases; {@link #bigFuzz} (tagged {@code big}) runs 100,000 and prints
 * the figures: cases, time, failures by first line, peak heap.
 */
class NeffFuzzTest {
    static final int DEFAULT_TRIES = 40;
    private static final Map<String, Long> FIRST_LINES = new ConcurrentHashMap<>();
    private static final AtomicLong CASES = new AtomicLong();
    private static final AtomicLong RUNS = new AtomicLong();
    private static long started = System.nanoTime();

    record Case(List<NeffMutation> mutations) {
        @Override
        public String toString() {
            return mutations.toString();
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<NeffMutation> one = Arbitraries.of(NeffMutation.Family.values())
                .flatMap(f -> Arbitraries.longs().map(seed -> NeffMutation.of(f, seed)));
        return one.list().ofMinSize(1).ofMaxSize(3).map(Case::new);
    }

    @Property(tries = DEFAULT_TRIES, shrinking = ShrinkingMode.OFF)
    void everyCommandKeepsTheRules(@ForAll("cases") Case c) throws IOException {
        fuzz(c);
    }

    /**
     * The long run: {@code tpb.fuzz.cases} cases (default 100,000) drawn from the same generator,
     * every failure collected (not just the first) and listed at the end. Tagged {@code big} and
     * run only when asked, for it takes hours on the shared 2-core machine:
     * {@code ./mvnw -pl runtime -am test -Dtest=NeffFuzzTest#bigFuzz -Dtpb.fuzz.big=true} (and
     * {@code -Dtpb.fuzz.seconds=S} to stop after S seconds, with the figures of the cases run).
     */
    @Test
    @org.junit.jupiter.api.Tag("big")
    @EnabledIfSystemProperty(named = "tpb.fuzz.big", matches = "true")
    void bigFuzz() {
        long n = Long.getLong("tpb.fuzz.cases", 100_000);
        long budget = System.nanoTime() + Long.getLong("tpb.fuzz.seconds", Long.MAX_VALUE / 2_000_000_000L) * 1_000_000_000L;
        List<String> failures = new ArrayList<>();
        cases().sampleStream().limit(n).takeWhile(c -> System.nanoTime() < budget).forEach(c -> {
            try {
                fuzz(c);
            } catch (AssertionError | IOException | RuntimeException e) {
                failures.add(c + ": " + e.getMessage());
                if (failures.size() <= 100) {
                    System.out.println("NeffFuzzTest FAILURE " + failures.get(failures.size() - 1));
                }
            }
            if (CASES.get() % 1000 == 0) {
                System.out.printf("NeffFuzzTest: %d cases, %.0f s, %d failures%n", CASES.get(), (System.nanoTime() - started) / 1e9, failures.size());
            }
        });
        assertEquals(List.of(), failures.subList(0, Math.min(20, failures.size())), failures.size() + " failures");
    }

    private static void fuzz(Case c) throws IOException {
        Path root = Files.createTempDirectory("tpb-fuzz-");
        try {
            Path dir = Files.createDirectory(root.resolve("case"));
            Path watched = Files.createDirectory(root.resolve("abs"));
            NeffParts parts = new NeffParts();
            parts.absolute = watched.toString();
            c.mutations().forEach(m -> m.edit().accept(parts));
            Path neff = dir.resolve("in.neff");
            Files.write(neff, parts.bytes());
            for (EveryNeffCommand.Run r : EveryNeffCommand.runAll(dir, neff)) {
                EveryNeffCommand.check(r);
                RUNS.incrementAndGet();
                if (r.result().code() != 0) {
                    String last = r.result().err().lines().reduce((a, b) -> b).orElse("(json)");
                    FIRST_LINES.merge(kind(last), 1L, Long::sum);
                }
            }
            assertEquals(List.of(), EveryNeffCommand.strays(root), c::toString);
            CASES.incrementAndGet();
        } finally {
            StagedOutputs.delete(root);
        }
    }

    /** A failure's kind: its message with the file names and numbers taken out, cut at the first colon after the file. */
    static String kind(String line) {
        String s = line.replaceAll("/tmp/tpb-fuzz-[^ :]*", "F").replaceAll("[0-9]+", "N").replaceAll("\"[^\"]*\"", "\"…\"");
        return s.length() > 90 ? s.substring(0, 90) : s;
    }

    @AfterAll
    static void bigFigures() {
        if (CASES.get() > DEFAULT_TRIES) {
            figures();
        }
    }

    @AfterContainer
    static void figures() {
        long heap = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                heap += p.getPeakUsage().getUsed();
            }
        }
        System.out.printf("NeffFuzzTest: %d cases, %d command runs in %.1f s; peak heap %d MiB of %d MiB; failures by kind (%d kinds):%n",
                CASES.get(), RUNS.get(), (System.nanoTime() - started) / 1e9, heap >> 20, Runtime.getRuntime().maxMemory() >> 20,
                FIRST_LINES.size());
        new TreeMap<>(FIRST_LINES).forEach((k, v) -> System.out.printf("%8d  %s%n", v, k));
        new TreeMap<>(EveryNeffCommand.NANOS).forEach((k, v) -> System.out.printf("time %-20s %.1f s%n", k, v / 1e9));
    }
}
