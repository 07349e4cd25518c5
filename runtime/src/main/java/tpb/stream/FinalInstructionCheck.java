package tpb.stream;

import java.util.ArrayList;
import java.util.List;
import tpb.codec.Violation;
import tpb.codec.ViolationSink;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.Validator;

/**
 * ib_final_inst_validity_check as the runtime does it (facts §9.3): a whole-block walk that
 * validates every record for the arch and stops at the first invalid one, then requires the
 * last record to be one of the arch's terminators (seed002 §6).
 */
public final class FinalInstructionCheck {
    /** The outcome: valid, or the first failing record and why. */
    public record Result(boolean valid, int record, int offset, String reason) {}

    private FinalInstructionCheck() {}

    public static Result check(RecordStream stream, Arch arch) {
        byte[] b = stream.bytes();
        List<Violation> found = new ArrayList<>(1);
        for (int i = 0; i < stream.count(); i++) {
            int off = RecordStream.offsetOf(i);
            if (Validator.validate(b, off, i, arch, ViolationSink.into(found)) > 0) {
                Violation v = found.get(0);
                return new Result(false, i, off, String.format("opcode 0x%02X: %s: %s: %s", Decoder.opcode(b, off), v.field(), v.rule(), v.message()));
            }
        }
        if (stream.count() == 0) {
            return new Result(false, -1, 0, "the stream is empty");
        }
        String problem = terminatorProblem(stream, arch);
        int last = stream.count() - 1;
        return problem == null ? new Result(true, -1, 0, null) : new Result(false, last, RecordStream.offsetOf(last), problem);
    }

    /** Why the stream's last record is not one of the arch's terminators, or null when it is (or the stream is empty). */
    public static String terminatorProblem(RecordStream stream, Arch arch) {
        if (stream.count() == 0) {
            return null;
        }
        return terminatorProblem(stream.bytes(), RecordStream.offsetOf(stream.count() - 1), arch);
    }

    /** Why the record at {@code off}, the stream's last, is not one of the arch's terminators, or null when it is. */
    public static String terminatorProblem(byte[] b, int off, Arch arch) {
        Arm arm = Decoder.identify(b, off);
        if (arch.terminators().contains(arm)) {
            return null;
        }
        return "the final record is " + (arm == Arm.UNKNOWN ? "no arm" : arm.specName()) + ", not one of " + arch.name()
                + "'s terminators " + arch.terminators().stream().map(Arm::specName).toList();
    }
}
