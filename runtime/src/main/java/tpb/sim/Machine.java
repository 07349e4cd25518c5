package tpb.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tpb.isa.BirUpdateMode;

/**
 * The state both simulators share the meaning of (seed000 §4): the 256-semaphore bank, the
 * DMATrigger fireCount cursors, the log of DMA blocks fired, the step budget and call depth.
 * One engine at a time: a wait no update can satisfy is a deadlock.
 */
final class Machine {
    static final int SEMAPHORES = 256;
    static final int MAX_CALL_DEPTH = 64;

    final int[] semaphores = new int[SEMAPHORES];
    final Map<String, Integer> fireCount = new HashMap<>();
    final List<String> fired = new ArrayList<>();
    final long maxSteps;
    long steps;
    int depth;

    Machine(long maxSteps) {
        this.maxSteps = maxSteps;
    }

    void step() {
        if (++steps > maxSteps) {
            throw new SimFault("step budget of " + maxSteps + " exhausted");
        }
    }

    /** DMATrigger: fire block N of the queue (N = the cursor), then advance the cursor (facts §7.5). */
    void trigger(String queue, long blockId) {
        int n = fireCount.getOrDefault(queue, 0);
        fired.add(queue + "[" + (blockId + n) + "]");
        fireCount.put(queue, n + 1);
    }

    /** SwitchQueueInstance rewinds the cursors unless no_rearm; ResetQueueInstance always does (facts §7.5). */
    void rearm(String queue) {
        fireCount.remove(queue);
    }

    void waitAtLeast(int sem, long value) {
        if (Integer.toUnsignedLong(semaphores[sem]) < value) {
            throw new SimFault("deadlock: waiting for semaphore " + sem + " >= " + value + " (it is " + semaphores[sem]
                    + ") and no engine can update it");
        }
    }

    /** Updates of facts §7.6: set, add, sub, +1, -1; counters wrap. */
    void update(int sem, BirUpdateMode mode, long value) {
        switch (mode) {
            case SEM_WR_IMM -> semaphores[sem] = (int) value;
            case SEM_ADD_IMM -> semaphores[sem] += (int) value;
            case SEM_SUB_IMM -> semaphores[sem] -= (int) value;
            case SEM_INC -> semaphores[sem]++;
            case SEM_DEC -> semaphores[sem]--;
            default -> throw new SimFault("update mode " + mode.specName() + " cannot be simulated");
        }
    }

    void clearSemaphores() {
        java.util.Arrays.fill(semaphores, 0);
    }

    void enter() {
        if (++depth > MAX_CALL_DEPTH) {
            throw new SimFault("call depth limit of " + MAX_CALL_DEPTH + " exceeded");
        }
    }

    List<Integer> semaphoreList() {
        List<Integer> out = new ArrayList<>(SEMAPHORES);
        for (int s : semaphores) {
            out.add(s);
        }
        return out;
    }
}
