package tpb.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tpb.asm.Disassembler;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.neff.EngineStream;
import tpb.neff.Neff;
import tpb.sim.SyncRun;
import tpb.stream.RecordStream;

/**
 * The cost model against the vendor's own measurement: each of the six neuron-profile exports in
 * {@code neff/real/profiles} (trn2, profiler 2.28) beside {@link Estimate} of its NEFF. The bounds
 * pinned per profile are the model's in-sample error today (its coefficients are fitted on these six and the two Qwen3 NTFFs:
 * FitReportTest holds the held-out errors), rounded up to the next whole percent, so a change that
 * makes any of them worse fails here and must say why (docs/estimate.md has the table).
 * The targets: total within 10 %, every engine's active time within 15 % (25 % and 30 % at
 * least); the DMA active time is pinned the same way.
 */
class EstimateProfilesTest {
    @TempDir
    static Path dir;

    static byte[] resource(String name) {
        try (InputStream in = EstimateProfilesTest.class.getResourceAsStream("/neff/real/" + name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The estimate of {@code name}.neff and its profile, matched. */
    record Case(Estimate estimate, Profile profile, List<ProfileMatch> matches) {}

    static Case run(String name) throws IOException {
        Neff neff = Neff.of(resource(name + ".neff"));
        Arch arch = Arch.byName(neff.target());
        String file = name.startsWith("qwen3") ? name + ".ntff" : name + ".profile.json.gz"; // no export of the Qwen3 runs is public
        Path p = dir.resolve(file);
        Files.write(p, resource("profiles/" + file));
        Profile profile = Profile.read(p);
        Estimate est = new Estimate(CostModel.of(arch), neff.toolVersion());
        List<ProfileMatch> matches = new ArrayList<>();
        neff.forEachSubgraph(null, (sg, streams) -> {
            Estimate.SubgraphRun r = est.add(sg, streams, arch, Disassembler::text, null);
            assertEquals(SyncRun.Status.COMPLETE, r.result().status(), r.result().message());
            Map<String, List<Arm>> arms = new LinkedHashMap<>();
            for (EngineStream s : streams) {
                List<Arm> a = new ArrayList<>();
                for (int i = 0; i < s.stream().count(); i++) {
                    a.add(Decoder.identify(s.stream().bytes(), RecordStream.offsetOf(i)));
                }
                arms.put(s.engine(), a);
            }
            matches.add(new ProfileMatch(profile.instructions().stream().filter(i -> i.subgraph().equals(sg.name())).toList(), arms));
        });
        return new Case(est, profile, matches);
    }

    static double error(double est, double measured) {
        return Math.abs(est - measured) / measured;
    }

    /**
     * Bounds in percent: total, then pe, act, dve, pool, sp active, then DMA active. Measured values
     * come from each profile's summary (total_time, *_engine_active_time, dma_active_time).
     */
    @ParameterizedTest
    @CsvSource({
        "attention-baseline-bf16-s512,  4, 13, 13, 7, 10, 5, 7",
        "attention-baseline-fp32-s512,  2, 8, 14, 7, 4, 2, 7",
        "attention-baseline,            4, 8, 13, 7, 3, 11, 3",
        "attention-fused-bf16-s512,     9, 17, 15, 11, 2, 3, 2",
        "attention-fused-fp32-s512,     7, 5, 19, 5, 2, 19, 2",
        "attention-fused,               6, 3, 19, 5, 2, 23, 2",
    })
    void errorAgainstTheMeasuredProfile(String name, int total, int pe, int act, int dve, int pool, int sp, int dma) throws IOException {
        Case c = run(name);
        Estimate e = c.estimate();
        Profile p = c.profile();
        assertTrue(error(e.totalNs(), p.totalNs()) <= total / 100.0, () -> name + " total " + e.totalNs() + " measured " + p.totalNs());
        int[] bounds = {pe, act, dve, pool, sp};
        for (int i = 0; i < Estimate.ENGINES.size(); i++) {
            String engine = Estimate.ENGINES.get(i);
            double err = error(e.activeNs(engine), p.activeNs().get(engine));
            int bound = bounds[i];
            assertTrue(err <= bound / 100.0, () -> name + " " + engine + " active " + e.activeNs(engine) + " measured "
                    + p.activeNs().get(engine) + ": " + Math.round(err * 100) + " %, bound " + bound + " %");
            // the floor for calling it done: every engine within 30 %
            assertTrue(err <= 0.30, name + " " + engine);
        }
        assertTrue(error(e.dmaActiveNs(), p.dmaActiveNs()) <= dma / 100.0, () -> name + " dma " + e.dmaActiveNs() + " measured " + p.dmaActiveNs());
        assertTrue(error(e.totalNs(), p.totalNs()) <= 0.25, name);
    }

    /** Every measured instruction is a record or the runtime's own: none unexplained (what --against reports). */
    @ParameterizedTest
    @CsvSource({"attention-baseline-bf16-s512", "attention-baseline-fp32-s512", "attention-baseline", "attention-fused-bf16-s512",
        "attention-fused-fp32-s512", "attention-fused", "qwen3-attn-tkg-v6", "qwen3-moe-tkg-v6b"})
    void everyMeasuredInstructionIsARecordOrTheRuntimes(String name) throws IOException {
        Case c = run(name);
        long mapped = c.matches().stream().mapToLong(ProfileMatch::mapped).sum();
        long runtime = c.matches().stream().mapToLong(ProfileMatch::runtimeInserted).sum();
        assertEquals(List.of(), c.matches().stream().flatMap(m -> m.unexplained().stream()).toList());
        assertEquals(c.profile().instructions().size(), mapped + runtime);
        // every record the runtime runs in sg00 is measured once: the kernel's records less its branch labels
        Neff neff = Neff.of(resource(name + ".neff"));
        long[] kernel = {0};
        neff.forEachSubgraph(java.util.Set.of("sg00"), (sg, streams) -> {
            for (EngineStream s : streams) {
                for (int i = 0; i < s.stream().count(); i++) {
                    kernel[0] += Decoder.identify(s.stream().bytes(), RecordStream.offsetOf(i)) == Arm.PSEUDO_BRANCH_LABEL ? 0 : 1;
                }
            }
        });
        assertEquals(kernel[0], c.matches().get(0).mapped(), name);
        // the runtime runs each DMATrigger as two WRITEs: the second of each is the runtime's (20 on DVE in the attention, 9 + 16 in the MoE)
        long triggers = c.matches().get(0).matches().stream().filter(m -> m.record() >= 0 && m.measured().opcode().equals("WRITE")).count();
        assertEquals(Map.of("attention-baseline-bf16-s512", 0L, "attention-baseline-fp32-s512", 0L, "attention-baseline", 0L, "attention-fused-bf16-s512", 0L,
                "attention-fused-fp32-s512", 0L, "attention-fused", 0L, "qwen3-attn-tkg-v6", 20L, "qwen3-moe-tkg-v6b", 25L).get(name), triggers, name);
        assertEquals(triggers, c.matches().get(0).matches().stream().filter(m -> "runtime-inserted: a DMATrigger's second WRITE".equals(m.reason())).count(), name);
    }

    /**
     * Another family, now fitted on (its NTFF is one of FitReportTest's eight): Qwen3 MoE v6b
     * against its profile summary (neuron-profile on trn2,
     * ../shared/fixtures/neff/real/profiles/qwen3-moe-tkg.PROFILING.md, Round 3, column v6b: Total
     * Time 274.76 µs, Tensor Engine Active Time 69.64 µs, DMA Active Time 137.83 µs). Today's
     * in-sample errors, pinned: total -14 %, PE -14 %, DMA -11 %.
     */
    @org.junit.jupiter.api.Test
    void qwen3MoeAgainstItsSummary() {
        Neff neff = Neff.of(resource("qwen3-moe-tkg-v6b.neff"));
        Arch arch = Arch.byName(neff.target());
        Estimate est = new Estimate(CostModel.of(arch), neff.toolVersion());
        neff.forEachSubgraph(null, (sg, streams) -> est.add(sg, streams, arch, Disassembler::text, null));
        assertTrue(error(est.totalNs(), 274_760) <= 0.15, () -> "total " + est.totalNs());
        assertTrue(error(est.activeNs("pe"), 69_640) <= 0.15, () -> "pe " + est.activeNs("pe"));
        assertTrue(error(est.dmaActiveNs(), 137_830) <= 0.12, () -> "dma " + est.dmaActiveNs());
    }
}
