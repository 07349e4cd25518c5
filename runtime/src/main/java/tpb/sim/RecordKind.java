package tpb.sim;

import tpb.isa.BranchHintRecord;
import tpb.isa.CallRecord;
import tpb.isa.CoreBarrierRecord;
import tpb.isa.DMATriggerRecord;
import tpb.isa.DrainRecord;
import tpb.isa.FunctionBeginRecord;
import tpb.isa.Instruction;
import tpb.isa.NoOpRecord;
import tpb.isa.RawRecord;
import tpb.isa.ResetQueueInstanceRecord;
import tpb.isa.SwitchQueueInstanceRecord;
import tpb.isa.SyncKind;

/**
 * What a register-free record does to the sequencer, one answer for both machine-level simulators
 * (the record stream and the lowered code), so they cannot read a record two ways. Records the
 * model tracks no state for (function begin, drain, branch hints, no-ops, the core barrier of a
 * one-core machine) are {@link #NOP}; every other arm (HALT, the datapath records, ...) is
 * {@link #UNMODELLED}: the simulator has no semantics for it and must not pass it off as a no-op.
 */
final class RecordKind {
    static final int NOP = 0, CALL = 1, RETURN = 2, EXIT = 3, TRIGGER = 4, REARM = 5, SEMAPHORE = 6, GROUP_RESET = 7,
            BARRIER = 8, FAULT = 9, UNMODELLED = 10;
    /** The first kind number free for a simulator's own kinds. */
    static final int FIRST_FREE = 11;

    // The stream sequencer's own kinds of packed words (PackedCode), after the register-free ones:
    // one table of every kind number, so no two can collide.
    static final int ALU = FIRST_FREE, MOVE = ALU + 1, BRANCH = ALU + 2, JUMP = ALU + 3, STORE = ALU + 4, LOAD = ALU + 5;
    // 32-bit ALU ops whose low 32 bits do not depend on the dtype's signedness (Semantics.alu
    // masks every 32-bit result), and 32-bit integer compares: the counted-loop fast paths
    static final int ADD32 = LOAD + 1, SUB32 = LOAD + 2, MUL32 = LOAD + 3, AND32 = LOAD + 4, OR32 = LOAD + 5, XOR32 = LOAD + 6,
            SHL32 = LOAD + 7, BR32 = LOAD + 8;
    /** A superinstruction: an ADD32 and the BR32 right after it (a lowered loop's step and back edge) in one dispatch. */
    static final int ADD_BR = BR32 + 1;
    /**
     * A sentinel past the records: where the stream sequencer lands when it falls off the stream or
     * branches outside it (the target field keeps the PC it was sent to), so its loop needs no
     * bounds check of its own.
     */
    static final int OUTSIDE = ADD_BR + 1;
    /**
     * A record whose EVENTS tuple waits or updates, other than an EventSemaphore (which runs its
     * own): the wait first, the update once it holds, then the record's own word
     * ({@link PackedCode.Synced}). Every arm carries EVENTS (seed002 §2; the spec's SyncArmKind:
     * "every other arm: its EVENTS wait and update only"), so every level honours them.
     */
    static final int SYNCED = OUTSIDE + 1;

    private RecordKind() {}

    static int of(Instruction r) {
        // the synchronisation arms as the spec's SyncArmKind names them (SemaphoreBank, the one model)
        SyncKind sync = r instanceof RawRecord ? null : SemaphoreBank.syncKind(r.arm());
        if (sync == SyncKind.EXTENDED_UNIT) {
            return SEMAPHORE;
        } else if (sync == SyncKind.GROUP_RESET) {
            return GROUP_RESET;
        } else if (sync == SyncKind.BARRIER) {
            return BARRIER;
        } else if (sync == SyncKind.ENDS_ENGINE) {
            return EXIT;
        } else if (sync == SyncKind.LEAVES_FUNCTION) {
            return RETURN;   // the stream simulator pops the frame and clears the bank, as the kind says (facts §7.4)
        } else if (sync == SyncKind.QUEUE_TRIGGER) {
            return TRIGGER;
        } else if (sync == SyncKind.QUEUE_SWITCH) {
            // facts §7.5: no_rearm keeps the cursors; the queue's semaphore groups are the NEFF's (the SP stream names none)
            return r instanceof SwitchQueueInstanceRecord q && q.noRearm() != 0 ? NOP : REARM;
        } else if (sync == SyncKind.QUEUE_REARM) {
            return REARM;
        } else if (r instanceof CallRecord) {
            return CALL;
        } else if (r instanceof RawRecord) {
            return FAULT;
        } else if (r instanceof NoOpRecord || r instanceof FunctionBeginRecord || r instanceof DrainRecord || r instanceof BranchHintRecord
                || r instanceof CoreBarrierRecord) {
            return NOP;
        }
        return UNMODELLED;
    }

    /** Why an {@link #UNMODELLED} record at {@code where} (a PC) faults: the record and its opcode. */
    static String unmodelled(String where, Instruction r) {
        return where + ": " + r.arm().specName() + " (opcode " + String.format("0x%02X", r.arm().opcode())
                + ") is not modelled by the simulator";
    }

    /** The queue a DMA record names. */
    static String queue(Instruction r) {
        if (r instanceof DMATriggerRecord t) {
            return t.queueName();
        } else if (r instanceof SwitchQueueInstanceRecord q) {
            return q.queueName();
        }
        return ((ResetQueueInstanceRecord) r).queueName();
    }
}
