package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.isa.DtypeWire;
import tpb.isa.LdweightsFlyweight;
import tpb.isa.MatmulFlyweight;
import tpb.isa.PeFp32Mode;
import tpb.isa.PeLwOrder;
import tpb.isa.PsumAccumulateFlags;

/**
 * LDWEIGHTS and MATMUL through their records (built with the generated encoders) on one core,
 * against values worked out by hand here: every psum_accumulate_flags value (MULTI_START and SINGLE
 * overwrite the PSUM elements they write, MULTI_MID and MULTI_END add to them, 0x4 and values the
 * spec does not name are faults), both LDWEIGHTS load orders, out_dtype 0 and FP32, the PE
 * transpose bit for bit (cayman) and as a product (sunda, whose profile says its transpose is not
 * bit-exact), fp16 operands, and each mode the data level refuses with its exact line.
 *
 * <p>The tile: the stationary is 2 partitions x 3 fp32 read from SBUF p0-1 byte 0: partition 0
 * reads (1, 2, 3), partition 1 reads (4, 5, 6). LAST_COL_FIRST puts the j-th element read in column
 * 2 - j (datapath-facts §2.1 via PeArray): W[0] = (3, 2, 1), W[1] = (6, 5, 4); FIRST_COL_FIRST
 * keeps it: W[0] = (1, 2, 3), W[1] = (4, 5, 6). The moving tile: SBUF p0-1 byte 0x100, two fp32
 * each: m[0] = (1, 10), m[1] = (100, 1000). MATMUL writes dst[c][n] = W[0][c] m[0][n] + W[1][c] m[1][n]
 * into PSUM p0-2 byte 0, two fp32 each:
 * LAST_COL_FIRST: c0 = 3 + 600 = 603, 30 + 6000 = 6030; c1 = 2 + 500 = 502, 5020; c2 = 1 + 400 = 401, 4010.
 * FIRST_COL_FIRST: c0 = 401, 4010; c1 = 502, 5020; c2 = 603, 6030. All exact in fp32.
 */
class PeArmsTest {
    static final long[][] LAST = {{603, 6030}, {502, 5020}, {401, 4010}};
    static final long[][] FIRST = {{401, 4010}, {502, 5020}, {603, 6030}};

    /** The whole-array row/col group of {@code arch}: one bit per 32-partition quadrant (datapath-facts §2.1). */
    static int all(Arch arch) {
        return (1 << (arch.sbufPartitions() / arch.numPartPerQuadrant())) - 1;
    }

    static byte[] ldweights(Rig rig, DtypeWire t, int rows, int cols, long address) {
        byte[] b = new byte[64];
        LdweightsFlyweight f = new LdweightsFlyweight().wrap(b, 0).reset();
        f.inDtypeRaw(t.value()).numActiveRows(rows).numActiveCols(cols).rowGrp(all(rig.arch)).colGrp(all(rig.arch));
        Rig.pattern(f.srcMemPattern(), f::srcMemPatternStartWordAddress, f::srcMemPatternStep, f::srcMemPatternNum, address, 1, cols);
        return b;
    }

    static byte[] matmul(Rig rig, DtypeWire in, int rows, int cols, int n, long from, long to, PsumAccumulateFlags flags) {
        byte[] b = new byte[64];
        MatmulFlyweight f = new MatmulFlyweight().wrap(b, 0).reset();
        f.inDtypeRaw(in.value()).numActiveRows(rows).numActiveCols(cols).rowGrp(all(rig.arch)).colGrp(all(rig.arch))
                .psumAccumulateFlagsRaw(flags.value()).outDtypeRaw(DtypeWire.FP32.value());
        Rig.pattern(f.srcMemPattern(), f::srcMemPatternStartWordAddress, f::srcMemPatternStep, f::srcMemPatternNum, from, 1, n);
        Rig.pattern(f.dstMemPattern(), f::dstMemPatternStartWordAddress, f::dstMemPatternStep, f::dstMemPatternNum, to, 1, n);
        return b;
    }

    /** The tile above in place; PSUM p0-2 bytes 0..11 hold 0.5 (so an overwrite and an add differ), byte 8 of each is past dst. */
    static Rig loaded(PeLwOrder order) {
        Rig rig = new Rig();
        rig.core.pe().order(order);
        Rig.put(rig.core.sbuf(), 0, 0, 4, Rig.f32(1, 2, 3));
        Rig.put(rig.core.sbuf(), 1, 0, 4, Rig.f32(4, 5, 6));
        Rig.put(rig.core.sbuf(), 0, 0x100, 4, Rig.f32(1, 10));
        Rig.put(rig.core.sbuf(), 1, 0x100, 4, Rig.f32(100, 1000));
        for (int p = 0; p < 3; p++) {
            Rig.put(rig.core.psum(), p, 0, 4, Rig.f32(0.5f, 0.5f, 0.5f));
        }
        assertEquals("read SBUF p0-1 [0x0,0xc) FP32", rig.run(ldweights(rig, DtypeWire.FP32, 2, 3, rig.sb(0, 0))));
        assertEquals(0, rig.sem.macs(), "LDWEIGHTS does no MACs");
        return rig;
    }

    /** PSUM p0-2's first three fp32, as floats: two written by the MATMUL, the third past its dst. */
    static float[][] psum(Rig rig) {
        float[][] out = new float[3][];
        for (int p = 0; p < 3; p++) {
            long[] bits = Rig.get(rig.core.psum(), p, 0, 4, 3);
            out[p] = new float[] {Float.intBitsToFloat((int) bits[0]), Float.intBitsToFloat((int) bits[1]), Float.intBitsToFloat((int) bits[2])};
        }
        return out;
    }

    /** {@code times} x the product plus {@code plus}, per PSUM element, and 0.5 past dst. */
    static float[][] want(long[][] product, int times, float plus) {
        float[][] w = new float[3][];
        for (int c = 0; c < 3; c++) {
            w[c] = new float[] {times * product[c][0] + plus, times * product[c][1] + plus, 0.5f};
        }
        return w;
    }

    static String mm(Rig rig, PsumAccumulateFlags flags) {
        return rig.run(matmul(rig, DtypeWire.FP32, 2, 3, 2, rig.sb(0, 0x100), rig.ps(0, 0), flags));
    }

    @Test
    void everyAccumulateFlagInAGroup() {
        Rig rig = loaded(PeLwOrder.LAST_COL_FIRST);
        // MULTI_START (BEGIN_MATMUL_GROUP): the 0.5 already there is overwritten
        assertEquals("read SBUF p0-1 [0x100,0x108) FP32; wrote PSUM p0-2 [0x0,0x8) FP32", mm(rig, PsumAccumulateFlags.MULTI_START));
        assertArrayEquals(want(LAST, 1, 0), psum(rig));
        assertEquals(2 * 3 * 2, rig.sem.macs(), "rows x cols x moving elements");
        // MULTI_MID (no bit) and MULTI_END (END only) add to what PSUM holds
        assertEquals("read SBUF p0-1 [0x100,0x108) FP32; accumulated PSUM p0-2 [0x0,0x8) FP32", mm(rig, PsumAccumulateFlags.MULTI_MID));
        assertArrayEquals(want(LAST, 2, 0), psum(rig));
        assertEquals("read SBUF p0-1 [0x100,0x108) FP32; accumulated PSUM p0-2 [0x0,0x8) FP32", mm(rig, PsumAccumulateFlags.MULTI_END));
        assertArrayEquals(want(LAST, 3, 0), psum(rig));
        // SINGLE (BEGIN | END) starts again
        assertEquals("read SBUF p0-1 [0x100,0x108) FP32; wrote PSUM p0-2 [0x0,0x8) FP32", mm(rig, PsumAccumulateFlags.SINGLE));
        assertArrayEquals(want(LAST, 1, 0), psum(rig));
        assertEquals(12, rig.sem.macs());
        assertEquals(0, rig.sem.bytesMoved());
    }

    @Test
    void anAccumulatingFlagAddsToWhatPsumHeldBefore() {
        Rig rig = loaded(PeLwOrder.LAST_COL_FIRST);
        mm(rig, PsumAccumulateFlags.MULTI_MID);
        assertArrayEquals(want(LAST, 1, 0.5f), psum(rig));
        rig = loaded(PeLwOrder.LAST_COL_FIRST);
        mm(rig, PsumAccumulateFlags.MULTI_END);
        assertArrayEquals(want(LAST, 1, 0.5f), psum(rig));
    }

    @Test
    void theOtherLoadOrderMirrorsTheColumns() {
        Rig rig = loaded(PeLwOrder.FIRST_COL_FIRST);
        mm(rig, PsumAccumulateFlags.SINGLE);
        assertArrayEquals(want(FIRST, 1, 0), psum(rig));
    }

    @Test
    void outDtypeZeroMeansFp32() {
        // datapath-facts §2.1: "FP32 (all) | BF16 (v4+) | 0 (=FP32)"
        Rig rig = loaded(PeLwOrder.LAST_COL_FIRST);
        byte[] r = matmul(rig, DtypeWire.FP32, 2, 3, 2, rig.sb(0, 0x100), rig.ps(0, 0), PsumAccumulateFlags.SINGLE);
        new MatmulFlyweight().wrap(r, 0).outDtypeRaw(0);
        assertEquals("read SBUF p0-1 [0x100,0x108) FP32; wrote PSUM p0-2 [0x0,0x8) FP32", rig.run(r));
        assertArrayEquals(want(LAST, 1, 0), psum(rig));
    }

    @Test
    void fp16OperandsSumInFp32() {
        // fp16 bits: 1 = 0x3C00, 2 = 0x4000, -2 = 0xC000, 0.5 = 0x3800, 65504 = 0x7BFF, 2^-24 = 0x0001 (the least subnormal)
        Rig rig = new Rig();
        Rig.put(rig.core.sbuf(), 0, 0, 2, 0x3C00, 0x4000);     // reads (1, 2): W[0] = (2, 1)
        Rig.put(rig.core.sbuf(), 1, 0, 2, 0xC000, 0x3800);     // reads (-2, 0.5): W[1] = (0.5, -2)
        Rig.put(rig.core.sbuf(), 0, 0x100, 2, 0x7BFF, 0x0001); // m[0] = (65504, 2^-24)
        Rig.put(rig.core.sbuf(), 1, 0x100, 2, 0x7BFF, 0x3C00); // m[1] = (65504, 1)
        assertEquals("read SBUF p0-1 [0x0,0x4) FP16", rig.run(ldweights(rig, DtypeWire.FP16, 2, 2, rig.sb(0, 0))));
        assertEquals("read SBUF p0-1 [0x100,0x104) FP16; wrote PSUM p0-1 [0x0,0x8) FP32",
                rig.run(matmul(rig, DtypeWire.FP16, 2, 2, 2, rig.sb(0, 0x100), rig.ps(0, 0), PsumAccumulateFlags.SINGLE)));
        // c0 = 2 * 65504 + 0.5 * 65504 = 163760 (past fp16's range: PSUM is fp32); 2 * 2^-24 + 0.5 = 0.5 + 2^-23 (exact in fp32)
        // c1 = 65504 - 2 * 65504 = -65504; 2^-24 - 2 = -2 + 2^-24, which fp32 rounds (ulp 2^-22 at 2) to -2
        assertArrayEquals(new long[] {Rig.f32(163760f), Rig.f32(0.5f + 0x1p-23f)}, Rig.get(rig.core.psum(), 0, 0, 4, 2));
        assertArrayEquals(new long[] {Rig.f32(-65504f), Rig.f32(-2f)}, Rig.get(rig.core.psum(), 1, 0, 4, 2));
    }

    /** LDWEIGHTS of fp16 p0 reads (a, b), p1 reads (c, d), then a SINGLE transpose against the fp16 identity at 0x100 into PSUM p0-1. */
    static Rig transposed(Arch arch, long a, long b, long c, long d) {
        Rig rig = new Rig(arch, Map.of());
        Rig.put(rig.core.sbuf(), 0, 0, 2, a, b);
        Rig.put(rig.core.sbuf(), 1, 0, 2, c, d);
        Rig.put(rig.core.sbuf(), 0, 0x100, 2, 0x3C00, 0);
        Rig.put(rig.core.sbuf(), 1, 0x100, 2, 0, 0x3C00);
        rig.run(ldweights(rig, DtypeWire.FP16, 2, 2, rig.sb(0, 0)));
        byte[] r = matmul(rig, DtypeWire.FP16, 2, 2, 2, rig.sb(0, 0x100), rig.ps(0, 0), PsumAccumulateFlags.SINGLE);
        new MatmulFlyweight().wrap(r, 0).transposeMode(1).outDtypeRaw(DtypeWire.FP16.value());
        // a transpose writes the input dtype (NKI nc_transpose), whatever out_dtype says
        assertEquals("read SBUF p0-1 [0x100,0x104) FP16; wrote PSUM p0-1 [0x0,0x4) FP16", rig.run(r));
        assertEquals(8, rig.sem.macs(), "2 x 2 x 2");
        return rig;
    }

    @Test
    void aTransposeMovesBitsWhereTheProfileSaysItIsBitExact() {
        // LAST_COL_FIRST: W[0] = (b, a), W[1] = (d, c); dst[c][j] = W[j][c]: dst[0] = (b, d), dst[1] = (a, c)
        // a NaN with a payload, -0, +inf and 0x3555 all survive bit for bit on cayman (pe_transpose_bit_exact 1)
        Rig rig = transposed(Arch.CAYMAN, 0x7E01, 0x8000, 0x7C00, 0x3555);
        assertArrayEquals(new long[] {0x8000, 0x3555}, Rig.get(rig.core.psum(), 0, 0, 2, 2));
        assertArrayEquals(new long[] {0x7E01, 0x7C00}, Rig.get(rig.core.psum(), 1, 0, 2, 2));
    }

    @Test
    void aTransposeIsAProductWhereItIsNot() {
        // sunda (pe_transpose_bit_exact 0) has no transpose_mode: view Matmul.Sunda reserves +0x22, so a PE transpose
        // there is a plain matmul against the identity, in fp32, whatever that byte holds. The loads read (-0, 2) and
        // (1, -4): W[0] = (2, -0), W[1] = (-4, 1) (LAST_COL_FIRST); dst[0] = (2*1 + -4*0, 2*0 + -4*1) = (2, -4);
        // dst[1] = (-0*1 + 1*0, -0*0 + 1*1) = (+0, 1), not the -0 read
        assertEquals(0, Arch.SUNDA.peTransposeBitExact());
        Rig rig = new Rig(Arch.SUNDA, Map.of());
        Rig.put(rig.core.sbuf(), 0, 0, 2, 0x8000, 0x4000);
        Rig.put(rig.core.sbuf(), 1, 0, 2, 0x3C00, 0xC400);
        Rig.put(rig.core.sbuf(), 0, 0x100, 2, 0x3C00, 0);
        Rig.put(rig.core.sbuf(), 1, 0x100, 2, 0, 0x3C00);
        rig.run(ldweights(rig, DtypeWire.FP16, 2, 2, rig.sb(0, 0)));
        byte[] r = matmul(rig, DtypeWire.FP16, 2, 2, 2, rig.sb(0, 0x100), rig.ps(0, 0), PsumAccumulateFlags.SINGLE);
        new MatmulFlyweight().wrap(r, 0).transposeMode(1);
        assertEquals("read SBUF p0-1 [0x100,0x104) FP16; wrote PSUM p0-1 [0x0,0x8) FP32", rig.run(r));
        assertArrayEquals(new long[] {Rig.f32(2f), Rig.f32(-4f)}, Rig.get(rig.core.psum(), 0, 0, 4, 2));
        assertArrayEquals(new long[] {0, Rig.f32(1f)}, Rig.get(rig.core.psum(), 1, 0, 4, 2));
        rig = transposed(Arch.CAYMAN, 0x8000, 0x4000, 0x3C00, 0xC400);
        assertArrayEquals(new long[] {0x8000, 0x3C00}, Rig.get(rig.core.psum(), 1, 0, 2, 2), "bit for bit: -0 stays");
    }

    /** The sunda-only fields of views Matmul.Sunda and Ldweights.Sunda: quant_offset and replication other than 0 are faults. */
    @Test
    void sundaFieldsWithNoSemanticsAreFaults() {
        Rig rig = new Rig(Arch.SUNDA, Map.of());
        byte[] l = ldweights(rig, DtypeWire.FP32, 2, 3, rig.sb(0, 0));
        new tpb.isa.LdweightsSundaFlyweight().wrap(l, 0).replication(1);
        assertEquals("LDWEIGHTS replication 1 has no data-level semantics", fault(rig, l));
        byte[] m = matmul(rig, DtypeWire.FP32, 2, 3, 2, rig.sb(0, 0x100), rig.ps(0, 0), PsumAccumulateFlags.SINGLE);
        new tpb.isa.MatmulSundaFlyweight().wrap(m, 0).quantOffset(0x102);
        assertEquals("MATMUL quant_offset 258 has no data-level semantics", fault(rig, m));
    }

    /**
     * MATMUL fp32_mode names the part of an FP32 moving tile the PE multiplies, split as LDWEIGHTS
     * splits the stationary one (HIGH the bfloat16-truncated top 16 bits, LOW the rest). A 1 x 1
     * tile: W = 1 + 2^-10 (W_high = 1: bfloat16 keeps 7 fraction bits; W_low = 2^-10) and
     * m = 3 + 2^-12 (m_high = 3, m_low = 2^-12). fp32's ulp on [2, 4) is 2^-22, so every sum below
     * is exact:
     * LOW_HIGH after LOW and HIGH loads (the attention and conv2d fp32 matmuls): W m = 3 + 3*2^-10 + 2^-12 + 2^-22;
     * HIGH after both loads (the sunda conv2d's weight transposes): W m_high = 3 + 3*2^-10;
     * LOW after both loads, or against the whole W (NONE): W m_low = 2^-12 + 2^-22.
     */
    @Test
    void anFp32MatmulMultipliesThePartOfTheMovingTileItsModeNames() {
        float w = 1 + 0x1p-10f;
        float m = 3 + 0x1p-12f;
        assertEquals(3 + 3 * 0x1p-10f + 0x1p-12f + 0x1p-22f, fp32Pair(w, m, PeFp32Mode.LOW_HIGH));
        assertEquals(3 + 3 * 0x1p-10f, fp32Pair(w, m, PeFp32Mode.HIGH));
        assertEquals(0x1p-12f + 0x1p-22f, fp32Pair(w, m, PeFp32Mode.LOW));
        Rig rig = new Rig();
        Rig.put(rig.core.sbuf(), 0, 0, 4, Rig.f32(w));
        Rig.put(rig.core.sbuf(), 0, 0x100, 4, Rig.f32(m));
        rig.run(ldweights(rig, DtypeWire.FP32, 1, 1, rig.sb(0, 0)));
        byte[] r = matmul(rig, DtypeWire.FP32, 1, 1, 1, rig.sb(0, 0x100), rig.ps(0, 0), PsumAccumulateFlags.SINGLE);
        new MatmulFlyweight().wrap(r, 0).fp32ModeRaw(PeFp32Mode.LOW.value());
        rig.run(r);
        assertEquals(Rig.f32(0x1p-12f + 0x1p-22f), Rig.get(rig.core.psum(), 0, 0, 4, 1)[0], "whole W times m_low");
    }

    /** LDWEIGHTS LOW then HIGH of W, each followed by a MATMUL in {@code mode} of m into one PSUM group: PSUM p0's value. */
    private static float fp32Pair(float w, float m, PeFp32Mode mode) {
        Rig rig = new Rig();
        Rig.put(rig.core.sbuf(), 0, 0, 4, Rig.f32(w));
        Rig.put(rig.core.sbuf(), 0, 0x100, 4, Rig.f32(m));
        PsumAccumulateFlags[] flags = {PsumAccumulateFlags.MULTI_START, PsumAccumulateFlags.MULTI_END};
        PeFp32Mode[] loads = {PeFp32Mode.LOW, PeFp32Mode.HIGH};
        for (int i = 0; i < 2; i++) {
            byte[] l = ldweights(rig, DtypeWire.FP32, 1, 1, rig.sb(0, 0));
            new LdweightsFlyweight().wrap(l, 0).fp32ModeRaw(loads[i].value());
            rig.run(l);
            byte[] r = matmul(rig, DtypeWire.FP32, 1, 1, 1, rig.sb(0, 0x100), rig.ps(0, 0), flags[i]);
            new MatmulFlyweight().wrap(r, 0).fp32ModeRaw(mode.value());
            rig.run(r);
        }
        return Float.intBitsToFloat((int) Rig.get(rig.core.psum(), 0, 0, 4, 1)[0]);
    }

    /**
     * The sunda conv2d NEFFs turn the bias row into a column through the PE: a 1-row stationary
     * tile (num_active_rows 1, row_grp 0x1: one quadrant) against a 1-element moving tile of 1.0.
     * A group need only hold the active rows; the values are the rows' own: the load reads (1, 2, 3)
     * into W[0] = (3, 2, 1) (LAST_COL_FIRST), so dst[c] = W[0][c] * 1 = 3, 2, 1 on PSUM p0-2.
     */
    @Test
    void aGroupNeedOnlyHoldTheActiveRows() {
        Rig rig = new Rig();
        Rig.put(rig.core.sbuf(), 0, 0, 4, Rig.f32(1, 2, 3));
        Rig.put(rig.core.sbuf(), 0, 0x100, 4, Rig.f32(1));
        byte[] l = ldweights(rig, DtypeWire.FP32, 1, 3, rig.sb(0, 0));
        new LdweightsFlyweight().wrap(l, 0).rowGrp(1);
        assertEquals("read SBUF p0 [0x0,0xc) FP32", rig.run(l));
        byte[] r = matmul(rig, DtypeWire.FP32, 1, 3, 1, rig.sb(0, 0x100), rig.ps(0, 0), PsumAccumulateFlags.SINGLE);
        new MatmulFlyweight().wrap(r, 0).rowGrp(1);
        assertEquals("read SBUF p0 [0x100,0x104) FP32; wrote PSUM p0-2 [0x0,0x4) FP32", rig.run(r));
        for (int c = 0; c < 3; c++) {
            assertEquals(Rig.f32(3 - c), Rig.get(rig.core.psum(), c, 0, 4, 1)[0], "PSUM p" + c);
        }
    }

    private static String fault(Rig rig, byte[] r) {
        return assertThrows(DataFault.class, () -> rig.run(r)).getMessage();
    }

    @Test
    void matmulModesWithNoSemanticsAreFaultsNamingThem() {
        Rig rig = loaded(PeLwOrder.LAST_COL_FIRST);
        byte[] ok = matmul(rig, DtypeWire.FP32, 2, 3, 2, rig.sb(0, 0x100), rig.ps(0, 0), PsumAccumulateFlags.SINGLE);
        java.util.function.Function<java.util.function.Consumer<MatmulFlyweight>, String> with = edit -> {
            byte[] r = ok.clone();
            edit.accept(new MatmulFlyweight().wrap(r, 0));
            return fault(rig, r);
        };
        assertEquals("MATMUL psum_accumulate_flags 0x4 has no data-level semantics",
                with.apply(f -> f.psumAccumulateFlagsRaw(PsumAccumulateFlags.BEGIN_ACCUM_MATMUL_GROUP.value())));
        assertEquals("MATMUL psum_accumulate_flags 0x5 has no data-level semantics", with.apply(f -> f.psumAccumulateFlagsRaw(5)));
        assertEquals("MATMUL psum_accumulate_flags 0xff has no data-level semantics", with.apply(f -> f.psumAccumulateFlagsRaw(0xFF)));
        assertEquals("MATMUL transpose_mode 1 in a MULTI_START group has no data-level semantics",
                with.apply(f -> f.transposeMode(1).psumAccumulateFlagsRaw(PsumAccumulateFlags.MULTI_START.value())));
        assertEquals("MATMUL transpose_mode 1 in a MULTI_MID group has no data-level semantics",
                with.apply(f -> f.transposeMode(1).psumAccumulateFlagsRaw(PsumAccumulateFlags.MULTI_MID.value())));
        assertEquals("MATMUL transpose_mode 2 has no data-level semantics", with.apply(f -> f.transposeMode(2)));
        assertEquals("MATMUL perf_opt 1 has no data-level semantics", with.apply(f -> f.perfOpt(1)));
        assertEquals("MATMUL fp32_mode 200 on FP32 data has no data-level semantics", with.apply(f -> f.fp32ModeRaw(200)));
        assertEquals("MATMUL fp32_mode HIGH on FP16 data has no data-level semantics",
                with.apply(f -> f.inDtypeRaw(DtypeWire.FP16.value()).fp32ModeRaw(PeFp32Mode.HIGH.value())));
        // a group holds 32 rows or columns a bit (the profile's num_part_per_quadrant); the tile uses 2 x 3
        assertEquals("MATMUL col_grp 0x1f names a quadrant past the PE array's 4 (of 32 columns each)", with.apply(f -> f.colGrp(0x1F)));
        assertEquals("MATMUL row_grp 0x0 holds 0 rows, fewer than its 2 active rows", with.apply(f -> f.rowGrp(0).colGrp(0)));
        assertEquals("MATMUL col_grp 0x0 holds 0 columns, fewer than its 3 active columns", with.apply(f -> f.colGrp(0)));
        assertEquals("MATMUL row_grp 0x1 holds 32 rows, fewer than its 33 active rows", with.apply(f -> f.rowGrp(1).numActiveRows(33)));
        assertEquals("MATMUL out_dtype FP16 has no data-level semantics", with.apply(f -> f.outDtypeRaw(DtypeWire.FP16.value())));
        assertEquals("MATMUL out_dtype BFLOAT16 has no data-level semantics", with.apply(f -> f.outDtypeRaw(DtypeWire.BFLOAT16.value())));
        assertEquals("MATMUL out_dtype 17 has no data-level semantics", with.apply(f -> f.outDtypeRaw(0x11)));
        assertEquals("MATMUL in_dtype FP8_EXP3 has no data-level semantics", with.apply(f -> f.inDtypeRaw(DtypeWire.FP8_EXP3.value())));
        assertEquals("MATMUL in_dtype tag 17 has no data-level semantics", with.apply(f -> f.inDtypeRaw(0x11)));
        // shapes against the loaded 2 x 3 tile, through PeArray's checks
        assertEquals("MATMUL uses 3 x 3 of the PE array but LDWEIGHTS loaded 2 x 3", with.apply(f -> f.numActiveRows(3)));
        assertEquals("MATMUL uses 2 x 2 of the PE array but LDWEIGHTS loaded 2 x 3", with.apply(f -> f.numActiveCols(2)));
        assertEquals("MATMUL moving 2 x 2 and dst 3 x 1 do not fit a 2 x 3 stationary tile", with.apply(f -> f.dstMemPatternNum(0, 1)));
        assertEquals(0, rig.sem.macs(), "a MATMUL that faults did no MACs");
        // the PSUM the faults would have written is as it was
        assertArrayEquals(want(LAST, 0, 0.5f), psum(rig));
        assertEquals("MATMUL before any LDWEIGHTS: the PE array holds no stationary tile", fault(new Rig(), ok));
    }

    @Test
    void ldweightsModesWithNoSemanticsAreFaultsNamingThem() {
        Rig rig = new Rig();
        byte[] ok = ldweights(rig, DtypeWire.FP32, 2, 3, rig.sb(0, 0));
        java.util.function.Function<java.util.function.Consumer<LdweightsFlyweight>, String> with = edit -> {
            byte[] r = ok.clone();
            edit.accept(new LdweightsFlyweight().wrap(r, 0));
            return fault(rig, r);
        };
        assertEquals("LDWEIGHTS transpose_mode 2 has no data-level semantics", with.apply(f -> f.transposeMode(2)));
        assertEquals("LDWEIGHTS perf_opt 3 has no data-level semantics", with.apply(f -> f.perfOpt(3)));
        assertEquals("LDWEIGHTS fp32_mode LOW_HIGH on FP32 weights has no data-level semantics", with.apply(f -> f.fp32ModeRaw(PeFp32Mode.LOW_HIGH.value())));
        assertEquals("LDWEIGHTS row_grp 0x10 names a quadrant past the PE array's 4 (of 32 rows each)", with.apply(f -> f.rowGrp(0x10)));
        assertEquals("LDWEIGHTS col_grp 0x8 holds 32 columns, fewer than its 33 active columns", with.apply(f -> f.colGrp(8).numActiveCols(33)));
        assertEquals("LDWEIGHTS in_dtype INT64 has no data-level semantics", with.apply(f -> f.inDtypeRaw(DtypeWire.INT64.value())));
        assertEquals("LDWEIGHTS reads 2 partitions x 3 elements but loads 2 rows x 4 columns", with.apply(f -> f.numActiveCols(4)));
        // transpose_mode 1 (the data of a PE transpose) loads like 0
        byte[] t = ok.clone();
        new LdweightsFlyweight().wrap(t, 0).transposeMode(1);
        assertEquals("read SBUF p0-1 [0x0,0xc) FP32", rig.run(t));
        assertEquals(2, rig.core.pe().rows());
        assertEquals(3, rig.core.pe().cols());
    }

    @Test
    void theWholeArrayIsEveryQuadrantOfEachArch() {
        // 128 partitions / 32 a quadrant = 4 quadrants: 0xf on every shipped arch; derived here from the profile
        for (Arch arch : Arch.values()) {
            Rig rig = new Rig(arch, Map.of());
            Rig.put(rig.core.sbuf(), 0, 0, 4, Rig.f32(1, 2, 3));
            Rig.put(rig.core.sbuf(), 1, 0, 4, Rig.f32(4, 5, 6));
            assertEquals("read SBUF p0-1 [0x0,0xc) FP32", rig.run(ldweights(rig, DtypeWire.FP32, 2, 3, rig.sb(0, 0))), arch.name());
            assertEquals(0xF, all(arch), arch.name());
        }
    }
}
