package tpb.data;

/**
 * Hears every record a data-level run executes, on the thread of the core that ran it (one thread
 * per core: an implementation shared by cores must be thread-safe). The hook for progress lines
 * and trace-event writers: core (subgraph name), engine, record index in its stream, start and end
 * ({@link System#nanoTime()}), the DRAM/SBUF bytes a DMA moved and the multiply-accumulates a
 * MATMUL did (0 for other records).
 */
@FunctionalInterface
public interface RecordListener {
    void record(String core, String engine, int index, long startNanos, long endNanos, long bytesMoved, long macs);
}
