package tpb.abi;

/**
 * Where a kernel register ended up on an engine after allocation: a physical slot, or a spill
 * slot of the {@link SpillArea}, and its width in slots; -1 for the one it lacks. The compiler
 * reports it and a run reads a register back through it, so neither needs the other's classes.
 */
public record Location(int slot, int spillSlot, int width) {
    /** The byte offset of the spill slot in the spill variable (only when {@link #spillSlot()} is not -1). */
    public long spillOffset() {
        return SpillArea.offset(spillSlot);
    }
}
