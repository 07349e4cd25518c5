package tpb.data;

import tpb.isa.MemsetFlyweight;

/** MEMSET: every element of dst set to set_value in dst's dtype; dst_element_count must be the pattern's count. */
final class MemsetSemantics implements ArmSemantics {
    private final MemsetFlyweight r = new MemsetFlyweight();
    private final CoreState core;

    MemsetSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        AccessPattern d = Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.dtypeRaw(), "MEMSET dtype"), r.numActiveChannels());
        if (r.dstElementCount() != d.count()) {
            throw new DataFault("MEMSET dst_element_count " + r.dstElementCount() + " differs from its pattern's " + d.count());
        }
        VectorOps.memset(d, r.setValue());
        return "wrote " + d.range();
    }
}
