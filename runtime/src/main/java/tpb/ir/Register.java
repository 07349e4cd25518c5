package tpb.ir;

/**
 * A named scalar register (bir::Register, seed000 §5.1): one physical slot for a 32-bit value,
 * two consecutive slots for a 64-bit one. Physical ids come from the register allocator.
 */
public record Register(String name, boolean is64) {
    public int numPhysicalRegs() {
        return is64 ? 2 : 1;
    }

    /** getRegId(i): base + i, with i bounds-checked against numPhysicalRegs (seed000 §5.1). */
    public static int regId(int base, Register r, int i) {
        if (i < 0 || i >= r.numPhysicalRegs()) {
            throw new IndexOutOfBoundsException("register " + r.name() + " has " + r.numPhysicalRegs() + " physical slot(s), not " + (i + 1));
        }
        return base + i;
    }
}
