package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import tpb.isa.AluOpType;
import tpb.isa.AluOpWire;
import tpb.isa.CastPredicatedFlyweight;
import tpb.isa.CopyPredicatedFlyweight;
import tpb.isa.CopyPredicatedScalarFlyweight;
import tpb.isa.DtypeWire;
import tpb.isa.ImmSrc;
import tpb.isa.TensorTensorBitvecFlyweight;

/**
 * The predicated copies and the bit-vector TENSOR_TENSOR through records built with the generated
 * encoders, on SBUF partitions 126-127, against values worked out by hand in each comment:
 * COPY_PREDICATED and CAST_PREDICATED merge (false lanes keep dst, «CASTPRED» §1, §5),
 * COPY_PREDICATED_SCALAR puts its scalar where the predicate is false, or true with reversed_pred
 * («CPS» §4, §7), and bitvec ops work on bit patterns (NKI: no dtype casting).
 */
class PredicatedArmsTest {
    final Rig rig = new Rig();

    long[] at(int p, long off, int size, int n) {
        return Rig.get(rig.core.sbuf(), p, off, size, n);
    }

    /** pred UINT8 at 0 (p126: 1, 0, 2, 0; p127: 0s), data FP32 at 0x40 (10, 20, 30, 40), dst FP32 at 0x80 (-1, -2, -3, -4). */
    byte[] copyPredicated() {
        byte[] b = new byte[64];
        CopyPredicatedFlyweight t = new CopyPredicatedFlyweight().wrap(b, 0).reset();
        t.in0In1DtypeTagsLo(DtypeWire.UINT8.value()).in0In1DtypeTagsHi(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP32.value())
                .numActiveChannels(2);
        Rig.pattern(t.src0MemPattern(), t::src0MemPatternStartWordAddress, t::src0MemPatternStep, t::src0MemPatternNum, rig.sb(126, 0), 1, 4);
        Rig.pattern(t.src1MemPattern(), t::src1MemPatternStartWordAddress, t::src1MemPatternStep, t::src1MemPatternNum, rig.sb(126, 0x40), 1, 4);
        Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, rig.sb(126, 0x80), 1, 4);
        Rig.put(rig.core.sbuf(), 126, 0, 1, 1, 0, 2, 0);
        Rig.put(rig.core.sbuf(), 127, 0, 1, 0, 0, 0, 0);
        for (int p = 126; p < 128; p++) {
            Rig.put(rig.core.sbuf(), p, 0x40, 4, Rig.f32(10, 20, 30, 40));
            Rig.put(rig.core.sbuf(), p, 0x80, 4, Rig.f32(-1, -2, -3, -4));
        }
        return b;
    }

    /** Non-zero predicates (1, 2) take the data: (10, -2, 30, -4); p127's zeros keep dst. */
    @Test
    void copyPredicatedMerges() {
        assertEquals("read SBUF p126-127 [0x0,0x4) UINT8, SBUF p126-127 [0x40,0x50) FP32; wrote SBUF p126-127 [0x80,0x90) FP32",
                rig.run(copyPredicated()));
        assertArrayEquals(Rig.f32(10, -2, 30, -4), at(126, 0x80, 4, 4));
        assertArrayEquals(Rig.f32(-1, -2, -3, -4), at(127, 0x80, 4, 4));
        byte[] f = copyPredicated();
        new CopyPredicatedFlyweight().wrap(f, 0).in0In1DtypeTagsLo(DtypeWire.FP16.value());
        assertEquals("COPY_PREDICATED predicate dtype FP16 is not an integer dtype", assertThrows(DataFault.class, () -> rig.run(f)).getMessage());
        byte[] op = copyPredicated();
        new CopyPredicatedFlyweight().wrap(op, 0).opRaw(AluOpWire.encode(AluOpType.ADD));
        assertEquals("COPY_PREDICATED with an op other than bypass has no data-level semantics",
                assertThrows(DataFault.class, () -> rig.run(op)).getMessage());
    }

    /** CAST: FP32 data (1.5, 2.5, 3, 4) into FP16 where the predicate is (1, 1, 0, 0): 0x3E00, 0x4100, then dst's 0x5A5A twice. */
    @Test
    void castPredicatedConverts() {
        byte[] b = new byte[64];
        CastPredicatedFlyweight t = new CastPredicatedFlyweight().wrap(b, 0).reset();
        t.in0In1DtypeTagsLo(DtypeWire.INT32.value()).in0In1DtypeTagsHi(DtypeWire.FP32.value()).outDtypeRaw(DtypeWire.FP16.value())
                .numActiveChannels(1);
        Rig.pattern(t.src0MemPattern(), t::src0MemPatternStartWordAddress, t::src0MemPatternStep, t::src0MemPatternNum, rig.sb(126, 0), 1, 4);
        Rig.pattern(t.src1MemPattern(), t::src1MemPatternStartWordAddress, t::src1MemPatternStep, t::src1MemPatternNum, rig.sb(126, 0x40), 1, 4);
        Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, rig.sb(126, 0x80), 1, 4);
        Rig.put(rig.core.sbuf(), 126, 0, 4, 1, 1, 0, 0);
        Rig.put(rig.core.sbuf(), 126, 0x40, 4, Rig.f32(1.5f, 2.5f, 3, 4));
        Rig.put(rig.core.sbuf(), 126, 0x80, 2, 0x5A5A, 0x5A5A, 0x5A5A, 0x5A5A);
        rig.run(b);
        assertArrayEquals(new long[] {0x3E00, 0x4100, 0x5A5A, 0x5A5A}, at(126, 0x80, 2, 4));
    }

    /** pred INT32 (0, 7, 0, -1), dst FP32 (1, 2, 3, 4), scalar fp32 9: false lanes take it, (9, 2, 9, 4); reversed, (1, 9, 3, 9). */
    @Test
    void copyPredicatedScalarFillsTheFalseOrTheTrueLanes() {
        for (int reversed = 0; reversed < 2; reversed++) {
            byte[] b = new byte[64];
            CopyPredicatedScalarFlyweight t = new CopyPredicatedScalarFlyweight().wrap(b, 0).reset();
            t.predDtypeRaw(DtypeWire.INT32.value()).reversedPred(reversed).numActiveChannels(1).inDtypeRaw(DtypeWire.FP32.value())
                    .outDtypeRaw(DtypeWire.FP32.value()).src0ImmSrcRaw(ImmSrc.INSTRUCTION_IMMEDIATE.value()).src0ImmBits(Rig.f32(9));
            Rig.pattern(t.predMemPattern(), t::predMemPatternStartWordAddress, t::predMemPatternStep, t::predMemPatternNum, rig.sb(126, 0), 1, 4);
            Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, rig.sb(126, 0x40), 1, 4);
            Rig.put(rig.core.sbuf(), 126, 0, 4, 0, 7, 0, 0xFFFFFFFFL);
            Rig.put(rig.core.sbuf(), 126, 0x40, 4, Rig.f32(1, 2, 3, 4));
            rig.run(b);
            assertArrayEquals(reversed == 0 ? Rig.f32(9, 2, 9, 4) : Rig.f32(1, 9, 3, 9), at(126, 0x40, 4, 4), "reversed_pred " + reversed);
        }
    }

    /** src0 at 0, src1 at 0x40, dst at 0x80, three UINT32 elements on p126. */
    long[] bits(AluOpType op, DtypeWire in0, long[] a, long[] b) {
        byte[] r = new byte[64];
        TensorTensorBitvecFlyweight t = new TensorTensorBitvecFlyweight().wrap(r, 0).reset();
        t.in0In1DtypeTagsLo(in0.value()).in0In1DtypeTagsHi(DtypeWire.UINT32.value()).outDtypeRaw(DtypeWire.UINT32.value())
                .opRaw(AluOpWire.encode(op)).numActiveChannels(1);
        Rig.pattern(t.src0MemPattern(), t::src0MemPatternStartWordAddress, t::src0MemPatternStep, t::src0MemPatternNum, rig.sb(126, 0), 1, 3);
        Rig.pattern(t.src1MemPattern(), t::src1MemPatternStartWordAddress, t::src1MemPatternStep, t::src1MemPatternNum, rig.sb(126, 0x40), 1, 3);
        Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, rig.sb(126, 0x80), 1, 3);
        Rig.put(rig.core.sbuf(), 126, 0, 4, a);
        Rig.put(rig.core.sbuf(), 126, 0x40, 4, b);
        rig.run(r);
        return at(126, 0x80, 4, 3);
    }

    /**
     * a = (0xF0F0, 5, 0xFFFFFFFF), b = (0x0FF0, 2, 4): and (0x00F0, 0, 4), or (0xFFF0, 7, 0xFFFFFFFF), xor (0xFF00, 7,
     * 0xFFFFFFFB), logical shift right (0: a shift past 32 bits, 1, 0x0FFFFFFF), not a (0xFFFF0F0F, 0xFFFFFFFA, 0). As INT32,
     * a's third element is -1 and -16 >> 2 is -4: arithmetic shift right of (-16, 5, -1) by (2, 1, 4) is (-4, 2, -1).
     */
    @Test
    void bitvecOpsWorkOnBitPatterns() {
        long[] a = {0xF0F0, 5, 0xFFFFFFFFL};
        long[] b = {0x0FF0, 2, 4};
        assertArrayEquals(new long[] {0x00F0, 0, 4}, bits(AluOpType.BITWISE_AND, DtypeWire.UINT32, a, b));
        assertArrayEquals(new long[] {0xFFF0, 7, 0xFFFFFFFFL}, bits(AluOpType.BITWISE_OR, DtypeWire.UINT32, a, b));
        assertArrayEquals(new long[] {0xFF00, 7, 0xFFFFFFFBL}, bits(AluOpType.BITWISE_XOR, DtypeWire.UINT32, a, b));
        assertArrayEquals(new long[] {0, 1, 0x0FFFFFFFL}, bits(AluOpType.LOGICAL_SHIFT_RIGHT, DtypeWire.UINT32, a, b));
        assertArrayEquals(new long[] {0xFFFF0F0FL, 0xFFFFFFFAL, 0}, bits(AluOpType.BITWISE_NOT, DtypeWire.UINT32, a, b));
        assertArrayEquals(new long[] {0xFFFFFFFCL, 2, 0xFFFFFFFFL},
                bits(AluOpType.ARITH_SHIFT_RIGHT, DtypeWire.INT32, new long[] {0xFFFFFFF0L, 5, 0xFFFFFFFFL}, new long[] {2, 1, 4}));
        assertEquals("TENSOR_TENSOR bitvec on FP32: bitvec ops take integer dtypes",
                assertThrows(DataFault.class, () -> bits(AluOpType.BITWISE_AND, DtypeWire.FP32, a, b)).getMessage());
        assertEquals("ALU op add has no bit-vector semantics at the data level",
                assertThrows(DataFault.class, () -> bits(AluOpType.ADD, DtypeWire.UINT32, a, b)).getMessage());
    }
}
