package tpb.data;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tpb.isa.Addr8Mode;
import tpb.isa.Arch;
import tpb.isa.CastFlyweight;
import tpb.isa.DmaDirect2dFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.LdweightsFlyweight;
import tpb.isa.MatmulFlyweight;
import tpb.isa.PsumAccumulateFlags;
import tpb.neff.NeffWriter;

/**
 * Writes matmul NEFFs of the fixture's shape family — {@code output0 = x @ y}, x fp16 (M, K), y
 * fp16 (K, N), output0 fp16 (M, N) — at any size and core count, through the generated encoders
 * (flyweight setters; no offset here). Core c computes the column block
 * {@code [c * N / cores, (c + 1) * N / cores)}; {@code raceWith} makes core 1 write core 0's
 * block instead (a deliberate cross-core race). Each core is one PE stream, run in order, no
 * semaphores:
 *
 * <ol>
 *   <li>DMA x^T into the SBUF, one K tile of up to 128 partitions at a time (a 2-byte run per
 *       element: partition k gets x[0..M-1][k]);
 *   <li>per N tile of up to {@value #N_TILE} columns and per K tile: DMA y's rows of the tile into
 *       the SBUF, LDWEIGHTS x^T's tile (read backwards, as the fixture's LDWEIGHTS do, so with
 *       LAST_COL_FIRST column m holds x[m][k]), MATMUL into PSUM partition m (MULTI_START, MULTI_MID,
 *       MULTI_END; SINGLE for one K tile);
 *   <li>CAST PSUM fp32 to SBUF fp16, DMA the M rows to output0.
 * </ol>
 *
 * So out[m][n] is the fp32 sum over K tiles, in tile order, of the tile's fp32 sum in k order —
 * {@link #oracle} computes exactly that.
 */
public final class SyntheticMatmulNeff {
    /** Moving elements a MATMUL: one 2 KiB PSUM bank of fp32. */
    static final int N_TILE = 512;
    private static final int K_TILE = 128;
    private static final int X_VAR = 1;
    private static final int Y_VAR = 2;
    private static final int OUT_VAR = 3;
    private static final int SB_VAR = 0;

    private final Arch arch = Arch.CAYMAN;
    private final int m;
    private final int k;
    private final int n;
    private final int cores;
    private final boolean race;

    public SyntheticMatmulNeff(int m, int k, int n, int cores, boolean race) {
        if (m < 1 || m > K_TILE || k < 1 || n < cores || cores < 1 || (race && cores < 2)) {
            throw new IllegalArgumentException("M 1..128, K >= 1, N >= cores, a race needs 2 cores");
        }
        this.m = m;
        this.k = k;
        this.n = n;
        this.cores = cores;
        this.race = race;
    }

    /** The columns core {@code c} computes: [first, end). */
    int[] block(int c) {
        int b = race && c == 1 ? 0 : c;
        return new int[] {(int) ((long) b * n / cores), (int) ((long) (b + 1) * n / cores)};
    }

    public byte[] write() {
        return NeffWriter.write("synthetic-matmul.neff", files());
    }

    /** The archive's files, in order: kelf-0.json, then per core def.json, tensor_map.json and PE.bin. */
    Map<String, byte[]> files() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        StringBuilder graphs = new StringBuilder();
        for (int c = 0; c < cores; c++) {
            String sg = String.format("sg%02d", c);
            graphs.append(c == 0 ? "" : ", ").append("{\"definition\": \"").append(sg).append("/def.json\", \"name\": \"")
                    .append(sg).append("\"}");
        }
        files.put("kelf-0.json", ("{\"graphs\": [" + graphs + "], \"target\": \"cayman\"}").getBytes(StandardCharsets.UTF_8));
        for (int c = 0; c < cores; c++) {
            String sg = String.format("sg%02d", c);
            String def = "{\"pe_instr\": \"PE.bin\", \"var\": {"
                    + "\"SB\": {\"type\": \"state-buffer\", \"var_id\": " + SB_VAR + "},"
                    + "\"x\": {\"type\": \"input\", \"size\": " + 2L * m * k + ", \"var_id\": " + X_VAR + "},"
                    + "\"y\": {\"type\": \"input\", \"size\": " + 2L * k * n + ", \"var_id\": " + Y_VAR + "},"
                    + "\"output0\": {\"type\": \"output\", \"size\": " + 2L * m * n + ", \"var_id\": " + OUT_VAR + "}}}";
            String tensors = "{\"x\": {\"dtype\": \"float16\", \"kind\": \"input\", \"tf_shape\": [" + m + ", " + k + "]},"
                    + "\"y\": {\"dtype\": \"float16\", \"kind\": \"input\", \"tf_shape\": [" + k + ", " + n + "]},"
                    + "\"output0\": {\"dtype\": \"float16\", \"kind\": \"output\", \"tf_shape\": [" + m + ", " + n + "]}}";
            files.put(sg + "/def.json", def.getBytes(StandardCharsets.UTF_8));
            files.put(sg + "/tensor_map.json", tensors.getBytes(StandardCharsets.UTF_8));
            files.put(sg + "/PE.bin", stream(c));
        }
        return files;
    }

    // SBUF layout (bytes within each partition): x^T tiles from XT, y's tile at Y, the fp16 result at O.
    private long xt(int tile) {
        return (long) tile * m * 2;
    }

    private long yAt() {
        return xt((k + K_TILE - 1) / K_TILE);
    }

    private long oAt() {
        return yAt() + 2L * N_TILE;
    }

    private byte[] stream(int core) {
        List<byte[]> recs = new ArrayList<>();
        int tiles = (k + K_TILE - 1) / K_TILE;
        long stride = arch.sbufPartitionStride();
        for (int t = 0; t < tiles; t++) {
            int kr = Math.min(K_TILE, k - t * K_TILE);
            // run (i0 = row m, i1 = k in the tile): x[m][t*128 + i1] -> SBUF partition i1, element m
            recs.add(dma(X_VAR, 2L * t * K_TILE, 2 * k, 2, SB_VAR, xt(t), 2, (int) stride, m, kr, 2));
        }
        int[] cols = block(core);
        int group = (1 << (int) (arch.sbufPartitions() / arch.numPartPerQuadrant())) - 1;
        for (int n0 = cols[0]; n0 < cols[1]; n0 += N_TILE) {
            int nt = Math.min(N_TILE, cols[1] - n0);
            for (int t = 0; t < tiles; t++) {
                int kr = Math.min(K_TILE, k - t * K_TILE);
                // y[t*128 + i][n0 .. n0+nt) -> SBUF partition i at Y
                recs.add(dma(Y_VAR, 2L * ((long) t * K_TILE * n + n0), 2 * n, 0, SB_VAR, yAt(), (int) stride, 0, kr, 1, 2 * nt));
                byte[] lw = new byte[64];
                LdweightsFlyweight l = new LdweightsFlyweight().wrap(lw, 0).reset();
                l.inDtypeRaw(DtypeWire.FP16.value()).numActiveRows(kr).numActiveCols(m).rowGrp(group).colGrp(group)
                        .srcMemPatternStartWordAddress(xt(t) + 2L * (m - 1));
                pattern3(l::srcMemPatternStep, l::srcMemPatternNum, -1, m);
                recs.add(lw);
                byte[] mm = new byte[64];
                MatmulFlyweight r = new MatmulFlyweight().wrap(mm, 0).reset();
                PsumAccumulateFlags f = tiles == 1 ? PsumAccumulateFlags.SINGLE : t == 0 ? PsumAccumulateFlags.MULTI_START
                        : t == tiles - 1 ? PsumAccumulateFlags.MULTI_END : PsumAccumulateFlags.MULTI_MID;
                r.inDtypeRaw(DtypeWire.FP16.value()).outDtypeRaw(DtypeWire.FP32.value()).numActiveRows(kr).numActiveCols(m)
                        .rowGrp(group).colGrp(group).psumAccumulateFlagsRaw(f.value())
                        .srcMemPatternStartWordAddress(yAt()).dstMemPatternStartWordAddress(arch.psumBase());
                pattern3(r::srcMemPatternStep, r::srcMemPatternNum, 1, nt);
                pattern3(r::dstMemPatternStep, r::dstMemPatternNum, 1, nt);
                recs.add(mm);
            }
            byte[] cs = new byte[64];
            CastFlyweight c = new CastFlyweight().wrap(cs, 0).reset();
            c.inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP16.value()).numActiveChannels(m)
                    .srcMemPatternStartWordAddress(arch.psumBase()).dstMemPatternStartWordAddress(oAt());
            for (int d = 0; d < 4; d++) {
                c.srcMemPatternStep(d, 1).srcMemPatternNum(d, d == 0 ? nt : 1).dstMemPatternStep(d, 1).dstMemPatternNum(d, d == 0 ? nt : 1);
            }
            recs.add(cs);
            // SBUF partition i at O -> output0[i][n0 .. n0+nt)
            recs.add(dma(SB_VAR, oAt(), (int) stride, 0, OUT_VAR, 2L * n0, 2 * n, 0, m, 1, 2 * nt));
        }
        byte[] out = new byte[recs.size() * 64];
        for (int i = 0; i < recs.size(); i++) {
            System.arraycopy(recs.get(i), 0, out, i * 64, 64);
        }
        return out;
    }

    private interface Dim {
        Object set(int d, int v);
    }

    private static void pattern3(Dim step, Dim num, int step0, int num0) {
        for (int d = 0; d < 3; d++) {
            step.set(d, d == 0 ? step0 : 1);
            num.set(d, d == 0 ? num0 : 1);
        }
    }

    /** A DMA_DIRECT2D of num0 x num1 runs of {@code run} bytes between two vars (static physical addressing; fp16 both sides). */
    private static byte[] dma(int srcVar, long src, int srcStep0, int srcStep1, int dstVar, long dst, int dstStep0, int dstStep1,
            int num0, int num1, int run) {
        byte[] b = new byte[64];
        DmaDirect2dFlyweight d = new DmaDirect2dFlyweight().wrap(b, 0).reset();
        d.srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value())
                .srcStartAddrEntry(srcVar).srcStartAddrValue(src).dstStartAddrEntry(dstVar).dstStartAddrValue(dst)
                .srcStepElem(0, srcStep0).srcStepElem(1, srcStep1).dstStepElem(0, dstStep0).dstStepElem(1, dstStep1)
                .srcNumElem(0, num0).srcNumElem(1, num1).dstNumElem(0, num0).dstNumElem(1, num1)
                .srcElemSize(run).dstElemSize(run).inDtypeRaw(DtypeWire.FP16.value()).outDtypeRaw(DtypeWire.FP16.value());
        return b;
    }

    /**
     * The expected fp16 bits of out[r][c], computed here independently of the simulator: per K tile
     * the fp32 sum of x[r][k] * y[k][c] in k order, the tile sums added in fp32 in tile order, then
     * rounded to fp16 (nearest even). Products of fp16 values are exact in fp32.
     */
    public static short oracle(MatmulValues x, MatmulValues y, int r, int c) {
        int k = x.cols();
        float acc = 0f;
        for (int t = 0; t * K_TILE < k; t++) {
            float s = 0f;
            for (int kk = t * K_TILE; kk < Math.min(k, (t + 1) * K_TILE); kk++) {
                s += x.value(r, kk) * y.value(kk, c);
            }
            acc = t == 0 ? s : acc + s;
        }
        return Fp16.fromFloat(acc);
    }
}
