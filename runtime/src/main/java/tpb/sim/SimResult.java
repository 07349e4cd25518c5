package tpb.sim;

import java.util.List;
import java.util.Map;

/**
 * How a run ended and what it left: EXIT (an Exit record), END (the entry function returned),
 * FAULT (with a message: step budget, deadlock, divide by zero, bad record, ...); steps taken;
 * final register values by name; the DMA blocks fired, in order; the semaphore bank.
 */
public record SimResult(Status status, String message, long steps, Map<String, Long> registers, List<String> fired,
        List<Integer> semaphores) {
    public enum Status { EXIT, END, FAULT }

    public boolean ok() {
        return status != Status.FAULT;
    }
}
