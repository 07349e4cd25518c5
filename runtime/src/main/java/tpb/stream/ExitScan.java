package tpb.stream;

import tpb.isa.ExitFlyweight;

/**
 * ib_has_pseudo_exit (seed002 §5): is there an EXIT sentinel, i.e. a record whose opcode is
 * PSEUDO_INST (0xDF) and whose sub-opcode at +0x0C is EXIT_EXECUTION (1)? Both bytes are
 * checked: a LIBRARY_RELOAD_INDEX record (sub-opcode 2) is not an exit. The check is generated
 * from the spec's Exit arm ({@code ExitFlyweight.matches}): the opcode byte of every record, the
 * sub-opcode only where the opcode is PSEUDO_INST, at the spec's offsets, widths and byte order;
 * no bytes are written here. One byte read per record, as the memory floor.
 */
public final class ExitScan {
    private ExitScan() {}

    public static boolean hasPseudoExit(RecordStream stream) {
        return firstExit(stream) >= 0;
    }

    /** Is the record at {@code off} an EXIT sentinel? */
    public static boolean isExit(byte[] b, int off) {
        return ExitFlyweight.matches(b, off);
    }

    /** The index of the first EXIT record, or -1. */
    public static int firstExit(RecordStream stream) {
        byte[] b = stream.bytes();
        int end = stream.length();
        for (int off = 0, i = 0; off < end; off += RecordStream.STRIDE, i++) {
            if (isExit(b, off)) {
                return i;
            }
        }
        return -1;
    }
}
