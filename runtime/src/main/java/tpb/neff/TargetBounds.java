package tpb.neff;

import tpb.isa.Arch;

/**
 * What a NEFF's target holds, from the arch profile its kelf {@code target} names: the SBUF's
 * address span ({@code sbuf_partitions x sbuf_partition_stride}: the addresses a state-buffer side
 * of a DMA descriptor can name), its bytes ({@code sbuf_partitions x sbuf_bytes_per_partition}),
 * and the semaphores of one bank ({@code num_semaphores}, facts §6). The reader checks every DMA
 * descriptor and queue against them where it reads them, so no level (sync, data, cost) sees a
 * walk past the SBUF or a semaphore past the bank. A target the spec has no profile for has no
 * bounds ({@code null}): every command that runs a NEFF refuses that target anyway.
 */
record TargetBounds(long sbufSpan, long sbufBytes, long semaphores) {
    static TargetBounds of(String target) {
        Arch a = target == null ? null : Arch.byName(target);
        if (a == null) {
            return null;
        }
        return new TargetBounds(Math.multiplyExact(a.sbufPartitions(), a.sbufPartitionStride()),
                Math.multiplyExact(a.sbufPartitions(), a.sbufBytesPerPartition()), a.numSemaphores());
    }
}
