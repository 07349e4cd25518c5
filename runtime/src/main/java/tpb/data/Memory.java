package tpb.data;

/**
 * One partitioned on-chip memory of a core, the SBUF or the PSUM: {@code partitions} rows of
 * {@code bytesPerPartition} bytes, both from the arch profile, allocated once when the core is
 * made (cayman: 128 x 192 KiB SBUF and 128 x 16 KiB PSUM, 26 MiB a core) — allocating and zeroing
 * rows on first touch cost half of a small run's time. Unwritten bytes read as zero (ASSUMED: the
 * sources do not say what a fresh SBUF/PSUM holds).
 */
public final class Memory {
    private final String name;
    private final int bytesPerPartition;
    private final byte[][] rows;

    public Memory(String name, long partitions, long bytesPerPartition) {
        this.name = name;
        this.bytesPerPartition = Math.toIntExact(bytesPerPartition);
        this.rows = new byte[Math.toIntExact(partitions)][this.bytesPerPartition];
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
        return rows[p];
    }
}
