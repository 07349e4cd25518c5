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
import tpb.isa.Arm;
import tpb.isa.Layouts;
import tpb.isa.LdweightsFlyweight;
import tpb.isa.LdweightsSundaFlyweight;
import tpb.isa.MatmulFlyweight;
import tpb.isa.MatmulSundaFlyweight;
import tpb.isa.PeFp32Mode;
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
 *
 * <p>The same program in fp32 (x, y and output0 float32) and on sunda as well as cayman: an fp32
 * K tile is loaded twice, LDWEIGHTS fp32_mode LOW then HIGH, each followed by a MATMUL (fp32_mode
 * LOW_HIGH, the whole moving tile) into the same PSUM group, as neuronx-cc compiles an fp32
 * matmul (the attention NEFFs, 2.23, cayman; the CS149 conv2d NEFFs, 2.18, sunda); on sunda the
 * two PE records are written through the generation's own views (Ldweights.Sunda, Matmul.Sunda,
 * {@link Layouts#flyweight}). {@link #oracleFp32} adds the passes in that order.
 */
public final class SyntheticMatmulNeff {
    /** Moving elements a MATMUL: one 2 KiB PSUM bank of fp32. */
    static final int N_TILE = 512;
    private static final int K_TILE = 128;
    private static final int X_VAR = 1;
    private static final int Y_VAR = 2;
    private static final int OUT_VAR = 3;
    private static final int SB_VAR = 0;

    private final Arch arch;
    private final DtypeWire dtype;    // x, y and output0: FP16 or FP32
    private final int eb;
    private final int m;
    private final int k;
    private final int n;
    private final int cores;
    private final boolean race;

    public SyntheticMatmulNeff(int m, int k, int n, int cores, boolean race) {
        this(Arch.CAYMAN, DtypeWire.FP16, m, k, n, cores, race);
    }

    public SyntheticMatmulNeff(Arch arch, DtypeWire dtype, int m, int k, int n, int cores, boolean race) {
        if (dtype != DtypeWire.FP16 && dtype != DtypeWire.FP32) {
            throw new IllegalArgumentException("fp16 or fp32");
        }
        this.arch = arch;
        this.dtype = dtype;
        this.eb = Elements.size(dtype);
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
        files.put("kelf-0.json", ("{\"graphs\": [" + graphs + "], \"target\": \"" + arch.name().toLowerCase(java.util.Locale.ROOT)
                + "\"}").getBytes(StandardCharsets.UTF_8));
        String np = dtype == DtypeWire.FP16 ? "float16" : "float32";
        for (int c = 0; c < cores; c++) {
            String sg = String.format("sg%02d", c);
            String def = "{\"pe_instr\": \"PE.bin\", \"var\": {"
                    + "\"SB\": {\"type\": \"state-buffer\", \"var_id\": " + SB_VAR + "},"
                    + "\"x\": {\"type\": \"input\", \"size\": " + (long) eb * m * k + ", \"var_id\": " + X_VAR + "},"
                    + "\"y\": {\"type\": \"input\", \"size\": " + (long) eb * k * n + ", \"var_id\": " + Y_VAR + "},"
                    + "\"output0\": {\"type\": \"output\", \"size\": " + (long) eb * m * n + ", \"var_id\": " + OUT_VAR + "}}}";
            String tensors = "{\"x\": {\"dtype\": \"" + np + "\", \"kind\": \"input\", \"tf_shape\": [" + m + ", " + k + "]},"
                    + "\"y\": {\"dtype\": \"" + np + "\", \"kind\": \"input\", \"tf_shape\": [" + k + ", " + n + "]},"
                    + "\"output0\": {\"dtype\": \"" + np + "\", \"kind\": \"output\", \"tf_shape\": [" + m + ", " + n + "]}}";
            files.put(sg + "/def.json", def.getBytes(StandardCharsets.UTF_8));
            files.put(sg + "/tensor_map.json", tensors.getBytes(StandardCharsets.UTF_8));
            files.put(sg + "/PE.bin", stream(c));
        }
        return files;
    }

    // SBUF layout (bytes within each partition): x^T tiles from XT, y's tile at Y, the fp16 result at O.
    private long xt(int tile) {
        return (long) tile * m * eb;
    }

    private long yAt() {
        return xt((k + K_TILE - 1) / K_TILE);
    }

    private long oAt() {
        return yAt() + (long) eb * N_TILE;
    }

    private byte[] stream(int core) {
        List<byte[]> recs = new ArrayList<>();
        int tiles = (k + K_TILE - 1) / K_TILE;
        long stride = arch.sbufPartitionStride();
        for (int t = 0; t < tiles; t++) {
            int kr = Math.min(K_TILE, k - t * K_TILE);
            // run (i0 = row m, i1 = k in the tile): x[m][t*128 + i1] -> SBUF partition i1, element m
            recs.add(dma(X_VAR, (long) eb * t * K_TILE, eb * k, eb, SB_VAR, xt(t), eb, (int) stride, m, kr, eb));
        }
        int[] cols = block(core);
        int group = (1 << (int) (arch.sbufPartitions() / arch.numPartPerQuadrant())) - 1;
        // fp32: each K tile in two passes, the weights' LOW part then their HIGH part, the whole moving tile each time
        PeFp32Mode[] passes = dtype == DtypeWire.FP32 ? new PeFp32Mode[] {PeFp32Mode.LOW, PeFp32Mode.HIGH}
                : new PeFp32Mode[] {PeFp32Mode.NONE};
        PeFp32Mode moving = dtype == DtypeWire.FP32 ? PeFp32Mode.LOW_HIGH : PeFp32Mode.NONE;
        int matmuls = tiles * passes.length;
        for (int n0 = cols[0]; n0 < cols[1]; n0 += N_TILE) {
            int nt = Math.min(N_TILE, cols[1] - n0);
            for (int t = 0; t < tiles; t++) {
                int kr = Math.min(K_TILE, k - t * K_TILE);
                // y[t*128 + i][n0 .. n0+nt) -> SBUF partition i at Y
                recs.add(dma(Y_VAR, (long) eb * ((long) t * K_TILE * n + n0), eb * n, 0, SB_VAR, yAt(), (int) stride, 0, kr, 1, eb * nt));
                for (int pass = 0; pass < passes.length; pass++) {
                    int i = t * passes.length + pass;
                    PsumAccumulateFlags f = matmuls == 1 ? PsumAccumulateFlags.SINGLE : i == 0 ? PsumAccumulateFlags.MULTI_START
                            : i == matmuls - 1 ? PsumAccumulateFlags.MULTI_END : PsumAccumulateFlags.MULTI_MID;
                    recs.add(ldweights(xt(t) + (long) eb * (m - 1), kr, group, passes[pass]));
                    recs.add(matmul(kr, nt, group, f, moving));
                }
            }
            byte[] cs = new byte[64];
            CastFlyweight c = new CastFlyweight().wrap(cs, 0).reset();
            c.inDtypeRaw(DtypeWire.FP32.value()).outDtypeRaw(dtype.value()).numActiveChannels(m)
                    .srcMemPatternStartWordAddress(arch.psumBase()).dstMemPatternStartWordAddress(oAt());
            for (int d = 0; d < 4; d++) {
                c.srcMemPatternStep(d, 1).srcMemPatternNum(d, d == 0 ? nt : 1).dstMemPatternStep(d, 1).dstMemPatternNum(d, d == 0 ? nt : 1);
            }
            recs.add(cs);
            // SBUF partition i at O -> output0[i][n0 .. n0+nt)
            recs.add(dma(SB_VAR, oAt(), (int) stride, 0, OUT_VAR, (long) eb * n0, eb * n, 0, m, 1, eb * nt));
        }
        byte[] out = new byte[recs.size() * 64];
        for (int i = 0; i < recs.size(); i++) {
            System.arraycopy(recs.get(i), 0, out, i * 64, 64);
        }
        return out;
    }

    /**
     * LDWEIGHTS of x^T's tile at {@code src} (read backwards, as the fixture's LDWEIGHTS do), {@code part} of fp32 weights,
     * through the arch's own layout of the arm (view Ldweights.Sunda on sunda).
     */
    private byte[] ldweights(long src, int rows, int group, PeFp32Mode part) {
        byte[] b = new byte[64];
        if (Layouts.flyweight(Arm.LDWEIGHTS, arch) instanceof LdweightsSundaFlyweight) {
            LdweightsSundaFlyweight l = new LdweightsSundaFlyweight().wrap(b, 0).reset();
            // xbus_sel as every real sunda load holds it (0x0F fp16, 0x02 fp32: spec conflict v2-ldweights-xbus-sel); the model does not use it
            l.xbusSel(dtype == DtypeWire.FP16 ? 0x0F : 0x02).inDtypeRaw(dtype.value()).fp32ModeRaw(part.value())
                    .numActiveRows(rows).numActiveCols(m).rowGrp(group).colGrp(group).srcMemPatternStartWordAddress(src);
            pattern3(l::srcMemPatternStep, l::srcMemPatternNum, -1, m);
        } else {
            LdweightsFlyweight l = new LdweightsFlyweight().wrap(b, 0).reset();
            l.inDtypeRaw(dtype.value()).fp32ModeRaw(part.value()).numActiveRows(rows).numActiveCols(m).rowGrp(group).colGrp(group)
                    .srcMemPatternStartWordAddress(src);
            pattern3(l::srcMemPatternStep, l::srcMemPatternNum, -1, m);
        }
        return b;
    }

    /** MATMUL of y's tile (nt elements a partition) into PSUM partitions 0..M-1, through the arch's own layout (Matmul.Sunda on sunda: no out_dtype). */
    private byte[] matmul(int rows, int nt, int group, PsumAccumulateFlags f, PeFp32Mode moving) {
        byte[] b = new byte[64];
        if (Layouts.flyweight(Arm.MATMUL, arch) instanceof MatmulSundaFlyweight) {
            MatmulSundaFlyweight r = new MatmulSundaFlyweight().wrap(b, 0).reset();
            // xbus_sel as every real sunda MATMUL holds it (conflict v2-ldweights-xbus-sel); the model does not use it
            r.xbusSel(0x10).inDtypeRaw(dtype.value()).fp32ModeRaw(moving.value()).numActiveRows(rows).numActiveCols(m)
                    .rowGrp(group).colGrp(group).psumAccumulateFlagsRaw(f.value())
                    .srcMemPatternStartWordAddress(yAt()).dstMemPatternStartWordAddress(arch.psumBase());
            pattern3(r::srcMemPatternStep, r::srcMemPatternNum, 1, nt);
            pattern3(r::dstMemPatternStep, r::dstMemPatternNum, 1, nt);
        } else {
            MatmulFlyweight r = new MatmulFlyweight().wrap(b, 0).reset();
            r.inDtypeRaw(dtype.value()).fp32ModeRaw(moving.value()).outDtypeRaw(DtypeWire.FP32.value()).numActiveRows(rows)
                    .numActiveCols(m).rowGrp(group).colGrp(group).psumAccumulateFlagsRaw(f.value())
                    .srcMemPatternStartWordAddress(yAt()).dstMemPatternStartWordAddress(arch.psumBase());
            pattern3(r::srcMemPatternStep, r::srcMemPatternNum, 1, nt);
            pattern3(r::dstMemPatternStep, r::dstMemPatternNum, 1, nt);
        }
        return b;
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

    /** A DMA_DIRECT2D of num0 x num1 runs of {@code run} bytes between two vars (static physical addressing; the program's dtype both sides). */
    private byte[] dma(int srcVar, long src, int srcStep0, int srcStep1, int dstVar, long dst, int dstStep0, int dstStep1,
            int num0, int num1, int run) {
        byte[] b = new byte[64];
        DmaDirect2dFlyweight d = new DmaDirect2dFlyweight().wrap(b, 0).reset();
        d.srcStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value()).dstStartAddrMode(Addr8Mode.STATIC_PHYSICAL.value())
                .srcStartAddrEntry(srcVar).srcStartAddrValue(src).dstStartAddrEntry(dstVar).dstStartAddrValue(dst)
                .srcStepElem(0, srcStep0).srcStepElem(1, srcStep1).dstStepElem(0, dstStep0).dstStepElem(1, dstStep1)
                .srcNumElem(0, num0).srcNumElem(1, num1).dstNumElem(0, num0).dstNumElem(1, num1)
                .srcElemSize(run).dstElemSize(run).inDtypeRaw(dtype.value()).outDtypeRaw(dtype.value());
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

    /**
     * The fp32 program's out[r][c] (x (M, K) and y (K, N) row-major), independently of the
     * simulator: per K tile, the LOW pass's fp32 sum of low(x[r][k]) * y[k][c] in k order, then the
     * HIGH pass's of high(x[r][k]) * y[k][c], each added to the PSUM group's sum in that order (the
     * first one starts it). high(v) is v's top 16 bits, low(v) = v - high(v), exact
     * ({@link PeArray#keepFp32Part}); Java multiplies and adds in fp32 without fusing, as the PE model does.
     */
    public static float oracleFp32(float[] x, float[] y, int k, int n, int r, int c) {
        float acc = 0f;
        boolean first = true;
        for (int t = 0; t * K_TILE < k; t++) {
            for (int pass = 0; pass < 2; pass++) {
                float s = 0f;
                for (int kk = t * K_TILE; kk < Math.min(k, (t + 1) * K_TILE); kk++) {
                    float v = x[r * k + kk];
                    float high = Float.intBitsToFloat(Float.floatToRawIntBits(v) & 0xFFFF0000);
                    s += (pass == 0 ? v - high : high) * y[kk * n + c];
                }
                acc = first ? s : acc + s;
                first = false;
            }
        }
        return acc;
    }
}
