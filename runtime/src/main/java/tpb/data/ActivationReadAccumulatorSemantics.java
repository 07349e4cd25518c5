package tpb.data;

import tpb.isa.ActivationReadAccumulatorFlyweight;

/**
 * ACTIVATION_READ_ACCUMULATOR: each lane's reduce register (what the ACTIVATEs before it summed,
 * {@link ActivateSemantics}) written as the one element of its partition of {@code dst}, in
 * {@code dtype}, negated when {@code negated} is 1. NKI nki.isa.activation_reduce: the engine
 * "reads out the reduction results from the register, eventually store them into reduce_res",
 * one element a partition; the layout is «ACTPWL» §6.2 (datapath-facts §3.4). The negation ASSUMED
 * from the field's name (no sample); lane p is partition dst start + p, as the ACTIVATE's lane is
 * its input's partition.
 */
final class ActivationReadAccumulatorSemantics implements ArmSemantics {
    private final ActivationReadAccumulatorFlyweight r = new ActivationReadAccumulatorFlyweight();
    private final CoreState core;

    ActivationReadAccumulatorSemantics(CoreState core) {
        this.core = core;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        if (r.dstElementCount() != 1 || r.negated() > 1) {
            throw new DataFault("ACTIVATION_READ_ACCUMULATOR with dst_element_count " + r.dstElementCount() + " and negated "
                    + r.negated() + " has no data-level semantics (1 and 0 or 1 are)");
        }
        AccessPattern dst = Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.dtypeRaw(), "ACTIVATION_READ_ACCUMULATOR dtype"),
                r.numActiveChannels());
        if (dst.count() != 1) {
            throw new DataFault("ACTIVATION_READ_ACCUMULATOR writes one element a partition but dst holds " + dst.count());
        }
        float[] regs = core.actAccumulators();
        int first = dst.start().partition();
        for (int p = 0; p < dst.channels(); p++) {
            float v = regs[first + p];
            dst.write(p, new double[] {r.negated() == 1 ? -v : v});
        }
        return "wrote " + dst.range() + " from reduce registers p" + first + "-" + (first + dst.channels() - 1);
    }
}
