package tpb.ir;

/**
 * A named scalar register (bir::Register, seed000 §5.1): one physical slot for a 32-bit value,
 * two consecutive slots for a 64-bit one. Physical ids come from the register allocator.
 */
public record Register(String name, boolean is64) {
    public int numPhysicalRegs() {
        return is64 ? 2 : 1;
    }
}
