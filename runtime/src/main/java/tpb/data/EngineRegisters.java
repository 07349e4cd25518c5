package tpb.data;

import java.util.Arrays;
import tpb.isa.Arch;

/**
 * One engine's register file at the data level, as the SP simulators keep theirs
 * ({@code tpb.sim.StreamSimulator}): the arch profile's {@code isa_register_count} 32-bit slots, all
 * ones at reset (facts §7.1), a 64-bit value in a slot pair (low word first). The datapath engines
 * use it for the scalars a record names by register (TensorScalarAffineSelect's fill) and the
 * RegisterMove and RegisterAlu records that set them.
 */
final class EngineRegisters {
    private static final long M32 = 0xFFFF_FFFFL;
    private final int[] regs;

    EngineRegisters(Arch arch) {
        regs = new int[Math.toIntExact(arch.isaRegisterCount())];
        Arrays.fill(regs, -1);
    }

    /** Slot {@code r}'s value, unsigned. */
    long slot(int r) {
        return regs[check(r, 1)] & M32;
    }

    /** The 64-bit value of the pair at {@code r}. */
    long pair(int r) {
        check(r, 2);
        return (regs[r] & M32) | ((long) regs[r + 1] << 32);
    }

    /** Writes {@code v}'s low word to slot {@code r}, and with {@code wide} its high word to {@code r + 1}. */
    void put(int r, boolean wide, long v) {
        check(r, wide ? 2 : 1);
        regs[r] = (int) v;
        if (wide) {
            regs[r + 1] = (int) (v >>> 32);
        }
    }

    private int check(int r, int width) {
        if (r < 0 || r + width > regs.length) {
            throw new DataFault("register r" + r + (width == 2 ? " (with r" + (r + 1) + ", a 64-bit pair)" : "")
                    + " is past the engine's " + regs.length + " registers");
        }
        return r;
    }
}
