package tpb.sim;

import tpb.isa.AluOpType;
import tpb.isa.Arm;
import tpb.isa.BranchCompareOp;
import tpb.isa.DtypeWire;
import tpb.isa.GroupResetSemaphoresRecord;

/**
 * A record stream as the stream sequencer runs it ({@link StreamPredecoder} builds it, {@link
 * StreamSimulator} runs it): one packed word per record, so the loop is a switch over longs, plus
 * what the rarer kinds need beside the word. The kind numbers are {@link RecordKind}'s, the one
 * table of them.
 *
 * <p>A word: bits 0-7 the kind, 8-15 register a (destination, compare LHS), 16-23 register b
 * (source 0, compare RHS), 24-31 byte c (source 1; a BR32's outcome mask: bit 0 less, 1 equal, 2
 * greater, 3 unsigned; a width of 2 for 64-bit forms), 32-63 a branch or call target, a fast ALU
 * op's immediate, the general ALU's width, or a spill register. A register byte is a slot of the
 * register file or, above it, a constant slot: the stream's 32-bit immediates as read-only
 * registers, one slot a distinct value, so the fast kinds read every operand the same way.
 */
final class PackedCode {
    /**
     * A register byte that names no register: the operand is the immediate. Register and constant
     * slots are the byte values below it, so the register file of an arch profile must be smaller.
     */
    static final int IMM = 0xFF;

    /** What a record of a rarer kind needs beside its word: one typed record per kind that needs one. */
    sealed interface Operands permits AluOperation, Compare, Trigger, Rearm, GroupReset, Unmodelled, Fault {}

    /** A general ALU record's operation (64-bit, or no fast kind), for the slow path. */
    record AluOperation(AluOpType op, DtypeWire dtype) implements Operands {}

    /** A general compare-and-branch record's compare (8/16-bit, FP32, or no constant slot left), for the slow path. */
    record Compare(BranchCompareOp op, DtypeWire dtype) implements Operands {}

    /** A DMATrigger: its fireCount cursor's key, made once per record at predecode. */
    record Trigger(Machine.Trigger cursor) implements Operands {}

    /** A queue rearm (SwitchQueueInstance without no_rearm, ResetQueueInstance): the queue. */
    record Rearm(String queue) implements Operands {}

    /** A GroupResetSemaphores record. */
    record GroupReset(GroupResetSemaphoresRecord record) implements Operands {}

    /** A record the simulator has no semantics for: its arm (for --skip-unmodelled's count) and why it faults. */
    record Unmodelled(Arm arm, String message) implements Operands {}

    /** A record that faults when it runs (a raw record, a register id out of range, a call with no callee): why. */
    record Fault(String message) implements Operands {}

    /**
     * A record whose units wait or update ({@link RecordKind#SYNCED}): its EVENTS tuple, an
     * EventSemaphore's extended block too ({@link SyncUnits#read}, the spec's terms), tested before
     * the record runs and applied once every wait holds; then the record's own word (an
     * EventSemaphore's: a NOP).
     */
    record Synced(SyncUnits.Values[] units, long inner) {
        Synced retarget(long word) {
            return new Synced(units, word);
        }
    }

    /** The stream's records; words past them are sentinels ({@link RecordKind#OUTSIDE}). */
    final int records;
    /** The register file's size: the arch profile's isa_register_count. */
    final int registers;
    /** One word per record, then the sentinels. */
    final long[] words;
    /** Per record: a move's or general ALU/compare's immediate, or a spill address (var id << 32 | offset). */
    final long[] imm;
    /** Per record: what its kind needs beside the word, or null. */
    final Operands[] operands;
    /** The constant slots' values, from slot {@link #registers} up. */
    final int[] constants;
    /**
     * The registers some record of the stream writes (an ALU or move destination, a reload's
     * register): the others are reported unwritten. Read off the records, not tracked while
     * running, so the loop pays nothing for it.
     */
    final boolean[] destinations;
    /** Per record: its EVENTS wait and update when its word is {@link RecordKind#SYNCED}, else null. */
    final Synced[] synced;

    PackedCode(int records, int registers, long[] words, long[] imm, Operands[] operands, int[] constants, boolean[] destinations,
            Synced[] synced) {
        this.records = records;
        this.registers = registers;
        this.words = words;
        this.imm = imm;
        this.operands = operands;
        this.constants = constants;
        this.destinations = destinations;
        this.synced = synced;
    }

    static long word(int kind, int a, int b, int c, int target) {
        return kind | (a & 0xFF) << 8 | (b & 0xFF) << 16 | (long) (c & 0xFF) << 24 | (long) target << 32;
    }

    static int kind(long w) {
        return (int) w & 0xFF;
    }

    static int a(long w) {
        return (int) w >>> 8 & 0xFF;
    }

    static int b(long w) {
        return (int) w >>> 16 & 0xFF;
    }

    static int c(long w) {
        return (int) w >>> 24;
    }

    static int target(long w) {
        return (int) (w >> 32);
    }

    /** The word with its target replaced. */
    static long retarget(long w, int target) {
        return w & 0xFFFF_FFFFL | (long) target << 32;
    }

    /** Is a BR32 word's relation true of {@code x} and {@code y}? Unsigned compares bias both by 2^31. */
    static boolean holds(long w, int x, int y) {
        int rel = c(w);
        int bias = (rel & 8) << 28;
        return (rel >> (Integer.compare(x ^ bias, y ^ bias) + 1) & 1) != 0;
    }

    /** {@code reg}, when it and the {@code width - 1} registers after it are in a file of {@code registers}; else a fault. */
    static int check(int registers, int reg, int width) {
        if (reg < 0 || reg + width > registers) {
            throw new SimFault("register id " + reg + " is outside the " + registers + "-register file");
        }
        return reg;
    }
}
