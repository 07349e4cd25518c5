package tpb.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Writes the speed tables from the JSON of one JMH run per JDK (the same benchmarks, one after the
 * other, of the same jar) between the {@code <!-- bench:begin -->} and {@code <!-- bench:end -->}
 * markers of the README (a few rows) and of docs/performance.md (every benchmark of the runs): a
 * column per JDK, medians of all measured iterations, each ratio beside the baseline it is taken
 * against in the same run (a ratio never mixes two JVMs), the commit, the JMH settings and the
 * machine's load. Run by {@code bench/run}; nothing else writes between the markers.
 *
 * <pre>java -cp benchmarks.jar tpb.bench.BenchTables COMMIT "LOAD" "SETTINGS" README.md docs/performance.md \
 *     "Java 17"=result-17.json "Java 25"=result-25.json</pre>
 */
public final class BenchTables {
    static final String BEGIN = "<!-- bench:begin -->";
    static final String END = "<!-- bench:end -->";

    /** One benchmark's result: median and range of the measured iterations, unit, bytes allocated per op. */
    record Score(double median, double min, double max, String unit, double allocPerOp) {}

    /** One JVM's run: its label (the JDK) and its scores by benchmark and parameters. */
    record Run(String label, Map<String, Score> scores) {
        Score get(String key) {
            return scores.get(key);
        }

        boolean has(String... keys) {
            return Arrays.stream(keys).allMatch(scores::containsKey);
        }
    }

    private final List<Run> runs = new ArrayList<>();

    private BenchTables() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 6) {
            System.err.println("usage: BenchTables COMMIT LOAD SETTINGS README.md docs/performance.md LABEL=RESULT.json...");
            System.exit(2);
        }
        BenchTables t = new BenchTables();
        for (int i = 5; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            t.runs.add(new Run(args[i].substring(0, eq), read(Path.of(args[i].substring(eq + 1)))));
        }
        String stamp = String.format("Measured at commit `%s` by `bench/run` (JMH %s, the same jar on %s one after the other; "
                + "medians of the measured iterations; load average %s). The raw JSON is not kept in git.", args[0], args[2],
                String.join(" and ", t.runs.stream().map(Run::label).toList()), args[1]);
        replace(Path.of(args[3]), "\n" + stamp + "\n\n" + t.readme().stripTrailing() + "\n\n");
        replace(Path.of(args[4]), "\n" + stamp + "\n\n" + t.full().stripTrailing() + "\n\n");
    }

    /** Rewrites what lies between the markers of {@code file}; the rest stays as it is. */
    static void replace(Path file, String body) throws IOException {
        String s = Files.readString(file, StandardCharsets.UTF_8);
        int b = s.indexOf(BEGIN);
        int e = s.indexOf(END);
        if (b < 0 || e < b) {
            throw new IllegalStateException(file + ": no " + BEGIN + " ... " + END + " markers");
        }
        Files.writeString(file, s.substring(0, b + BEGIN.length()) + "\n" + body + s.substring(e), StandardCharsets.UTF_8);
    }

    private static Map<String, Score> read(Path json) throws IOException {
        Map<String, Score> scores = new LinkedHashMap<>();
        for (JsonNode r : new ObjectMapper().readTree(json.toFile())) {
            String name = r.get("benchmark").asText().replace("tpb.bench.", "");
            StringBuilder key = new StringBuilder(name);
            JsonNode params = r.get("params");
            if (params != null) {
                for (Iterator<Map.Entry<String, JsonNode>> it = params.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> p = it.next();
                    key.append('[').append(p.getKey()).append('=').append(p.getValue().asText()).append(']');
                }
            }
            List<Double> raw = new ArrayList<>();
            for (JsonNode fork : r.get("primaryMetric").get("rawData")) {
                for (JsonNode x : fork) {
                    raw.add(x.asDouble());
                }
            }
            double[] v = raw.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
            JsonNode gc = r.path("secondaryMetrics").path("gc.alloc.rate.norm").path("score");
            scores.put(key.toString(), new Score(median, v[0], v[v.length - 1], r.get("primaryMetric").get("scoreUnit").asText(),
                    gc.isMissingNode() ? Double.NaN : gc.asDouble()));
        }
        return scores;
    }

    /** Whether every run has every key. */
    private boolean has(String... keys) {
        return runs.stream().allMatch(r -> r.has(keys));
    }

    /** One cell per run: {@code cell} of each run, or "—" where the run lacks {@code keys}. */
    private String cells(String[] keys, Function<Run, String> cell) {
        StringBuilder s = new StringBuilder();
        for (Run r : runs) {
            s.append(" ").append(r.has(keys) ? cell.apply(r) : "—").append(" |");
        }
        return s.toString();
    }

    /** A header's cells, one per run: {@code what} of each run's label. */
    private String heads(String what) {
        StringBuilder s = new StringBuilder();
        for (Run r : runs) {
            s.append(" ").append(r.label()).append(what.isEmpty() ? "" : ": " + what).append(" |");
        }
        return s.toString();
    }

    private String rules(int perRun) {
        return "---|".repeat(perRun * runs.size());
    }

    // ---- the figures ------------------------------------------------------------------------

    private static final String ALU = "RegisterAluBench.";
    private static final int[] ALU_RECORDS = {1000, 1000000};

    /** ns per record of a RegisterAluBench benchmark at {@code records}. */
    private static double alu(Run r, String bench, int records) {
        return r.get(ALU + bench + "[records=" + records + "]").median() / records;
    }

    private static String[] aluKeys(String... benches) {
        return Arrays.stream(benches).flatMap(b -> Arrays.stream(ALU_RECORDS).mapToObj(n -> ALU + b + "[records=" + n + "]"))
                .toArray(String[]::new);
    }

    private boolean anyAlu(String... benches) {
        return runs.stream().anyMatch(r -> r.has(aluKeys(benches)));
    }

    /** ns per record of a StreamBench benchmark (its scores are µs a pass). */
    private static double stream(Run r, String bench) {
        int records = bench.equals("disassemble") ? StreamBench.DISASM_RECORDS : StreamBench.RECORDS;
        return r.get("StreamBench." + bench).median() * 1000 / records;
    }

    private static String f(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String ratio(double v) {
        return String.format(Locale.ROOT, "%.2f×", v);
    }

    private static String verdict(boolean met) {
        return met ? "met" : "**not met**";
    }

    String readme() {
        StringBuilder s = new StringBuilder("| what |" + heads("figure (anchor in the same run)") + "\n|---|" + rules(1) + "\n");
        for (int n : ALU_RECORDS) {
            String size = n == 1000 ? "64 KB" : "64 MB";
            String[] k = aluKeys("decodeGenerated", "decodeHandwritten", "decodeSbe");
            if (anyAlu("decodeGenerated", "decodeHandwritten", "decodeSbe")) {
                s.append("| decode, generated flyweight, ").append(size).append(" |").append(cells(k, r -> String.format(
                        "%s ns a record (%s the hand-written loop, %s SBE)", f(alu(r, "decodeGenerated", n)),
                        ratio(alu(r, "decodeGenerated", n) / alu(r, "decodeHandwritten", n)),
                        ratio(alu(r, "decodeGenerated", n) / alu(r, "decodeSbe", n))))).append('\n');
            }
        }
        for (int n : ALU_RECORDS) {
            if (anyAlu("encodeGenerated", "encodeSbe")) {
                s.append("| encode, generated flyweight, ").append(n == 1000 ? "64 KB" : "64 MB").append(" |")
                        .append(cells(aluKeys("encodeGenerated", "encodeSbe"), r -> String.format("%s ns a record (%s SBE's encoder)",
                                f(alu(r, "encodeGenerated", n)), ratio(alu(r, "encodeGenerated", n) / alu(r, "encodeSbe", n)))))
                        .append('\n');
            }
        }
        if (anyAlu("decodeGeneratedDirect", "decodeGenerated")) {
            s.append("| decode, generated flyweight over a direct `ByteBuffer`, 64 MB |")
                    .append(cells(aluKeys("decodeGeneratedDirect", "decodeGenerated"), r -> String.format("%s ns a record (%s over a `byte[]`)",
                            f(alu(r, "decodeGeneratedDirect", 1000000)),
                            ratio(alu(r, "decodeGeneratedDirect", 1000000) / alu(r, "decodeGenerated", 1000000)))))
                    .append('\n');
        }
        String[] exit = {"StreamBench.exitScan", "StreamBench.floorOneBytePerRecord"};
        if (runs.stream().anyMatch(r -> r.has(exit))) {
            s.append("| EXIT scan of 64 MiB |").append(cells(exit, r -> String.format("%s ns a record (%s of the one-byte floor's speed)",
                    f(stream(r, "exitScan")), f(stream(r, "floorOneBytePerRecord") / stream(r, "exitScan"))))).append('\n');
        }
        String[] asm = {ASM + "assemble[listing=matmul_large.pe]", ASM + "disassemble[listing=matmul_large.pe]"};
        if (runs.stream().anyMatch(r -> r.has(asm))) {
            s.append("| assemble a real listing (`AsmBench`, matmul_large's PE stream) |").append(cells(asm, r -> String.format(Locale.ROOT,
                    "%,.0f K records/s (%s the disassembler's time a record)", 1000 / asm(r, "assemble", "matmul_large.pe"),
                    ratio(asm(r, "assemble", "matmul_large.pe") / asm(r, "disassemble", "matmul_large.pe"))))).append('\n');
        }
        for (String[] row : new String[][] {{"validate every record (`StreamBench`)", "validate"}, {"disassemble (`StreamBench`)", "disassemble"}}) {
            String[] k = {"StreamBench." + row[1], "StreamBench.floorOneBytePerRecord"};
            if (runs.stream().anyMatch(r -> r.has(k))) {
                s.append("| ").append(row[0]).append(" |").append(cells(k, r -> String.format(Locale.ROOT, "%.1f M records/s (%s the one-byte floor's time)",
                        1000 / stream(r, row[1]), ratio(stream(r, row[1]) / stream(r, "floorOneBytePerRecord"))))).append('\n');
            }
        }
        String[] sim = {"SimBench.streamSimulator", "SimBench.irSimulator"};
        if (runs.stream().anyMatch(r -> r.has(sim))) {
            s.append("| stream simulator (`SimBench`) |").append(cells(sim, r -> String.format("%s ms a run (%s faster than the IR simulator)",
                    f(r.get(sim[0]).median()), ratio(r.get(sim[1]).median() / r.get(sim[0]).median())))).append('\n');
        }
        String[] sync = {"NeffBench.syncRun"};
        if (runs.stream().anyMatch(r -> r.has(sync))) {
            s.append("| synchronisation level (`NeffBench`) |").append(cells(sync, r -> String.format(Locale.ROOT, "%.0f M records/s",
                    neffRate(r, sync[0])))).append('\n');
        }
        String[] pe = {"DataBench.peKernel"};
        if (runs.stream().anyMatch(r -> r.has(pe))) {
            s.append("| PE kernel (`DataBench`) |").append(cells(pe, r -> String.format(Locale.ROOT, "%.2f G MAC/s", macs(r, pe[0])))).append('\n');
        }
        String[] fp16 = {"DataBench.fp16Convert", "DataBench.fp16ConvertTable"};
        if (runs.stream().anyMatch(r -> r.has(fp16))) {
            s.append("| fp16 → fp32 of a moving tile (`DataBench`) |").append(cells(fp16, r -> String.format(Locale.ROOT,
                    "%.2f ns an element (%s the table's time)", fp16(r, fp16[0]), ratio(fp16(r, fp16[0]) / fp16(r, fp16[1])))))
                    .append('\n');
        }
        return s.toString();
    }

    private static double neffRate(Run r, String key) {
        return NeffBench.ENGINES * (double) NeffBench.PER_ENGINE / (r.get(key).median() * 1e3);
    }

    private static double macs(Run r, String key) {
        return (double) DataBench.K * DataBench.M * DataBench.N / (r.get(key).median() * 1e6);
    }

    /** ns an element of a DataBench conversion benchmark (ms a moving tile of K × N, DataBench's unit). */
    private static double fp16(Run r, String key) {
        return r.get(key).median() * 1e6 / (DataBench.K * DataBench.N);
    }

    String full() {
        StringBuilder s = new StringBuilder();
        Set<String> done = new LinkedHashSet<>();
        if (anyAlu("floorOneLongPerRecord", "decodeGenerated", "decodeHandwritten", "decodeSbe", "encodeGenerated", "encodeSbe",
                "encodeHandwritten")) {
            codecs(s, done);
        }
        if (runs.stream().anyMatch(r -> r.has("StreamBench.floorOneBytePerRecord"))) {
            streams(s, done);
        }
        if (runs.stream().anyMatch(r -> r.has(ASM + "assemble[listing=examples]"))) {
            assembly(s, done);
        }
        generic(s, done, "SimBench", "irSimulator", "IR simulator / this", null);
        generic(s, done, "NeffBench", "syncRunBaseline", "the earlier loop (`syncRunBaseline`) / this",
                (r, k) -> k.equals("NeffBench.syncRun") || k.equals("NeffBench.syncRunBaseline")
                        ? String.format(Locale.ROOT, "%.0f M records/s", neffRate(r, k)) : "");
        generic(s, done, "DataBench", "peKernelReference", "`peKernelReference` / this",
                (r, k) -> k.startsWith("DataBench.peKernel") || k.equals("DataBench.peMatmul")
                        ? String.format(Locale.ROOT, "%.2f G MAC/s", macs(r, k))
                        : k.startsWith("DataBench.fp16") ? String.format(Locale.ROOT, "%.2f ns an element", fp16(r, k)) : "");
        generic(s, done, "", null, null, null);
        return s.toString();
    }

    private void codecs(StringBuilder s, Set<String> done) {
        s.append("## Codecs (`RegisterAluBench`)\n\n")
                .append("ns per record over 1,000 records (64 KB, in cache) and 1,000,000 (64 MB). The `*Direct*` rows other than "
                        + "the default each run in a fork of their own whose codecs take one path to a direct buffer's memory "
                        + "(the system property `tpb.codec.memory`; `segment` needs Java 22+ and is `Unsafe` below it):\n\n")
                .append("| ns per record |").append(heads("64 KB")).append(heads("64 MB")).append(" allocation |\n|---|")
                .append(rules(2)).append("---|\n");
        String[][] rows = {
            {"floor: one long per record", "floorOneLongPerRecord"},
            {"decode, generated flyweight", "decodeGenerated"},
            {"decode, generated flyweight over a direct `ByteBuffer` (the JDK's default path)", "decodeGeneratedDirect"},
            {"… through `sun.misc.Unsafe` (`unsafe`)", "decodeGeneratedDirectUnsafe"},
            {"… through the buffer's view VarHandles (`view`)", "decodeGeneratedDirectView"},
            {"… through the buffer's `MemorySegment` (`segment`)", "decodeGeneratedDirectSegment"},
            {"… through the buffer's absolute getters (`absolute`)", "decodeGeneratedDirectAbsolute"},
            {"decode, generated static accessors", "decodeGeneratedStatic"},
            {"decode, hand-written VarHandle loop", "decodeHandwritten"},
            {"decode, SBE 1.35.6", "decodeSbe"},
            {"encode, generated flyweight (reset + every field)", "encodeGenerated"},
            {"encode, generated flyweight into a direct `ByteBuffer` (the JDK's default path)", "encodeGeneratedDirect"},
            {"… through `sun.misc.Unsafe` (`unsafe`)", "encodeGeneratedDirectUnsafe"},
            {"… through the buffer's view VarHandles (`view`)", "encodeGeneratedDirectView"},
            {"… through the buffer's `MemorySegment` (`segment`)", "encodeGeneratedDirectSegment"},
            {"… through the buffer's absolute setters (`absolute`)", "encodeGeneratedDirectAbsolute"},
            {"encode, hand-written", "encodeHandwritten"},
            {"encode, SBE (Agrona `UnsafeBuffer`)", "encodeSbe"},
            {"validate, generated", "validateGenerated"},
        };
        for (String[] row : rows) {
            if (!anyAlu(row[1])) {
                continue;
            }
            String[] k = aluKeys(row[1]);
            s.append("| ").append(row[0]).append(" |").append(cells(k, r -> f(alu(r, row[1], 1000))))
                    .append(cells(k, r -> f(alu(r, row[1], 1000000)))).append(" ")
                    .append(String.join(" / ", runs.stream().filter(r -> r.has(k)).map(r -> bytes(Math.max(
                            r.get(k[0]).allocPerOp() / 1000, r.get(k[1]).allocPerOp() / 1_000_000))).toList())).append(" |\n");
            done.add(ALU + row[1] + "[");
        }
        s.append("\n| ratio, same run |").append(heads("64 KB")).append(heads("64 MB")).append(" target |\n|---|").append(rules(2)).append("---|\n");
        ratioRow(s, "generated decode / hand-written loop", "decodeGenerated", "decodeHandwritten", 1.1);
        ratioRow(s, "generated static accessors / hand-written loop", "decodeGeneratedStatic", "decodeHandwritten", Double.NaN);
        ratioRow(s, "generated decode / SBE's decoder", "decodeGenerated", "decodeSbe", Double.NaN);
        ratioRow(s, "generated encode / SBE's encoder", "encodeGenerated", "encodeSbe", 1.0);
        ratioRow(s, "generated decode, direct buffer / byte[]", "decodeGeneratedDirect", "decodeGenerated", 1.2);
        ratioRow(s, "generated decode, direct buffer, default path / `unsafe`", "decodeGeneratedDirect", "decodeGeneratedDirectUnsafe", Double.NaN);
        ratioRow(s, "generated encode, direct buffer / byte[]", "encodeGeneratedDirect", "encodeGenerated", 1.2);
        ratioRow(s, "generated encode, direct buffer, default path / `unsafe`", "encodeGeneratedDirect", "encodeGeneratedDirectUnsafe", Double.NaN);
        ratioRow(s, "generated encode / hand-written", "encodeGenerated", "encodeHandwritten", Double.NaN);
        s.append("\n");
    }

    private void ratioRow(StringBuilder s, String label, String bench, String anchor, double target) {
        if (!anyAlu(bench, anchor)) {
            return;
        }
        String[] k = aluKeys(bench, anchor);
        ToDoubleFunction<Run> small = r -> alu(r, bench, 1000) / alu(r, anchor, 1000);
        ToDoubleFunction<Run> big = r -> alu(r, bench, 1000000) / alu(r, anchor, 1000000);
        boolean met = runs.stream().filter(r -> r.has(k)).allMatch(r -> small.applyAsDouble(r) <= target && big.applyAsDouble(r) <= target);
        s.append("| ").append(label).append(" |").append(cells(k, r -> ratio(small.applyAsDouble(r))))
                .append(cells(k, r -> ratio(big.applyAsDouble(r))))
                .append(Double.isNaN(target) ? " — |" : " ≤ " + target + ": " + verdict(met) + " |").append('\n');
    }

    private static String bytes(double perRecord) {
        return Double.isNaN(perRecord) ? "(no -prof gc)" : String.format(Locale.ROOT, "%.4f B/record", perRecord);
    }

    private static final String ASM = "AsmBench.";

    /** µs a record of an AsmBench benchmark (its scores are µs a pass) on {@code listing}. */
    private double asm(Run r, String bench, String listing) {
        return r.get(ASM + bench + "[listing=" + listing + "]").median() / asmRecords(listing);
    }

    private final Map<String, Integer> asmRecords = new LinkedHashMap<>();

    /** The records of an AsmBench listing, counted by making it as the benchmark does (from the repository's root). */
    private int asmRecords(String listing) {
        return asmRecords.computeIfAbsent(listing, l -> {
            AsmBench b = new AsmBench();
            b.listing = l;
            try {
                b.setup();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return b.records();
        });
    }

    private void assembly(StringBuilder s, Set<String> done) {
        s.append("## Assembly (`AsmBench`)\n\nEach listing assembled as `tpb asm` assembles it (validated, and with `--no-validate`), "
                + "and its stream disassembled, in the same run; µs a record:\n\n")
                .append("| listing | records |").append(heads("assemble")).append(heads("`--no-validate`")).append(heads("disassemble"))
                .append(heads("assemble / disassemble")).append("\n|---|---|").append(rules(4)).append("\n");
        for (String l : new String[] {"matmul_large.pe", "qwen3-moe.pool", "examples"}) {
            String[] k = {ASM + "assemble[listing=" + l + "]", ASM + "assembleNoValidation[listing=" + l + "]", ASM + "disassemble[listing=" + l + "]"};
            if (runs.stream().noneMatch(r -> r.has(k))) {
                continue;
            }
            s.append(String.format(Locale.ROOT, "| `%s` | %,d |", l, asmRecords(l)))
                    .append(cells(k, r -> String.format(Locale.ROOT, "%.2f", asm(r, "assemble", l))))
                    .append(cells(k, r -> String.format(Locale.ROOT, "%.2f", asm(r, "assembleNoValidation", l))))
                    .append(cells(k, r -> String.format(Locale.ROOT, "%.2f", asm(r, "disassemble", l))))
                    .append(cells(k, r -> ratio(asm(r, "assemble", l) / asm(r, "disassemble", l)))).append('\n');
        }
        done.add(ASM);
        s.append("\n");
    }

    private void streams(StringBuilder s, Set<String> done) {
        s.append(String.format("## Streams, validation, disassembly (`StreamBench`)\n\nA 64 MiB stream (%,d records, the EXIT last so "
                + "the scan reads them all; disassembly of the first %,d), ns per record and against the one-byte floor of the same run:\n\n",
                StreamBench.RECORDS, StreamBench.DISASM_RECORDS))
                .append("| benchmark |").append(heads("ns per record")).append(heads("figure")).append(" allocation |\n|---|")
                .append(rules(2)).append("---|\n");
        String[][] rows = {
            {"floor: one byte per record", "floorOneBytePerRecord"},
            {"EXIT scan (`ExitScan.firstExit`)", "exitScan"},
            {"walker, opcode count", "walkerCountOpcode"},
            {"walker with a visitor lambda", "walkerVisitor"},
            {"validate every record", "validate"},
            {"disassemble", "disassemble"},
        };
        for (String[] row : rows) {
            String[] k = {"StreamBench." + row[1], "StreamBench.floorOneBytePerRecord"};
            if (runs.stream().noneMatch(r -> r.has(k))) {
                continue;
            }
            int records = row[1].equals("disassemble") ? StreamBench.DISASM_RECORDS : StreamBench.RECORDS;
            s.append("| ").append(row[0]).append(" |").append(cells(k, r -> f(stream(r, row[1])))).append(cells(k, r -> {
                double floor = stream(r, "floorOneBytePerRecord");
                double ns = stream(r, row[1]);
                return switch (row[1]) {
                    case "exitScan" -> String.format("%s of the floor's speed (target ≥ 0.9: %s)", f(floor / ns), verdict(floor / ns >= 0.9));
                    case "validate" -> String.format(Locale.ROOT, "%.1f M records/s (target ≥ 100 M: %s)", 1000 / ns, verdict(1000 / ns >= 100));
                    case "disassemble" -> String.format(Locale.ROOT, "%.2f M records/s (target ≥ 5 M: %s)", 1000 / ns, verdict(1000 / ns >= 5));
                    default -> String.format("%s of the floor's speed", f(floor / ns));
                };
            })).append(" ").append(String.join(" / ", runs.stream().filter(r -> r.has(k))
                    .map(r -> bytes(r.get(k[0]).allocPerOp() / records)).toList())).append(" |\n");
            done.add("StreamBench." + row[1]);
        }
        s.append("\n");
    }

    /**
     * A table of every benchmark of class {@code cls} not yet shown ({@code ""}: of every class):
     * per run the median and range, the ratio to {@code anchor} of the same class and run when
     * given, and a rate when {@code rate} gives one; the allocation of each run.
     */
    private void generic(StringBuilder s, Set<String> done, String cls, String anchor, String anchorLabel,
            java.util.function.BiFunction<Run, String, String> rate) {
        Set<String> keys = new LinkedHashSet<>();
        for (Run r : runs) {
            r.scores().keySet().stream().filter(k -> (cls.isEmpty() || k.startsWith(cls + ".")) && done.stream().noneMatch(k::startsWith))
                    .forEach(keys::add);
        }
        if (keys.isEmpty()) {
            return;
        }
        s.append(cls.isEmpty() ? "## Other benchmarks of the run\n\n" : "## `" + cls + "`\n\n");
        s.append("| benchmark |").append(heads("median (range)"));
        int perRun = 1;
        if (anchorLabel != null) {
            s.append(heads(anchorLabel));
            perRun++;
        }
        if (rate != null) {
            s.append(heads("rate"));
            perRun++;
        }
        s.append(" allocation a run |\n|---|").append(rules(perRun)).append("---|\n");
        for (String k : keys) {
            s.append("| `").append(k.substring(cls.isEmpty() ? 0 : cls.length() + 1)).append("` |");
            s.append(cells(new String[] {k}, r -> {
                Score sc = r.get(k);
                String unit = sc.unit().replace("/op", "");
                return String.format("%s %s (%s–%s)", f(sc.median()), unit, f(sc.min()), f(sc.max()));
            }));
            if (anchorLabel != null) {
                s.append(cells(new String[] {k, cls + "." + anchor}, r -> ratio(r.get(cls + "." + anchor).median() / r.get(k).median())));
            }
            if (rate != null) {
                s.append(cells(new String[] {k}, r -> rate.apply(r, k)));
            }
            s.append(" ").append(String.join(" / ", runs.stream().filter(r -> r.has(k)).map(r -> Double.isNaN(r.get(k).allocPerOp()) ? "—"
                    : String.format(Locale.ROOT, "%,.0f B", r.get(k).allocPerOp())).toList())).append(" |\n");
            done.add(k);
        }
        s.append('\n');
    }
}
