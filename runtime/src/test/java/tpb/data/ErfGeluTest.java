package tpb.data;

import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;

/**
 * ACTIVATE's erf and gelu against a derivation that shares nothing with the library the data level
 * calls: erf's Maclaurin series, erf(x) = 2/√π · Σ (-1)^n x^(2n+1) / (n! (2n+1)) (Abramowitz and
 * Stegun 7.1.5), summed in double until a term no longer moves the sum. On |x| ≤ 3 its largest
 * term is under 200, so the sum keeps about 13 digits: far below fp32's 7, and both sides must
 * round to the same fp32 value or its neighbour.
 */
class ErfGeluTest {
    static double erfSeries(double x) {
        double term = x;   // (-1)^n x^(2n+1) / n!
        double sum = 0;
        for (int n = 0; n < 200; n++) {
            double next = sum + term / (2 * n + 1);
            if (next == sum) {
                break;
            }
            sum = next;
            term *= -x * x / (n + 1);
        }
        return 2 / Math.sqrt(Math.PI) * sum;
    }

    static void withinOneUlp(double want, float got, String what) {
        float w = (float) want;
        assertTrue(w == got || Math.abs(w - got) <= Math.ulp(w), what + ": series " + w + ", data level " + got);
    }

    @Property
    void erfIsTheSeries(@ForAll @FloatRange(min = -3, max = 3) float x) {
        withinOneUlp(erfSeries(x), VectorOps.Function.ERF.apply(x), "erf(" + x + ")");
    }

    /** gelu(x) = x·(1 + erf(x/√2))/2; on x ≥ -2 the sum 1 + erf keeps at least a fifth of its digits' worth (1 + erf(-√2) ≈ 0.046). */
    @Property
    void geluIsXTimesPhi(@ForAll @FloatRange(min = -2, max = 4) float x) {
        withinOneUlp(x * (1 + erfSeries(x / Math.sqrt(2))) / 2, VectorOps.Function.GELU.apply(x), "gelu(" + x + ")");
    }

    /** The derivative of gelu against a central difference of gelu itself, in double (h = 1e-5: error about h², far under fp32's). */
    @Property
    void geluDerivativeIsTheSlope(@ForAll @FloatRange(min = -3, max = 3) float x) {
        double h = 1e-5;
        double slope = (x + h) * (1 + erfSeries((x + h) / Math.sqrt(2))) / 2 - (x - h) * (1 + erfSeries((x - h) / Math.sqrt(2))) / 2;
        float got = VectorOps.Function.DERIVATIVE_GELU.apply(x);
        assertTrue(Math.abs(slope / (2 * h) - got) < 1e-6, "gelu'(" + x + "): difference " + slope / (2 * h) + ", data level " + got);
    }
}
