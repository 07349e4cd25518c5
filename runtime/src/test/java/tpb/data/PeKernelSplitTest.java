package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.isa.PeFp32Mode;

/**
 * A MATMUL cut by output rows gives the bits of one pass over the whole tile, whoever computes
 * which piece: each output element {@code dst[c][i]} is {@code old + sum_k w[k][c] * m[k][i]} over its
 * own stationary column c alone, summed in k order, so a piece of rows computed on another thread, in
 * another order or with another kernel's accumulators changes nothing (up to which NaN a NaN sum
 * carries, which Java leaves open: {@link PeKernel}). Checked two ways, on random
 * tiles (1-128 rows and columns, 2-600 moving elements, fp16, bf16 and fp32 with each fp32_mode part,
 * a contiguous or a conv2d-like strided moving pattern, a PSUM that accumulates over random values):
 * <ul>
 * <li>any cut of the output rows {@code [0, cols)} into pieces, computed in a random order, each
 * with a shared or a fresh kernel, over one converted moving tile, against one pass;
 * <li>PeArray with a live {@link SpareProcessor} (every size split) against PeArray alone, a MATMUL
 * that starts the group and one that accumulates, on the real threads.
 * </ul>
 */
class PeKernelSplitTest {
    static final int MOVING = 0x1000;   // SBUF byte offset of the moving data
    static final int WEIGHTS = 0x8000;  // and of the stationary tile's partitions

    record Tile(int rows, int cols, int n, boolean strided, DtypeWire dtype, PeFp32Mode part) {
    }

    @Provide
    Arbitrary<Tile> tiles() {
        Arbitrary<Integer> side = Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(128)),
                Tuple.of(3, Arbitraries.integers().between(1, 128)));
        Arbitrary<Integer> n = Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.of(444, 512)),
                Tuple.of(3, Arbitraries.integers().between(2, 600)));
        Arbitrary<DtypeWire> dtype = Arbitraries.of(DtypeWire.FP16, DtypeWire.BFLOAT16, DtypeWire.FP32);
        Arbitrary<PeFp32Mode> part = Arbitraries.of(PeFp32Mode.NONE, PeFp32Mode.LOW, PeFp32Mode.HIGH, PeFp32Mode.LOW_HIGH);
        return Combinators.combine(side, side, n, Arbitraries.of(false, true), dtype, part)
                .as((r, c, len, strided, d, p) -> new Tile(r, c, len, strided && len % 2 == 0, d,
                        d == DtypeWire.FP32 ? p : PeFp32Mode.NONE));
    }

    /** A core with random SBUF values of the tile's dtype (a few NaNs, infinities and zeros among them) and random fp32 PSUM. */
    static CoreState core(Tile t, long seed) {
        CoreState core = new CoreState(Arch.CAYMAN);
        Random r = new Random(seed);
        int eb = Elements.size(t.dtype());
        for (int p = 0; p < 128; p++) {
            byte[] row = core.sbuf().row(p, 0, WEIGHTS + 128 * eb);
            for (int i = 0; i < 2 * 600 + 16; i++) {
                Elements.write(row, MOVING + eb * i, t.dtype(), value(r));
            }
            for (int i = 0; i < 128; i++) {
                Elements.write(row, WEIGHTS + eb * i, t.dtype(), value(r));
            }
            byte[] psum = core.psum().row(p, 0, 600 * 4);
            for (int i = 0; i < 600; i++) {
                Elements.write(psum, 4 * i, DtypeWire.FP32, r.nextGaussian() * 8);
            }
        }
        return core;
    }

    private static double value(Random r) {
        int pick = r.nextInt(200);
        return switch (pick) {
            case 0 -> Double.NaN;
            case 1 -> Double.POSITIVE_INFINITY;
            case 2 -> -0.0;
            default -> r.nextGaussian() * (pick < 100 ? 1 : 1e-3);
        };
    }

    /** The moving pattern: contiguous, or two runs of n / 2 a stride apart (a conv2d's {@code [1, 224; 222, 2]}). */
    static AccessPattern moving(CoreState core, Tile t, int at) {
        int eb = Elements.size(t.dtype());
        int[] step = t.strided() ? new int[] {1, t.n() / 2 + 3, 0} : new int[] {1, 0, 0};
        int[] num = t.strided() ? new int[] {t.n() / 2, 2, 1} : new int[] {t.n(), 1, 1};
        return new AccessPattern(new Location(core.sbuf(), 0, MOVING + eb * at), step, num, t.dtype(), t.rows());
    }

    static AccessPattern psum(CoreState core, Tile t) {
        return new AccessPattern(new Location(core.psum(), 0, 0), new int[] {1, 0, 0}, new int[] {t.n(), 1, 1}, DtypeWire.FP32,
                t.cols());
    }

    /**
     * PSUM's fp32 elements' bits, every NaN as one canonical NaN: which NaN a sum with a NaN carries
     * (its sign, its payload) is not fixed by Java and differs between C2's vector and scalar loops
     * ({@link PeKernel}), and a cut moves elements between them; every other value's bits are compared.
     */
    static int[] psumBits(CoreState core, Tile t) {
        int[] all = new int[t.cols() * t.n()];
        for (int c = 0; c < t.cols(); c++) {
            byte[] row = core.psum().row(c, 0, t.n() * 4);
            for (int i = 0; i < t.n(); i++) {
                float v = (float) Elements.read(row, 4 * i, DtypeWire.FP32);
                all[c * t.n() + i] = Float.isNaN(v) ? Float.floatToIntBits(Float.NaN)
                        : java.nio.ByteBuffer.wrap(row, 4 * i, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
            }
        }
        return all;
    }

    @Property(tries = 80)
    void anyCutGivesTheOnePassBits(@ForAll("tiles") Tile t, @ForAll long seed, @ForAll boolean begin) {
        Random r = new Random(seed);
        float[] w = new float[t.rows() * t.cols()];
        for (int i = 0; i < w.length; i++) {
            w[i] = (float) value(r);
        }
        CoreState one = core(t, seed);
        PeArray.product(new PeKernel(), w, t.rows(), t.cols(), moving(one, t, 5), t.part(), psum(one, t), begin, t.n());
        // cut points: 1 to 8 pieces of the output rows, computed in a random order, each with a shared
        // or a fresh kernel (accumulators), all reading one converted moving tile
        List<Integer> cuts = new ArrayList<>(List.of(0, t.cols()));
        for (int i = r.nextInt(8); i > 0; i--) {
            cuts.add(r.nextInt(t.cols() + 1));
        }
        cuts = new ArrayList<>(new java.util.TreeSet<>(cuts));
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i + 1 < cuts.size(); i++) {
            order.add(i);
        }
        Collections.shuffle(order, r);
        CoreState pieces = core(t, seed);
        PeKernel shared = new PeKernel();
        float[][] m = PeArray.converted(new PeKernel(), t.rows(), moving(pieces, t, 5), t.part(), t.n());
        AccessPattern dst = psum(pieces, t);
        for (int i : order) {
            (r.nextBoolean() ? shared : new PeKernel())
                    .matmulRows(w, t.rows(), t.cols(), m, t.n(), dst, 0, begin, cuts.get(i), cuts.get(i + 1));
        }
        assertArrayEquals(psumBits(one, t), psumBits(pieces, t), "cut at " + cuts + " in the order " + order);
    }

    @Property(tries = 40)
    void aLiveSpareGivesTheOneThreadBits(@ForAll("tiles") Tile t, @ForAll long seed) {
        CoreState one = core(t, seed);
        CoreState two = core(t, seed);
        try (SpareProcessor spare = new SpareProcessor("tpb-pe-spare", () -> true, 0)) {
            two.pe().spare(spare);
            for (CoreState c : new CoreState[] {one, two}) {
                c.pe().loadWeights(new AccessPattern(new Location(c.sbuf(), 0, WEIGHTS), new int[] {1, 0, 0},
                        new int[] {t.cols(), 1, 1}, t.dtype(), t.rows()), t.rows(), t.cols(), t.part());
                c.pe().matmul(moving(c, t, 0), t.part(), psum(c, t), t.rows(), t.cols(), true);
                c.pe().matmul(moving(c, t, 7), t.part(), psum(c, t), t.rows(), t.cols(), false);
            }
        }
        assertArrayEquals(psumBits(one, t), psumBits(two, t));
    }

    @Test
    void aSpareThatStoppedLeavesEveryPieceToTheCore() {
        Tile t = new Tile(128, 128, 444, true, DtypeWire.FP16, PeFp32Mode.NONE);
        CoreState one = core(t, 9);
        CoreState two = core(t, 9);
        SpareProcessor spare = new SpareProcessor("tpb-pe-spare", () -> true, 0);
        spare.close();
        two.pe().spare(spare);
        for (CoreState c : new CoreState[] {one, two}) {
            c.pe().loadWeights(new AccessPattern(new Location(c.sbuf(), 0, WEIGHTS), new int[] {1, 0, 0},
                    new int[] {128, 1, 1}, t.dtype(), 128), 128, 128);
            c.pe().matmul(moving(c, t, 0), psum(c, t), 128, 128, false);
        }
        assertArrayEquals(psumBits(one, t), psumBits(two, t));
    }

    /**
     * A piece's fault is thrown on the core's thread, whichever thread computed the piece, and the
     * spare serves the next MATMUL: a 128 x 128 x 444 MATMUL into int8 PSUM elements, whose first
     * half sums to 0 (zero moving elements) and whose second half to 128 x 2^-10 = 0.125 a column
     * (moving elements 2^-10, weights 1), which int8 cannot hold (Elements.write).
     */
    @Test
    void aPiecesFaultReachesTheCore() {
        CoreState c = new CoreState(Arch.CAYMAN);
        for (int p = 0; p < 128; p++) {
            byte[] row = c.sbuf().row(p, 0, WEIGHTS + 256);
            for (int i = 0; i < 444; i++) {
                Elements.write(row, MOVING + 2 * i, DtypeWire.FP16, i < 222 ? 0 : 0x1p-10);
            }
            for (int i = 0; i < 128; i++) {
                Elements.write(row, WEIGHTS + 2 * i, DtypeWire.FP16, 1);
            }
        }
        AccessPattern moving = new AccessPattern(new Location(c.sbuf(), 0, MOVING), new int[] {1, 0, 0}, new int[] {444, 1, 1},
                DtypeWire.FP16, 128);
        AccessPattern int8 = new AccessPattern(new Location(c.psum(), 0, 0), new int[] {1, 0, 0}, new int[] {444, 1, 1},
                DtypeWire.INT8, 128);
        try (SpareProcessor spare = new SpareProcessor("tpb-pe-spare", () -> true)) {
            c.pe().spare(spare);
            c.pe().loadWeights(new AccessPattern(new Location(c.sbuf(), 0, WEIGHTS), new int[] {1, 0, 0},
                    new int[] {128, 1, 1}, DtypeWire.FP16, 128), 128, 128);
            for (int i = 0; i < 20; i++) {
                DataFault f = org.junit.jupiter.api.Assertions.assertThrows(DataFault.class,
                        () -> c.pe().matmul(moving, int8, 128, 128, true));
                assertEquals("value 0.125 does not fit INT8 exactly (no float-to-integer rounding or saturation is modelled)",
                        f.getMessage());
            }
            Tile t = new Tile(128, 128, 444, false, DtypeWire.FP16, PeFp32Mode.NONE);
            c.pe().matmul(moving, psum(c, t), 128, 128, true);
            assertEquals(0.125f, (float) Elements.read(c.psum().row(5, 0, 444 * 4), 4 * 300, DtypeWire.FP32));
        }
    }

    /**
     * The split's bounds: a MATMUL of at least 2^20 multiply-accumulates (128 x 128 x 64) is split
     * while a processor is free; 128 x 128 x 63 is not, nor anything while none is.
     */
    @Test
    void onlyLargeTilesAreSplitAndOnlyWhileAProcessorIsFree() {
        boolean[] free = {true};
        try (SpareProcessor spare = new SpareProcessor("tpb-pe-spare", () -> free[0])) {
            assertTrue(spare.worthSplitting(128, 128, 64));
            assertFalse(spare.worthSplitting(128, 128, 63));
            assertTrue(spare.worthSplitting(128, 128, 444));
            free[0] = false;
            assertFalse(spare.worthSplitting(128, 128, 444));
        }
    }
}
