package tpb.sim;

import java.util.List;
import tpb.ir.Dma;
import tpb.ir.Module;

/** What a machine starts with besides its records: the kernel's memory regions and DMA queues (their descriptors live outside the stream). */
public record MachineConfig(List<Dma.Region> memory, List<Dma.Queue> queues) {
    /** No memory and no queues: a stream run on its own. */
    public static final MachineConfig NONE = new MachineConfig(List.of(), List.of());

    public MachineConfig {
        memory = List.copyOf(memory);
        queues = List.copyOf(queues);
    }

    /** The kernel's regions and queues. */
    public static MachineConfig of(Module kernel) {
        return new MachineConfig(kernel.memory(), kernel.queues());
    }
}
