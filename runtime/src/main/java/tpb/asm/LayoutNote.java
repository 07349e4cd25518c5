package tpb.asm;

import java.util.function.LongPredicate;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.Layouts;

/**
 * The listing's note on a record read through a generation layout: when a listing made for an
 * arch reads a record through the arm's layout on that generation (a view with {@code generation:})
 * and the arm's own layout would print it otherwise, the line ends with a comment naming the layout
 * used, e.g. {@code ; MARIANA layout Ldweights.Mariana (own layout: .raw)}. The assembler skips
 * comments, so the line still assembles to the same bytes. A listing made without an arch says
 * once, on the first record of an arm that has generation layouts, that it read the arm through its
 * own layout.
 */
final class LayoutNote {
    private LayoutNote() {}

    /** Appends the note to {@code out} (whose record text starts at {@code start}) when the two readings differ. */
    static void append(ArmFlyweights flyweights, byte[] b, int off, LongPredicate label, StringBuilder out, int start) {
        Arch arch = flyweights.arch();
        Arm arm = Decoder.identify(b, off);
        if (arch == null) {
            String others = generations(arm);
            if (!others.isEmpty() && flyweights.announceOwnNow()) {
                out.append("  ; ").append(arm.specName()).append(": its own layout (no --arch; ").append(others).append(" have their own)");
            }
            return;
        }
        String view = Layouts.view(arm, arch);
        if (view == null) {
            return;
        }
        StringBuilder own = new StringBuilder(96);
        Disassembler.text(flyweights.own(), b, off, label, own);
        if (own.length() == out.length() - start && own.compareTo(new StringBuilder(out.subSequence(start, out.length()))) == 0) {
            return;
        }
        out.append("  ; ").append(arch.name()).append(" layout ").append(arm.specName()).append('.').append(view)
                .append(" (own layout: ").append(own.length() > 4 && own.charAt(0) == '.' ? ".raw" : own).append(')');
    }

    /** The generations on which {@code arm} has a layout of its own, "SUNDA and MARIANA"; empty when none. */
    private static String generations(Arm arm) {
        StringBuilder on = new StringBuilder();
        Arch[] all = Arch.values();
        for (Arch a : all) {
            if (Layouts.view(arm, a) != null) {
                on.append(on.length() == 0 ? "" : " and ").append(a.name());
            }
        }
        return on.toString();
    }
}
