package tpb.data;

import java.util.Map;
import tpb.isa.AccumCmd;
import tpb.isa.ActivateFlyweight;
import tpb.isa.ImmSrc;
import tpb.isa.ImmSrcN;

/**
 * ACTIVATE: out = f(in * scale + bias) with f from the loaded activation table set, scale and bias
 * fp32 immediates of the record (ACTIVATION_IMM read as fp32); the input dtype is the low half of
 * the in/bias DTYPE_PAIR.
 */
final class ActivateSemantics implements ArmSemantics {
    private final ActivateFlyweight r = new ActivateFlyweight();
    private final CoreState core;
    private final Map<Integer, String> activationNames;

    ActivateSemantics(CoreState core, Map<Integer, String> activationNames) {
        this.core = core;
        this.activationNames = activationNames;
    }

    @Override
    public String execute(byte[] b, int at) {
        r.wrap(b, at);
        int id = r.activationFunc();
        String name = activationNames.get(id);
        VectorOps.Function f = name == null ? null : VectorOps.Function.ofProfileName(name);
        if (f == null) {
            throw new DataFault(name == null ? "ACTIVATE function " + id + " is not in the loaded table set"
                    : "ACTIVATE function " + id + " (" + name + ") has no data-level semantics");
        }
        if (r.scaleSrcRaw() != ImmSrc.INSTRUCTION_IMMEDIATE.value() || r.biasSrcNRaw() != ImmSrcN.INSTRUCTION_IMMEDIATE.value()) {
            throw new DataFault("ACTIVATE scale or bias from a pointer or register has no data-level semantics");
        }
        if (r.accumulatorCmdRaw() != AccumCmd.IDLE.value()) {
            throw new DataFault("ACTIVATE accumulator_cmd " + AccumCmd.fromValue(r.accumulatorCmdRaw()) + " has no data-level semantics");
        }
        int ch = r.numActiveChannels();
        AccessPattern in = Operands.pattern(core, r.srcMemPattern(), Operands.dtype(r.inBiasDtype().lo(), "ACTIVATE in dtype"), ch);
        AccessPattern out = Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.outDtypeRaw(), "ACTIVATE out_dtype"), ch);
        VectorOps.activate(f, r.scaleValue().asFloat(), r.bias().asFloat(), in, out);
        return "read " + in.range() + "; wrote " + out.range();
    }
}
