package tpb.mir;

/**
 * Where a kernel register ended up on an engine after allocation: a physical slot, or a spill
 * slot (8 bytes each in the spill variable), and its width in slots; -1 for the one it lacks.
 */
public record Location(int slot, int spillSlot, int width) {}
