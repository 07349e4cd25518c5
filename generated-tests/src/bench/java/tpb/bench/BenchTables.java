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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Writes the speed tables from one JMH run's JSON between the {@code <!-- bench:begin -->} and
 * {@code <!-- bench:end -->} markers of the README (a few rows) and of docs/performance.md (every
 * benchmark of the run): medians of all measured iterations, each ratio beside the baseline it is
 * taken against in the same run, the commit, the JMH settings and the machine's load. Run by
 * {@code bench/run}; nothing else writes between the markers.
 *
 * <pre>java -cp benchmarks.jar tpb.bench.BenchTables RESULT.json COMMIT "LOAD" "SETTINGS" README.md docs/performance.md</pre>
 */
public final class BenchTables {
    static final String BEGIN = "<!-- bench:begin -->";
    static final String END = "<!-- bench:end -->";

    /** One benchmark's result: median and range of the measured iterations, unit, bytes allocated per op. */
    record Score(double median, double min, double max, String unit, double allocPerOp) {}

    private final Map<String, Score> scores = new LinkedHashMap<>();

    private BenchTables() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 6) {
            System.err.println("usage: BenchTables RESULT.json COMMIT LOAD SETTINGS README.md docs/performance.md");
            System.exit(2);
        }
        BenchTables t = new BenchTables();
        t.read(Path.of(args[0]));
        String stamp = String.format("Measured at commit `%s` by `bench/run` (JMH %s; medians of the measured iterations; "
                + "load average %s). The raw JSON is not kept in git.", args[1], args[3], args[2]);
        replace(Path.of(args[4]), "\n" + stamp + "\n\n" + t.readme().stripTrailing() + "\n\n");
        replace(Path.of(args[5]), "\n" + stamp + "\n\n" + t.full().stripTrailing() + "\n\n");
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

    private void read(Path json) throws IOException {
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
    }

    private Score get(String key) {
        return scores.get(key);
    }

    private boolean has(String... keys) {
        return Arrays.stream(keys).allMatch(scores::containsKey);
    }

    // ---- the figures ------------------------------------------------------------------------

    private static final String ALU = "RegisterAluBench.";

    /** ns per record of a RegisterAluBench benchmark at {@code records}. */
    private double alu(String bench, int records) {
        return get(ALU + bench + "[records=" + records + "]").median() / records;
    }

    private boolean hasAlu(String... benches) {
        return Arrays.stream(benches).allMatch(b -> has(ALU + b + "[records=1000]", ALU + b + "[records=1000000]"));
    }

    /** ns per record of a StreamBench benchmark (its scores are µs a pass). */
    private double stream(String bench) {
        int records = bench.equals("disassemble") ? StreamBench.DISASM_RECORDS : StreamBench.RECORDS;
        return get("StreamBench." + bench).median() * 1000 / records;
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
        StringBuilder s = new StringBuilder("| what | figure | anchor in the same run |\n|---|---|---|\n");
        if (hasAlu("decodeGenerated", "decodeHandwritten", "decodeSbe")) {
            for (int n : new int[] {1000, 1000000}) {
                double g = alu("decodeGenerated", n);
                double h = alu("decodeHandwritten", n);
                s.append(String.format("| decode, generated flyweight, %s | %s ns a record | %s the hand-written loop (%s ns), %s SBE |\n",
                        n == 1000 ? "64 KB" : "64 MB", f(g), ratio(g / h), f(h), ratio(g / alu("decodeSbe", n))));
            }
        }
        if (hasAlu("encodeGenerated", "encodeSbe")) {
            for (int n : new int[] {1000, 1000000}) {
                double g = alu("encodeGenerated", n);
                double e = alu("encodeSbe", n);
                s.append(String.format("| encode, generated flyweight, %s | %s ns a record | %s SBE's encoder (%s ns) |\n",
                        n == 1000 ? "64 KB" : "64 MB", f(g), ratio(g / e), f(e)));
            }
        }
        if (hasAlu("decodeGeneratedDirect", "decodeGenerated")) {
            double d = alu("decodeGeneratedDirect", 1000000);
            s.append(String.format("| decode, generated flyweight over a direct `ByteBuffer`, 64 MB | %s ns a record | %s the same flyweight over a `byte[]` |\n",
                    f(d), ratio(d / alu("decodeGenerated", 1000000))));
        }
        if (has("StreamBench.exitScan", "StreamBench.floorOneBytePerRecord")) {
            s.append(String.format("| EXIT scan of 64 MiB | %s ns a record | %s of the one-byte-a-record floor's speed |\n",
                    f(stream("exitScan")), f(stream("floorOneBytePerRecord") / stream("exitScan"))));
        }
        if (has(ASM + "assemble[listing=matmul_large.pe]", ASM + "disassemble[listing=matmul_large.pe]")) {
            double a = asm("assemble", "matmul_large.pe");
            s.append(String.format(Locale.ROOT, "| assemble a real listing (`AsmBench`, matmul_large's PE stream) | %,.0f K records/s | "
                    + "%s the disassembler's time a record (%.2f µs) |\n", 1000 / a, ratio(a / asm("disassemble", "matmul_large.pe")),
                    asm("disassemble", "matmul_large.pe")));
        }
        for (String[] r : new String[][] {{"validate every record (`StreamBench`)", "validate"}, {"disassemble (`StreamBench`)", "disassemble"}}) {
            if (has("StreamBench." + r[1], "StreamBench.floorOneBytePerRecord")) {
                s.append(String.format("| %s | %.1f M records/s | %s the one-byte floor's time a record (%s ns) |\n", r[0],
                        1000 / stream(r[1]), ratio(stream(r[1]) / stream("floorOneBytePerRecord")), f(stream("floorOneBytePerRecord"))));
            }
        }
        if (has("SimBench.streamSimulator", "SimBench.irSimulator")) {
            s.append(String.format("| stream simulator (`SimBench`) | %s ms a run | %s faster than the IR simulator |\n",
                    f(get("SimBench.streamSimulator").median()),
                    ratio(get("SimBench.irSimulator").median() / get("SimBench.streamSimulator").median())));
        }
        if (has("NeffBench.syncRun")) {
            s.append(String.format("| synchronisation level (`NeffBench`) | %.0f M records/s | — |\n", neffRate("NeffBench.syncRun")));
        }
        if (has("DataBench.peKernel")) {
            s.append(String.format("| PE kernel (`DataBench`) | %.2f G MAC/s | — |\n", macs("DataBench.peKernel")));
        }
        return s.toString();
    }

    private double neffRate(String key) {
        return NeffBench.ENGINES * (double) NeffBench.PER_ENGINE / (get(key).median() * 1e3);
    }

    private double macs(String key) {
        return (double) DataBench.K * DataBench.M * DataBench.N / (get(key).median() * 1e6);
    }

    String full() {
        StringBuilder s = new StringBuilder();
        List<String> done = new ArrayList<>();
        if (hasAlu("floorOneLongPerRecord", "decodeGenerated", "decodeHandwritten", "decodeSbe", "encodeGenerated", "encodeSbe",
                "encodeHandwritten")) {
            codecs(s, done);
        }
        if (has("StreamBench.floorOneBytePerRecord")) {
            streams(s, done);
        }
        if (has(ASM + "assemble[listing=examples]")) {
            assembly(s, done);
        }
        generic(s, done, "SimBench", "irSimulator", "IR simulator / this", null);
        generic(s, done, "NeffBench", "syncRunBaseline", "vs the earlier loop (`syncRunBaseline`)",
                k -> k.equals("NeffBench.syncRun") || k.equals("NeffBench.syncRunBaseline")
                        ? String.format("%.0f M records/s", neffRate(k)) : "");
        generic(s, done, "DataBench", "peKernelReference", "`peKernelReference` / this",
                k -> k.startsWith("DataBench.peKernel") || k.equals("DataBench.peMatmul")
                        ? String.format("%.2f G MAC/s", macs(k)) : "");
        generic(s, done, "", null, null, null);
        return s.toString();
    }

    private void codecs(StringBuilder s, List<String> done) {
        s.append("## Codecs (`RegisterAluBench`)\n\n")
                .append("| ns per record | 1,000 records (64 KB, in cache) | 1,000,000 records (64 MB) | allocation |\n|---|---|---|---|\n");
        String[][] rows = {
            {"floor: one long per record", "floorOneLongPerRecord"},
            {"decode, generated flyweight", "decodeGenerated"},
            {"decode, generated flyweight over a direct `ByteBuffer`", "decodeGeneratedDirect"},
            {"decode, generated static accessors", "decodeGeneratedStatic"},
            {"decode, hand-written VarHandle loop", "decodeHandwritten"},
            {"decode, SBE 1.35.6", "decodeSbe"},
            {"encode, generated flyweight (reset + every field)", "encodeGenerated"},
            {"encode, generated flyweight into a direct `ByteBuffer`", "encodeGeneratedDirect"},
            {"encode, hand-written", "encodeHandwritten"},
            {"encode, SBE (Agrona `UnsafeBuffer`)", "encodeSbe"},
            {"validate, generated", "validateGenerated"},
        };
        for (String[] r : rows) {
            if (!hasAlu(r[1])) {
                continue;
            }
            double alloc = Math.max(get(ALU + r[1] + "[records=1000]").allocPerOp() / 1000,
                    get(ALU + r[1] + "[records=1000000]").allocPerOp() / 1_000_000);
            s.append(String.format("| %s | %s | %s | %s |\n", r[0], f(alu(r[1], 1000)), f(alu(r[1], 1000000)), bytes(alloc)));
            done.add(ALU + r[1]);
        }
        s.append("\n| ratio, same run | 64 KB | 64 MB | target |\n|---|---|---|---|\n");
        ratioRow(s, "generated decode / hand-written loop", "decodeGenerated", "decodeHandwritten", 1.1);
        ratioRow(s, "generated static accessors / hand-written loop", "decodeGeneratedStatic", "decodeHandwritten", Double.NaN);
        ratioRow(s, "generated decode / SBE's decoder", "decodeGenerated", "decodeSbe", Double.NaN);
        ratioRow(s, "generated encode / SBE's encoder", "encodeGenerated", "encodeSbe", 1.0);
        ratioRow(s, "generated decode, direct buffer / byte[]", "decodeGeneratedDirect", "decodeGenerated", 1.2);
        ratioRow(s, "generated encode, direct buffer / byte[]", "encodeGeneratedDirect", "encodeGenerated", 1.2);
        ratioRow(s, "generated encode / hand-written", "encodeGenerated", "encodeHandwritten", Double.NaN);
        s.append("\n");
    }

    private void ratioRow(StringBuilder s, String label, String bench, String anchor, double target) {
        if (!hasAlu(bench, anchor)) {
            return;
        }
        double small = alu(bench, 1000) / alu(anchor, 1000);
        double big = alu(bench, 1000000) / alu(anchor, 1000000);
        s.append(String.format("| %s | %s | %s | %s |\n", label, ratio(small), ratio(big),
                Double.isNaN(target) ? "—" : "≤ " + target + ": " + verdict(small <= target && big <= target)));
    }

    private static String bytes(double perRecord) {
        return Double.isNaN(perRecord) ? "(no -prof gc)" : String.format(Locale.ROOT, "%.4f B/record", perRecord);
    }

    private static final String ASM = "AsmBench.";

    /** µs a record of an AsmBench benchmark (its scores are µs a pass) on {@code listing}. */
    private double asm(String bench, String listing) {
        return get(ASM + bench + "[listing=" + listing + "]").median() / asmRecords(listing);
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

    private void assembly(StringBuilder s, List<String> done) {
        s.append("## Assembly (`AsmBench`)\n\nEach listing assembled as `tpb asm` assembles it (validated, and with `--no-validate`), "
                + "and its stream disassembled, in the same run:\n\n")
                .append("| listing | records | assemble | records/s | `--no-validate` | disassemble | assemble / disassemble |\n"
                        + "|---|---|---|---|---|---|---|\n");
        for (String l : new String[] {"matmul_large.pe", "qwen3-moe.pool", "examples"}) {
            if (!has(ASM + "assemble[listing=" + l + "]", ASM + "assembleNoValidation[listing=" + l + "]",
                    ASM + "disassemble[listing=" + l + "]")) {
                continue;
            }
            double a = asm("assemble", l);
            s.append(String.format(Locale.ROOT, "| `%s` | %,d | %.2f µs a record | %,.0f K | %.2f µs | %.2f µs | %s |\n", l, asmRecords(l), a,
                    1000 / a, asm("assembleNoValidation", l), asm("disassemble", l), ratio(a / asm("disassemble", l))));
        }
        done.add(ASM);
        s.append("\n");
    }

    private void streams(StringBuilder s, List<String> done) {
        s.append(String.format("## Streams, validation, disassembly (`StreamBench`)\n\nA 64 MiB stream (%,d records, the EXIT last so "
                + "the scan reads them all; disassembly of the first %,d):\n\n", StreamBench.RECORDS, StreamBench.DISASM_RECORDS))
                .append("| benchmark | per pass | ns per record | figure | allocation |\n|---|---|---|---|---|\n");
        double floor = stream("floorOneBytePerRecord");
        String[][] rows = {
            {"floor: one byte per record", "floorOneBytePerRecord"},
            {"EXIT scan (`ExitScan.firstExit`)", "exitScan"},
            {"walker, opcode count", "walkerCountOpcode"},
            {"walker with a visitor lambda", "walkerVisitor"},
            {"validate every record", "validate"},
            {"disassemble", "disassemble"},
        };
        for (String[] r : rows) {
            if (!has("StreamBench." + r[1])) {
                continue;
            }
            Score sc = get("StreamBench." + r[1]);
            double ns = stream(r[1]);
            int records = r[1].equals("disassemble") ? StreamBench.DISASM_RECORDS : StreamBench.RECORDS;
            String figure = switch (r[1]) {
                case "exitScan" -> String.format("%s of the floor's speed (target ≥ 0.9: %s)", f(floor / ns), verdict(floor / ns >= 0.9));
                case "validate" -> String.format("%.1f M records/s (target ≥ 100 M: %s); %s the floor's time", 1000 / ns,
                        verdict(1000 / ns >= 100), ratio(ns / floor));
                case "disassemble" -> String.format("%.2f M records/s (target ≥ 5 M: %s); %s the floor's time", 1000 / ns,
                        verdict(1000 / ns >= 5), ratio(ns / floor));
                default -> String.format("%s of the floor's speed", f(floor / ns));
            };
            s.append(String.format("| %s | %s %s | %s | %s | %s |\n", r[0], f(sc.median()), sc.unit().replace("/op", ""), f(ns), figure,
                    bytes(sc.allocPerOp() / records)));
            done.add("StreamBench." + r[1]);
        }
        s.append("\n");
    }

    /**
     * A table of every benchmark of class {@code cls} not yet shown ({@code ""}: of every class):
     * median and range, allocation, the ratio to {@code anchor} of the same class when given, and a
     * rate when {@code rate} gives one.
     */
    private void generic(StringBuilder s, List<String> done, String cls, String anchor, String anchorLabel,
            Function<String, String> rate) {
        List<String> keys = scores.keySet().stream()
                .filter(k -> (cls.isEmpty() || k.startsWith(cls + ".")) && done.stream().noneMatch(k::startsWith)).toList();
        if (keys.isEmpty()) {
            return;
        }
        s.append(cls.isEmpty() ? "## Other benchmarks of the run\n\n" : "## `" + cls + "`\n\n");
        s.append("| benchmark | median | range | allocation a run |").append(anchorLabel == null ? "" : " " + anchorLabel + " |")
                .append(rate == null ? "" : " rate |").append("\n|---|---|---|---|").append(anchorLabel == null ? "" : "---|")
                .append(rate == null ? "" : "---|").append("\n");
        Score a = anchor == null ? null : get(cls + "." + anchor);
        for (String k : keys) {
            Score sc = get(k);
            String unit = sc.unit().replace("/op", "");
            s.append(String.format("| `%s` | %s %s | %s–%s | %s |", k.substring(cls.isEmpty() ? 0 : cls.length() + 1), f(sc.median()), unit,
                    f(sc.min()), f(sc.max()), Double.isNaN(sc.allocPerOp()) ? "—" : String.format(Locale.ROOT, "%,.0f B", sc.allocPerOp())));
            if (anchorLabel != null) {
                s.append(' ').append(a == null ? "—" : ratio(a.median() / sc.median())).append(" |");
            }
            if (rate != null) {
                s.append(' ').append(rate.apply(k)).append(" |");
            }
            s.append('\n');
            done.add(k);
        }
        s.append('\n');
    }
}
