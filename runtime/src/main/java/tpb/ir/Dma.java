package tpb.ir;

import java.util.List;

/**
 * The DMA side of a kernel, which lives outside the instruction stream (in the NEFF's queue
 * descriptors): named memory regions (HBM, SBUF, PSUM, ...) and, per queue, the blocks a
 * DMATrigger fires. A block copies like DMA_DIRECT2D (facts §3.11): {@code num[1]} rows of
 * {@code num[0]} elements of {@code elemSize} bytes, rows and elements {@code step} bytes apart.
 */
public final class Dma {
    private Dma() {}

    /** A memory region and its initial contents: zeros, or bytes 0, 1, 2, ... ("iota"). */
    public record Region(String name, int size, boolean iota) {}

    /** One side of a copy: a region, a byte offset, byte steps for the two dimensions, element counts. */
    public record Pattern(String region, long offset, long step0, long step1, int num0, int num1) {}

    public record Block(Pattern src, Pattern dst, int elemSize) {}

    public record Queue(String name, List<Block> blocks) {
        public Queue {
            blocks = List.copyOf(blocks);
        }
    }
}
