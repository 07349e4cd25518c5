package tpb.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tpb.isa.Arch;
import tpb.isa.ActivateFlyweight;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.data.DataSemantics;
import tpb.data.ActivateSemantics;
import tpb.data.NeffImage;
import tpb.neff.DmaBlock;
import tpb.neff.DmaDescriptor;
import tpb.neff.DmaQueue;
import tpb.neff.NeffJson;
import tpb.neff.NeffHeader;
import tpb.neff.SafeName;
import tpb.neff.Subgraph;
import tpb.spec.json.Json;
import tpb.stream.RecordReader;
import tpb.stream.RecordStream;

/** {@code tpb neff info FILE.neff [--json]}: header and hash check, tool, target, and per subgraph each engine's stream. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = "The header fields and hash check, tool version, target arch, and per subgraph its features, each engine's stream "
                + "with its record count and opcode histogram, and its DMA queues.")
final class NeffInfoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.neff")
    String input;

    @Option(names = "--json", description = "Report as JSON for tools.")
    boolean json;

    @Mixin
    NeffLimitsOption limits;

    @Override
    public Integer call() {
        NeffInput in = NeffInput.open(input, limits.limits());
        NeffHeader h = in.neff.header();
        Arch arch = Arch.byName(in.neff.target());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("file", input);
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("packaging_version", h.packagingVersion());
        header.put("header_size", h.headerSize());
        header.put("data_size", h.dataSize());
        header.put("kelp_version", h.kelpMajor() + "." + h.kelpMinor());
        header.put("num_tpb", h.numTpb());
        header.put("requested_tpb_count", h.requestedTpbCount());
        header.put("name", h.name());
        header.put("hash_algorithm", h.hashAlgorithm());
        header.put("hash", HexFormat.of().formatHex(h.storedHash()));
        header.put("hash_order", in.neff.hashOrder().name().toLowerCase(Locale.ROOT));
        out.put("header", header);
        out.put("tool_version", in.neff.toolVersion());
        out.put("target", in.neff.target());
        out.put("arch", arch == null ? null : arch.name());
        Map<String, Map<String, Object>> sgs = new LinkedHashMap<>();
        for (Subgraph sg : in.neff.subgraphs()) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("name", sg.name());
            s.put("definition", sg.definition());
            s.put("features", sg.features());
            // def.json's order of engines, whatever the archive's order of their streams
            Map<String, Object> engines = new LinkedHashMap<>();
            sg.streams().keySet().forEach(e -> engines.put(e, null));
            s.put("engines", engines);
            List<Object> queues = new ArrayList<>();
            for (DmaQueue q : sg.dmaQueues()) {
                Map<String, Object> qj = new LinkedHashMap<>();
                qj.put("name", q.name());
                qj.put("owner", q.owner());
                qj.put("type", q.type());
                qj.put("num_queues", q.numQueues());
                qj.put("semaphore_set", q.semaphoreSet());
                long blocks = 0;
                long descriptors = 0;
                long bytes = 0;
                for (DmaBlock b : sg.dmaBlocks()) {
                    if (b.queue().equals(q.name())) {
                        blocks++;
                        descriptors += b.descriptors().size();
                        bytes += b.bytes();
                    }
                }
                qj.put("blocks", blocks);
                qj.put("descriptors", descriptors);
                qj.put("bytes", bytes);
                queues.add(qj);
            }
            s.put("dma_queues", queues);
            s.put("dma_unread", sg.dmaUnread());
            // descriptors the data level cannot move, counted like the records it cannot run
            Map<String, Long> unmodelled = new TreeMap<>();
            for (DmaBlock b : sg.dmaBlocks()) {
                for (DmaDescriptor d : b.descriptors()) {
                    String what = DataSemantics.unmodelled(d);
                    if (what != null) {
                        unmodelled.merge(what, 1L, Long::sum);
                    }
                }
            }
            if (!unmodelled.isEmpty()) {
                s.put("data_level_unmodelled", unmodelled);
            }
            sgs.put(sg.name(), s);
        }
        // each stream counted as its archive entry passes, a window at a time: memory does not grow with it
        Map<String, Map<Integer, Long>> activations = new LinkedHashMap<>(); // per subgraph, ACTIVATE records per function id
        in.forEachStreamData(null, null, (sg, engine, path, records, data) -> {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("engine", engine);
            e.put("path", path);
            e.put("records", records);
            Map<String, Long> opcodes = histogram(new RecordReader(data), activations.computeIfAbsent(sg.name(), k -> new TreeMap<>()));
            e.put("opcodes", opcodes);
            @SuppressWarnings("unchecked")
            Map<String, Long> unmodelled = (Map<String, Long>) sgs.get(sg.name()).computeIfAbsent("data_level_unmodelled", k -> new TreeMap<>());
            opcodes.forEach((arm, n) -> {
                Arm a = ARMS.get(arm);
                if (a == null || !DataSemantics.hasSemantics(a)) {
                    unmodelled.merge(a == null ? arm : a.specName() + " (0x" + String.format("%02X", a.opcode()) + ")", n, Long::sum);
                }
            });
            @SuppressWarnings("unchecked")
            Map<String, Object> engines = (Map<String, Object>) sgs.get(sg.name()).get("engines");
            engines.put(engine, e);
        });
        for (Map<String, Object> s : sgs.values()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> engines = (Map<String, Object>) s.get("engines");
            s.put("engines", new ArrayList<>(engines.values()));
        }
        out.put("subgraphs", new ArrayList<>(sgs.values()));
        Map<String, TableSets> names = new LinkedHashMap<>();
        Map<String, List<Object>> io = inputsAndOutputs(in, names);
        for (Map.Entry<String, Map<Integer, Long>> sg : activations.entrySet()) {
            @SuppressWarnings("unchecked")
            Map<String, Long> unmodelled = (Map<String, Long>) sgs.get(sg.getKey()).computeIfAbsent("data_level_unmodelled", k -> new TreeMap<>());
            TableSets sets = names.getOrDefault(sg.getKey(), new TableSets(Map.of(), null));
            sg.getValue().forEach((id, n) -> {
                if (sets.unread() != null) {
                    unmodelled.merge("ACTIVATE (its table sets: " + sets.unread() + ")", n, Long::sum);
                } else if (ActivateSemantics.problem(id, sets.names()) != null) {
                    unmodelled.merge("ACTIVATE function " + id + " (" + sets.names().getOrDefault(id, "in no table set the engine lists") + ")",
                            n, Long::sum);
                }
            });
        }
        out.put("inputs", io.get("input"));
        out.put("outputs", io.get("output"));
        spec.commandLine().getOut().print(json ? Json.write(out) : text(in, h, arch, sgs, io));
        spec.commandLine().getOut().flush();
        return Tpb.OK;
    }

    /** Arms by spec name, as the histogram keys them. */
    private static final Map<String, Arm> ARMS = new java.util.HashMap<>();

    static {
        for (Arm a : Arm.values()) {
            ARMS.put(a.specName(), a);
        }
    }

    /** A shape as numpy writes it: {@code (128, 512)}, {@code (8,)}. */
    private static String shape(List<Integer> s) {
        return s.size() == 1 ? "(" + s.get(0) + ",)" : "(" + String.join(", ", s.stream().map(String::valueOf).toList()) + ")";
    }

    /** Records per arm (by spec name; a byte no arm claims as {@code 0xNN}), in name order; read a window at a time. */
    static Map<String, Long> histogram(RecordReader reader) throws IOException {
        return histogram(reader, new TreeMap<>());
    }

    /** As above, counting into {@code activations} the ACTIVATE records per function id (the pre-flight's table check). */
    static Map<String, Long> histogram(RecordReader reader, Map<Integer, Long> activations) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        for (int n; (n = reader.next()) > 0;) {
            byte[] b = reader.window();
            for (int i = 0; i < n; i++) {
                int off = RecordStream.offsetOf(i);
                Arm arm = Decoder.identify(b, off);
                out.merge(arm == Arm.UNKNOWN ? String.format("0x%02X", Decoder.opcode(b, off)) : arm.specName(), 1L, Long::sum);
                if (arm == Arm.ACTIVATE) {
                    activations.merge(ActivateFlyweight.activationFunc(b, off), 1L, Long::sum);
                }
            }
        }
        return out;
    }

    /**
     * The NEFF's inputs and outputs, each once (a var shared by name across subgraphs), in def.json
     * order: name, bytes, and the numpy dtype and shape its subgraph's {@code tensor_map.json} gives
     * (null when there is none, or it is past the entry bound); a user builds the .npy files from this.
     */
    /** A subgraph's ACTIVATE function names ({@link NeffImage#activationNames}), or why its table sets could not be read. */
    private record TableSets(Map<Integer, String> names, String unread) {}

    private static Map<String, List<Object>> inputsAndOutputs(NeffInput in, Map<String, TableSets> activationNames) {
        Map<String, NeffImage.Tensor> tensors = new LinkedHashMap<>();
        java.util.Set<String> maps = new java.util.HashSet<>();
        java.util.Set<String> dirs = new java.util.HashSet<>();
        for (Subgraph sg : in.neff.subgraphs()) {
            maps.add(sg.directory() + "tensor_map.json");
            dirs.add(sg.directory());
        }
        // the same pass reads each subgraph directory's JSON (def.json, the ACT engine's table sets), within the entry bound
        Map<String, byte[]> json = new java.util.HashMap<>();
        Map<String, Long> skipped = new java.util.HashMap<>();
        in.forEachEntry((path, size, data) -> {
            if (!path.endsWith(".json") || !dirs.contains(path.substring(0, path.lastIndexOf('/') + 1))) {
                return;
            }
            if (size > in.neff.limits().maxEntrySize()) {
                skipped.put(path, size);
                return;
            }
            byte[] b = in.neff.limits().readWhole(path, size, data);
            json.put(path, b);
            if (maps.contains(path)) {
                NeffImage.tensors(NeffJson.Node.root(path, NeffJson.parse(path, b))).forEach(tensors::putIfAbsent);
            }
        });
        for (Subgraph sg : in.neff.subgraphs()) {
            try {
                activationNames.put(sg.name(), new TableSets(NeffImage.activationNames(sg, json, skipped, in.neff.limits()), null));
            } catch (RuntimeException e) { // a table-set file past the bound or malformed: the run would stop there; the report goes on
                activationNames.put(sg.name(), new TableSets(Map.of(), e.getMessage()));
            }
        }
        Map<String, List<Object>> out = new LinkedHashMap<>();
        out.put("input", new ArrayList<>());
        out.put("output", new ArrayList<>());
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Subgraph sg : in.neff.subgraphs()) {
            sg.vars().forEach((name, v) -> {
                if (v.type() != null && out.containsKey(v.type()) && seen.add(v.type() + " " + name)) {
                    NeffImage.Tensor t = tensors.get(name);
                    Map<String, Object> j = new LinkedHashMap<>();
                    j.put("name", name);
                    j.put("dtype", t == null ? null : t.dtype());
                    j.put("shape", t == null ? null : java.util.Arrays.stream(t.shape()).boxed().toList());
                    j.put("bytes", v.size());
                    out.get(v.type()).add(j);
                }
            });
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private String text(NeffInput in, NeffHeader h, Arch arch, Map<String, Map<String, Object>> sgs, Map<String, List<Object>> io) {
        StringBuilder b = new StringBuilder();
        b.append(input).append(": NEFF packaging version ").append(h.packagingVersion()).append(", ").append(h.dataSize())
                .append(" payload bytes, ").append(h.hashAlgorithm()).append(" ok (").append(in.neff.hashOrder().text()).append(")\n");
        b.append("name ").append(SafeName.printable(h.name())).append(", kelp ").append(h.kelpMajor()).append('.').append(h.kelpMinor()).append(", num_tpb ")
                .append(h.numTpb()).append('\n');
        b.append("tool ").append(SafeName.printable(in.neff.toolVersion())).append('\n');
        b.append("target ").append(SafeName.printable(in.neff.target())).append(arch == null ? " (no arch profile)" : " (" + arch.name() + ")").append('\n');
        for (Map<String, Object> s : sgs.values()) {
            b.append(s.get("name")).append(" (").append(s.get("definition")).append("): features ").append(SafeName.printable(String.valueOf(s.get("features")))).append('\n');
            for (Object o : (List<Object>) s.get("engines")) {
                Map<String, Object> e = (Map<String, Object>) o;
                b.append(String.format("  %-5s %-24s %7d records  ", e.get("engine"), e.get("path"), (Long) e.get("records")));
                StringBuilder hist = new StringBuilder();
                ((Map<String, Long>) e.get("opcodes")).forEach((k, v) -> hist.append(hist.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
                b.append(hist).append('\n');
            }
            for (Object o : (List<Object>) s.get("dma_queues")) {
                Map<String, Object> q = (Map<String, Object>) o;
                b.append("  dma   ").append(q.get("name")).append(": owner ").append(SafeName.printable((String) q.get("owner"))).append(", ").append(q.get("num_queues"))
                        .append(" queues, semaphores ").append(q.get("semaphore_set")).append(", ").append(q.get("blocks")).append(" blocks, ")
                        .append(q.get("descriptors")).append(" descriptors, ").append(q.get("bytes")).append(" bytes\n");
            }
            if (s.get("dma_unread") != null) {
                b.append("  dma   lists not read (a trigger of a block not read faults): ").append(SafeName.printable((String) s.get("dma_unread"))).append('\n');
            }
            Map<String, Long> unmodelled = (Map<String, Long>) s.getOrDefault("data_level_unmodelled", Map.of());
            StringBuilder u = new StringBuilder();
            unmodelled.forEach((k, v) -> u.append(u.length() == 0 ? "" : ", ").append(SafeName.printable(k)).append(' ').append(v));
            b.append("  data  ").append(unmodelled.isEmpty() ? "every record's arm has data-level semantics"
                    : "no data-level semantics yet: " + u).append('\n');
        }
        for (String kind : List.of("input", "output")) {
            for (Object o : io.get(kind)) {
                Map<String, Object> v = (Map<String, Object>) o;
                b.append(String.format("%-6s %s %s %s, %d bytes%n", kind, SafeName.printable((String) v.get("name")),
                        v.get("dtype") == null ? "(no tensor_map.json dtype)" : SafeName.printable((String) v.get("dtype")),
                        v.get("shape") == null ? "" : shape((List<Integer>) v.get("shape")), (Long) v.get("bytes")));
            }
        }
        return b.toString();
    }
}
