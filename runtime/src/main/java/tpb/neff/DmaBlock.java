package tpb.neff;

import java.util.List;

/**
 * One entry of an engine's {@code <Engine>.json} {@code dma} list: a DMA block of queue
 * {@code queue}, numbered {@code id} within it, whose descriptors a DMATrigger of that queue fires
 * (its +0x30 holds the id: facts §3.10, conflict dma-trigger-0x30), and the semaphore its
 * completion counts on. {@code file} is the engine JSON it was read from, {@code engine} the
 * def.json key that names that file ({@code dve} for {@code DVE.json}).
 */
public record DmaBlock(String engine, String file, String queue, int id, int semaphore, List<DmaDescriptor> descriptors) {
    public DmaBlock {
        descriptors = List.copyOf(descriptors);
    }

    /** The bytes the block's descriptors read. */
    public long bytes() {
        long n = 0;
        for (DmaDescriptor d : descriptors) {
            n += d.bytes();
        }
        return n;
    }
}
