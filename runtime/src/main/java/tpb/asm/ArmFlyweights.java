package tpb.asm;

import tpb.isa.Arm;
import tpb.isa.PreambleFlyweight;

/**
 * One generated flyweight per arm, made on first use: what the assembler writes and the
 * disassembler reads records through. Held as the flyweights' common class, so a call to
 * {@code get}/{@code set} dispatches through its vtable. One per assembler or listing: a
 * flyweight is a cursor, not thread-safe.
 */
final class ArmFlyweights {
    private final PreambleFlyweight<?>[] byArm = new PreambleFlyweight<?>[Arm.values().length];

    /** {@code arm}'s flyweight, pointed at the record at {@code off} of {@code b}. */
    PreambleFlyweight<?> over(Arm arm, byte[] b, int off) {
        PreambleFlyweight<?> f = byArm[arm.ordinal()];
        if (f == null) {
            f = arm.flyweight();
            byArm[arm.ordinal()] = f;
        }
        f.wrap(b, off);
        return f;
    }
}
