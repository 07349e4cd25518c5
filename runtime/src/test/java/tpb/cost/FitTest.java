package tpb.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.Arm;

/** Fit's arithmetic on rows small enough to follow by hand. */
class FitTest {
    static Fit.Row row(String engine, Arm arm, long elements, long duration) {
        return new Fit.Row("k", "sg00", engine, arm, elements, 0, 0, duration);
    }

    /**
     * Two sizes of Activation COPY, 128 elements in 265 ns and 512 in 585 ns, twice each: the
     * line through them has slope 320 / 384 = 0.8333 ns an element and intercept 265 - 128 x
     * 0.8333 = 158.33 ns, residual 0. The engine's fixed cost over the same rows at one element a
     * 1.2 GHz cycle is the same 158.33. Three DVE rows are too few for a class of their own: the
     * engine's fixed cost only, the median of 300 - 100 / 0.96, 310 - 100 / 0.96, 320 - 100 / 0.96.
     */
    @Test
    void aClassIsALineThroughItsRows() {
        List<Fit.Row> rows = List.of(row("act", Arm.COPY, 128, 265), row("act", Arm.COPY, 512, 585), row("act", Arm.COPY, 128, 265),
                row("act", Arm.COPY, 512, 585), row("dve", Arm.COPY, 100, 300), row("dve", Arm.COPY, 100, 310), row("dve", Arm.COPY, 100, 320),
                row("pe", Arm.COPY, 100, 999));
        Map<String, Fit.Fitted> out = new TreeMap<>();
        Fit.classes(CostModel.of(Arch.CAYMAN), rows, out);
        assertEquals(320.0 / 384, out.get("act.Copy.element_ns").value(), 1e-9);
        assertEquals(265 - 128 * 320.0 / 384, out.get("act.Copy.fixed_ns").value(), 1e-9);
        assertEquals(0, out.get("act.Copy.fixed_ns").residual(), 1e-9);
        assertEquals(4, out.get("act.Copy.fixed_ns").rows());
        assertEquals(265 - 128 / 1.2, out.get("act_fixed_ns").value(), 1e-9);
        assertEquals(310 - 100 / 0.96, out.get("dve_fixed_ns").value(), 1e-9);
        assertFalse(out.containsKey("dve.Copy.fixed_ns"));
        assertFalse(out.containsKey("pe_fixed_ns")); // a PE record is no datapath record of a class
    }

    /** Quantiles interpolate between neighbours: of 1, 2, 3, 4 the lower quartile is 1.75 and the median 2.5. */
    @Test
    void quantilesInterpolate() {
        assertEquals(1.75, Fit.quantile(new double[] {4, 1, 3, 2}, 0.25), 1e-12);
        assertEquals(2.5, Fit.median(new double[] {4, 1, 3, 2}), 1e-12);
        assertEquals(0, Fit.median(new double[0]));
    }

    /**
     * Which engines run none of a kernel's work (their runtime's share is fitted on those where
     * there are any): matmul_small.neff's DVE runs a branch label and a SetOrderingMode in each of
     * its two subgraphs, its PE the matmuls; the Qwen3 attention's DVE runs nothing of the
     * kernel's in sg01 but its work in sg00, so it is not idle.
     */
    @Test
    void anIdleEngineRunsNothingOfTheKernelsInAnySubgraph() throws java.io.IOException {
        tpb.neff.Neff small;
        try (java.io.InputStream in = FitTest.class.getResourceAsStream("/neff/matmul_small.neff")) {
            small = tpb.neff.Neff.of(in.readAllBytes());
        }
        Fit.Kernel k = new Fit.Kernel("matmul_small", small, null);
        assertEquals(true, Fit.idle(k, "dve"));
        assertEquals(false, Fit.idle(k, "pe"));
        Fit.Kernel qwen = new Fit.Kernel("qwen3-attn-tkg-v6", tpb.neff.Neff.of(EstimateProfilesTest.resource("qwen3-attn-tkg-v6.neff")), null);
        assertEquals(false, Fit.idle(qwen, "dve"));
    }
}
