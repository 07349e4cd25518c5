package tpb.sim;

import java.util.Map;
import java.util.function.Supplier;
import tpb.isa.SemTest;

/**
 * One engine's sequencer, at whatever level it runs (the IR, the lowered code, the record stream): it
 * runs in slices so that {@link EngineGroup} can interleave engines over one {@link Machine}.
 */
interface Sequencer {
    /** How a slice of execution stopped; YIELD: its quantum ran out. */
    enum Outcome { EXIT, END, BLOCKED, BARRIER, YIELD }

    /** No preemption: a slice runs until the engine stops by itself. */
    long WHOLE = Long.MAX_VALUE;

    /**
     * Runs until the engine exits, returns from its entry, blocks on a wait, reaches an
     * AllEngineBarrier (it resumes after it), or has taken {@code quantum} steps. A fault is
     * thrown as {@link SimFault}.
     */
    Outcome slice(long quantum);

    default Outcome slice() {
        return slice(WHOLE);
    }

    Machine machine();

    /** Where the engine stands, for reports: its PC, or the barrier it waits at. */
    String at();

    /** The semaphore a blocked engine waits on. */
    int waitSemaphore();

    /** What it waits for the semaphore to reach. */
    long waitThreshold();

    /** How the wait compares the semaphore with its threshold (the spec's WaitTest of the record's mode). */
    SemTest waitTest();

    /** How the threshold is written in a report: empty for an immediate, {@code "r1 = "} for a register. */
    String thresholdName();

    /** The wait a blocked engine is stuck on, for deadlock reports. */
    default String waitingFor() {
        int sem = waitSemaphore();
        return "semaphore " + sem + " " + SemaphoreBank.relation(waitTest()) + " " + thresholdName() + waitThreshold() + " (it is " + machine().semaphore(sem) + ")";
    }

    /** Runs the engine alone ({@link #runAlone}) and reports its end, a fault included, with {@code registers} read after. */
    default SimResult report(Supplier<Map<String, Long>> registers) {
        SimResult.Status status;
        String message = null;
        try {
            status = runAlone();
        } catch (SimFault f) {
            status = SimResult.Status.FAULT;
            message = f.getMessage();
        }
        return machine().result(status, message, registers.get());
    }

    /**
     * Runs the engine alone to its end: a barrier has no one to wait for, and a wait that blocks
     * can never be satisfied — a deadlock, the blocked wait counting as the faulting step.
     */
    default SimResult.Status runAlone() {
        while (true) {
            switch (slice()) {
                case EXIT:
                    return SimResult.Status.EXIT;
                case END:
                    return SimResult.Status.END;
                case BLOCKED:
                    machine().steps(machine().steps() + 1);
                    machine().mustHold(waitSemaphore(), waitTest(), waitThreshold()); // unsatisfied: throws the deadlock fault
                    throw new AssertionError("a blocked wait was satisfied");
                default:
                    break;
            }
        }
    }
}
