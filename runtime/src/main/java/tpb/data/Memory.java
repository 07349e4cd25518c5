package tpb.data;

/**
 * One partitioned on-chip memory of a core, the SBUF or the PSUM: {@code partitions} rows of
 * {@code bytesPerPartition} bytes, both from the arch profile. A partition's bytes are allocated
 * on first touch, so a program that uses four partitions costs four rows; unwritten bytes read
 * as zero (ASSUMED: the sources do not say what a fresh SBUF/PSUM holds).
 */
public final class Memory {
    private final String name;
    private final int bytesPerPartition;
    private final byte[][] rows;

    public Memory(String name, long partitions, long bytesPerPartition) {
        this.name = name;
        this.bytesPerPartition = Math.toIntExact(bytesPerPartition);
        this.rows = new byte[Math.toIntExact(partitions)][];
    }

    public String name() {
        return name;
    }

    public int partitions() {
        return rows.length;
    }

    public int bytesPerPartition() {
        return bytesPerPartition;
    }

    /** Partition {@code p}'s bytes, after checking that {@code [offset, offset + length)} lies inside it. */
    public byte[] row(int p, long offset, long length) {
        if (p < 0 || p >= rows.length) {
            throw new DataFault(name + " partition " + p + " does not exist (" + rows.length + " partitions)");
        }
        if (offset < 0 || length < 0 || offset + length > bytesPerPartition) {
            throw new DataFault(name + " partition " + p + " bytes 0x" + Long.toHexString(offset) + "+" + length
                    + " run outside 0x0..0x" + Long.toHexString(bytesPerPartition));
        }
        byte[] r = rows[p];
        if (r == null) {
            r = rows[p] = new byte[bytesPerPartition];
        }
        return r;
    }

    /** Partitions touched so far (for tests and the trace). */
    public int allocatedPartitions() {
        int n = 0;
        for (byte[] r : rows) {
            n += r == null ? 0 : 1;
        }
        return n;
    }
}
