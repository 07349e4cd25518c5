package tpb.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tpb.asm.Disassembler;
import tpb.isa.DtypeWire;
import tpb.data.SyntheticMatmulNeff;
import tpb.isa.Arch;
import tpb.neff.Neff;
import tpb.sim.SyncRun;

/** Both generations estimated, with true MACs, never under the roofline floor. */
class GenerationsTest {
    static Estimate estimate(Neff neff) {
        Arch arch = Arch.byName(neff.target());
        Estimate est = new Estimate(CostModel.of(arch), neff.toolVersion());
        neff.forEachSubgraph(null, (sg, streams) -> {
            Estimate.SubgraphRun r = est.add(sg, streams, arch, Disassembler::text, null);
            assertEquals(SyncRun.Status.COMPLETE, r.result().status(), r.result().message());
        });
        return est;
    }

    /**
     * A sunda matmul (neuronx-cc's program shape, SyntheticMatmulNeff) of x (128 x 300) by y (300 x
     * 1100) on two cores: the model has SUNDA figures, and its MACs are the product's, 128 x 300 x
     * 1100 = 42,240,000 (each MATMUL: a K tile's partitions x M = 128 columns x its moving
     * columns), in fp16 and fp32 alike. Its range is as wide as SUNDA's unfitted model says (50 %).
     */
    @Test
    void aSundaNeffIsEstimatedWithItsTrueMacs() {
        for (DtypeWire dtype : List.of(DtypeWire.FP16, DtypeWire.FP32)) {
            Estimate est = estimate(Neff.of(new SyntheticMatmulNeff(Arch.SUNDA, dtype, 128, 300, 1100, 2, false).write()));
            assertEquals("SUNDA", est.model().arch());
            assertEquals(128L * 300 * 1100, est.macs(), dtype.name());
            assertEquals(est.totalNs() * 0.5, est.rangeNs()[0], 1e-6);
        }
    }

    /** matmul_small computes 4,194,304 MACs (two cores, each 128 x 128 x 2 x 64); its two PE transposes a core are no MACs. */
    @Test
    void aTransposeIsNoMac() throws IOException {
        try (InputStream in = GenerationsTest.class.getResourceAsStream("/neff/matmul_small.neff")) {
            assertEquals(4_194_304, estimate(Neff.of(in.readAllBytes())).macs());
        }
    }

    /** No subgraph's records take less than its MACs at the PE array's peak or its bytes at the HBM's bandwidth. */
    @Test
    void noEstimateIsUnderTheRooflineFloor() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources/neff"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".neff")).toList()) {
                Estimate est = estimate(Neff.of(Files.readAllBytes(p)));
                CostModel m = est.model();
                for (Estimate.SubgraphRun r : est.runs()) {
                    double pe = r.timed().macs() / (m.get("pe_rows") * m.get("pe_cols") * m.get("pe_clock_ghz"));
                    double hbm = r.timed().dmaBytes() / m.get("hbm_gbps");
                    assertTrue(est.subgraphNs(r) >= m.get("runtime_prologue_ns") + Math.max(pe, hbm) + m.get("runtime_epilogue_ns"), p + " " + r.name());
                }
            }
        }
    }

    /**
     * SUNDA's model says how sure it is: every coefficient the model reads, none marked fitted
     * (no Trn1 profile is public here), the public figures as their pages give them (190 BF16
     * TFLOPS over two cores = 128 x 128 x 2 x 2.9 GHz; 47.5 FP32 TFLOPS, a quarter: 4 passes; the
     * DMA guide's 17 B/ns over 16 engines), and a range of 50 %.
     */
    @Test
    void theSundaModelStatesItsConfidence() {
        CostModel m = CostModel.of(Arch.SUNDA);
        CostModel.NAMES.forEach(n -> assertTrue(m.has(n), n));
        m.coefficients().values().forEach(c -> assertEquals(null, c.fit(), c.name() + " is marked fitted on SUNDA"));
        assertEquals(2.9, m.get("pe_clock_ghz"));
        assertEquals(4, m.get("pe_fp32_passes"));
        assertEquals(17, m.get("dma_engine_gbps"));
        assertEquals(16, m.get("dma_engines"));
        assertEquals(0.5, m.get("cv_total_error"));
        assertEquals(0, m.coefficients().values().stream().filter(c -> c.source().isBlank()).count());
    }

    /**
     * Where the schedule comes out under the floor, the floor stands: attention-fused's sg00 moves
     * 1,114,112 bytes by DMA (its five DMA_DIRECT2D); with the HBM's bandwidth set to 1 GB/s its
     * floor is 1,114,112 ns, above its schedule, so sg00 takes prologue + 1,114,112 + epilogue.
     */
    @Test
    void theFloorStandsWhereTheScheduleIsUnderIt() throws IOException {
        String yaml;
        try (InputStream in = GenerationsTest.class.getResourceAsStream("/tpb/cost/cayman.yaml")) {
            yaml = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        String slow = yaml.replaceFirst("(?m)(  hbm_gbps:\\n    value: )716", "$11");
        CostModel m = CostModel.parse("slow.yaml", slow.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(1, m.get("hbm_gbps"));
        Neff neff = Neff.of(EstimateProfilesTest.resource("attention-fused.neff"));
        Estimate est = new Estimate(m);
        neff.forEachSubgraph(java.util.Set.of("sg00"), (sg, streams) -> est.add(sg, streams, Arch.CAYMAN, Disassembler::text, null));
        Estimate.SubgraphRun r = est.runs().get(0);
        assertEquals(1_114_112, r.timed().dmaBytes());
        assertTrue(r.timed().spanNs() < 1_114_112);
        assertEquals(m.get("runtime_prologue_ns") + 1_114_112 + m.get("runtime_epilogue_ns"), est.subgraphNs(r), 1e-6);
    }

    /**
     * Which runtime's own instructions an estimate adds is the NEFF's compiler release's: the
     * release is compared as major and minor numbers (2.3 is before 2.23, 3.0 after it), and a
     * NEFF naming none, or a name with no release in it, is taken as a current one's.
     */
    @Test
    void theRuntimesShareFollowsTheNeffsCompilerRelease() {
        CostModel m = CostModel.of(Arch.CAYMAN);
        assertEquals(2.23, m.get("runtime_loads_from_tool"));
        assertEquals(false, Estimate.programLoads(m, "2.21.18209.0+043b1bf7"));
        assertEquals(false, Estimate.programLoads(m, "2.22.1.0"));
        assertEquals(false, Estimate.programLoads(m, "2.3.0"));
        assertEquals(false, Estimate.programLoads(m, "1.99"));
        assertEquals(true, Estimate.programLoads(m, "2.23.6484.0+3b612583"));
        assertEquals(true, Estimate.programLoads(m, "2.100.0"));
        assertEquals(true, Estimate.programLoads(m, "3.0"));
        assertEquals(true, Estimate.programLoads(m, null));
        assertEquals(true, Estimate.programLoads(m, "dev"));
        // attention-fused.neff (neuronx-cc 2.23, two subgraphs): the same records, each engine's active time differing by two
        // cores' runtime share, the DMA's by the runtime's own loads once
        Neff neff = Neff.of(EstimateProfilesTest.resource("attention-fused.neff"));
        assertEquals("2.23.6484.0+3b612583", neff.toolVersion());
        Estimate loads = new Estimate(m, neff.toolVersion());
        Estimate preloaded = new Estimate(m, "2.21.18209.0+043b1bf7");
        for (Estimate est : List.of(loads, preloaded)) {
            neff.forEachSubgraph(null, (sg, streams) -> est.add(sg, streams, Arch.CAYMAN, Disassembler::text, null));
        }
        assertEquals("runtime_", loads.runtimePrefix());
        assertEquals("runtime_preloaded_", preloaded.runtimePrefix());
        for (String e : Estimate.ENGINES) {
            assertEquals(2 * (m.get("runtime_" + e + "_active_ns") - m.get("runtime_preloaded_" + e + "_active_ns")), loads.activeNs(e) - preloaded.activeNs(e), 1e-6, e);
        }
        assertEquals(m.get("runtime_dma_active_ns") - m.get("runtime_preloaded_dma_active_ns"), loads.dmaActiveNs() - preloaded.dmaActiveNs(), 1e-6);
        assertEquals(loads.totalNs(), preloaded.totalNs(), 1e-6);
    }
}
