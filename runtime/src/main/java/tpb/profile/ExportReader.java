package tpb.profile;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tpb.neff.NeffException;
import tpb.neff.NeffJson;
import tpb.neff.SafeName;

/**
 * neuron-profile's JSON export ({@code neuron-profile view --output-format json}) read into a
 * {@link Trace}, as untrusted input: strict UTF-8 (no byte-order guessing: a UTF-16 file, or a
 * NEFF given by mistake, is refused as not UTF-8 text), through {@link NeffJson}'s bounded parser
 * (one document, nothing after it), every value checked for its type and range.
 *
 * <p>What is read (the export's own keys, profiler 2.28; its {@code terminology} block defines
 * them): {@code metadata[0].ticks_per_nanosec}; {@code neff_header[0].network_name} and
 * {@code uuid}; every {@code instruction} ({@code subgraph}, {@code subgroup} the engine,
 * {@code pc}, {@code opcode}, {@code operands}, {@code timestamp} and {@code duration} in ns);
 * every {@code dma} packet ({@code dma_engine}, {@code dma_queue}, {@code timestamp},
 * {@code duration}, {@code transfer_size}, {@code crc}); every {@code semaphore_update}
 * ({@code id}, a number or {@code "S[5] (Tensor)"}, {@code value}, {@code timestamp}); and
 * {@code summary[0]}'s figures ({@link Exported}).
 */
public final class ExportReader {
    /** The profiler's engine names ({@code subgroup}) as the NEFF names the engines. */
    public static final Map<String, String> ENGINES = Map.of("Tensor", "pe", "Scalar", "act", "Vector", "dve", "GpSimd", "pool", "Sync", "sp");
    private static final Map<String, String> ACTIVE = Map.of("pe", "tensor_engine_active_time", "act", "scalar_engine_active_time", "dve",
            "vector_engine_active_time", "pool", "gpsimd_engine_active_time", "sp", "sync_engine_active_time");
    private static final Pattern SEMAPHORE = Pattern.compile("(?:S\\[)?(\\d{1,5})\\]?(?: \\(.*\\))?");
    /** The largest time in the export, in ns (2^52: a double holds it exactly; 52 days). */
    private static final long MAX_NS = 1L << 52;

    /** The export's own summary ({@code summary[0]}), in ns: total, per engine active time (NEFF engine names), DMA active time, and MFU in percent (NaN when absent). */
    public record Exported(double totalNs, Map<String, Double> activeNs, Map<String, Double> instructionNs, double dmaActiveNs, double dmaPacketNs,
            double mfuPercent) {}

    /** What the export holds: the trace and the export's own summary. */
    public record Read(Trace trace, Exported summary) {}

    private ExportReader() {}

    /**
     * The export in {@code json} (inflated already), from {@code file}: its top-level members
     * streamed ({@link NeffJson#members}), the instruction, DMA and semaphore arrays one element at
     * a time, every other member skipped without a tree, so memory follows what is kept (the
     * trace), not the text: a real export holds ten times more DMA entries and keys than this
     * reads, and an array of zeros had made 3.5 GB of tree of a 389 KB gzip'd file.
     */
    public static Read read(String file, byte[] json) {
        utf8(file, json);
        try {
            NeffJson.Node[] kept = new NeffJson.Node[3]; // summary, metadata, neff_header: small, read whole
            boolean[] listed = new boolean[1];
            List<Trace.Instruction> ins = new ArrayList<>();
            Map<String, Long> records = new LinkedHashMap<>();
            List<Trace.DmaPacket> dma = new ArrayList<>();
            List<Trace.SemaphoreUpdate> sems = new ArrayList<>();
            // times are kept in the export's units until ticks_per_nanosec (metadata, anywhere in the file) is known
            NeffJson.members(file, json, m -> {
                switch (m.name()) {
                    case "summary" -> kept[0] = m.node();
                    case "metadata" -> kept[1] = m.node();
                    case "neff_header" -> kept[2] = m.node();
                    case "instruction" -> {
                        listed[0] = true;
                        m.elements(false, i -> ins.add(instruction(file, i)));
                    }
                    // DMA packets and semaphore updates are read where they have the shape below; an entry of
                    // another shape (another profiler version's) is counted as unknown, not a refusal of the
                    // whole export: the instructions and the summary, which estimate --against needs, stand
                    case "dma" -> m.elements(true, p -> {
                        try {
                            long t = p.get("timestamp").integer(0, MAX_NS);
                            long d = p.get("duration").integer(0, MAX_NS);
                            dma.add(new Trace.DmaPacket(p.get("subgraph").text(), (int) number(p.get("dma_engine"), 0xFFFF),
                                    (int) number(p.get("dma_queue"), 0xFFFF), t, t + d, p.get("transfer_size").integer(0, MAX_NS),
                                    (int) p.get("crc").integerOr(0, 0xFFFF, 0)));
                        } catch (NeffException | ProfileException e) {
                            records.merge("unknown: dma entry of another shape", 1L, Long::sum);
                        }
                    });
                    case "semaphore_update" -> m.elements(true, u -> {
                        try {
                            sems.add(new Trace.SemaphoreUpdate(u.get("subgraph").text(), semaphore(u.get("id")), u.get("value").integer(0, 0xFFFFFFFFL),
                                    u.get("timestamp").integer(0, MAX_NS)));
                        } catch (NeffException | ProfileException e) {
                            records.merge("unknown: semaphore_update entry of another shape", 1L, Long::sum);
                        }
                    });
                    default -> { } // skipped, no tree made
                }
            });
            NeffJson.Node root = NeffJson.Node.root(file, null);
            List<NeffJson.Node> summaries = (kept[0] == null ? root.get("summary") : kept[0]).elements();
            if (summaries.isEmpty()) {
                throw new ProfileException(file + ": summary is empty: not a neuron-profile export");
            }
            NeffJson.Node s = summaries.get(0);
            double totalNs = seconds(s, "total_time");
            Map<String, Double> active = new LinkedHashMap<>();
            Map<String, Double> busy = new LinkedHashMap<>();
            for (String e : Trace.ENGINES) {
                active.put(e, seconds(s, ACTIVE.get(e)));
                String it = ACTIVE.get(e).replace("_active_time", "_instruction_time");
                busy.put(e, s.get(it).isPresent() ? seconds(s, it) : Double.NaN);
            }
            JsonNode mfu = s.get("mfu_estimated_percent").json();
            double packetNs = s.get("dma_packet_time").isPresent() ? seconds(s, "dma_packet_time") : Double.NaN;
            Exported exported = new Exported(totalNs, active, busy, seconds(s, "dma_active_time"), packetNs,
                    mfu != null && mfu.isNumber() && Double.isFinite(mfu.doubleValue()) ? mfu.doubleValue() : Double.NaN);
            if (!listed[0]) {
                root.get("instruction").elements(); // refuses: "instruction is missing, not an array"
            }

            long tpn = 1;
            String name = "", uuid = null;
            List<NeffJson.Node> meta = kept[1] == null ? List.of() : kept[1].elementsOrNone();
            if (!meta.isEmpty()) {
                tpn = meta.get(0).get("ticks_per_nanosec").integerOr(1, 1_000_000, 1);
            }
            List<NeffJson.Node> header = kept[2] == null ? List.of() : kept[2].elementsOrNone();
            if (!header.isEmpty()) {
                NeffJson.Node h = header.get(0);
                name = h.get("network_name").isPresent() ? h.get("network_name").text() : "";
                String given = h.get("uuid").textOrNull();
                String u = given == null ? null : given.replace("-", ""); // a uuid may be written with its dashes
                if (u != null) {
                    if (!u.matches("[0-9a-fA-F]{32}")) {
                        throw new ProfileException(file + ": neff_header[0].uuid is " + SafeName.quoted(given) + ", not 32 hex digits");
                    }
                    uuid = HexFormat.of().formatHex(HexFormat.of().parseHex(u));
                }
            }
            long k = tpn;
            List<Trace.Instruction> insTicks = new ArrayList<>(ins.size());
            for (Trace.Instruction i : ins) {
                insTicks.add(new Trace.Instruction(i.subgraph(), i.engine(), i.pc(), i.opcode(), i.operands(), ticks(file, i.startTick(), k),
                        ticks(file, i.endTick(), k)));
            }
            List<Trace.DmaPacket> dmaTicks = new ArrayList<>(dma.size());
            for (Trace.DmaPacket p : dma) {
                dmaTicks.add(new Trace.DmaPacket(p.subgraph(), p.engine(), p.queue(), ticks(file, p.startTick(), k), ticks(file, p.endTick(), k), p.bytes(),
                        p.crc()));
            }
            List<Trace.SemaphoreUpdate> semTicks = new ArrayList<>(sems.size());
            for (Trace.SemaphoreUpdate u : sems) {
                semTicks.add(new Trace.SemaphoreUpdate(u.subgraph(), u.semaphore(), u.value(), ticks(file, u.tick(), k)));
            }
            records.put("instruction", (long) ins.size());
            records.put("dma packet", (long) dma.size());
            records.put("semaphore update", (long) sems.size());
            long total = ticks(file, Math.round(exported.totalNs()), tpn);
            return new Read(new Trace(file, "json", name, uuid, tpn, total, List.copyOf(insTicks), List.copyOf(dmaTicks), List.copyOf(semTicks), records),
                    exported);
        } catch (NeffException e) {
            throw new ProfileException(e.getMessage());
        }
    }

    /** One {@code instruction} entry, its times in the export's ns (scaled to ticks once the metadata is known). */
    private static Trace.Instruction instruction(String file, NeffJson.Node i) {
        String group = i.get("subgroup").text();
        String engine = ENGINES.get(group);
        if (engine == null) {
            throw new ProfileException(file + ": " + i.get("subgroup").key() + " is " + SafeName.quoted(group) + ", no engine of "
                    + ENGINES.keySet());
        }
        String subgraph = i.get("subgraph").text();
        long pc = i.get("pc").integer(0, Integer.MAX_VALUE);
        String opcode = i.get("opcode").text();
        String operands = i.get("operands").isPresent() ? i.get("operands").text() : "";
        long t = i.get("timestamp").integer(0, MAX_NS);
        long d = i.get("duration").integer(0, MAX_NS);
        return new Trace.Instruction(subgraph, engine, pc, opcode, operands, t, t + d);
    }

    /** A time in the export's ns as ticks ({@code tpn} a ns): exact, a time past 2^63 ticks refused (2^52 ns x 10^6 ticks a ns wrapped). */
    private static long ticks(String file, long ns, long tpn) {
        try {
            return Math.multiplyExact(ns, tpn);
        } catch (ArithmeticException e) {
            throw new ProfileException(file + ": a time of " + ns + " ns at metadata[0].ticks_per_nanosec " + tpn + " passes 2^63 ticks");
        }
    }

    /** Refuses anything but UTF-8 text without NUL bytes: Jackson would otherwise guess UTF-16 or UTF-32 from zero bytes. */
    static void utf8(String file, byte[] b) {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b);
        CharBuffer out = CharBuffer.allocate(1 << 14);
        CoderResult r;
        do {
            r = dec.decode(in, out, true);
            if (r.isError()) {
                throw new ProfileException(file + ": byte " + in.position() + " is not UTF-8 text: not a neuron-profile JSON export (nor an NTFF)");
            }
            out.clear();
        } while (r.isOverflow());
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                throw new ProfileException(file + ": byte " + i + " is NUL: not UTF-8 JSON text (a UTF-16 or UTF-32 file?), not a neuron-profile JSON export");
            }
        }
    }

    /** A summary value in seconds, as ns. */
    private static double seconds(NeffJson.Node s, String key) {
        JsonNode v = s.get(key).json();
        if (v == null || !v.isNumber() || !Double.isFinite(v.doubleValue()) || v.doubleValue() < 0 || v.doubleValue() > 1e6) {
            throw new ProfileException(s.file() + ": summary[0]." + key + " is " + shown(v) + ", not a time in seconds");
        }
        return v.doubleValue() * 1e9;
    }

    /** A value for an error line, cut short: a string quoted, a number as written when a double holds it, else what it is. */
    private static String shown(JsonNode v) {
        if (v == null) {
            return "missing";
        }
        if (v.isTextual()) {
            return SafeName.quoted(v.textValue());
        }
        if (v.isNumber()) {
            return Double.isFinite(v.doubleValue()) ? v.toString() : "a number past a double's range";
        }
        return v.isContainerNode() ? "an " + (v.isArray() ? "array" : "object") : SafeName.printable(v.toString());
    }

    /** A whole number written as a number or a string of digits (the export writes {@code "dma_engine": "64"}). */
    private static long number(NeffJson.Node n, long max) {
        JsonNode v = n.json();
        if (v != null && v.isTextual() && v.textValue().matches("\\d{1,9}")) {
            long x = Long.parseLong(v.textValue());
            if (x <= max) {
                return x;
            }
        }
        return n.integer(0, max);
    }

    private static int semaphore(NeffJson.Node n) {
        JsonNode v = n.json();
        if (v != null && v.isTextual()) {
            Matcher m = SEMAPHORE.matcher(v.textValue());
            if (m.matches() && Long.parseLong(m.group(1)) <= 0xFFFF) {
                return Integer.parseInt(m.group(1));
            }
            throw new ProfileException(n.file() + ": " + n.key() + " is " + SafeName.quoted(v.textValue()) + ", not a semaphore (a number or S[n] (name))");
        }
        return (int) n.integer(0, 0xFFFF);
    }
}
