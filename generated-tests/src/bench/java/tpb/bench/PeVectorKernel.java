package tpb.bench;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The PE kernel written with {@code jdk.incubator.vector}, for DataBench only: the alternative
 * to C2's auto-vectorisation that the runtime did not take (docs/_incoming/pe.md, Speed). Four
 * output columns x two vectors of n are eight accumulators held in registers across the whole k
 * loop; each moving vector is loaded once per four columns and each weight broadcast once per
 * two vectors. The sum order is the runtime kernel's: per element from +0, k = 0, 1, …, a
 * multiply then an add (never {@code fma}), so the bits are the same (DataBench's setup checks
 * them). Needs {@code --add-modules jdk.incubator.vector} at compile and run time, whose JVM
 * prints "WARNING: Using incubator modules" on stderr at every start.
 */
final class PeVectorKernel {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int L = S.length();

    private PeVectorKernel() {
    }

    /** {@code out[c][i] = sum_k w[k][c] * moving[k][i]}; cols a multiple of 4, n of two vectors. */
    static void matmul(float[] w, int rows, int cols, float[] moving, int n, float[] out) {
        if (cols % 4 != 0 || n % (2 * L) != 0) {
            throw new IllegalArgumentException("the bench kernel takes cols % 4 == 0 and n % " + 2 * L + " == 0");
        }
        for (int c = 0; c < cols; c += 4) {
            for (int i = 0; i < n; i += 2 * L) {
                FloatVector a00 = FloatVector.zero(S);
                FloatVector a01 = a00;
                FloatVector a10 = a00;
                FloatVector a11 = a00;
                FloatVector a20 = a00;
                FloatVector a21 = a00;
                FloatVector a30 = a00;
                FloatVector a31 = a00;
                for (int k = 0; k < rows; k++) {
                    FloatVector x0 = FloatVector.fromArray(S, moving, k * n + i);
                    FloatVector x1 = FloatVector.fromArray(S, moving, k * n + i + L);
                    int wo = k * cols + c;
                    FloatVector w0 = FloatVector.broadcast(S, w[wo]);
                    FloatVector w1 = FloatVector.broadcast(S, w[wo + 1]);
                    FloatVector w2 = FloatVector.broadcast(S, w[wo + 2]);
                    FloatVector w3 = FloatVector.broadcast(S, w[wo + 3]);
                    a00 = a00.add(w0.mul(x0));
                    a01 = a01.add(w0.mul(x1));
                    a10 = a10.add(w1.mul(x0));
                    a11 = a11.add(w1.mul(x1));
                    a20 = a20.add(w2.mul(x0));
                    a21 = a21.add(w2.mul(x1));
                    a30 = a30.add(w3.mul(x0));
                    a31 = a31.add(w3.mul(x1));
                }
                a00.intoArray(out, c * n + i);
                a01.intoArray(out, c * n + i + L);
                a10.intoArray(out, (c + 1) * n + i);
                a11.intoArray(out, (c + 1) * n + i + L);
                a20.intoArray(out, (c + 2) * n + i);
                a21.intoArray(out, (c + 2) * n + i + L);
                a30.intoArray(out, (c + 3) * n + i);
                a31.intoArray(out, (c + 3) * n + i + L);
            }
        }
    }
}
