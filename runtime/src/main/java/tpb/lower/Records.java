package tpb.lower;

import java.util.List;
import java.util.Map;
import tpb.ir.Inst;
import tpb.isa.AllEngineBarrierRecord;
import tpb.isa.BranchHintRecord;
import tpb.isa.CallRecord;
import tpb.isa.GroupResetSemaphoresFlyweight;
import tpb.isa.ClearMode;
import tpb.isa.CoreBarrierRecord;
import tpb.isa.DMATriggerRecord;
import tpb.isa.DrainRecord;
import tpb.isa.Events;
import tpb.isa.EventsExtended;
import tpb.isa.EventSemaphoreRecord;
import tpb.isa.ExitRecord;
import tpb.isa.GroupResetSemaphoresRecord;
import tpb.isa.Instruction;
import tpb.isa.NoOpRecord;
import tpb.isa.ResetQueueInstanceRecord;
import tpb.isa.ReturnRecord;
import tpb.isa.SwitchQueueInstanceRecord;
import tpb.isa.UpdateMode;
import tpb.isa.UpdateModeWire;
import tpb.isa.WaitMode;
import tpb.isa.BirUpdateMode;

/** The records of register-free instructions, built with the generated record builders. */
final class Records {
    /** Bits per element of GroupResetSemaphores' mask: semaphore id maps to word id / bits, bit id % bits (facts §3.6). */
    private static final int MASK_WORD_BITS = GroupResetSemaphoresFlyweight.MASK_ELEMENT_BITS;

    private Records() {}

    static Instruction of(Inst i, Map<String, Integer> sems) {
        if (i instanceof Inst.Exit) {
            return ExitRecord.builder().build();
        } else if (i instanceof Inst.Return) {
            return ReturnRecord.builder().build();
        } else if (i instanceof Inst.NoOp) {
            return NoOpRecord.builder().build();
        } else if (i instanceof Inst.Call c) {
            return CallRecord.builder().functionName(c.callee()).argsTableVarId(c.argsTableVarId()).build();
        } else if (i instanceof Inst.AllEngineBarrier) {
            return AllEngineBarrierRecord.builder().build();
        } else if (i instanceof Inst.Drain) {
            return drain();
        } else if (i instanceof Inst.DmaTrigger d) {
            return DMATriggerRecord.builder().queueName(d.queue()).blockId(d.blockId()).build();
        } else if (i instanceof Inst.SwitchQueueInstance q) {
            return SwitchQueueInstanceRecord.builder().queueName(q.queue()).noRearm(q.noRearm() ? 1 : 0).build();
        } else if (i instanceof Inst.ResetQueueInstance r) {
            return ResetQueueInstanceRecord.builder().queueName(r.queue()).build();
        } else if (i instanceof Inst.CoreBarrier c) {
            return CoreBarrierRecord.builder().barrierReg(c.barrierReg()).staticIndex(c.index()).build();
        } else if (i instanceof Inst.BranchHint) {
            // PSEUDO_BR_HINT's field offsets are not in the sources (facts §3.9): the hint is kept, its target is not
            return BranchHintRecord.builder().build();
        } else if (i instanceof Inst.GroupReset g) {
            return groupReset(g.semaphores().stream().map(sems::get).toList());
        } else if (i instanceof Inst.EventSemaphore e) {
            return semaphore(e, sems);
        }
        throw new IllegalArgumentException("not a register-free instruction: " + i);
    }

    /** lower_control's drain: count 1 (facts §3.4). */
    static Instruction drain() {
        return DrainRecord.builder().count(1).build();
    }

    /** A GroupResetSemaphores record: the range form when the ids are contiguous, else the bitmask. */
    static Instruction groupReset(List<Integer> ids) {
        int lo = ids.stream().mapToInt(Integer::intValue).min().orElse(0);
        int hi = ids.stream().mapToInt(Integer::intValue).max().orElse(0);
        if (hi - lo + 1 == ids.stream().distinct().count()) {
            return GroupResetSemaphoresRecord.builder().clearMode(ClearMode.RANGE).rangeFirst(lo).rangeLast(hi).build();
        }
        long[] mask = new long[GroupResetSemaphoresFlyweight.MASK_COUNT];
        for (int id : ids) {
            mask[id / MASK_WORD_BITS] |= 1L << (id % MASK_WORD_BITS);
        }
        return GroupResetSemaphoresRecord.builder().clearMode(ClearMode.BITMASK).mask(mask).build();
    }

    /**
     * The compiler's EventSemaphore (facts §1.3, §3.5): the wait in the standard EVENTS slot
     * (SEM_GE_IMM, or SEM_GE_REG with the register id left for codegen, facts §1.4), the update in
     * the extended block through the BIR update-mode LUT; sem-inc and sem-dec carry no value.
     */
    static Instruction semaphore(Inst.EventSemaphore e, Map<String, Integer> sems) {
        Events events = Events.ZERO;
        if (e.waitSem() != null) {
            events = Events.builder().waitMode(e.waitReg() == null ? WaitMode.SEM_GE_IMM : WaitMode.SEM_GE_REG)
                    .waitIdx(sems.get(e.waitSem())).semaphoreValue(e.waitReg() == null ? e.waitValue() : 0).build();
        }
        EventsExtended ext = EventsExtended.ZERO;
        if (e.updateSem() != null) {
            BirUpdateMode m = e.updateMode();
            boolean implicit = m == BirUpdateMode.SEM_INC || m == BirUpdateMode.SEM_DEC;
            ext = EventsExtended.builder().updateMode(UpdateMode.fromValue(UpdateModeWire.encode(m)))
                    .updateIdx(sems.get(e.updateSem())).semUpdateValue(implicit ? 0 : e.updateValue()).build();
        }
        return EventSemaphoreRecord.builder().events(events).ext(ext).build();
    }
}
