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

    /** Both listeners, {@code a} first; either may be null (then the other, or null). */
    static RecordListener both(RecordListener a, RecordListener b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return (core, engine, index, start, end, bytes, macs) -> {
            a.record(core, engine, index, start, end, bytes, macs);
            b.record(core, engine, index, start, end, bytes, macs);
        };
    }
}
