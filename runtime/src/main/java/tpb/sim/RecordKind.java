package tpb.sim;

import tpb.isa.AllEngineBarrierRecord;
import tpb.isa.CallRecord;
import tpb.isa.DMATriggerRecord;
import tpb.isa.EventSemaphoreRecord;
import tpb.isa.ExitRecord;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.isa.Instruction;
import tpb.isa.RawRecord;
import tpb.isa.ResetQueueInstanceRecord;
import tpb.isa.ReturnRecord;
import tpb.isa.SwitchQueueInstanceRecord;

/**
 * What a register-free record does to the sequencer, one answer for both machine-level simulators
 * (the record stream and the lowered code), so they cannot read a record two ways. Records the
 * model tracks no state for (function begin, fences, drain, hints, no-ops) are {@link #NOP}.
 */
final class RecordKind {
    static final int NOP = 0, CALL = 1, RETURN = 2, EXIT = 3, TRIGGER = 4, REARM = 5, SEMAPHORE = 6, GROUP_RESET = 7,
            BARRIER = 8, FAULT = 9;

    private RecordKind() {}

    static int of(Instruction r) {
        if (r instanceof CallRecord) {
            return CALL;
        } else if (r instanceof ReturnRecord) {
            return RETURN;
        } else if (r instanceof ExitRecord) {
            return EXIT;
        } else if (r instanceof DMATriggerRecord) {
            return TRIGGER;
        } else if (r instanceof SwitchQueueInstanceRecord q) {
            return q.noRearm() != 0 ? NOP : REARM; // facts §7.5: no_rearm keeps the cursors
        } else if (r instanceof ResetQueueInstanceRecord) {
            return REARM;
        } else if (r instanceof EventSemaphoreRecord) {
            return SEMAPHORE;
        } else if (r instanceof GroupResetSemaphoresRecord) {
            return GROUP_RESET;
        } else if (r instanceof AllEngineBarrierRecord) {
            return BARRIER;
        } else if (r instanceof RawRecord) {
            return FAULT;
        }
        return NOP;
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
