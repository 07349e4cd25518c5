package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.CopyFlyweight;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.MatmulFlyweight;
import tpb.isa.PeLwOrder;
import tpb.isa.PsumAccumulateFlags;
import tpb.isa.WaitMode;
import tpb.neff.Neff;
import tpb.neff.NeffWriter;

/**
 * The fixture NEFF ({@code np.matmul(x, y)}, x fp16 128 x 256, y fp16 256 x 128) on inputs made
 * here, against an independent oracle written here: out[m][n] = fp16(sum over k = 0..255 of
 * x[m][k] * y[k][n]), summed in fp32 in k order.
 *
 * <p>Tolerance. Every product of two fp16 values is exact in fp32 (11 + 11 significant bits fit
 * in 24), so the simulator and the oracle differ only in the order of their 255 fp32 additions
 * (the simulator adds two 128-term K-tiles in the PE and then in PSUM). Any order's fp32 sum
 * is within gamma(255) * sum|x[m][k] * y[k][n]| of the exact sum, gamma(n) = n*u / (1 - n*u),
 * u = 2^-24 (Higham, Accuracy and Stability of Numerical Algorithms, §4.2), so the two fp32
 * sums are within twice that of each other. Rounding each to fp16 adds at most half an fp16 ulp
 * each: |sim - oracle| <= 2 * gamma(255) * sum|products| + ulp16(max(|sim|, |oracle|)). Values
 * past 65504 round to infinity; an infinity is compared as 65536 (the next fp16 step), and NaN
 * must never appear (no fp32 partial sum can overflow: 256 * 65504^2 < 2^41).
 */
class DataFixtureTest {
    static final NeffImage IMAGE = FixtureImageTest.IMAGE;
    static final int M = 128;
    static final int K = 256;
    static final int N = 128;

    static Npy.Array fp16(int rows, int cols, IntUnaryOperator bits) {
        byte[] d = new byte[rows * cols * 2];
        for (int i = 0; i < rows * cols; i++) {
            int h = bits.applyAsInt(i);
            d[2 * i] = (byte) h;
            d[2 * i + 1] = (byte) (h >>> 8);
        }
        return new Npy.Array(NpyType.FLOAT16, new int[] {rows, cols}, d);
    }

    static float at(Npy.Array a, int i) {
        return Fp16.toFloat((short) ((a.data()[2 * i] & 0xFF) | (a.data()[2 * i + 1] & 0xFF) << 8));
    }

    static Npy.Array run(NeffImage image, Npy.Array x, Npy.Array y, PeLwOrder order) {
        Map<String, Npy.Array> in = new LinkedHashMap<>();
        in.put("x", x);
        in.put("y", y);
        Map<String, Npy.Array> out = new DataRun(image, Arch.CAYMAN, in).loadOrder(order).run(null);
        assertEquals(Set.of("output0"), out.keySet());
        return out.get("output0");
    }

    /** The number of output elements outside the derived tolerance of the oracle (0 when they agree). */
    private static int mismatches(Npy.Array x, Npy.Array y, Npy.Array out) {
        assertEquals("<f2(128, 128)", out.toString());
        double gamma = 255 * 0x1p-24 / (1 - 255 * 0x1p-24);
        int bad = 0;
        for (int m = 0; m < M; m++) {
            for (int n = 0; n < N; n++) {
                float s = 0f;
                double abs = 0;
                for (int k = 0; k < K; k++) {
                    float p = at(x, m * K + k) * at(y, k * N + n);
                    s += p;
                    abs += Math.abs(p);
                }
                float ref = Fp16.toFloat(Fp16.fromFloat(s));
                float sim = at(out, m * N + n);
                assertFalse(Float.isNaN(sim), "NaN at " + m + "," + n);
                double a = Float.isInfinite(sim) ? Math.copySign(65536, sim) : sim;
                double b = Float.isInfinite(ref) ? Math.copySign(65536, ref) : ref;
                double ulp = Math.ulp(Fp16.toFloat(Fp16.fromFloat((float) Math.min(65504, Math.max(Math.abs(a), Math.abs(b))))))
                        * 0x1p13;   // an fp16 ulp: fp32 ulp x 2^13 for normal values
                double tol = 2 * gamma * abs + Math.max(ulp, 0x1p-24);
                if (Math.abs(a - b) > tol) {
                    bad++;
                }
            }
        }
        return bad;
    }

    @Test
    void randomInputsReproduceTheMatmulForSeveralSeeds() {
        for (long seed : new long[] {1, 2, 3, 42}) {
            Random r = new Random(seed);
            Npy.Array x = fp16(M, K, i -> Fp16.fromFloat((float) r.nextGaussian()));
            Npy.Array y = fp16(K, N, i -> Fp16.fromFloat((float) r.nextGaussian()));
            assertEquals(0, mismatches(x, y, run(IMAGE, x, y, PeLwOrder.LAST_COL_FIRST)), "seed " + seed);
        }
    }

    @Test
    void edgeValuesZerosMaxAndSubnormals() {
        Npy.Array zero = fp16(M, K, i -> 0);
        Npy.Array zeroY = fp16(K, N, i -> 0);
        Npy.Array out = run(IMAGE, zero, zeroY, PeLwOrder.LAST_COL_FIRST);
        for (int i = 0; i < M * N; i++) {
            assertEquals(0f, at(out, i));
        }
        // +-65504 everywhere: every sum is +-256 * 65504^2, far past fp16: +-infinity
        Npy.Array max = fp16(M, K, i -> 0x7BFF);
        Npy.Array maxY = fp16(K, N, i -> (i % N) % 2 == 0 ? 0x7BFF : 0xFBFF);
        out = run(IMAGE, max, maxY, PeLwOrder.LAST_COL_FIRST);
        assertEquals(Float.POSITIVE_INFINITY, at(out, 0));
        assertEquals(Float.NEGATIVE_INFINITY, at(out, 1));
        assertEquals(0, mismatches(max, maxY, out));
        // subnormals times normals, mixed with large values, seeds 5 and 6
        for (long seed : new long[] {5, 6}) {
            Random r = new Random(seed);
            IntUnaryOperator mixed = i -> switch (r.nextInt(4)) {
                case 0 -> r.nextInt(0x400) | (r.nextBoolean() ? 0x8000 : 0);   // subnormal
                case 1 -> Fp16.fromFloat((float) (r.nextGaussian() * 1000));
                default -> Fp16.fromFloat((float) r.nextGaussian());
            };
            Npy.Array x = fp16(M, K, mixed);
            Npy.Array y = fp16(K, N, mixed);
            assertEquals(0, mismatches(x, y, run(IMAGE, x, y, PeLwOrder.LAST_COL_FIRST)), "seed " + seed);
        }
    }

    /** The other reading of LDWEIGHTS' load order is kept runnable, and the fixture's numbers refute it. */
    @Test
    void firstColumnFirstLoadOrderDoesNotReproduceTheMatmul() {
        Random r = new Random(9);
        Npy.Array x = fp16(M, K, i -> Fp16.fromFloat((float) r.nextGaussian()));
        Npy.Array y = fp16(K, N, i -> Fp16.fromFloat((float) r.nextGaussian()));
        assertTrue(mismatches(x, y, run(IMAGE, x, y, PeLwOrder.FIRST_COL_FIRST)) > M * N / 2);
    }

    // ---- mutations: the same NEFF with one thing changed through the encoders ----

    private static Map<String, byte[]> fixtureFiles() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        Neff.open(FixtureImageTest.FIXTURE).forEachEntry((path, size, data) -> files.put(path, data.readNBytes((int) size)));
        return files;
    }

    private static NeffImage image(Map<String, byte[]> files) {
        return NeffImage.read(Neff.of(NeffWriter.write("mutant.neff", files)));
    }

    private static Npy.Array[] randomInputs() {
        Random r = new Random(11);
        return new Npy.Array[] {fp16(M, K, i -> Fp16.fromFloat((float) r.nextGaussian())),
                fp16(K, N, i -> Fp16.fromFloat((float) r.nextGaussian()))};
    }

    @Test
    void swappingTheKTilesAccumulateFlagsChangesTheAnswer() {
        Map<String, byte[]> files = fixtureFiles();
        for (String sg : new String[] {"sg00", "sg01"}) {
            byte[] pe = files.get(sg + "/PE.bin");
            MatmulFlyweight mm = new MatmulFlyweight();
            // records 9 and 11: the two K-tiles, MULTI_START then MULTI_END
            assertEquals(PsumAccumulateFlags.MULTI_START, mm.wrap(pe, 9 * 64).psumAccumulateFlags());
            mm.psumAccumulateFlags(PsumAccumulateFlags.MULTI_END);
            assertEquals(PsumAccumulateFlags.MULTI_END, mm.wrap(pe, 11 * 64).psumAccumulateFlags());
            mm.psumAccumulateFlags(PsumAccumulateFlags.MULTI_START);
        }
        Npy.Array[] in = randomInputs();
        assertEquals(0, mismatches(in[0], in[1], run(IMAGE, in[0], in[1], PeLwOrder.LAST_COL_FIRST)));
        assertTrue(mismatches(in[0], in[1], run(image(files), in[0], in[1], PeLwOrder.LAST_COL_FIRST)) > M * N / 2);
    }

    /**
     * The transposes' moving tile is the identity var; on cayman a transpose is data movement
     * (pe_transpose_bit_exact), which no source defines for any other moving tile, so a changed
     * identity is a fault at the first transpose (sg00 PE record 4) rather than a silently
     * scaled row.
     */
    @Test
    void aBrokenIdentityVarIsAFault() {
        Map<String, byte[]> files = fixtureFiles();
        // sg00's copy only: with both broken, which core faults first is a matter of timing
        String path = "sg00/value_sg0000_identity_82_CRSM.npy";
        Npy.Array id = Npy.parse(files.get(path));
        byte[] d = id.data();
        d[2 * (5 * 128 + 5) + 1] = 0x40;   // diagonal element 5: 1.0 -> 2.0
        files.put(path, Npy.format(new Npy.Array(id.type(), id.shape(), d)));
        Npy.Array[] in = randomInputs();
        assertEquals("sg00 pe record 4: MATMUL transpose: the moving tile is not the identity (partition 5 element 5 is 2.0); "
                + "no source gives a PE transpose of anything else",
                assertThrows(DataFault.class, () -> run(image(files), in[0], in[1], PeLwOrder.LAST_COL_FIRST)).getMessage());
    }

    @Test
    void aDmaOneRowOffChangesTheAnswerOrFaults() {
        Map<String, byte[]> files = fixtureFiles();
        DmaDirect2dFlyweight dma = new DmaDirect2dFlyweight();
        // Pool record 3 loads y's first K-tile: start one y row (256 bytes) later
        byte[] pool = files.get("sg00/Pool.bin");
        dma.wrap(pool, 3 * 64).srcStartAddrValue(dma.srcStartAddrValue() + dma.srcStepElem(0));
        Npy.Array[] in = randomInputs();
        int bad = mismatches(in[0], in[1], run(image(files), in[0], in[1], PeLwOrder.LAST_COL_FIRST));
        assertTrue(bad >= M * N / 2 - 64, bad + " mismatches");   // sg00 computes half the columns
        // Pool record 2 loads x (128 rows of 512 bytes): one row later its walk reaches 512 + 127 x 512 + 511 = 66,047, past x's
        // end; the check every level makes refuses it as the record comes to run, before a byte moves
        Map<String, byte[]> files2 = fixtureFiles();
        byte[] pool2 = files2.get("sg00/Pool.bin");
        dma.wrap(pool2, 2 * 64).srcStartAddrValue(dma.srcStartAddrValue() + dma.srcStepElem(0));
        assertEquals("sg00 pool record 2 (DmaDirect2d): DMA_DIRECT2D source touches bytes 512 to 66047, outside var \"x\" (65536 bytes)",
                assertThrows(DataFault.class, () -> run(image(files2), in[0], in[1], PeLwOrder.LAST_COL_FIRST)).getMessage());
    }

    /** Every schedule EventOrder can take (each engine first, whole or one-record turns, each engine as late as it can) agrees. */
    @Test
    void noScheduleChangesTheFixturesAnswer() {
        Npy.Array[] in = randomInputs();
        assertEquals(List.of(), DataRun.races(IMAGE, Arch.CAYMAN, Map.of("x", in[0], "y", in[1])));
    }

    /**
     * Without its wait (S5 >= 4: both K-tile matmuls done), ACT's PSUM-to-SBUF copy races the
     * matmuls: run eagerly it copies a half-finished PSUM, run as late as it can it copies the sum.
     */
    @Test
    void aRemovedWaitIsReportedAsARace() {
        Map<String, byte[]> files = fixtureFiles();
        new CopyFlyweight().wrap(files.get("sg00/Activation.bin"), 4 * 64).eventsWaitMode(WaitMode.NONE);
        Npy.Array[] in = randomInputs();
        List<String> races = DataRun.races(image(files), Arch.CAYMAN, Map.of("x", in[0], "y", in[1]));
        assertTrue(races.contains("act as late as it can: output0 differs"), races.toString());
    }

    @Test
    void traceNamesEveryRecordAndItsRanges() {
        Npy.Array[] in = randomInputs();
        List<String> lines = new ArrayList<>();
        new DataRun(IMAGE, Arch.CAYMAN, Map.of("x", in[0], "y", in[1])).run(lines::add);
        assertEquals(58, lines.size());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("sg00 pool   2  ") && l.endsWith(
                "| read x [0x0,0x10000) FP16; wrote SBUF p0-127 [0x37c00,0x37e00) FP16")), String.join("\n", lines));
    }
}
