package tpb.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tpb.isa.Arch;
import tpb.neff.Neff;

/**
 * The model's held-out discipline: {@link FitReport} on the eight shared profiles (the six
 * attention exports and the two Qwen3 NTFFs). The table in
 * docs/estimate.md is this report (between its fit-report markers; {@code -Dtpb.rewriteDocs=true}
 * writes it there), the coefficients in cayman.yaml are the ones it fits on all eight, and the
 * leave-one-kernel-out errors are held to bars.
 */
class FitReportTest {
    static final List<String> KERNELS = List.of("attention-baseline-bf16-s512", "attention-baseline-fp32-s512", "attention-baseline",
            "attention-fused-bf16-s512", "attention-fused-fp32-s512", "attention-fused", "qwen3-attn-tkg-v6", "qwen3-moe-tkg-v6b");
    static final Path DOC = Path.of("../docs/estimate.md");
    static final String BEGIN = "<!-- fit-report:begin -->\n";
    static final String END = "<!-- fit-report:end -->";

    @TempDir
    static Path dir;
    static FitReport report;
    static CostModel model;

    static List<Fit.Kernel> kernels() throws IOException {
        List<Fit.Kernel> out = new ArrayList<>();
        for (String name : KERNELS) {
            // the attention kernels' JSON exports; the Qwen3 kernels' raw traces (no export of them is public)
            String file = name.startsWith("qwen3") ? name + ".ntff" : name + ".profile.json.gz";
            Path p = dir.resolve(file);
            Files.write(p, EstimateProfilesTest.resource("profiles/" + file));
            out.add(new Fit.Kernel(name, Neff.of(EstimateProfilesTest.resource(name + ".neff")), Profile.read(p)));
        }
        return out;
    }

    @BeforeAll
    static void fit() throws IOException {
        model = CostModel.of(Arch.CAYMAN);
        report = FitReport.of(model, kernels());
    }

    @Test
    void theDocsTableIsTheReport() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int from = doc.indexOf(BEGIN);
        int to = doc.indexOf(END);
        assertTrue(from >= 0 && to > from, "docs/estimate.md has no fit-report markers");
        String table = report.markdown();
        if (Boolean.getBoolean("tpb.rewriteDocs")) {
            Files.writeString(DOC, doc.substring(0, from + BEGIN.length()) + table + doc.substring(to), StandardCharsets.UTF_8);
            return;
        }
        assertEquals(table, doc.substring(from + BEGIN.length(), to), "docs/estimate.md's table is stale: rerun with -Dtpb.rewriteDocs=true");
    }

    /** cayman.yaml holds what the fit on all eight gives (to the file's rounding), so the report's in-sample column is the shipped model's error. */
    @Test
    void theModelFileHoldsTheFit() {
        for (Map.Entry<String, Fit.Fitted> e : report.fitted().entrySet()) {
            double fitted = e.getValue().value();
            assertTrue(model.has(e.getKey()), e.getKey() + " is fitted but not in cayman.yaml");
            double shipped = model.get(e.getKey());
            assertTrue(Math.abs(shipped - fitted) <= Math.max(0.5, 0.005 * Math.abs(fitted)), e.getKey() + ": cayman.yaml " + shipped + ", fit " + fitted);
        }
        assertEquals(Math.ceil(report.heldOutTotalError() * 100) / 100, model.get("cv_total_error"), 1e-9, "cv_total_error");
    }

    /**
     * Leave one kernel out: each kernel estimated by coefficients fitted on the other seven. Bars:
     * on the six attention kernels, the total within 15 % and every engine's and the DMA's active
     * time within 30 %; on all eight, the errors of today, rounded up, so a change that makes one
     * worse fails here. The Qwen3 attention kernel misses the first bar on its Pool (docs/estimate.md
     * says why: its measured DMA issues grow while the DMA falls behind).
     */
    @Test
    void heldOutErrorsStayWithinTheirBars() {
        // the runtime's share fitted on its own instructions (2 us an engine and core, not 1.7) moved the errors from the PE and
        // Pool (short before) to the ACT, DVE and SP of the fused kernels (their records' costs over): PE 22 -> 18, SP 13 -> 23
        double[] today = {0.08, 0.18, 0.30, 0.26, 0.82, 0.23, 0.11};
        for (FitReport.Line l : report.lines()) {
            for (int c = 0; c < FitReport.COLUMNS.size(); c++) {
                double e = Math.abs(l.heldOut()[c]);
                String what = l.kernel() + " " + FitReport.COLUMNS.get(c) + " held out " + e;
                if (!l.kernel().startsWith("qwen3")) {
                    assertTrue(e <= (c == 0 ? 0.15 : 0.30), what);
                }
                assertTrue(e <= today[c], what + ", bar " + today[c]);
            }
        }
    }
}
