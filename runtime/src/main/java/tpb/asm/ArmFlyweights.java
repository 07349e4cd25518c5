package tpb.asm;

import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.Instruction;
import tpb.isa.Layouts;
import tpb.isa.PreambleFlyweight;
import tpb.isa.RawRecord;

/**
 * One generated flyweight per arm, made on first use: what the assembler writes and the
 * disassembler reads records through. Held as the flyweights' common class, so a call to
 * {@code get}/{@code set} dispatches through its vtable. One per assembler or listing: a
 * flyweight is a cursor, not thread-safe.
 *
 * <p>Made for an arch (or none), each arm's flyweight is its layout on that arch's generation
 * ({@link Layouts}): on MARIANA an LDWEIGHTS is read and written through view Ldweights.Mariana.
 */
final class ArmFlyweights {
    private final PreambleFlyweight<?>[] byArm = new PreambleFlyweight<?>[Arm.values().length];
    private final SyncTerms.Slot[][] slots = new SyncTerms.Slot[Arm.values().length][];
    private final SyntaxFields[] syntaxFields = new SyntaxFields[Arm.values().length];
    private final Arch arch;
    private ArmFlyweights own;
    /** Whether a listing without an arch still has to say, once, that an arm with generation layouts was read through its own. */
    private boolean announceOwn;

    /** The arms' own layouts. */
    ArmFlyweights() {
        this(null);
    }

    /** Each arm's layout on {@code arch} (null: the arms' own). */
    ArmFlyweights(Arch arch) {
        this.arch = arch;
    }

    Arch arch() {
        return arch;
    }

    /** A listing without an arch says once which layout it read an arm with generation layouts through. */
    ArmFlyweights announcingOwnLayout() {
        announceOwn = arch == null;
        return this;
    }

    /** Whether to say it now; true once. */
    boolean announceOwnNow() {
        boolean now = announceOwn;
        announceOwn = false;
        return now;
    }

    /** The arms' own layouts, for comparing a generation layout's reading with the arm's own. */
    ArmFlyweights own() {
        if (own == null) {
            own = new ArmFlyweights();
        }
        return own;
    }

    /** {@code arm}'s flyweight, pointed at the record at {@code off} of {@code b}. */
    PreambleFlyweight<?> over(Arm arm, byte[] b, int off) {
        PreambleFlyweight<?> f = byArm[arm.ordinal()];
        if (f == null) {
            f = Layouts.flyweight(arm, arch);
            byArm[arm.ordinal()] = f;
        }
        f.wrap(b, off);
        return f;
    }

    /**
     * The compact-term slots of {@code arm}'s layout (its flyweight's fields): for an arm's own
     * layout the process-wide table (a one-record listing makes a new ArmFlyweights), for a
     * generation layout found once per listing.
     */
    SyncTerms.Slot[] slots(Arm arm, java.util.List<tpb.codec.FieldInfo> fields) {
        if (arch == null || Layouts.view(arm, arch) == null) {
            return SyncTerms.ownSlots(arm);
        }
        SyncTerms.Slot[] s = slots[arm.ordinal()];
        if (s == null) {
            s = SyncTerms.slots(arm, fields);
            slots[arm.ordinal()] = s;
        }
        return s;
    }

    /** {@code arm}'s syntax line resolved against the fields of its layout here, found on first use. */
    SyntaxFields syntaxFields(Arm arm) {
        SyntaxFields s = syntaxFields[arm.ordinal()];
        if (s == null) {
            if (byArm[arm.ordinal()] == null) {
                byArm[arm.ordinal()] = Layouts.flyweight(arm, arch);
            }
            s = new SyntaxFields(Syntaxes.of(arm), byArm[arm.ordinal()].fields());
            syntaxFields[arm.ordinal()] = s;
        }
        return s;
    }

    /** The arm whose layout on the arch holds the record at {@code off}, or null when none does (it lists as .raw). */
    Arm typed(byte[] b, int off) {
        Arm arm = Decoder.identify(b, off);
        if (arch != null && Layouts.view(arm, arch) != null) {
            return Layouts.decodes(arm, arch, b, off) ? arm : null;
        }
        Instruction decoded = Decoder.decode(b, off);
        return decoded instanceof RawRecord ? null : decoded.arm();
    }
}
