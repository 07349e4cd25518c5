package tpb.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tpb.asm.Disassembler;
import tpb.cost.CostModel;
import tpb.cost.Estimate;
import tpb.cost.Profile;
import tpb.cost.ProfileMatch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.stream.RecordStream;
import tpb.isa.Arch;
import tpb.neff.EngineStream;
import tpb.neff.Neff;
import tpb.neff.Subgraph;
import tpb.sim.DmaQueues;
import tpb.sim.SyncRun;

/**
 * {@code tpb estimate} of the production matmul ({@code matmul_large.neff}: two subgraphs of
 * 29,795 records) once the NEFF is open, against its baseline in the same run: the plain
 * synchronisation-level run of the same streams (what the estimate adds is the timeline's
 * dependences and each record's cost). Run from the project root (bench/run does).
 *
 * <p>{@link #matchProfile()}: {@code --against}'s join of a 50,000-instruction profile to the same
 * NEFF's records (each engine's measured pcs are its records after a 10-instruction runtime
 * prologue, the rest of the 50,000 the runtime's after them), to be read beside
 * {@link #estimate()}: the join must cost no more than the estimate.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EstimateBench {
    record Part(Subgraph sg, List<EngineStream> streams) {}

    final List<Part> parts = new ArrayList<>();
    Arch arch;
    CostModel model;

    /** Per subgraph: the measured instructions and each engine's arms. */
    final List<List<Profile.Instruction>> measured = new ArrayList<>();
    final List<java.util.Map<String, List<Arm>>> arms = new ArrayList<>();

    @Setup
    public void setup() {
        try {
            Neff neff = Neff.of(Files.readAllBytes(Path.of("runtime/src/test/resources/neff/matmul_large.neff")));
            arch = Arch.byName(neff.target());
            model = CostModel.of(arch);
            neff.forEachSubgraph(null, (sg, streams) -> parts.add(new Part(sg, streams)));
            int each = 50_000 / parts.size();
            for (Part p : parts) {
                java.util.Map<String, List<Arm>> a = new java.util.LinkedHashMap<>();
                List<Profile.Instruction> m = new ArrayList<>();
                for (EngineStream s : p.streams()) {
                    List<Arm> list = new ArrayList<>();
                    for (int r = 0; r < s.stream().count(); r++) {
                        list.add(Decoder.identify(s.stream().bytes(), RecordStream.offsetOf(r)));
                    }
                    a.put(s.engine(), list);
                }
                for (int i = 0; m.size() < each; i++) {
                    for (java.util.Map.Entry<String, List<Arm>> e : a.entrySet()) {
                        List<Arm> list = e.getValue();
                        Arm arm = i >= 10 && i - 10 < list.size() ? list.get(i - 10) : Arm.NO_OP;
                        if (arm != Arm.PSEUDO_BRANCH_LABEL && m.size() < each) {
                            m.add(new Profile.Instruction(p.sg().name(), e.getKey(), i, arm.name(), "", i * 10L, 5));
                        }
                    }
                }
                measured.add(m);
                arms.add(a);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Benchmark
    public double estimate() {
        Estimate est = new Estimate(model);
        for (Part p : parts) {
            est.add(p.sg(), p.streams(), arch, Disassembler::text, null);
        }
        return est.totalNs();
    }

    @Benchmark
    public long matchProfile() {
        long mapped = 0;
        for (int i = 0; i < measured.size(); i++) {
            mapped += new ProfileMatch(measured.get(i), arms.get(i)).mapped();
        }
        return mapped;
    }

    @Benchmark
    public int syncRunBaseline() {
        int steps = 0;
        for (Part p : parts) {
            List<SyncRun.Engine> engines = new ArrayList<>();
            p.streams().forEach(s -> engines.add(new SyncRun.Engine(s.engine(), s.stream())));
            SyncRun.Result r = new SyncRun(engines, Disassembler::text, arch, DmaQueues.of(p.sg())).run();
            steps += r.steps().values().stream().mapToInt(Integer::intValue).sum();
        }
        return steps;
    }
}
