package tpb.lower;

/**
 * A virtual register of one engine's machine code: a kernel register, a loop's limit, or a spill
 * temporary. Identity matters (two engines' copies of one kernel register are different VRegs).
 */
public final class VReg {
    public final String name;
    public final int width;
    /** Spill temporaries live for one instruction and must never be spilled themselves. */
    public final boolean unspillable;

    public VReg(String name, int width, boolean unspillable) {
        this.name = name;
        this.width = width;
        this.unspillable = unspillable;
    }

    @Override
    public String toString() {
        return name;
    }
}
