package tpb.data;

/**
 * The data-level meaning of one arm's records on one core, in one small class per arm (the way
 * Spike keeps a file per instruction): {@link ArmSemanticsTable} finds it by the arm. It decodes
 * the record through the generated flyweight and its operand-group views (never an offset or a
 * dimension count here) and calls the machine ({@link PeArray}, {@link VectorOps}, {@link Dma2d}).
 * An instance holds its own flyweight, so a core's instances are not shared between threads.
 */
interface ArmSemantics {
    /** Executes the record at {@code b[at]}; returns the memory ranges it read and wrote, compact, or "" for none. */
    String execute(byte[] b, int at);

    /** The bytes the last executed record moved (a DMA's source bytes); 0 for an arm that moves none. */
    default long bytesMoved() {
        return 0;
    }

    /** The multiply-accumulates the last executed record did; 0 for an arm that does none. */
    default long macs() {
        return 0;
    }
}
