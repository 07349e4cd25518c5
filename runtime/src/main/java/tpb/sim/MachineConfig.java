package tpb.sim;

import java.util.List;
import tpb.ir.Dma;
import tpb.ir.Module;
import tpb.isa.Arch;

/**
 * What a machine starts with besides its records: the arch profile the run targets (its
 * isa_register_count sizes a stream engine's register file, its num_semaphores the bank), and the
 * kernel's memory regions and DMA queues (their descriptors live outside the stream).
 */
public record MachineConfig(Arch arch, List<Dma.Region> memory, List<Dma.Queue> queues) {
    /**
     * No memory and no queues, on the default arch profile: a stream run on its own when no arch is
     * chosen. SUNDA is the project's default profile (the CLI's {@code --arch} default and
     * {@code Compiler.Options.defaults()}), a choice, not an ISA fact.
     */
    public static final MachineConfig NONE = alone(Arch.SUNDA);

    public MachineConfig {
        memory = List.copyOf(memory);
        queues = List.copyOf(queues);
    }

    /** No memory and no queues, on {@code arch}. */
    public static MachineConfig alone(Arch arch) {
        return new MachineConfig(arch, List.of(), List.of());
    }

    /** The kernel's regions and queues, on the default arch profile ({@link #NONE}'s). */
    public static MachineConfig of(Module kernel) {
        return of(kernel, NONE.arch());
    }

    /** The kernel's regions and queues, on {@code arch} (the profile it was compiled for). */
    public static MachineConfig of(Module kernel, Arch arch) {
        return new MachineConfig(arch, kernel.memory(), kernel.queues());
    }
}
