package tpb.cost;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import tpb.isa.Arch;

/**
 * The coefficients of {@code tpb estimate}, as data: one YAML file per generation
 * ({@code tpb/cost/<arch>.yaml}), each coefficient with its value, unit, source and confidence
 * (and, where it was fitted on the measured profiles, what it was fitted on). Nothing here is an
 * ISA fact; the names are the model's own ({@link #NAMES}), and every one must be in the file.
 */
public final class CostModel {
    /** One coefficient as the file gives it. */
    public record Coefficient(String name, double value, String unit, String confidence, String source, String fit) {}

    /** The coefficients the model reads; a file lacking one is refused. */
    public static final List<String> NAMES = List.of("pe_clock_ghz", "pe_rows", "pe_cols", "act_clock_ghz", "pool_clock_ghz", "dve_clock_ghz", "pe_min_moving",
            "pe_throttled_rate", "pe_ramp_ns", "pe_fp32_passes", "pe_fp32_one_pass_columns", "pe_matmul_latency_ns", "pe_ldweights_ns",
            "pe_ldweights_latency_ns", "act_fixed_ns", "act_pipeline_ns", "act_table_load_ns", "dve_fixed_ns", "pool_fixed_ns", "sync_record_ns",
            "semaphore_latency_ns", "dma_direct2d_issue_ns", "dma_direct2d_issue_pool_ns", "dma_direct2d_pool_dge_ns", "dma_trigger_issue_ns", "dma_trigger_one_write_issue_ns", "dma_dge_issue_ns",
            "dma_latency_ns", "dma_engines", "dma_engine_gbps", "dma_packet_ns", "dma_trigger_packet_ns", "dma_small_run_bytes", "dma_small_run_ns", "dma_queue_depth", "dma_trigger_queue_depth", "hbm_gbps", "runtime_prologue_ns", "runtime_epilogue_ns",
            "runtime_loads_from_tool", "runtime_pe_active_ns", "runtime_act_active_ns", "runtime_dve_active_ns", "runtime_pool_active_ns", "runtime_sp_active_ns",
            "runtime_dma_active_ns", "runtime_preloaded_pe_active_ns", "runtime_preloaded_act_active_ns", "runtime_preloaded_dve_active_ns",
            "runtime_preloaded_pool_active_ns", "runtime_preloaded_sp_active_ns", "runtime_preloaded_dma_active_ns", "cv_total_error");

    /**
     * An instruction class's own coefficients, beside the engine's: {@code <engine>.<Arm>.fixed_ns}
     * and {@code .element_ns} ({@code act.Activate.fixed_ns}), fitted on that class's measured rows
     * ({@link Fit}); a class without them costs as its engine ({@link RecordCost}).
     */
    static final java.util.regex.Pattern CLASS = java.util.regex.Pattern.compile("(act|dve|pool|sp|pe)\\.[A-Za-z0-9]+\\.(fixed_ns|element_ns)");

    private static final List<String> CONFIDENCES = List.of("CONFIRMED", "STRONG", "INFERRED", "SPECULATIVE", "ASSUMED");

    private final String arch;
    private final Map<String, Coefficient> coefficients;

    private CostModel(String arch, Map<String, Coefficient> coefficients) {
        this.arch = arch;
        this.coefficients = Collections.unmodifiableMap(coefficients);
    }

    /** The model of {@code arch}'s generation; a {@link CostException} when there is none. */
    public static CostModel of(Arch arch) {
        String name = "tpb/cost/" + arch.name().toLowerCase(Locale.ROOT) + ".yaml";
        try (InputStream in = CostModel.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new CostException("no cost model for " + arch.name() + " (the model has figures for CAYMAN and SUNDA: docs/estimate.md)");
            }
            return parse(name, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A model from the YAML text {@code bytes} (named {@code file} in messages). */
    static CostModel parse(String file, byte[] bytes) {
        Object doc = new Load(LoadSettings.builder().setAllowDuplicateKeys(false).build()).loadFromString(new String(bytes,
                java.nio.charset.StandardCharsets.UTF_8));
        if (!(doc instanceof Map<?, ?> top) || !(top.get("coefficients") instanceof Map<?, ?> cs) || !(top.get("arch") instanceof String arch)) {
            throw new CostException(file + ": not a cost model (arch: and coefficients: expected)");
        }
        Map<String, Coefficient> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : cs.entrySet()) {
            String name = String.valueOf(e.getKey());
            if (!NAMES.contains(name) && !CLASS.matcher(name).matches()) {
                throw new CostException(file + ": coefficient " + name + " is not one the model reads");
            }
            if (!(e.getValue() instanceof Map<?, ?> c) || !(c.get("value") instanceof Number v) || !(c.get("confidence") instanceof String conf)
                    || !CONFIDENCES.contains(conf) || !(c.get("source") instanceof String src)) {
                throw new CostException(file + ": coefficient " + name + " needs a number value, a source and a confidence of " + CONFIDENCES);
            }
            if (!Double.isFinite(v.doubleValue()) || v.doubleValue() < 0 || v.doubleValue() == 0 && (name.endsWith("_ghz") || name.endsWith("_gbps")
                    || name.equals("dma_engines"))) {
                throw new CostException(file + ": coefficient " + name + " is " + v + ": a finite value of at least 0 expected (a clock, bandwidth or engine count above 0)");
            }
            out.put(name, new Coefficient(name, v.doubleValue(), String.valueOf(c.get("unit")), conf, src,
                    c.get("fit") == null ? null : String.valueOf(c.get("fit"))));
        }
        for (String name : NAMES) {
            if (!out.containsKey(name)) {
                throw new CostException(file + ": coefficient " + name + " is missing");
            }
        }
        return new CostModel(arch, out);
    }

    public String arch() {
        return arch;
    }

    /** Every coefficient, in the file's order. */
    public Map<String, Coefficient> coefficients() {
        return coefficients;
    }

    /** The largest model file {@link #read} takes: the shipped ones are under 40 KiB. */
    public static final long MAX_FILE_BYTES = 1 << 20;

    /** A model from a user's file (one {@link #yaml} wrote, or one edited by hand); every problem one {@link CostException} naming the file. */
    public static CostModel read(java.nio.file.Path file) {
        try {
            if (java.nio.file.Files.size(file) > MAX_FILE_BYTES) {
                throw new CostException(file + ": a cost model of at most " + MAX_FILE_BYTES + " bytes expected, this one is " + java.nio.file.Files.size(file));
            }
            return parse(file.toString(), java.nio.file.Files.readAllBytes(file));
        } catch (IOException e) {
            throw new CostException(file + ": cannot read: " + e.getMessage());
        } catch (org.snakeyaml.engine.v2.exceptions.YamlEngineException e) {
            throw new CostException(file + ": not YAML: " + e.getMessage().lines().findFirst().orElse("").strip());
        }
    }

    /** Checks that {@code yaml} reads back as a model (what {@link #yaml} writes must): a {@link CostException} naming {@code file} when not. */
    public static void parseCheck(String file, String yaml) {
        parse(file, yaml.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** This model with coefficient {@code name} set to {@code value}, with its confidence, source and fit. */
    public CostModel with(String name, double value, String confidence, String source, String fit) {
        Map<String, Coefficient> out = new LinkedHashMap<>(coefficients);
        Coefficient old = coefficients.get(name);
        out.put(name, new Coefficient(name, value, old == null ? (name.endsWith("element_ns") ? "ns an element" : "ns") : old.unit(), confidence,
                source, fit));
        return new CostModel(arch, out);
    }

    /** The model as the YAML {@link #read} takes: {@code comment} (each line prefixed {@code # }), the arch, every coefficient in order. */
    public String yaml(String comment) {
        StringBuilder b = new StringBuilder();
        comment.lines().forEach(l -> b.append("# ").append(l).append('\n'));
        b.append("arch: ").append(arch).append("\ncoefficients:\n");
        for (Coefficient c : coefficients.values()) {
            b.append("  ").append(c.name()).append(":\n");
            b.append("    value: ").append(new java.math.BigDecimal(c.value()).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString()).append('\n');
            b.append("    unit: ").append(quote(c.unit())).append('\n');
            b.append("    confidence: ").append(c.confidence()).append('\n');
            b.append("    source: ").append(quote(c.source())).append('\n');
            if (c.fit() != null) {
                b.append("    fit: ").append(quote(c.fit())).append('\n');
            }
        }
        return b.toString();
    }

    /** {@code s} as a YAML double-quoted scalar. */
    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') {
                b.append('\\').append(ch);
            } else if (ch < 0x20) {
                b.append(String.format(Locale.ROOT, "\\x%02x", (int) ch));
            } else {
                b.append(ch);
            }
        }
        return b.append('"').toString();
    }

    /** Whether the file gives coefficient {@code name} (an instruction class's are optional). */
    public boolean has(String name) {
        return coefficients.containsKey(name);
    }

    /** This model with {@code values} in place of its own (a {@link Fit}'s), each marked fitted on {@code on}. */
    public CostModel with(Map<String, Double> values, String on) {
        Map<String, Coefficient> out = new LinkedHashMap<>(coefficients);
        values.forEach((name, v) -> {
            Coefficient old = coefficients.get(name);
            out.put(name, new Coefficient(name, v, old == null ? "ns" : old.unit(), "INFERRED", old == null ? "fit" : old.source(), on));
        });
        return new CostModel(arch, out);
    }

    /** Coefficient {@code name}'s value ({@link #NAMES}). */
    public double get(String name) {
        Coefficient c = coefficients.get(name);
        if (c == null) {
            throw new IllegalArgumentException("no coefficient " + name);
        }
        return c.value();
    }
}
