package tpb.data;

import tpb.isa.DmaDirect2dFlyweight;

/** DMA_DIRECT2D: a two-dimensional copy between DRAM variables and the SBUF ({@link Dma2d}). */
final class DmaDirect2dSemantics implements ArmSemantics {
    private final DmaDirect2dFlyweight r = new DmaDirect2dFlyweight();
    private final CoreState core;
    private final Dram dram;
    private long bytesMoved;

    DmaDirect2dSemantics(CoreState core, Dram dram) {
        this.core = core;
        this.dram = dram;
    }

    @Override
    public String execute(byte[] b, int at) {
        bytesMoved = 0;
        String ranges = Dma2d.execute(r.wrap(b, at), dram, core);
        bytesMoved = Dma2d.bytes(r);
        return ranges;
    }

    @Override
    public long bytesMoved() {
        return bytesMoved;
    }
}
