package tpb.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import tpb.isa.AffineSelectMode;
import tpb.isa.AluOpType;
import tpb.isa.DataSrc;
import tpb.isa.DtypeWire;
import tpb.isa.MoveWidth;
import tpb.isa.RegisterAluFlyweight;
import tpb.isa.RegisterMoveFlyweight;
import tpb.isa.TensorScalarAffineSelectFlyweight;

/**
 * The data level's register arms and the affine select that reads one: RegisterMove and
 * RegisterAlu on each engine's own file, and TensorScalarAffineSelect making an identity as the
 * compiler's IDAffineSelect(mask, fill=1) records do (qwen3-attn-tkg-v6 sg00/Pool.bin records 4-6).
 * Every expected value is worked out in the comments.
 */
class RegisterArmsTest {
    static byte[] move(int dst, long imm, MoveWidth width) {
        byte[] b = new byte[64];
        new RegisterMoveFlyweight().wrap(b, 0).reset().validNum(width).dtype(DtypeWire.UINT32).srcMode(DataSrc.IMMEDIATE)
                .dstLo(dst).immediate(imm);
        return b;
    }

    static byte[] alu(AluOpType op, int dst, int src0, int src1, long imm, boolean immediate) {
        byte[] b = new byte[64];
        new RegisterAluFlyweight().wrap(b, 0).reset().op(op).dtype(DtypeWire.UINT32)
                .srcDatasrc(immediate ? DataSrc.IMMEDIATE : DataSrc.REGISTER).src0Lo(src0).src1Lo(src1).dstLo(dst).immediate(imm);
        return b;
    }

    /** An in-place select over partitions 0-2, 3 fp32 elements each at SBUF 0x100: expression idx - partition, the fill in {@code reg}. */
    static byte[] select(Rig rig, int reg, int mode) {
        byte[] b = new byte[64];
        TensorScalarAffineSelectFlyweight t = new TensorScalarAffineSelectFlyweight().wrap(b, 0).reset().numActiveChannels(3)
                .inOutDtypeTagsLo(DtypeWire.FP32.value()).inOutDtypeTagsHi(DtypeWire.FP32.value()).mode(mode).fillReg(reg)
                .channelMultiplier(-1);
        t.affinePatternStep(0, 1).affinePatternNum(0, 3);
        for (int d = 1; d < 4; d++) {
            t.affinePatternStep(d, 1).affinePatternNum(d, 1);
        }
        Rig.pattern(t.srcMemPattern(), t::srcMemPatternStartWordAddress, t::srcMemPatternStep, t::srcMemPatternNum, rig.sb(0, 0x100), 1, 3);
        Rig.pattern(t.dstMemPattern(), t::dstMemPatternStartWordAddress, t::dstMemPatternStep, t::dstMemPatternNum, rig.sb(0, 0x100), 1, 3);
        return b;
    }

    @Test
    void aMovedFillMakesAnIdentity() {
        Rig rig = new Rig();
        for (int p = 0; p < 3; p++) {
            Rig.put(rig.core.sbuf(), p, 0x100, 4, Rig.f32(0f, 0f, 0f)); // the memset the compiler puts first
        }
        rig.core.engine("pool");
        assertEquals("", rig.run(move(61, 0x3f800000L, MoveWidth.BITS32)));  // r61 = 1.0f's bits
        assertEquals("read SBUF p0-2 [0x100,0x10c) FP32; wrote SBUF p0-2 [0x100,0x10c) FP32",
                rig.sem.execute("pool", select(rig, 61, AffineSelectMode.FILL_WHERE_ZERO.value()), 0));
        // element i of partition p: i - p == 0 only on the diagonal, which takes the fill; the rest keeps the data (0)
        assertArrayEquals(Rig.f32(1f, 0f, 0f), Rig.get(rig.core.sbuf(), 0, 0x100, 4, 3));
        assertArrayEquals(Rig.f32(0f, 1f, 0f), Rig.get(rig.core.sbuf(), 1, 0x100, 4, 3));
        assertArrayEquals(Rig.f32(0f, 0f, 1f), Rig.get(rig.core.sbuf(), 2, 0x100, 4, 3));
    }

    @Test
    void eachEngineHasItsOwnFileAllOnesAtReset() {
        Rig rig = new Rig();
        for (int p = 0; p < 3; p++) {
            Rig.put(rig.core.sbuf(), p, 0x100, 4, Rig.f32(5f, 5f, 5f));
        }
        rig.sem.execute("pool", move(61, 0x40000000L, MoveWidth.BITS32), 0); // 2.0f on the Pool engine's file
        // the ACT engine's r61 was never written: all ones (facts §7.1), fp32 NaN bits 0xFFFFFFFF, on the diagonal
        rig.sem.execute("act", select(rig, 61, 3), 0);
        assertEquals(0xFFFFFFFFL, Rig.get(rig.core.sbuf(), 0, 0x100, 4, 1)[0]);
        assertEquals(Rig.f32(5f), Rig.get(rig.core.sbuf(), 0, 0x104, 4, 1)[0]);
        rig.sem.execute("pool", select(rig, 61, 3), 0);
        assertArrayEquals(Rig.f32(5f, 2f, 5f), Rig.get(rig.core.sbuf(), 1, 0x100, 4, 3));
    }

    @Test
    void registerAluIsTheSimulatorsAlu() {
        Rig rig = new Rig();
        rig.core.engine("pool");
        rig.run(move(60, 7, MoveWidth.BITS32));
        rig.run(alu(AluOpType.ADD, 61, 60, 0, 0x50000, true));      // r61 = 7 + 0x50000 = 0x50007
        rig.run(alu(AluOpType.MULT, 62, 61, 60, 0, false));         // r62 = 0x50007 * 7 = 0x230031
        rig.run(alu(AluOpType.SUBTRACT, 63, 60, 61, 0, false));     // r63 = 7 - 0x50007 = -0x50000, as a uint32 0xFFFB0000
        assertEquals(0x50007L, rig.core.registers().slot(61));
        assertEquals(0x230031L, rig.core.registers().slot(62));
        assertEquals(0xFFFB0000L, rig.core.registers().slot(63));
        // a 64-bit move fills the pair (low word first)
        rig.run(move(10, 0x1122334455667788L, MoveWidth.BITS64));
        assertEquals(0x55667788L, rig.core.registers().slot(10));
        assertEquals(0x11223344L, rig.core.registers().slot(11));
        assertEquals("divide by zero", assertThrows(DataFault.class,
                () -> rig.run(alu(AluOpType.DIVIDE, 1, 60, 0, 0, true))).getMessage());
    }

    @Test
    void whatCannotRunIsAFaultNamingIt() {
        Rig rig = new Rig();
        int n = (int) rig.arch.isaRegisterCount();
        assertEquals("register r" + n + " is past the engine's " + n + " registers",
                assertThrows(DataFault.class, () -> rig.run(move(n, 1, MoveWidth.BITS32))).getMessage());
        assertEquals("register r" + (n - 1) + " (with r" + n + ", a 64-bit pair) is past the engine's " + n + " registers",
                assertThrows(DataFault.class, () -> rig.run(move(n - 1, 1, MoveWidth.BITS64))).getMessage());
        assertEquals("TensorScalarAffineSelect mode 2 has no data-level semantics (known: FILL_WHERE_ZERO 3)",
                assertThrows(DataFault.class, () -> rig.run(select(rig, 61, 2))).getMessage());
        byte[] twoTypes = select(rig, 61, 3);
        new TensorScalarAffineSelectFlyweight().wrap(twoTypes, 0).inOutDtypeTagsHi(DtypeWire.BFLOAT16.value());
        assertEquals("TensorScalarAffineSelect in_out_dtype holds two dtypes (tags " + DtypeWire.FP32.value() + " and "
                + DtypeWire.BFLOAT16.value() + "): which is the data's and which the output's no record tells",
                assertThrows(DataFault.class, () -> rig.run(twoTypes)).getMessage());
    }
}
