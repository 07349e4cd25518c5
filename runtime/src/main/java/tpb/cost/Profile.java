package tpb.cost;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import tpb.neff.NeffException;
import tpb.neff.NeffJson;
import tpb.neff.SafeName;

/**
 * A neuron-profile JSON export ({@code neuron-profile view --output-format json}), plain or
 * gzip'd, read as untrusted input: at most {@link #MAX_FILE_BYTES} on disk and
 * {@link #MAX_JSON_BYTES} once inflated, through {@link NeffJson}'s bounded parser; anything that
 * is not the shape below is one {@link CostException} naming the file and the key.
 *
 * <p>What is read (the export's own keys, profiler 2.28; its {@code terminology} block defines
 * them): {@code summary[0]}'s {@code total_time}, the five engines' {@code *_engine_active_time}
 * and {@code dma_active_time}, in seconds; every {@code instruction} with its {@code subgraph},
 * {@code subgroup} (the engine: Tensor, Scalar, Vector, GpSimd, Sync), {@code pc}, {@code opcode},
 * {@code operands}, {@code timestamp} and {@code duration} in ns.
 */
public record Profile(String file, double totalNs, Map<String, Double> activeNs, double dmaActiveNs, List<Instruction> instructions) {
    /** The largest profile file read (ASSUMED bound: the six shared exports are 85-213 KB gzip'd). */
    public static final long MAX_FILE_BYTES = 256L << 20;
    /** The largest JSON text read once inflated (ASSUMED bound; the shared exports inflate to 1.8-4.6 MB). */
    public static final int MAX_JSON_BYTES = 512 << 20;

    /** The profiler's engine names ({@code subgroup}) as the NEFF names the engines. */
    public static final Map<String, String> ENGINES = Map.of("Tensor", "pe", "Scalar", "act", "Vector", "dve", "GpSimd", "pool", "Sync", "sp");
    private static final Map<String, String> SUMMARY = Map.of("pe", "tensor_engine_active_time", "act", "scalar_engine_active_time", "dve",
            "vector_engine_active_time", "pool", "gpsimd_engine_active_time", "sp", "sync_engine_active_time");

    /** One measured instruction: its subgraph, engine (as the NEFF names it), pc in that engine's stream, opcode, operands, start and duration. */
    public record Instruction(String subgraph, String engine, long pc, String opcode, String operands, long timestampNs, long durationNs) {}

    /** Reads {@code path}. */
    public static Profile read(Path path) {
        String file = path.toString();
        byte[] json;
        try {
            if (!Files.isRegularFile(path)) {
                throw new CostException(file + ": " + (Files.exists(path) ? "not a regular file" : "no such file"));
            }
            if (Files.size(path) > MAX_FILE_BYTES) {
                throw new CostException(file + ": " + Files.size(path) + " bytes, more than a profile may have (" + MAX_FILE_BYTES + ")");
            }
            try (InputStream raw = new BufferedInputStream(Files.newInputStream(path))) {
                raw.mark(2);
                boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
                raw.reset();
                json = readBounded(file, gzip ? new GZIPInputStream(raw) : raw);
            }
        } catch (IOException e) {
            throw new CostException(file + ": cannot read: " + SafeName.printable(String.valueOf(e.getMessage())));
        }
        return parse(file, json);
    }

    private static byte[] readBounded(String file, InputStream in) throws IOException {
        byte[] b = in.readNBytes(MAX_JSON_BYTES + 1);
        if (b.length > MAX_JSON_BYTES) {
            throw new CostException(file + ": inflates past " + MAX_JSON_BYTES + " bytes of JSON (the bound Profile.MAX_JSON_BYTES)");
        }
        return b;
    }

    /** The profile in the JSON text {@code json}. */
    static Profile parse(String file, byte[] json) {
        try {
            NeffJson.Node root = NeffJson.Node.root(file, NeffJson.parse(file, json));
            List<NeffJson.Node> summaries = root.get("summary").elements();
            if (summaries.isEmpty()) {
                throw new CostException(file + ": summary is empty: not a neuron-profile export");
            }
            NeffJson.Node s = summaries.get(0);
            double total = seconds(s, "total_time");
            Map<String, Double> active = new LinkedHashMap<>();
            for (String e : Estimate.ENGINES) {
                active.put(e, seconds(s, SUMMARY.get(e)));
            }
            double dma = seconds(s, "dma_active_time");
            List<Instruction> ins = new ArrayList<>();
            for (NeffJson.Node i : root.get("instruction").elements()) {
                String group = i.get("subgroup").text();
                String engine = ENGINES.get(group);
                if (engine == null) {
                    throw new CostException(file + ": " + i.get("subgroup").key() + " is " + SafeName.quoted(group) + ", no engine of " + ENGINES.keySet());
                }
                ins.add(new Instruction(i.get("subgraph").text(), engine, i.get("pc").integer(0, Integer.MAX_VALUE), i.get("opcode").text(),
                        i.get("operands").isPresent() ? i.get("operands").text() : "", i.get("timestamp").integer(0, Long.MAX_VALUE / 4),
                        i.get("duration").integer(0, Long.MAX_VALUE / 4)));
            }
            return new Profile(file, total, active, dma, ins);
        } catch (NeffException e) {
            throw new CostException(e.getMessage());
        }
    }

    /** A summary value in seconds, as ns. */
    private static double seconds(NeffJson.Node s, String key) {
        JsonNode v = s.get(key).json();
        if (v == null || !v.isNumber() || v.doubleValue() < 0 || v.doubleValue() > 1e6) {
            throw new CostException(s.file() + ": summary[0]." + key + " is " + (v == null ? "missing" : SafeName.printable(v.toString()))
                    + ", not a time in seconds");
        }
        return v.doubleValue() * 1e9;
    }
}
