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
public final class ActivateSemantics implements ArmSemantics {
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
            throw new DataFault(problem(id, activationNames)); // the reason, as the pre-flight gives it
        }
        boolean scaleByPointer = r.scaleSrcRaw() == ImmSrc.POINTER_IMMEDIATE.value();
        if (!scaleByPointer && r.scaleSrcRaw() != ImmSrc.INSTRUCTION_IMMEDIATE.value()) {
            throw new DataFault("ACTIVATE scale from a register has no data-level semantics");
        }
        boolean biasByPointer = r.biasSrcNRaw() == ImmSrcN.POINTER_IMMEDIATE.value();
        if (!biasByPointer && r.biasSrcNRaw() != ImmSrcN.INSTRUCTION_IMMEDIATE.value()) {
            throw new DataFault("ACTIVATE bias from a register has no data-level semantics");
        }
        AccumCmd cmd = AccumCmd.fromValue(r.accumulatorCmdRaw());
        if (cmd == null || cmd == AccumCmd.LOAD_ACCUMULATE) {
            throw new DataFault("ACTIVATE accumulator_cmd " + (cmd == null ? r.accumulatorCmdRaw() : cmd) + " has no data-level semantics");
        }
        int ch = r.numActiveChannels();
        AccessPattern in = Operands.pattern(core, r.srcMemPattern(), Operands.dtype(r.inBiasDtype().lo(), "ACTIVATE in dtype"), ch);
        AccessPattern out = Operands.pattern(core, r.dstMemPattern(), Operands.dtype(r.outDtypeRaw(), "ACTIVATE out_dtype"), ch);
        float[] sums = sums(cmd, in);
        String read = "read " + in.range();
        double[] biases = new double[ch];
        if (!biasByPointer) {
            java.util.Arrays.fill(biases, r.bias().asFloat());
        } else {
            // the bias's dtype is the high half of the in/bias DTYPE_PAIR (datapath-facts §3.1)
            AccessPattern bias = Operands.pointer(core, r.biasBits(), Operands.dtype(r.inBiasDtype().hi(), "ACTIVATE bias dtype"), ch);
            biases = Operands.lanes(bias);
            read += ", bias " + bias.range();
        }
        double[] scales = new double[ch];
        if (!scaleByPointer) {
            java.util.Arrays.fill(scales, r.scaleValue().asFloat());
        } else {
            // a scale by pointer is one fp32 a lane, as TENSOR_SCALAR's scalars (ASSUMED: the record gives it no dtype;
            // NKI's activation takes a [P, 1] scale vector, and its math is fp32); the Qwen3 MoE's routing weights
            AccessPattern scale = Operands.pointer(core, r.scaleValue().bits(), tpb.isa.DtypeWire.FP32, ch);
            scales = Operands.lanes(scale);
            read += ", scale " + scale.range();
        }
        VectorOps.activate(f, scales, biases, in, out, sums);
        return read + "; wrote " + out.range() + registers(cmd, in, sums);
    }

    /**
     * Why an ACTIVATE of function {@code id} cannot run with the table sets' {@code names}, or null
     * when it can: the run's fault and the pre-flight's ({@code tpb neff info}) one reason.
     */
    public static String problem(int id, Map<Integer, String> names) {
        String name = names.get(id);
        if (name == null) {
            return "ACTIVATE function " + id + " is not in the loaded table set";
        }
        if (VectorOps.Function.ofProfileName(name) != null) {
            return null;
        }
        return name.contains("|") ? "ACTIVATE function " + id + " is named differently by the table sets the engine lists: "
                + name.replace("|", ", ") : "ACTIVATE function " + id + " (" + name + ") has no data-level semantics";
    }

    /**
     * The reduce registers' starting sums for {@code cmd}, lane p being partition start + p (a
     * compute lane is a partition, NKI nki.isa.activation): ZERO_ACCUMULATE (NKI reset_reduce)
     * starts from zero, ACCUMULATE (reduce) from the registers; null for IDLE and ZERO (reset),
     * which sum nothing. The commands pair with NKI's reduce_cmd by name (INFERRED); LOAD_ACCUMULATE
     * has no NKI counterpart and is refused above.
     */
    private float[] sums(AccumCmd cmd, AccessPattern in) {
        if (cmd != AccumCmd.ACCUMULATE && cmd != AccumCmd.ZERO_ACCUMULATE) {
            return null;
        }
        float[] sums = new float[in.channels()];
        if (cmd == AccumCmd.ACCUMULATE) {
            System.arraycopy(core.actAccumulators(), in.start().partition(), sums, 0, sums.length);
        }
        return sums;
    }

    /** Stores what {@code cmd} leaves in the reduce registers of {@code in}'s partitions; the trace's note of them. */
    private String registers(AccumCmd cmd, AccessPattern in, float[] sums) {
        float[] regs = core.actAccumulators();
        int first = in.start().partition();
        if (cmd == AccumCmd.ZERO) {
            java.util.Arrays.fill(regs, first, first + in.channels(), 0f);
        } else if (sums != null) {
            System.arraycopy(sums, 0, regs, first, sums.length);
        } else {
            return "";
        }
        return "; reduce registers p" + first + "-" + (first + in.channels() - 1) + " " + (cmd == AccumCmd.ZERO ? "zeroed" : cmd == AccumCmd.ACCUMULATE ? "added to" : "set");
    }
}
