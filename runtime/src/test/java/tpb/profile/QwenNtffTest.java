package tpb.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The two Qwen3 NTFFs that have no export: every record is of a known kind, and MoE v6b's summary is its repository's PROFILING.md. */
class QwenNtffTest {
    @ParameterizedTest
    @CsvSource({"qwen3-attn-tkg-v6, 344", "qwen3-moe-tkg-v6b, 160"})
    void everyRecordIsKnown(String name, long flagged) {
        Trace t = ProfileFile.read(NtffPairsTest.resource(name + ".ntff")).trace();
        // the flagged start-only records (byte 3 bit 1) that only these two NTFFs hold: classified by shape, not decoded (docs/ntff.md)
        assertEquals(flagged, t.records().get("flagged instruction record (byte 3 bit 1; not decoded)"));
        assertEquals(0, t.unknownRecords(), t.records()::toString);
        assertEquals(0, t.records().getOrDefault("instruction end without its start", 0L), t.records()::toString);
        assertEquals(0, t.records().getOrDefault("dma packet end without its start", 0L), t.records()::toString);
    }

    /**
     * qwen3-moe-tkg.PROFILING.md, "Original Kernels (v6a/v6b)": v6b Total Time 274.76 µs, DMA Active
     * Time 137.83 µs, Tensor Engine Active Time 69.64 µs (the profiler's summary of a v6b run; the
     * NTFF here is the repository's profile_v6b_exec_2.ntff, which the page does not tie to that row),
     * and Tensor Engine Instruction Time 234.37 µs.
     */
    @Test
    void moeV6bAgreesWithItsProfilingPage() {
        Summary s = Summary.of(ProfileFile.read(NtffPairsTest.resource("qwen3-moe-tkg-v6b.ntff")).trace());
        // read here: total 275,780.403 ns (+0.37 %), PE active 69,797 ns (+0.23 %), PE instruction time 234,293 ns (-0.03 %),
        // DMA active 137,080 ns (-0.54 %)
        assertEquals(275_780.403, s.totalNs(), 1e-3);
        assertEquals(274_760, s.totalNs(), 274_760 * 0.005);
        assertEquals(69_640, s.engines().get("pe").activeNs(), 69_640 * 0.005);
        assertEquals(234_370, s.engines().get("pe").instructionNs(), 234_370 * 0.005);
        assertEquals(137_830, s.dmaActiveNs(), 137_830 * 0.01);
    }
}
