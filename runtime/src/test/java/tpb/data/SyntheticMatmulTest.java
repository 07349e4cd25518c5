package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.neff.Neff;

/**
 * Matmul NEFFs from {@link SyntheticMatmulNeff} (1, 2 and 4 cores, one and several K and N tiles)
 * against its tile-order oracle, bit for bit (the oracle adds in the records' order, so equality
 * is exact, NaN compared as NaN), and a deliberate cross-core race.
 */
class SyntheticMatmulTest {
    private static Npy.Array array(MatmulValues v) {
        byte[] d = new byte[2 * v.rows() * v.cols()];
        for (int r = 0; r < v.rows(); r++) {
            for (int c = 0; c < v.cols(); c++) {
                short h = v.bits(r, c);
                int at = 2 * (r * v.cols() + c);
                d[at] = (byte) h;
                d[at + 1] = (byte) (h >>> 8);
            }
        }
        return new Npy.Array(NpyType.FLOAT16, new int[] {v.rows(), v.cols()}, d);
    }

    private static DataRun run(int m, int k, int n, int cores, boolean race, long seed, boolean edges) {
        NeffImage image = NeffImage.read(Neff.of(new SyntheticMatmulNeff(m, k, n, cores, race).write()));
        assertEquals(cores, image.cores().size());
        Map<String, Npy.Array> in = new LinkedHashMap<>();
        in.put("x", array(MatmulValues.x(seed, m, k, edges && m > 2 && k > 7)));
        in.put("y", array(MatmulValues.y(seed, k, n, edges && k > 3 && n > 5)));
        return new DataRun(image, Arch.CAYMAN, in);
    }

    /** The elements of output0 that differ from the oracle, described (empty when all agree). */
    private static List<String> check(int m, int k, int n, int cores, long seed, boolean edges) {
        Npy.Array out = run(m, k, n, cores, false, seed, edges).run(null).get("output0");
        assertEquals("<f2" + Npy.shapeText(new int[] {m, n}), out.toString());
        MatmulValues x = MatmulValues.x(seed, m, k, edges && m > 2 && k > 7);
        MatmulValues y = MatmulValues.y(seed, k, n, edges && k > 3 && n > 5);
        List<String> bad = new java.util.ArrayList<>();
        for (int r = 0; r < m; r++) {
            for (int c = 0; c < n; c++) {
                int at = 2 * (r * n + c);
                short got = (short) ((out.data()[at] & 0xFF) | (out.data()[at + 1] & 0xFF) << 8);
                short want = SyntheticMatmulNeff.oracle(x, y, r, c);
                boolean nan = Float.isNaN(Fp16.toFloat(got)) && Float.isNaN(Fp16.toFloat(want));
                if (got != want && !nan) {
                    bad.add("out[" + r + "][" + c + "] = 0x" + Integer.toHexString(got & 0xFFFF) + ", oracle 0x"
                            + Integer.toHexString(want & 0xFFFF));
                }
            }
        }
        return bad;
    }

    @Test
    void oneCoreOneTile() {
        assertEquals(List.of(), check(16, 100, 200, 1, 1, false));
    }

    @Test
    void twoCoresKAndNTilesWithEdgeValues() {
        // K = 300: tiles of 128, 128, 44 (MULTI_START, MULTI_MID, MULTI_END); N = 1100: each core 550 = 512 + 38
        // planted: x[1][7] = +inf, x[2][K-1] = NaN, y[3][5] = -inf (MatmulValues)
        assertEquals(List.of(), check(128, 300, 1100, 2, 2, true));
    }

    @Test
    void fourCores() {
        assertEquals(List.of(), check(64, 256, 2052, 4, 3, false));
    }

    @Test
    void coresWritingOneBlockAreARace() {
        DataRun r = run(8, 130, 64, 2, true, 4, false);
        DataFault f = assertThrows(DataFault.class, () -> r.run(null));
        // core 1 computes core 0's columns 0..31: the same output0 bytes, row 0 [0x0, 0x40) first
        assertEquals("race: sg00 writes output0 [0x0,0x40) that sg01 also writes (cores share no semaphores)", f.getMessage());
    }

    @Test
    void disjointBlocksAreNoRace() {
        DataRun r = run(8, 130, 64, 2, false, 4, false);
        r.run(null);
        assertEquals(List.of(), r.crossCoreRaces());
        assertTrue(r.vars().containsKey("y"));
    }

    /** A fault on one core is the run's fault, named by core, engine and record; the other core stops. */
    @Test
    void aFaultOnOneCoreEndsTheRun() {
        Map<String, byte[]> files = new SyntheticMatmulNeff(8, 130, 64, 2, false).files();
        byte[] pe = files.get("sg01/PE.bin");
        pe[3 * 64] = (byte) 0xFF;   // record 3 (the second x^T DMA is record 1; 3 is the first LDWEIGHTS): the spec's Invalid arm
        NeffImage image = NeffImage.read(Neff.of(tpb.neff.NeffWriter.write("fault.neff", files)));
        Map<String, Npy.Array> in = new LinkedHashMap<>();
        in.put("x", array(MatmulValues.x(1, 8, 130, false)));
        in.put("y", array(MatmulValues.y(1, 130, 64, false)));
        DataFault f = assertThrows(DataFault.class, () -> new DataRun(image, Arch.CAYMAN, in).run(null));
        assertEquals("sg01 pe record 3: Invalid (opcode 0xff) has no data-level semantics", f.getMessage());
    }

    @Property(tries = 25)
    void randomSmallShapesEqualTheOracle(@ForAll @IntRange(min = 1, max = 128) int m, @ForAll @IntRange(min = 1, max = 400) int k,
            @ForAll @IntRange(min = 4, max = 1200) int n, @ForAll @IntRange(min = 1, max = 4) int cores,
            @ForAll @IntRange(min = 0, max = 1000) int seed) {
        assertEquals(List.of(), check(m, k, n, cores, seed, seed % 2 == 0));
    }

    /**
     * One core on two processors: DataRun lends its PE a spare processor, which takes pieces of each
     * 128 x 128 x 512 MATMUL (above the split's 2^20 multiply-accumulates); the output is the one
     * thread's, byte for byte (finite inputs: which NaN a NaN sum carries is Java's choice, PeKernel).
     */
    @Test
    void aSpareProcessorLeavesOneThreadsBytes() {
        NeffImage image = NeffImage.read(Neff.of(new SyntheticMatmulNeff(Arch.SUNDA, DtypeWire.FP16, 128, 300, 1100, 1, false).write()));
        Map<String, Npy.Array> in = new LinkedHashMap<>();
        in.put("x", array(MatmulValues.x(6, 128, 300, false)));
        in.put("y", array(MatmulValues.y(6, 300, 1100, false)));
        byte[] alone = new DataRun(image, Arch.SUNDA, in).threads(1).run(null).get("output0").data();
        byte[] shared = new DataRun(image, Arch.SUNDA, in).threads(2).run(null).get("output0").data();
        org.junit.jupiter.api.Assertions.assertArrayEquals(alone, shared);
    }

    /** The fp16 program on sunda: LDWEIGHTS and MATMUL written and read through views Ldweights.Sunda and Matmul.Sunda. */
    @Test
    void sundaFp16() {
        NeffImage image = NeffImage.read(Neff.of(new SyntheticMatmulNeff(Arch.SUNDA, DtypeWire.FP16, 128, 300, 1100, 2, false).write()));
        Map<String, Npy.Array> in = new LinkedHashMap<>();
        in.put("x", array(MatmulValues.x(5, 128, 300, true)));
        in.put("y", array(MatmulValues.y(5, 300, 1100, true)));
        Npy.Array out = new DataRun(image, Arch.SUNDA, in).run(null).get("output0");
        MatmulValues x = MatmulValues.x(5, 128, 300, true);
        MatmulValues y = MatmulValues.y(5, 300, 1100, true);
        for (int r = 0; r < 128; r++) {
            for (int c = 0; c < 1100; c++) {
                int at = 2 * (r * 1100 + c);
                short got = (short) ((out.data()[at] & 0xFF) | (out.data()[at + 1] & 0xFF) << 8);
                short want = SyntheticMatmulNeff.oracle(x, y, r, c);
                if (got != want && !(Float.isNaN(Fp16.toFloat(got)) && Float.isNaN(Fp16.toFloat(want)))) {
                    assertEquals(want, got, "out[" + r + "][" + c + "]");
                }
            }
        }
    }

    /**
     * The fp32 program (each K tile in a LOW and a HIGH pass, as neuronx-cc compiles an fp32
     * matmul) on sunda and on cayman: output0 equals {@link SyntheticMatmulNeff#oracleFp32} bit for
     * bit, and the oracle itself is the fp32 matmul to within fp32 summation error: |out - x @ y|
     * (in double) at most K * 2^-23 * sum |x * y| (a bound for summing K products in fp32 in any order,
     * and the two parts add up to x exactly).
     */
    @Test
    void fp32InTwoPassesOnBothGenerations() {
        int m = 96;
        int k = 300;
        int n = 700;
        java.util.Random rnd = new java.util.Random(11);
        float[] x = new float[m * k];
        float[] y = new float[k * n];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) rnd.nextGaussian();
        }
        for (int i = 0; i < y.length; i++) {
            y[i] = (float) rnd.nextGaussian();
        }
        for (Arch arch : new Arch[] {Arch.SUNDA, Arch.CAYMAN}) {
            NeffImage image = NeffImage.read(Neff.of(new SyntheticMatmulNeff(arch, DtypeWire.FP32, m, k, n, 2, false).write()));
            Map<String, Npy.Array> in = new LinkedHashMap<>();
            in.put("x", fp32(x, m, k));
            in.put("y", fp32(y, k, n));
            Npy.Array out = new DataRun(image, arch, in).run(null).get("output0");
            assertEquals("<f4" + Npy.shapeText(new int[] {m, n}), out.toString());
            java.nio.FloatBuffer got = java.nio.ByteBuffer.wrap(out.data()).order(java.nio.ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
            for (int r = 0; r < m; r++) {
                for (int c = 0; c < n; c++) {
                    float want = SyntheticMatmulNeff.oracleFp32(x, y, k, n, r, c);
                    assertEquals(Float.floatToIntBits(want), Float.floatToIntBits(got.get(r * n + c)), arch + " out[" + r + "][" + c + "]");
                    double exact = 0;
                    double mag = 0;
                    for (int kk = 0; kk < k; kk++) {
                        exact += (double) x[r * k + kk] * y[kk * n + c];
                        mag += Math.abs((double) x[r * k + kk] * y[kk * n + c]);
                    }
                    assertTrue(Math.abs(want - exact) <= k * 0x1p-23 * mag, "the oracle is an fp32 matmul: out[" + r + "][" + c + "]");
                }
            }
        }
    }

    private static Npy.Array fp32(float[] v, int rows, int cols) {
        byte[] d = new byte[4 * v.length];
        java.nio.ByteBuffer.wrap(d).order(java.nio.ByteOrder.LITTLE_ENDIAN).asFloatBuffer().put(v);
        return new Npy.Array(NpyType.FLOAT32, new int[] {rows, cols}, d);
    }
}
