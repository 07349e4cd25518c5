package tpb.abi;

/**
 * Where spilled registers live, as the compiler writes its spill records and every machine model
 * reads them back: one variable of their own, {@link #VAR_ID}, and {@link #SLOT_BYTES} bytes a
 * slot (a 64-bit register fits one). ASSUMED: the sources say a spilled register lives in memory,
 * stored after each def and reloaded before each use through TensorSave/TensorLoad (facts §3.8),
 * but not where; this is the project's choice, and whatever loads a stream must provide the
 * variable (docs/compiler.md, "Spill code").
 */
public final class SpillArea {
    /** The var_id of the spill variable. */
    public static final int VAR_ID = 0;
    /** Bytes a spill slot takes in it. */
    public static final int SLOT_BYTES = 8;

    private SpillArea() {
    }

    /** The byte offset of spill slot {@code slot} in the spill variable. */
    public static long offset(int slot) {
        return (long) SLOT_BYTES * slot;
    }
}
