package tpb.data;

import tpb.isa.DMATriggerFlyweight;
import tpb.neff.DmaDescriptor;
import tpb.sim.DmaQueues;

/**
 * DMATrigger (0xC1): the descriptors of the block it fires ({@link DmaQueues#fire}: block
 * {@code +0x30} of the named queue) move their bytes ({@link DmaDescriptorMove}) as the trigger
 * runs, the moment the synchronisation level adds the block's completion to its semaphore.
 */
final class DmaTriggerSemantics implements ArmSemantics {
    private final DMATriggerFlyweight r = new DMATriggerFlyweight();
    private final CoreState core;
    private final Dram dram;
    private final DmaQueues queues;
    private long bytesMoved;

    DmaTriggerSemantics(CoreState core, Dram dram, DmaQueues queues) {
        this.core = core;
        this.dram = dram;
        this.queues = queues;
    }

    @Override
    public String execute(byte[] b, int at) {
        bytesMoved = 0;
        r.wrap(b, at);
        if (!queues.modelled()) {
            throw new DataFault("DMATrigger of queue \"" + r.queueName() + "\": the program declares no DMA queues");
        }
        DmaQueues.Fire f;
        try {
            f = queues.fire(r.queueName(), r.blockId());
        } catch (RuntimeException e) { // a block no engine file lists (the sync level faults on it first)
            throw new DataFault(e.getMessage());
        }
        int i = 0;
        for (DmaDescriptor d : f.block().descriptors()) {
            try {
                bytesMoved += DmaDescriptorMove.execute(d, dram, core);
            } catch (DataFault e) {
                throw new DataFault(f.queue() + " block " + f.block().id() + " descriptor " + i + " (" + f.block().file() + "): " + e.getMessage());
            }
            i++;
        }
        return f.queue() + "[" + f.block().id() + "]: " + f.descriptors() + " descriptor" + (f.descriptors() == 1 ? "" : "s") + ", "
                + bytesMoved + " bytes";
    }

    @Override
    public long bytesMoved() {
        return bytesMoved;
    }
}
