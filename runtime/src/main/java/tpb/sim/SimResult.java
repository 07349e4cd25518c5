package tpb.sim;

import java.util.List;
import java.util.Map;

/**
 * How a run ended and what it left: EXIT (an Exit record), END (the entry function returned),
 * FAULT (with a message: step budget, deadlock, divide by zero, bad record, ...); steps taken;
 * final register values by name; the DMA blocks fired, in order; the semaphore bank; a CRC32 of
 * the memory the run wrote and the DMA blocks it fired (the IR simulator writes no memory: 0); for
 * a group of engines, the steps each engine took, in engine order; the records run as counted
 * skips (a record stream run with unmodelled records skipped), by arm.
 */
public record SimResult(Status status, String message, long steps, Map<String, Long> registers, List<FiredBlock> dmaFired,
        List<Integer> semaphores, long memoryChecksum, Map<String, byte[]> memory, Map<String, Long> engineSteps,
        List<Skip> skipped) {
    public enum Status { EXIT, END, FAULT }

    /** An arm the simulator does not model, run as a skip {@code count} times, first at record {@code firstPc}. */
    public record Skip(String record, int opcode, long count, int firstPc) {}

    /** A run without skips. */
    public SimResult(Status status, String message, long steps, Map<String, Long> registers, List<FiredBlock> dmaFired,
            List<Integer> semaphores, long memoryChecksum, Map<String, byte[]> memory, Map<String, Long> engineSteps) {
        this(status, message, steps, registers, dmaFired, semaphores, memoryChecksum, memory, engineSteps, List.of());
    }

    /** This result with {@code skips} as its skipped records. */
    public SimResult withSkipped(List<Skip> skips) {
        return new SimResult(status, message, steps, registers, dmaFired, semaphores, memoryChecksum, memory, engineSteps, List.copyOf(skips));
    }

    /** A one-engine run: no per-engine step split. */
    public SimResult(Status status, String message, long steps, Map<String, Long> registers, List<FiredBlock> dmaFired,
            List<Integer> semaphores, long memoryChecksum, Map<String, byte[]> memory) {
        this(status, message, steps, registers, dmaFired, semaphores, memoryChecksum, memory, Map.of());
    }

    /** The DMA blocks fired as reports write them ({@code q[3]}), in order. */
    public List<String> fired() {
        return dmaFired.stream().map(FiredBlock::toString).toList();
    }

    public boolean ok() {
        return status != Status.FAULT;
    }
}
