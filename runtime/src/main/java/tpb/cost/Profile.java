package tpb.cost;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.profile.ProfileException;
import tpb.profile.ProfileFile;
import tpb.profile.Summary;
import tpb.profile.Trace;

/**
 * A measured profile as the cost model uses it: neuron-profile's raw trace (NTFF) or its JSON
 * export, plain or gzip'd, told apart by content and read by {@link ProfileFile} (bounded and
 * untrusted; every problem one {@link CostException} naming the file). The summary figures are
 * the export's own for an export and derived from the trace ({@link Summary}) for an NTFF; the
 * whole measurement is {@link #trace()}.
 */
public record Profile(String file, double totalNs, Map<String, Double> activeNs, double dmaActiveNs, List<Instruction> instructions, Trace trace) {
    /** The largest profile file read. */
    public static final long MAX_FILE_BYTES = ProfileFile.MAX_FILE_BYTES;
    /** The largest JSON text read once inflated. */
    public static final int MAX_JSON_BYTES = ProfileFile.MAX_JSON_BYTES;

    /** The profiler's engine names ({@code subgroup}) as the NEFF names the engines. */
    public static final Map<String, String> ENGINES = tpb.profile.ExportReader.ENGINES;

    /** One measured instruction: its subgraph, engine (as the NEFF names it), pc in that engine's stream, opcode, operands, start and duration. */
    public record Instruction(String subgraph, String engine, long pc, String opcode, String operands, long timestampNs, long durationNs) {}

    /** A profile without its trace (built by hand). */
    public Profile(String file, double totalNs, Map<String, Double> activeNs, double dmaActiveNs, List<Instruction> instructions) {
        this(file, totalNs, activeNs, dmaActiveNs, instructions, null);
    }

    /** Reads {@code path}: an NTFF or a JSON export, by content. */
    public static Profile read(Path path) {
        try {
            return of(ProfileFile.read(path));
        } catch (ProfileException e) {
            throw new CostException(e.getMessage());
        }
    }

    /** The profile of a read file. */
    public static Profile of(ProfileFile f) {
        Trace t = f.trace();
        List<Instruction> ins = new ArrayList<>(t.instructions().size());
        for (Trace.Instruction i : t.instructions()) {
            long start = t.ns(i.startTick());
            ins.add(new Instruction(i.subgraph(), i.engine(), i.pc(), i.opcode(), i.operands(), start, t.ns(i.endTick() - i.startTick())));
        }
        if (f.exported() != null) {
            return new Profile(t.file(), f.exported().totalNs(), f.exported().activeNs(), f.exported().dmaActiveNs(), List.copyOf(ins), t);
        }
        Summary s = Summary.of(t);
        Map<String, Double> active = new LinkedHashMap<>();
        s.engines().forEach((e, x) -> active.put(e, x.activeNs()));
        return new Profile(t.file(), s.totalNs(), active, s.dmaActiveNs(), List.copyOf(ins), t);
    }
}
