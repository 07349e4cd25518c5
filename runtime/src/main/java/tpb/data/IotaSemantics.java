package tpb.data;

import tpb.isa.Data4dView;
import tpb.isa.IotaFlyweight;

/** IOTA: dst filled from the DATA4D value generator base + sum idx * step, plus the partition times channel_multiplier. */
final class IotaSemantics implements ArmSemantics {
    private final IotaFlyweight r = new IotaFlyweight();
    private final CoreState core;

    IotaSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        AccessPattern d = Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.outDtypeRaw(), "IOTA out_dtype"),
                r.numActiveChannels());
        Data4dView src = r.srcDataPattern();
        int[][] sn = Operands.stepsAndNums(src);
        VectorOps.iota(src.base(), sn[0], sn[1], r.channelMultiplier(), d);
        return "wrote " + d.range();
    }
}
