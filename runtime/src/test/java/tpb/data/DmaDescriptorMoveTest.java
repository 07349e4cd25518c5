package tpb.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import tpb.isa.Arch;
import tpb.neff.DmaDescriptor;

/** A descriptor's byte walk ({@link DmaDescriptorMove}) against nested loops written here, and its bounds. */
class DmaDescriptorMoveTest {
    /** One core for the property's tries (a CoreState holds the whole SBUF; the DRAM-only walks do not touch it). */
    static final CoreState CORE = new CoreState(Arch.CAYMAN);

    static DmaDescriptor.Endpoint side(String var, long off, long[] sizes, long[] steps) {
        return new DmaDescriptor.Endpoint(var, "uint8", off, sizes, steps);
    }

    static Dram dram(int srcBytes, int dstBytes) {
        byte[] a = new byte[srcBytes];
        for (int i = 0; i < a.length; i++) {
            a[i] = (byte) (i * 7 + 1);
        }
        return new Dram().add(new DramVar("a", 1, "input", a)).add(new DramVar("b", 2, "output", new byte[dstBytes]))
                .stateBuffer(0, "SB");
    }

    /** Source runs of 4 bytes at stride 8 (3 of them) into destination runs of 6: each run cut where the other's ends. */
    @Test
    void runsOfDifferentLengthsMeet() {
        Dram d = dram(24, 12);
        DmaDescriptorMove.execute(new DmaDescriptor(side("a", 0, new long[] {4, 3}, new long[] {1, 8}),
                side("b", 0, new long[] {6, 2}, new long[] {1, 6}), "copy"), d, new CoreState(Arch.CAYMAN));
        byte[] a = d.byName("a").bytes();
        byte[] want = new byte[12];
        for (int r = 0; r < 3; r++) {
            System.arraycopy(a, 8 * r, want, 4 * r, 4);
        }
        assertEquals(HexFormat.of().formatHex(want), HexFormat.of().formatHex(d.byName("b").bytes()));
    }

    /** Any walk of up to three dimensions (dimension 0's step 1 or not), copied into a contiguous var, in nested-loop order. */
    @Property(tries = 200)
    void aWalkCopiesInNestedLoopOrder(@ForAll @IntRange(min = 1, max = 5) int s0, @ForAll @IntRange(min = 1, max = 4) int s1,
            @ForAll @IntRange(min = 1, max = 3) int s2, @ForAll @IntRange(min = 1, max = 3) int step0,
            @ForAll @IntRange(min = 0, max = 7) int extra1, @ForAll @IntRange(min = 0, max = 40) int step2, @ForAll @IntRange(min = 0, max = 9) int off) {
        long step1 = (long) s0 * step0 + extra1;
        long[] sizes = {s0, s1, s2};
        long[] steps = {step0, step1, step2};
        int last = (int) (off + (s0 - 1) * (long) step0 + (s1 - 1) * step1 + (s2 - 1) * (long) step2);
        int total = s0 * s1 * s2;
        Dram d = dram(last + 1, total);
        DmaDescriptorMove.execute(new DmaDescriptor(side("a", off, sizes, steps), side("b", 0, new long[] {total}, new long[] {1}), "copy"),
                d, CORE);
        byte[] a = d.byName("a").bytes();
        byte[] want = new byte[total];
        int k = 0;
        for (int i2 = 0; i2 < s2; i2++) {
            for (int i1 = 0; i1 < s1; i1++) {
                for (int i0 = 0; i0 < s0; i0++) {
                    want[k++] = a[(int) (off + i0 * (long) step0 + i1 * step1 + i2 * (long) step2)];
                }
            }
        }
        assertEquals(HexFormat.of().formatHex(want), HexFormat.of().formatHex(d.byName("b").bytes()));
    }

    /** The SBUF side: partition = address / 0x40000 (the arch's stride), so a step of one stride is the next partition. */
    @Test
    void anSbSideStepsPartitions() {
        Dram d = dram(8, 8);
        CoreState core = new CoreState(Arch.CAYMAN);
        long stride = Arch.CAYMAN.sbufPartitionStride();
        DmaDescriptorMove.execute(new DmaDescriptor(side("a", 0, new long[] {4, 2}, new long[] {1, 4}),
                side("SB", 32 * stride + 0x4200, new long[] {4, 2}, new long[] {1, stride}), "copy"), d, core);
        assertEquals(d.byName("a").bytes()[4], core.sbuf().row(33, 0x4200, 1)[0x4200]);
        assertEquals(d.byName("a").bytes()[3], core.sbuf().row(32, 0x4203, 1)[0x4203]);
    }

    @Test
    void aRunPastItsVarIsAFault() {
        Dram d = dram(8, 8);
        DataFault f = assertThrows(DataFault.class, () -> DmaDescriptorMove.execute(new DmaDescriptor(side("a", 4, new long[] {8, 1},
                new long[] {1, 8}), side("b", 0, new long[] {8, 1}, new long[] {1, 8}), "copy"), d, new CoreState(Arch.CAYMAN)));
        // refused before a byte moves: the walk's extent, 4 + (8 - 1) x 1 + (1 - 1) x 8 = 11, is past the var's 8 bytes
        assertEquals("DMA from touches bytes 4 to 11, outside var a (8 bytes)", f.getMessage());
    }

    /** A uint8 DMA transpose of var a's first bytes (a[i] = 7i + 1) into b, both walked contiguously. */
    static byte[] transposed(String op, long[] shape, int pieces) {
        int bytes = (int) (shape[0] * shape[1] * shape[2] * shape[3]) * pieces;
        Dram d = dram(bytes, bytes);
        DmaDescriptorMove.execute(new DmaDescriptor(side("a", 0, new long[] {bytes}, new long[] {1}), side("b", 0, new long[] {bytes},
                new long[] {1}), DmaDescriptor.TRANSPOSE, new DmaDescriptor.Transpose(op, shape, 1)), d, CORE);
        return d.byName("b").bytes();
    }

    /**
     * "WZXY" of [1, 1, 2, 3]: the source is 2 rows (Y) of 3 (X), rows a0 a1 a2 / a3 a4 a5; the
     * destination's axes are W, Z, X, Y, so it holds 3 rows of 2: a0 a3 / a1 a4 / a2 a5. With
     * a[i] = 7i + 1: 01 08 0f / 16 1d 24 becomes 01 16 08 1d 0f 24. Two pieces: each on its own,
     * the second's bytes 2b 32 39 / 40 47 4e becoming 2b 40 32 47 39 4e. "WZYX" keeps the order.
     */
    @Test
    void aTransposeReordersEachPieceOfItsShape() {
        assertEquals("0116081d0f24", HexFormat.of().formatHex(transposed("WZXY", new long[] {1, 1, 2, 3}, 1)));
        assertEquals("0116081d0f24" + "2b403247394e", HexFormat.of().formatHex(transposed("WZXY", new long[] {1, 1, 2, 3}, 2)));
        assertEquals("01080f161d24", HexFormat.of().formatHex(transposed("WZYX", new long[] {1, 1, 2, 3}, 1)));
        // "YXWZ" of [2, 1, 1, 2] (W = 2, X = 2): dst[y][x][w][z] = src[w][z][y][x]: a0 a1 / a2 a3 (w rows of x) -> a0 a2 / a1 a3
        assertEquals("010f0816", HexFormat.of().formatHex(transposed("YXWZ", new long[] {2, 1, 1, 2}, 1)));
    }

    @Test
    void aTransposeItCannotReadIsAFault() {
        DataFault f = assertThrows(DataFault.class, () -> transposed("WZXQ", new long[] {1, 1, 2, 3}, 1));
        assertEquals("DMA transpose_op \"WZXQ\" is no order of the axes WZYX", f.getMessage());
        f = assertThrows(DataFault.class, () -> transposed("WZXX", new long[] {1, 1, 2, 3}, 1));
        assertEquals("DMA transpose_op \"WZXX\" is no order of the axes WZYX", f.getMessage());
        Dram d = dram(8, 8);
        f = assertThrows(DataFault.class, () -> DmaDescriptorMove.execute(new DmaDescriptor(side("a", 0, new long[] {8}, new long[] {1}),
                side("b", 0, new long[] {8}, new long[] {1}), DmaDescriptor.TRANSPOSE,
                new DmaDescriptor.Transpose("WZXY", new long[] {1, 1, 2, 3}, 1)), d, CORE));
        assertEquals("DMA transpose of WZXY of [1, 1, 2, 3] x 1 B moves 8 B uint8 into 8 B uint8: both sides must be one dtype of "
                + "the element size and hold whole shapes", f.getMessage());
    }
}
