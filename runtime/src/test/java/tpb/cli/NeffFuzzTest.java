package tpb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import tpb.neff.DescriptorMutation;
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
 * the figures: cases, time, failures by first line, peak heap. {@link #everyDescriptorKeepsTheRules}
 * ({@value #DESCRIPTOR_TRIES} cases) and {@link #bigDescriptorFuzz} do the same for DMA descriptor
 * edits, each data-level result judged by {@link CopyOracle}.
 */
class NeffFuzzTest {
    static final int DEFAULT_TRIES = 40;
    /** The default suite's descriptor cases: a few seconds; the long run is {@link #bigDescriptorFuzz}. */
    static final int DESCRIPTOR_TRIES = 20;
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

    /** One to three mutations, each of a family drawn from {@code families} and a random seed. */
    private static <F, M> Arbitrary<List<M>> mutations(F[] families, java.util.function.BiFunction<F, Long, M> of) {
        return Arbitraries.of(families).flatMap(f -> Arbitraries.longs().map(seed -> of.apply(f, seed))).list().ofMinSize(1).ofMaxSize(3);
    }

    @Provide
    Arbitrary<Case> cases() {
        return mutations(NeffMutation.Family.values(), NeffMutation::of).map(Case::new);
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
        longRun(cases(), NeffFuzzTest::fuzz, () -> "cases");
    }

    /**
     * A long run of {@code sample}: every failure collected (the first 100 printed) and the first 20
     * asserted; a progress line every 1,000 cases, {@code what} naming them and any counts beside.
     */
    private static <C> void longRun(Arbitrary<C> sample, Fuzz<C> fuzz, java.util.function.Supplier<String> what) {
        long n = Long.getLong("tpb.fuzz.cases", 100_000);
        long budget = System.nanoTime() + Long.getLong("tpb.fuzz.seconds", Long.MAX_VALUE / 2_000_000_000L) * 1_000_000_000L;
        List<String> failures = new ArrayList<>();
        sample.sampleStream().limit(n).takeWhile(c -> System.nanoTime() < budget).forEach(c -> {
            try {
                fuzz.run(c);
            } catch (AssertionError | IOException | RuntimeException e) {
                failures.add(c + ": " + e.getMessage());
                if (failures.size() <= 100) {
                    System.out.println("NeffFuzzTest FAILURE " + failures.get(failures.size() - 1));
                }
            }
            if (CASES.get() % 1000 == 0) {
                System.out.printf("NeffFuzzTest: %d %s, %.0f s, %d failures%n", CASES.get(), what.get(), (System.nanoTime() - started) / 1e9, failures.size());
            }
        });
        assertEquals(List.of(), failures.subList(0, Math.min(20, failures.size())), failures.size() + " failures");
    }

    /** One case's run under the rules. */
    private interface Fuzz<C> {
        void run(C c) throws IOException;
    }

    /** A descriptor case: one to three {@link DescriptorMutation}s of {@link NeffParts#withDmaQueue}; neutral when every one is. */
    record DescriptorCase(List<DescriptorMutation> mutations) {
        boolean neutral() {
            return mutations.stream().allMatch(DescriptorMutation::neutral);
        }

        @Override
        public String toString() {
            return mutations.toString();
        }
    }

    @Provide
    Arbitrary<DescriptorCase> descriptorCases() {
        return mutations(DescriptorMutation.Family.values(), DescriptorMutation::of).map(DescriptorCase::new);
    }

    /**
     * Descriptor mutations ({@link DescriptorMutation}): every command keeps the rules, and the data
     * level's result is checked against {@link CopyOracle}, a byte-at-a-time walk written apart from
     * the runtime: a run that completes wrote exactly the oracle's bytes (never a silent alias or a
     * wrap), a walk the oracle and the reader's bounds both allow is not refused, and a neutral case
     * equals the unmutated run (its output, its sync report, its estimate).
     */
    @Property(tries = DESCRIPTOR_TRIES, shrinking = ShrinkingMode.OFF)
    void everyDescriptorKeepsTheRules(@ForAll("descriptorCases") DescriptorCase c) throws IOException {
        fuzzDescriptors(c);
    }

    /**
     * The long descriptor run: {@code tpb.fuzz.cases} cases (default 100,000), as {@link #bigFuzz}:
     * {@code ./mvnw -pl runtime -am test -Dtest=NeffFuzzTest#bigDescriptorFuzz -Dtpb.fuzz.big=true}.
     */
    @Test
    @org.junit.jupiter.api.Tag("big")
    @EnabledIfSystemProperty(named = "tpb.fuzz.big", matches = "true")
    void bigDescriptorFuzz() {
        longRun(descriptorCases(), NeffFuzzTest::fuzzDescriptors, () -> String.format("descriptor cases, %d completed, %d checked by the oracle, %d neutral",
                COMPLETED.get(), ORACLE_CHECKED.get(), NEUTRAL.get()));
    }

    /** The default suite's DMA_DIRECT2D record cases: a few seconds. */
    static final int DIRECT2D_TRIES = 6;

    record Direct2dCase(List<tpb.neff.Direct2dMutation> mutations) {
        @Override
        public String toString() {
            return mutations.toString();
        }
    }

    @Provide
    Arbitrary<Direct2dCase> direct2dCases() {
        return mutations(tpb.neff.Direct2dMutation.Family.values(), tpb.neff.Direct2dMutation::of).map(Direct2dCase::new);
    }

    /**
     * DMA_DIRECT2D record mutations ({@link tpb.neff.Direct2dMutation}) of the base NEFF's two records:
     * {@code run}, {@code estimate} and the data level, each under the rules, and the levels agree, as
     * one check serves them all: a record the sync level refuses for its walk is refused by the
     * estimate in the same words and by the data level (there, or at a data fault of a record before
     * it), and a data run that completes was a sync run and an estimate that did.
     */
    @Property(tries = DIRECT2D_TRIES, shrinking = ShrinkingMode.OFF)
    void everyDirect2dRecordKeepsTheRules(@ForAll("direct2dCases") Direct2dCase c) throws IOException {
        fuzzDirect2d(c);
    }

    /** The long DMA_DIRECT2D run, as {@link #bigFuzz}: {@code -Dtest=NeffFuzzTest#bigDirect2dFuzz -Dtpb.fuzz.big=true}. */
    @Test
    @org.junit.jupiter.api.Tag("big")
    @EnabledIfSystemProperty(named = "tpb.fuzz.big", matches = "true")
    void bigDirect2dFuzz() {
        longRun(direct2dCases(), NeffFuzzTest::fuzzDirect2d, () -> "DMA_DIRECT2D cases, " + COMPLETED.get() + " data runs completed");
    }

    private static void fuzzDirect2d(Direct2dCase c) throws IOException {
        Path root = Files.createTempDirectory("tpb-fuzz-");
        try {
            Path dir = Files.createDirectory(root.resolve("case"));
            NeffParts parts = new NeffParts();
            c.mutations().forEach(m -> m.edit().accept(parts));
            Path neff = dir.resolve("in.neff");
            Files.write(neff, parts.bytes());
            Files.write(dir.resolve("a.npy"), EveryNeffCommand.inputA());
            Path out = Files.createDirectories(dir.resolve("out/data"));
            String n = neff.toString();
            List<CliRun> r = new ArrayList<>();
            for (List<String> cmd : List.of(List.of("run", n), List.of("estimate", n),
                    List.of("run", n, "--level", "data", "--input", "a=" + dir.resolve("a.npy"), "--output-dir", out.toString()))) {
                long t0 = System.nanoTime();
                EveryNeffCommand.Run run = new EveryNeffCommand.Run(cmd, EveryNeffCommand.one(cmd));
                EveryNeffCommand.NANOS.merge("direct2d " + cmd.get(0) + (cmd.contains("data") ? " data" : ""), System.nanoTime() - t0, Long::sum);
                EveryNeffCommand.check(run);
                RUNS.incrementAndGet();
                r.add(run.result());
                if (run.result().code() != 0) {
                    String last = (run.result().err() + run.result().out()).lines().filter(l -> l.contains("DMA_DIRECT2D") || l.startsWith("tpb:"))
                            .findFirst().orElse("(report)");
                    int why = last.indexOf("): DMA_DIRECT2D ");
                    last = why < 0 ? last : last.substring(why + 3); // the reason, not the record's listing before it
                    FIRST_LINES.merge(kind(last), 1L, Long::sum);
                }
            }
            String sync = r.get(0).out() + r.get(0).err();
            if (sync.contains("): DMA_DIRECT2D ")) { // the one check refused the walk: every level says so
                String why = sync.substring(sync.indexOf("): DMA_DIRECT2D ") + 3).lines().findFirst().orElseThrow();
                assertTrue((r.get(1).out() + r.get(1).err()).contains(why) && r.get(1).code() == 1, () -> c + ": estimate\n" + r.get(1));
                // the data level refuses too, with this line or with a data fault of a record that runs before it
                assertEquals(1, r.get(2).code(), () -> c + ": data\n" + r.get(2));
            }
            if (r.get(2).code() == 0) {
                COMPLETED.incrementAndGet();
                assertEquals(0, r.get(0).code(), () -> c + ": the data level completed, the sync level did not\n" + r.get(0));
                assertEquals(0, r.get(1).code(), () -> c + ": the data level completed, the estimate did not\n" + r.get(1));
            }
            assertEquals(List.of(), EveryNeffCommand.strays(root), c::toString);
            CASES.incrementAndGet();
        } finally {
            StagedOutputs.delete(root);
        }
    }

    /** The default suite's NTFF cases: a few seconds. */
    static final int NTFF_TRIES = 6;

    /** An NTFF case: one to three {@link NtffMutation}s of the attention-fused pair's NTFF. */
    record NtffCase(List<NtffMutation> mutations) {
        @Override
        public String toString() {
            return mutations.toString();
        }
    }

    @Provide
    Arbitrary<NtffCase> ntffCases() {
        return mutations(NtffMutation.Family.values(), NtffMutation::of).map(NtffCase::new);
    }

    /**
     * NTFF mutations ({@link NtffMutation}) of a real pair's trace: {@code tpb profile} plain, with
     * {@code --neff --json} and with {@code --trace-events}, and {@code tpb estimate --against}, each
     * under the rules (exit 0 or 1, one line, no exception, nothing outside the case's output directory).
     */
    @Property(tries = NTFF_TRIES, shrinking = ShrinkingMode.OFF)
    void everyNtffKeepsTheRules(@ForAll("ntffCases") NtffCase c) throws IOException {
        fuzzNtff(c);
    }

    /** The long NTFF run: {@code tpb.fuzz.cases} cases, as {@link #bigFuzz}: {@code -Dtest=NeffFuzzTest#bigNtffFuzz -Dtpb.fuzz.big=true}. */
    @Test
    @org.junit.jupiter.api.Tag("big")
    @EnabledIfSystemProperty(named = "tpb.fuzz.big", matches = "true")
    void bigNtffFuzz() {
        longRun(ntffCases(), NeffFuzzTest::fuzzNtff, () -> "NTFF cases");
    }

    private static final Path PAIR = Path.of("src/test/resources/neff/real");
    private static volatile byte[] ntff;

    private static void fuzzNtff(NtffCase c) throws IOException {
        if (ntff == null) {
            ntff = Files.readAllBytes(PAIR.resolve("profiles/attention-fused.ntff"));
        }
        Path root = Files.createTempDirectory("tpb-fuzz-");
        try {
            Path dir = Files.createDirectory(root.resolve("case"));
            byte[] b = ntff;
            for (NtffMutation m : c.mutations()) {
                b = m.edit().apply(b);
            }
            Path p = dir.resolve("in.neff"); // the name strays() takes for a case's input; the content is an NTFF's
            Files.write(p, b);
            Path out = Files.createDirectories(dir.resolve("out"));
            String n = PAIR.resolve("attention-fused.neff").toString();
            for (List<String> cmd : List.of(List.of("profile", p.toString()), List.of("profile", p.toString(), "--neff", n, "--json"),
                    List.of("profile", p.toString(), "--trace-events", out.resolve("t.json").toString()), List.of("estimate", n, "--against", p.toString()))) {
                long t0 = System.nanoTime();
                EveryNeffCommand.Run r = new EveryNeffCommand.Run(cmd, EveryNeffCommand.one(cmd));
                EveryNeffCommand.NANOS.merge("ntff " + cmd.get(0) + (cmd.size() > 2 ? " " + cmd.get(2) : ""), System.nanoTime() - t0, Long::sum);
                EveryNeffCommand.check(r);
                RUNS.incrementAndGet();
                if (r.result().code() != 0) {
                    String last = r.result().err().lines().reduce((x, y) -> y).orElse("(report)");
                    FIRST_LINES.merge(kind(last), 1L, Long::sum);
                }
            }
            assertEquals(List.of(), EveryNeffCommand.strays(root), c::toString);
            CASES.incrementAndGet();
        } finally {
            StagedOutputs.delete(root);
        }
    }

    private static final AtomicLong COMPLETED = new AtomicLong();
    private static final AtomicLong ORACLE_CHECKED = new AtomicLong();
    private static final AtomicLong NEUTRAL = new AtomicLong();
    /** The unmutated run's sync report and estimate, the NEFF's path taken out, for the neutral cases. */
    private static volatile List<String> baseReports;

    private static void fuzzDescriptors(DescriptorCase c) throws IOException {
        Path root = Files.createTempDirectory("tpb-fuzz-");
        try {
            Path dir = Files.createDirectory(root.resolve("case"));
            NeffParts parts = new NeffParts().withDmaQueue();
            c.mutations().forEach(m -> m.edit().accept(parts));
            Path neff = dir.resolve("in.neff");
            Files.write(neff, parts.bytes());
            Files.write(dir.resolve("a.npy"), EveryNeffCommand.inputA());
            Path out = Files.createDirectories(dir.resolve("out/data"));
            String n = neff.toString();
            List<List<String>> commands = List.of(List.of("neff", "info", n), List.of("run", n), List.of("estimate", n),
                    List.of("run", n, "--level", "data", "--input", "a=" + dir.resolve("a.npy"), "--output-dir", out.toString()));
            // every case runs the data level (the oracle judges it); a neutral case every command (its reports are compared),
            // any other one of the three readers of the descriptor besides, in turn: a third of the time per case
            int turn = Math.floorMod(c.toString().hashCode(), 3);
            List<EveryNeffCommand.Run> runs = new ArrayList<>(java.util.Arrays.asList(null, null, null, null));
            for (int k = 0; k < commands.size(); k++) {
                if (k < 3 && k != turn && !c.neutral()) {
                    continue;
                }
                List<String> cmd = commands.get(k);
                long t0 = System.nanoTime();
                EveryNeffCommand.Run r = new EveryNeffCommand.Run(cmd, EveryNeffCommand.one(cmd));
                EveryNeffCommand.NANOS.merge("descriptors " + String.join(" ", cmd.subList(0, 2)).replace(n, "")
                        + (cmd.contains("data") ? " data" : ""), System.nanoTime() - t0, Long::sum);
                EveryNeffCommand.check(r);
                RUNS.incrementAndGet();
                runs.set(k, r);
                if (r.result().code() != 0) {
                    String last = r.result().err().lines().reduce((a, b) -> b).orElse("(report)");
                    FIRST_LINES.merge(kind(last), 1L, Long::sum);
                }
            }
            CliRun data = runs.get(3).result();
            CopyOracle.Result o = CopyOracle.run(parts);
            if (data.code() == 0) {
                COMPLETED.incrementAndGet();
                assertTrue(o.runnable() || o.unchecked(), () -> c + ": completed where the oracle says " + o.why() + "\n" + runs.get(3));
                if (o.runnable()) {
                    ORACLE_CHECKED.incrementAndGet();
                    assertEquals(java.util.HexFormat.of().formatHex(o.out()),
                            java.util.HexFormat.of().formatHex(tpb.data.Npy.read(out.resolve("out.npy")).data()), c::toString);
                }
            } else {
                assertFalse(o.runnable() && o.withinReaderBounds(), () -> c + ": refused a walk the oracle runs within the reader's bounds\n"
                        + runs.get(3));
            }
            if (c.neutral()) {
                NEUTRAL.incrementAndGet();
                assertEquals(0, data.code(), () -> c + ": a neutral edit\n" + runs.get(3));
                assertEquals(tpb.data.Npy.parse(EveryNeffCommand.inputA()), tpb.data.Npy.read(out.resolve("out.npy")), c::toString);
                List<String> reports = List.of(runs.get(1).result().out().replace(n, "N"), runs.get(2).result().out().replace(n, "N"));
                if (baseReports == null) {
                    baseReports = baseReports();
                }
                assertEquals(baseReports, reports, c::toString);
            }
            assertEquals(List.of(), EveryNeffCommand.strays(root), c::toString);
            CASES.incrementAndGet();
        } finally {
            StagedOutputs.delete(root);
        }
    }

    private static List<String> baseReports() throws IOException {
        Path root = Files.createTempDirectory("tpb-fuzz-");
        try {
            Path neff = root.resolve("in.neff");
            Files.write(neff, new NeffParts().withDmaQueue().bytes());
            String n = neff.toString();
            return List.of(EveryNeffCommand.one(List.of("run", n)).out().replace(n, "N"), EveryNeffCommand.one(List.of("estimate", n)).out()
                    .replace(n, "N"));
        } finally {
            StagedOutputs.delete(root);
        }
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
        if (CASES.get() > DEFAULT_TRIES + DESCRIPTOR_TRIES + NTFF_TRIES + DIRECT2D_TRIES) {
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
