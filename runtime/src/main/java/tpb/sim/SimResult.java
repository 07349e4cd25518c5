package tpb.sim;

import java.util.List;
import java.util.Map;

/**
 * How a run ended and what it left: EXIT (an Exit record), END (the entry function returned),
 * FAULT (with a message: step budget, deadlock, divide by zero, bad record, ...); steps taken;
 * final register values by name; the DMA blocks fired, in order; the semaphore bank; a CRC32 of
 * the memory the run wrote and the DMA blocks it fired (the IR simulator writes no memory: 0).
 */
public record SimResult(Status status, String message, long steps, Map<String, Long> registers, List<String> fired,
        List<Integer> semaphores, long memoryChecksum, Map<String, byte[]> memory) {
    public enum Status { EXIT, END, FAULT }

    public boolean ok() {
        return status != Status.FAULT;
    }
}
