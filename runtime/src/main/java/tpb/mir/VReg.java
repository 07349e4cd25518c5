package tpb.mir;

/**
 * A virtual register of one engine's machine code: a kernel register, a loop's limit, or a spill
 * temporary. Identity matters (two engines' copies of one kernel register are different VRegs).
 */
public final class VReg {
    public final String name;
    public final int width;
    /** Spill temporaries live for one instruction and must never be spilled themselves. */
    public final boolean unspillable;
    /**
     * A kernel register: its final value is what a run reports, so it is live at every Exit and
     * Return (the allocator may not hand its slot to another value once it is dead).
     */
    public final boolean observable;

    public VReg(String name, int width, boolean unspillable) {
        this(name, width, unspillable, false);
    }

    public VReg(String name, int width, boolean unspillable, boolean observable) {
        this.name = name;
        this.width = width;
        this.unspillable = unspillable;
        this.observable = observable;
    }

    @Override
    public String toString() {
        return name;
    }
}
