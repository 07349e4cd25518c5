package tpb.cost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tpb.asm.Disassembler;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.neff.EngineStream;
import tpb.neff.Neff;
import tpb.sim.DmaQueues;
import tpb.stream.RecordStream;

/**
 * The cost model's coefficients fitted on measured kernels: each a NEFF with a measured profile
 * ({@link Kernel}; any {@link Profile}, whatever format it was read from). Each coefficient is
 * fitted on its own evidence, on the per-instruction rows where it has them:
 * <ul>
 * <li>an Activation, DVE or Pool instruction class ({@code <engine>.<Arm>}) with rows of at least
 * two sizes: fixed cost and cost an element by least squares of the profiler's duration over the
 * record's elements (a class no slower with more elements: its median and no cost an element); of one size: the fixed cost over the engine's clock; the engine's own fixed
 * cost ({@code <engine>_fixed_ns}) the median over all its datapath rows;
 * <li>an instruction class with no access pattern, on any engine ({@code <engine>.<Arm>.fixed_ns}:
 * Pool's TensorLoadPhysical and RegisterAlu, …) with at least four rows: the median of their
 * durations; the semaphore records stay one class ({@code sync_record_ns}, below);
 * <li>the issue of DMA_DIRECT2D, of DMATrigger (its two WRITEs, {@link ProfileMatch}), the table
 * load, LDWEIGHTS' latency: the median duration of their rows; a Pool DMA_DIRECT2D's, the lower
 * quartile (its measured interval grows while the DMA falls behind);
 * <li>sync records: the lower quartile of their rows (a row's duration includes the wait the
 * model schedules separately);
 * <li>the PE's throttled rate: the median over back-to-back MATMULs of more than
 * {@code pe_min_moving} columns of their columns at the full clock over their measured spacing; the result's latency, the median of the first's duration
 * less that spacing;
 * <li>the DMA's packet overhead: the one value that best fits the kernels' DMA active time (least
 * squares of the relative error, by golden-section search);
 * <li>the runtime's prologue and epilogue: the median over kernels of the first mapped record's
 * start, and of the total less the last mapped record's end;
 * <li>the runtime's own instructions on each engine ({@code runtime_<engine>_active_ns}, or
 * {@code runtime_preloaded_<engine>_active_ns} for kernels whose runtime does not load the
 * programs, {@link Estimate#programLoads(CostModel, String)}): the median over kernels of the
 * active time of the instructions before the kernel's first record and after its last (the
 * profiler's active time: their intervals' union, semaphore waits aside), a core's; over the
 * kernels whose engine runs none of the kernel's work where there are any.
 * </ul>
 * Coefficients without rows keep the base model's value (and its confidence).
 */
public final class Fit {
    /** A NEFF and its measurement. */
    public record Kernel(String name, Neff neff, Profile profile) {}

    /** One fitted coefficient: its value, the rows (or kernels) it was fitted on, and its residual on them (median relative error). */
    public record Fitted(String name, double value, int rows, double residual) {}

    /** One measured instruction that is a record, as the fit reads it. */
    record Row(String kernel, String subgraph, String engine, Arm arm, long elements, long columns, long timestampNs, long durationNs) {}

    private Fit() {}

    /** Every fitted coefficient over {@code kernels}, by name (sorted). */
    public static Map<String, Fitted> fit(CostModel base, List<Kernel> kernels) {
        List<Row> rows = new ArrayList<>();
        for (Kernel k : kernels) {
            rows.addAll(rows(base, k));
        }
        Map<String, Fitted> out = new TreeMap<>();
        classes(base, rows, out);
        median(out, "dma_direct2d_issue_ns", filter(rows, r -> r.arm == Arm.DMA_DIRECT2D && !r.engine.equals("pool")));
        // the lower quartile: a Pool issue's interval grows while the DMA falls behind (the Qwen3 attention's, 31 ns to 970), the issue itself does not
        quartile(out, "dma_direct2d_issue_pool_ns", filter(rows, r -> r.arm == Arm.DMA_DIRECT2D && r.engine.equals("pool")));
        // a DMATrigger is two WRITEs where the runtime loads the programs, one where it does not (ProfileMatch)
        java.util.Set<String> preloaded = new java.util.HashSet<>();
        kernels.stream().filter(k -> !Estimate.programLoads(base, k.neff().toolVersion())).forEach(k -> preloaded.add(k.name()));
        median(out, "dma_trigger_issue_ns", filter(rows, r -> r.arm == Arm.DMA_TRIGGER && !preloaded.contains(r.kernel)));
        median(out, "dma_trigger_one_write_issue_ns", filter(rows, r -> r.arm == Arm.DMA_TRIGGER && preloaded.contains(r.kernel)));
        median(out, "act_table_load_ns", filter(rows, r -> r.arm == Arm.ACTIVATION_TABLE_LOAD));
        median(out, "pe_ldweights_latency_ns", filter(rows, r -> r.arm == Arm.LDWEIGHTS));
        List<Row> sync = filter(rows, r -> r.arm == Arm.EVENT_SEMAPHORE && r.engine.equals("pe"));
        if (!sync.isEmpty()) {
            double q = quantile(durations(sync), 0.25);
            out.put("sync_record_ns", new Fitted("sync_record_ns", q, sync.size(), residual(sync, r -> q)));
        }
        peRate(base, rows, out);
        envelope(base, kernels, out);
        runtimeShare(base, kernels, out);
        CostModel partial = base.with(values(out), "fit");
        dmaPacket(partial, kernels, out);
        return out;
    }

    /** The values of {@code fitted}, by name. */
    public static Map<String, Double> values(Map<String, Fitted> fitted) {
        Map<String, Double> v = new LinkedHashMap<>();
        fitted.forEach((k, f) -> v.put(k, f.value()));
        return v;
    }

    /** The estimate of {@code k}'s NEFF by {@code m}. */
    public static Estimate estimate(CostModel m, Kernel k) {
        Arch arch = Arch.byName(k.neff().target());
        Estimate est = new Estimate(m, k.neff().toolVersion());
        k.neff().forEachSubgraph(null, (sg, streams) -> est.add(sg, streams, arch, Disassembler::text, null));
        return est;
    }

    /** {@code k}'s measured instructions that are records, each with what the fit reads of its record. */
    static List<Row> rows(CostModel base, Kernel k) {
        Arch arch = Arch.byName(k.neff().target());
        Map<String, List<Profile.Instruction>> bySubgraph = bySubgraph(k);
        List<Row> rows = new ArrayList<>();
        k.neff().forEachSubgraph(null, (sg, streams) -> {
            Map<String, List<Arm>> arms = ProfileMatch.armsByEngine(streams);
            Map<String, EngineStream> byEngine = new LinkedHashMap<>();
            for (EngineStream s : streams) {
                byEngine.put(s.engine(), s);
            }
            ProfileMatch m = new ProfileMatch(bySubgraph.getOrDefault(sg.name(), List.of()), arms);
            for (ProfileMatch.Match x : m.matches()) {
                if (x.record() < 0) {
                    continue;
                }
                EngineStream s = byEngine.get(x.measured().engine());
                byte[] b = s.stream().bytes();
                int at = RecordStream.offsetOf(x.record());
                Arm arm = arms.get(s.engine()).get(x.record());
                long columns = arm == Arm.MATMUL ? RecordCost.of(base, arch, s.engine(), arm, b, at, DmaQueues.NONE).peColumns() : 0;
                rows.add(new Row(k.name(), sg.name(), s.engine(), arm, RecordCost.elements(arch, arm, b, at), columns, x.measured().timestampNs(),
                        x.measured().durationNs()));
            }
        });
        return rows;
    }

    /** Each Activation, DVE and Pool class with rows, and each engine's fixed cost. */
    static void classes(CostModel base, List<Row> rows, Map<String, Fitted> out) {
        Map<String, List<Row>> byClass = new TreeMap<>();
        Map<String, List<Row>> byEngine = new TreeMap<>();
        for (Row r : rows) {
            if (r.arm == Arm.DMA_DIRECT2D || r.arm == Arm.ACTIVATION_TABLE_LOAD || !RecordCost.datapath(r.engine, r.elements)) {
                continue;
            }
            byClass.computeIfAbsent(r.engine + "." + r.arm.specName(), x -> new ArrayList<>()).add(r);
            byEngine.computeIfAbsent(r.engine, x -> new ArrayList<>()).add(r);
        }
        Map<String, List<Row>> oneCost = new TreeMap<>();
        for (Row r : rows) {
            if (!RecordCost.datapath(r.engine, r.elements) && RecordCost.ownClass(r.arm)) {
                oneCost.computeIfAbsent(r.engine + "." + r.arm.specName(), x -> new ArrayList<>()).add(r);
            }
        }
        oneCost.forEach((name, list) -> {
            if (list.size() >= 4) {
                double fixed = median(durations(list));
                out.put(name + ".fixed_ns", new Fitted(name + ".fixed_ns", fixed, list.size(), residual(list, r -> fixed)));
            }
        });
        byEngine.forEach((engine, list) -> {
            double perElement = 1 / base.get(engine + "_clock_ghz");
            double fixed = median(list.stream().mapToDouble(r -> r.durationNs - r.elements * perElement).toArray());
            out.put(engine + "_fixed_ns", new Fitted(engine + "_fixed_ns", fixed, list.size(), residual(list, r -> fixed + r.elements * perElement)));
        });
        byClass.forEach((name, list) -> {
            if (list.size() < 4) {
                return; // too few rows to stand apart from the engine's fit
            }
            String engine = list.get(0).engine;
            double[] line = leastSquares(list);
            double fixed;
            double perElement;
            if (line != null && line[1] > 0 && line[0] > 0) {
                fixed = line[0];
                perElement = line[1];
            } else if (line != null && line[1] <= 0) {
                // no longer with more elements over the sizes measured (DVE's Memset: 80-90 ns from 1 to 128): its median, nothing an element
                fixed = median(durations(list));
                perElement = 0;
            } else {
                perElement = 1 / base.get(engine + "_clock_ghz");
                fixed = median(list.stream().mapToDouble(r -> r.durationNs - r.elements * perElement).toArray());
            }
            double res = residual(list, r -> Math.max(0, fixed) + r.elements * perElement);
            out.put(name + ".fixed_ns", new Fitted(name + ".fixed_ns", Math.max(0, fixed), list.size(), res));
            out.put(name + ".element_ns", new Fitted(name + ".element_ns", perElement, list.size(), res));
        });
    }

    /** Intercept and slope of duration over elements, or null when the rows hold fewer than two sizes. */
    private static double[] leastSquares(List<Row> rows) {
        double n = rows.size();
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (Row r : rows) {
            sx += r.elements;
            sy += r.durationNs;
            sxx += (double) r.elements * r.elements;
            sxy += (double) r.elements * r.durationNs;
        }
        double d = n * sxx - sx * sx;
        if (Math.abs(d) < 1e-9 * Math.max(1, n * sxx)) {
            return null;
        }
        double slope = (n * sxy - sx * sy) / d;
        return new double[] {(sy - slope * sx) / n, slope};
    }

    /** The PE's throttled rate: columns at the full clock over the measured spacing of back-to-back MATMULs. */
    private static void peRate(CostModel base, List<Row> rows, Map<String, Fitted> out) {
        Map<String, List<Row>> seq = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.arm == Arm.MATMUL || r.arm == Arm.LDWEIGHTS) {
                seq.computeIfAbsent(r.kernel + "/" + r.subgraph, x -> new ArrayList<>()).add(r);
            }
        }
        List<Double> ratios = new ArrayList<>();
        List<Double> latencies = new ArrayList<>();
        for (List<Row> list : seq.values()) {
            list.sort((a, b) -> Long.compare(a.timestampNs, b.timestampNs));
            Row last = null;
            for (Row r : list) {
                if (r.arm != Arm.MATMUL) {
                    continue;
                }
                if (last != null && r.timestampNs > last.timestampNs) {
                    if (last.columns > base.get("pe_min_moving")) { // below it the spacing is the minimum's, not the rate's
                        ratios.add(last.columns / base.get("pe_clock_ghz") / (r.timestampNs - last.timestampNs));
                    }
                    latencies.add((double) (last.durationNs - (r.timestampNs - last.timestampNs)));
                }
                last = r;
            }
        }
        if (ratios.isEmpty()) {
            return;
        }
        double[] v = ratios.stream().mapToDouble(Double::doubleValue).toArray();
        double rate = median(v);
        double res = median(Arrays.stream(v).map(x -> Math.abs(x - rate) / x).toArray());
        out.put("pe_throttled_rate", new Fitted("pe_throttled_rate", rate, v.length, res));
        // the result's latency: what a matmul's interval holds past its spacing, on the same pairs
        double[] l = latencies.stream().mapToDouble(Double::doubleValue).toArray();
        double lat = median(l);
        out.put("pe_matmul_latency_ns", new Fitted("pe_matmul_latency_ns", lat, l.length, median(Arrays.stream(l).map(x -> Math.abs(x - lat) / Math.max(1, Math.abs(x))).toArray())));
    }

    /** The runtime's prologue (first mapped record's start) and epilogue (total less the last mapped record's end), medians over kernels. */
    private static void envelope(CostModel base, List<Kernel> kernels, Map<String, Fitted> out) {
        double[] pro = new double[kernels.size()];
        double[] epi = new double[kernels.size()];
        for (int i = 0; i < kernels.size(); i++) {
            List<Row> rows = rows(base, kernels.get(i));
            pro[i] = rows.stream().mapToLong(r -> r.timestampNs).min().orElse(0);
            epi[i] = kernels.get(i).profile().totalNs() - rows.stream().mapToLong(r -> r.timestampNs + r.durationNs).max().orElse(0);
        }
        double p = median(pro);
        double e = median(epi);
        out.put("runtime_prologue_ns", new Fitted("runtime_prologue_ns", p, pro.length, median(Arrays.stream(pro).map(x -> Math.abs(x - p) / x).toArray())));
        out.put("runtime_epilogue_ns", new Fitted("runtime_epilogue_ns", e, epi.length, median(Arrays.stream(epi).map(x -> Math.abs(x - e) / x).toArray())));
    }

    /**
     * The runtime's own active time on each engine, a core's: for each kernel, the union of the
     * intervals of the instructions that start before the kernel's first mapped record
     * ({@link ProfileMatch}) or after its last on that engine (every one on an engine that runs
     * none), semaphore waits aside as the
     * profiler's active time has them, summed over the subgraphs and divided by their number; the
     * median over kernels (those whose engine runs none of the kernel's work, {@link #idle}, where
     * there are any), fitted apart for the kernels whose runtime loads the programs and those whose
     * runtime does not.
     */
    static void runtimeShare(CostModel base, List<Kernel> kernels, Map<String, Fitted> out) {
        for (boolean loads : new boolean[] {true, false}) {
            List<Kernel> group = kernels.stream().filter(k -> Estimate.programLoads(base, k.neff().toolVersion()) == loads).toList();
            if (group.isEmpty()) {
                continue;
            }
            for (String engine : Estimate.ENGINES) {
                // where the engine runs none of the kernel's work, what it runs is the runtime's alone; where it runs some, its
                // last DRAIN waits for that work (a vector-add stream's DVE 1.2 us), which is not the runtime's: the kernels of
                // an idle engine where there are any
                List<Kernel> idle = group.stream().filter(k -> idle(k, engine)).toList();
                double[] v = (idle.isEmpty() ? group : idle).stream().mapToDouble(k -> runtimeActiveNs(k, engine)).toArray();
                double m = median(v);
                String name = (loads ? "runtime_" : "runtime_preloaded_") + engine + "_active_ns";
                out.put(name, new Fitted(name, m, v.length, median(Arrays.stream(v).map(x -> Math.abs(x - m) / Math.max(1, m)).toArray())));
            }
        }
    }

    /** Kernel {@code k}'s measured instructions by subgraph, in the profile's order. */
    private static Map<String, List<Profile.Instruction>> bySubgraph(Kernel k) {
        Map<String, List<Profile.Instruction>> bySubgraph = new LinkedHashMap<>();
        for (Profile.Instruction i : k.profile().instructions()) {
            bySubgraph.computeIfAbsent(i.subgraph(), x -> new ArrayList<>()).add(i);
        }
        return bySubgraph;
    }

    /** Whether {@code engine} runs none of kernel {@code k}'s work: no record in any subgraph but branch labels and SetOrderingMode. */
    static boolean idle(Kernel k, String engine) {
        boolean[] idle = {true};
        k.neff().forEachSubgraph(null, (sg, streams) -> {
            for (EngineStream s : streams) {
                if (s.engine().equals(engine)) {
                    for (Arm a : ProfileMatch.armsOf(s.stream())) {
                        idle[0] &= a == Arm.PSEUDO_BRANCH_LABEL || a == Arm.SET_ORDERING_MODE;
                    }
                }
            }
        });
        return idle[0];
    }

    /** Kernel {@code k}'s runtime-inserted active time on {@code engine} before and after the kernel, a subgraph's (mean over its subgraphs). */
    static double runtimeActiveNs(Kernel k, String engine) {
        Map<String, List<Profile.Instruction>> bySubgraph = bySubgraph(k);
        double[] total = {0};
        int[] subgraphs = {0};
        k.neff().forEachSubgraph(null, (sg, streams) -> {
            subgraphs[0]++;
            Map<String, List<Arm>> arms = ProfileMatch.armsByEngine(streams);
            // before the first mapped record and after the last, by time: an instruction the runtime adds inside the kernel (the
            // naive conv2d's 6.5 us DRAIN between an LDWEIGHTS and its MATMUL) shifts the pcs after it, so by pc part of the kernel
            // would read as the runtime's
            List<ProfileMatch.Match> on = new ProfileMatch(bySubgraph.getOrDefault(sg.name(), List.of()), arms).matches().stream()
                    .filter(x -> x.measured().engine().equals(engine)).toList();
            long first = on.stream().filter(x -> x.record() >= 0).mapToLong(x -> x.measured().timestampNs()).min().orElse(Long.MAX_VALUE);
            long last = on.stream().filter(x -> x.record() >= 0).mapToLong(x -> x.measured().timestampNs()).max().orElse(Long.MIN_VALUE);
            List<long[]> intervals = new ArrayList<>();
            for (ProfileMatch.Match x : on) {
                Profile.Instruction i = x.measured();
                if (x.record() < 0 && (i.timestampNs() < first || i.timestampNs() > last) && !tpb.profile.Summary.SEMAPHORE_OPCODES.contains(i.opcode())) {
                    intervals.add(new long[] {i.timestampNs(), i.timestampNs() + i.durationNs()});
                }
            }
            total[0] += tpb.profile.Summary.union(intervals);
        });
        return subgraphs[0] == 0 ? 0 : total[0] / subgraphs[0];
    }

    /** The packet overhead that best fits the kernels' DMA active time, searched over 0-2000 ns. */
    private static void dmaPacket(CostModel partial, List<Kernel> kernels, Map<String, Fitted> out) {
        double lo = 0;
        double hi = 2000;
        double g = (Math.sqrt(5) - 1) / 2;
        double a = hi - g * (hi - lo);
        double b = lo + g * (hi - lo);
        double fa = dmaError(partial, kernels, a);
        double fb = dmaError(partial, kernels, b);
        for (int i = 0; i < 24; i++) {
            if (fa <= fb) {
                hi = b;
                b = a;
                fb = fa;
                a = hi - g * (hi - lo);
                fa = dmaError(partial, kernels, a);
            } else {
                lo = a;
                a = b;
                fa = fb;
                b = lo + g * (hi - lo);
                fb = dmaError(partial, kernels, b);
            }
        }
        double best = Math.round((lo + hi) / 2 * 10) / 10.0;
        CostModel m = partial.with(Map.of("dma_packet_ns", best), "fit");
        double[] err = kernels.stream().mapToDouble(k -> {
            double est = estimate(m, k).dmaActiveNs();
            return Math.abs(est - k.profile().dmaActiveNs()) / k.profile().dmaActiveNs();
        }).toArray();
        out.put("dma_packet_ns", new Fitted("dma_packet_ns", best, kernels.size(), median(err)));
    }

    private static double dmaError(CostModel partial, List<Kernel> kernels, double packetNs) {
        CostModel m = partial.with(Map.of("dma_packet_ns", packetNs), "fit");
        double sum = 0;
        for (Kernel k : kernels) {
            double e = (estimate(m, k).dmaActiveNs() - k.profile().dmaActiveNs()) / k.profile().dmaActiveNs();
            sum += e * e;
        }
        return sum;
    }

    private static void median(Map<String, Fitted> out, String name, List<Row> rows) {
        if (rows.isEmpty()) {
            return;
        }
        double m = median(durations(rows));
        out.put(name, new Fitted(name, m, rows.size(), residual(rows, r -> m)));
    }

    private static void quartile(Map<String, Fit.Fitted> out, String name, List<Row> rows) {
        if (rows.isEmpty()) {
            return;
        }
        double q = quantile(durations(rows), 0.25);
        out.put(name, new Fitted(name, q, rows.size(), residual(rows, r -> q)));
    }

    private static List<Row> filter(List<Row> rows, java.util.function.Predicate<Row> p) {
        return rows.stream().filter(p).toList();
    }

    private static double[] durations(List<Row> rows) {
        return rows.stream().mapToDouble(r -> r.durationNs).toArray();
    }

    /** The median relative error of {@code predicted} over {@code rows}' durations. */
    private static double residual(List<Row> rows, java.util.function.ToDoubleFunction<Row> predicted) {
        return median(rows.stream().mapToDouble(r -> Math.abs(predicted.applyAsDouble(r) - r.durationNs) / Math.max(1, r.durationNs)).toArray());
    }

    static double median(double[] v) {
        return quantile(v, 0.5);
    }

    /** The {@code q} quantile of {@code v}, interpolated between neighbours (the median of an even count is the mean of the middle two). */
    static double quantile(double[] v, double q) {
        if (v.length == 0) {
            return 0;
        }
        double[] s = v.clone();
        Arrays.sort(s);
        double at = q * (s.length - 1);
        int i = (int) Math.floor(at);
        return i + 1 < s.length ? s[i] + (at - i) * (s[i + 1] - s[i]) : s[i];
    }
}
