package tpb.neff;

import java.util.List;

/** One entry of a def.json {@code dma_queue}: the engine that owns it and the semaphores its queues count on. */
public record DmaQueue(String name, String owner, String type, int numQueues, List<Integer> semaphoreSet) {}
