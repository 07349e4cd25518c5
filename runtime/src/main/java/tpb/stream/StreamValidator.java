package tpb.stream;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tpb.codec.Violation;
import tpb.isa.Arch;
import tpb.isa.Stage;
import tpb.isa.Validator;

/**
 * Whole-stream validation: the length is whole records, every record passes the generated
 * validator (and, given an arch, its legality and aperture rules), a record that needs a module
 * feature finds it set in the stream (the spec's {@code feature:} rules), the stream holds an EXIT
 * sentinel (seed002 §5), and, given an arch, ends with one of its terminators (seed002 §6). The
 * last two are the runtime's load-time checks: they apply only at the stages the spec's
 * {@code stage:} documents name them for ({@link Stage}; a NEFF's streams are checked before load).
 */
public final class StreamValidator {
    /** Everything found; {@code streamError} is set when the bytes are not whole records. */
    public record Report(int records, List<Violation> violations, String streamError) {
        public boolean valid() {
            return streamError == null && violations.isEmpty();
        }
    }

    /** The whole-stream rules this validator implements, by the names the spec's stages use. */
    public static final List<String> STREAM_RULES = List.of("exit", "final");

    private StreamValidator() {}

    /** A stream as the runtime loads it (every rule), its module features those its records set. */
    public static Report validate(byte[] bytes, Arch arch, boolean requireExit) {
        return validate(bytes, arch, requireExit, Stage.LOADED, Set.of());
    }

    /**
     * The rules that apply at {@code stage}; {@code moduleFeatures} are the feature names the
     * module declares (a NEFF's def.json {@code neff_features}), on top of those its records set.
     */
    public static Report validate(byte[] bytes, Arch arch, boolean requireExit, Stage stage, Set<String> moduleFeatures) {
        RecordStream stream;
        try {
            stream = RecordStream.of(bytes);
        } catch (StreamException e) {
            return new Report(bytes.length / RecordStream.STRIDE, List.of(), e.getMessage());
        }
        List<Violation> out = new ArrayList<>();
        byte[] b = stream.bytes();
        for (int i = 0; i < stream.count(); i++) {
            int off = RecordStream.offsetOf(i);
            if (arch == null) {
                Validator.validate(b, off, i, (r, f, o, rule, m) -> out.add(new Violation(r, f, o, rule, m)));
            } else {
                Validator.validate(b, off, i, arch, (r, f, o, rule, m) -> out.add(new Violation(r, f, o, rule, m)));
                tpb.isa.Arm arm = tpb.isa.Decoder.identify(b, off);
                if (arm != null && !arch.hasEncoder(arm)) {
                    // the spec's generation gate (no_encoder): CoreBarrier is gen3-only, seed000 §6
                    out.add(new Violation(i, "opcode", 0, "generation", arm.specName() + " has no encoder on " + arch.name()
                            + ": " + arch.noEncoderSource()));
                }
            }
        }
        out.addAll(ModuleFeatureCheck.check(stream, moduleFeatures));
        int last = stream.count() - 1;
        if (requireExit && stage.applies("exit") && ExitScan.firstExit(stream) < 0) {
            out.add(new Violation(Math.max(last, 0), "stream", 0, "exit",
                    "no EXIT record (opcode 0xDF with sub-opcode 1 at +0x0C) in " + stream.count() + " records"));
        }
        String problem = arch == null || !stage.applies("final") ? null : FinalInstructionCheck.terminatorProblem(stream, arch);
        if (problem != null) {
            out.add(new Violation(last, "stream", 0, "final", problem));
        }
        return new Report(stream.count(), out, null);
    }
}
