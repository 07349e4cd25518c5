package tpb.cost;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The cost model's error, in sample and held out: the coefficients {@link Fit} fits on every
 * kernel, each kernel estimated by them (in sample), and each kernel estimated by the
 * coefficients fitted on the others only (leave one kernel out). Its {@link #markdown()} is the
 * table of docs/estimate.md.
 */
public record FitReport(Map<String, Fit.Fitted> fitted, List<Line> lines, List<String> notRefitted) {
    /** What reports list per kernel: the total, the engines' active times, the DMA's. */
    public static final List<String> COLUMNS = List.of("total", "pe", "act", "dve", "pool", "sp", "dma");

    /** One kernel: its measured figures, and the signed relative error in sample and held out, in {@link #COLUMNS} order. */
    public record Line(String kernel, double[] measured, double[] inSample, double[] heldOut) {}

    /** Fits on {@code kernels} and on each leave-one-out subset of them. */
    public static FitReport of(CostModel base, List<Fit.Kernel> kernels) {
        Map<String, Fit.Fitted> all = Fit.fit(base, kernels);
        CostModel inSample = base.with(Fit.values(all), "fit");
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < kernels.size(); i++) {
            Fit.Kernel k = kernels.get(i);
            List<Fit.Kernel> others = new ArrayList<>(kernels);
            others.remove(i);
            CostModel heldOut = base.with(Fit.values(Fit.fit(base, others)), "fit");
            lines.add(new Line(k.name(), measured(k.profile()), errors(Fit.estimate(inSample, k), k.profile()),
                    errors(Fit.estimate(heldOut, k), k.profile())));
        }
        List<String> notRefitted = base.coefficients().values().stream().filter(c -> c.fit() != null && !all.containsKey(c.name()))
                .map(CostModel.Coefficient::name).sorted().toList();
        return new FitReport(all, lines, notRefitted);
    }

    static double[] measured(Profile p) {
        double[] v = new double[COLUMNS.size()];
        v[0] = p.totalNs();
        for (int e = 0; e < Estimate.ENGINES.size(); e++) {
            v[e + 1] = p.activeNs().get(Estimate.ENGINES.get(e));
        }
        v[6] = p.dmaActiveNs();
        return v;
    }

    static double[] errors(Estimate est, Profile p) {
        double[] m = measured(p);
        double[] e = new double[COLUMNS.size()];
        e[0] = (est.totalNs() - m[0]) / m[0];
        for (int i = 0; i < Estimate.ENGINES.size(); i++) {
            e[i + 1] = (est.activeNs(Estimate.ENGINES.get(i)) - m[i + 1]) / m[i + 1];
        }
        e[6] = (est.dmaActiveNs() - m[6]) / m[6];
        return e;
    }

    /** The largest held-out error of a total: the range {@code tpb estimate} states ({@code cv_total_error}). */
    public double heldOutTotalError() {
        return lines.stream().mapToDouble(l -> Math.abs(l.heldOut[0])).max().orElse(0);
    }

    /**
     * {@code base} with every coefficient this report fitted in place of its own (INFERRED, with
     * its rows and residual) and {@code cv_total_error} the largest held-out total error rounded up
     * to the next whole percent: the model a user refits on their own profiles ({@code tpb estimate
     * --fit}) and passes back with {@code --model}.
     */
    public CostModel model(CostModel base) {
        String on = "fitted by tpb estimate --fit on " + lines.size() + " kernels: " + String.join(", ", lines.stream().map(Line::kernel).toList());
        CostModel m = base;
        for (Fit.Fitted f : fitted.values()) {
            String kind = f.name().startsWith("runtime_") || f.name().equals("dma_packet_ns") ? "kernels" : "rows";
            m = m.with(f.name(), f.value(), "INFERRED", on, String.format(Locale.ROOT, "%d %s, median residual %.0f %%", f.rows(), kind, 100 * f.residual()));
        }
        return m.with("cv_total_error", Math.ceil(heldOutTotalError() * 100) / 100, "INFERRED", on,
                "the largest leave-one-kernel-out error of a total, rounded up to the next whole percent");
    }

    /** The largest held-out error of column {@code c} over the kernels. */
    public double heldOutError(int c) {
        return lines.stream().mapToDouble(l -> Math.abs(l.heldOut[c])).max().orElse(0);
    }

    private static String pct(double e) {
        return String.format(Locale.ROOT, "%+.0f %%", 100 * e);
    }

    /** The error table (in sample / held out per cell) and the fitted coefficients with their residuals, as Markdown. */
    public String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("| kernel | measured total | total | pe | act | dve | pool | sp | dma |\n");
        b.append("|---|---|---|---|---|---|---|---|---|\n");
        for (Line l : lines) {
            b.append("| `").append(l.kernel).append("` | ").append(String.format(Locale.ROOT, "%.1f µs", l.measured[0] / 1000));
            for (int c = 0; c < COLUMNS.size(); c++) {
                b.append(" | ").append(pct(l.inSample[c])).append(" / ").append(pct(l.heldOut[c]));
            }
            b.append(" |\n");
        }
        b.append(String.format(Locale.ROOT, "%nLargest held-out error: total %.0f %%", 100 * heldOutTotalError()));
        for (int c = 1; c < COLUMNS.size(); c++) {
            b.append(String.format(Locale.ROOT, ", %s %.0f %%", COLUMNS.get(c), 100 * heldOutError(c)));
        }
        b.append(".\n\n| fitted coefficient | value | fitted on | residual |\n|---|---|---|---|\n");
        Map<String, Fit.Fitted> sorted = new LinkedHashMap<>(fitted);
        sorted.forEach((name, f) -> b.append(String.format(Locale.ROOT, "| `%s` | %s | %d %s | %.0f %% |%n", name, value(f.value()), f.rows(),
                name.startsWith("runtime_") || name.equals("dma_packet_ns") ? "kernels" : "rows", 100 * f.residual())));
        if (!notRefitted.isEmpty()) {
            b.append("\nMarked fitted in the model file but not refitted here (their `fit` says on what, by hand): `")
                    .append(String.join("`, `", notRefitted)).append("`.\n");
        }
        return b.toString();
    }

    private static String value(double v) {
        return Math.abs(v) >= 10 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
