package tpb.neff;

import java.util.List;

/**
 * One entry of a def.json {@code dma_queue}: the engine that owns it, its type ({@code in},
 * {@code data}, {@code dynamic}, ...), how many hardware queues it spreads over
 * ({@code num_queues}) and the semaphores its blocks count on ({@code semaphore_set}).
 */
public record DmaQueue(String name, String owner, String type, int numQueues, List<Integer> semaphoreSet) {
    /**
     * What one fired block adds to its semaphore when it completes: {@code num_queues}, one per
     * hardware queue the block is spread over. No source states it (seed000 §4.3 and facts §7.5
     * say which block a trigger fires, not what its completion counts); INFERRED from every real
     * NEFF: each block of the qwen3 NEFFs holds one descriptor, its queue has {@code num_queues}
     * 16, and the first wait on its semaphore is {@code >= 16} (qSPIO0 block 0 on $S[24], read by
     * Pool's {@code tload $S[24]>=16}); a second block on the same semaphore is awaited at
     * {@code >= 32}. A DMA_DIRECT2D on the same 16-queue rings carries {@code sem_increment} 16
     * itself. Per block, not per descriptor, is the reading that fits the name ("the queue's
     * rings each signal once"); no real block has two descriptors to tell them apart.
     */
    public int completionIncrement() {
        return numQueues;
    }
}
