package tpb.data;

import java.util.Map;
import tpb.isa.AccumCmd;
import tpb.isa.ActivateFlyweight;
import tpb.isa.ImmSrc;
import tpb.isa.ImmSrcN;

/**
 * ACTIVATE: out = f(in * scale + bias) with f from the loaded activation table set, scale an fp32
 * immediate of the record (ACTIVATION_IMM read as fp32), bias an immediate or, by pointer
 * (bias_src_n POINTER_IMMEDIATE, as every ACTIVATE of the attention NEFFs gives it), one value a
 * partition ({@link Operands#pointer}); the input dtype is the low half of the in/bias DTYPE_PAIR,
 * the bias's the high half.
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
        if (f == null && name != null && name.contains("|")) {
            throw new DataFault("ACTIVATE function " + id + " is named differently by the table sets the engine lists: "
                    + name.replace("|", ", "));
        }
        if (f == null) {
            throw new DataFault(name == null ? "ACTIVATE function " + id + " is not in the loaded table set"
                    : "ACTIVATE function " + id + " (" + name + ") has no data-level semantics");
        }
        if (r.scaleSrcRaw() != ImmSrc.INSTRUCTION_IMMEDIATE.value()) {
            throw new DataFault("ACTIVATE scale from a pointer or register has no data-level semantics");
        }
        boolean biasByPointer = r.biasSrcNRaw() == ImmSrcN.POINTER_IMMEDIATE.value();
        if (!biasByPointer && r.biasSrcNRaw() != ImmSrcN.INSTRUCTION_IMMEDIATE.value()) {
            throw new DataFault("ACTIVATE bias from a register has no data-level semantics");
        }
        if (r.accumulatorCmdRaw() != AccumCmd.IDLE.value()) {
            throw new DataFault("ACTIVATE accumulator_cmd " + AccumCmd.fromValue(r.accumulatorCmdRaw()) + " has no data-level semantics");
        }
        int ch = r.numActiveChannels();
        AccessPattern in = Operands.pattern(core, r.srcMemPattern(), Operands.dtype(r.inBiasDtype().lo(), "ACTIVATE in dtype"), ch);
        AccessPattern out = Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.outDtypeRaw(), "ACTIVATE out_dtype"), ch);
        if (!biasByPointer) {
            VectorOps.activate(f, r.scaleValue().asFloat(), r.bias().asFloat(), in, out);
            return "read " + in.range() + "; wrote " + out.range();
        }
        // the bias's dtype is the high half of the in/bias DTYPE_PAIR (datapath-facts §3.1)
        AccessPattern bias = Operands.pointer(core, r.biasBits(), Operands.dtype(r.inBiasDtype().hi(), "ACTIVATE bias dtype"), ch);
        VectorOps.activate(f, r.scaleValue().asFloat(), Operands.lanes(bias), in, out);
        return "read " + in.range() + ", bias " + bias.range() + "; wrote " + out.range();
    }
}
