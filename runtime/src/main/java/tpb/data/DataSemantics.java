package tpb.data;

import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.DmaDirect2dFlyweight;

/**
 * The data-level meaning of one record on one core: decodes the record's operands through the
 * generated flyweights (never an offset here) and calls the semantics ({@link Dma2d},
 * {@link PeArray}, {@link VectorOps}). Records whose whole effect is on semaphores, ordering or
 * control flow have none here (the sync level runs them). Any other arm is a fault naming it,
 * so an opcode the data level does not know cannot pass silently.
 */
public final class DataSemantics {
    private final CoreState core;
    private final Dram dram;
    private final java.util.Map<Integer, String> activationNames;
    private final DmaDirect2dFlyweight dma = new DmaDirect2dFlyweight();

    /** {@code activationNames}: ACTIVATE's function ids in the loaded table set, as the NEFF's profile names them. */
    public DataSemantics(CoreState core, Dram dram, java.util.Map<Integer, String> activationNames) {
        this.core = core;
        this.dram = dram;
        this.activationNames = activationNames;
    }

    public CoreState core() {
        return core;
    }

    /** Executes the record at {@code b[at]}; returns the memory ranges it read and wrote, compact, or "" for none. */
    public String execute(byte[] b, int at) {
        Arm arm = Decoder.identify(b, at);
        if (arm == null) {
            throw new DataFault("opcode 0x" + Integer.toHexString(b[at] & 0xFF) + " has no arm");
        }
        return switch (arm) {
            case DMA_DIRECT2D -> Dma2d.execute(dma.wrap(b, at), dram, core);
            // ordering, labels, waits and semaphore updates: the sync level's, no data effect
            case SET_ORDERING_MODE, PSEUDO_BRANCH_LABEL, NO_OP, EVENT_SEMAPHORE, ACTIVATION_TABLE_LOAD -> "";
            default -> throw new DataFault(arm.specName() + " (opcode 0x" + Integer.toHexString(arm.opcode())
                    + ") has no data-level semantics");
        };
    }
}
