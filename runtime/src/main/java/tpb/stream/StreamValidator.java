package tpb.stream;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import tpb.codec.Violation;
import tpb.isa.Arch;
import tpb.isa.Arm;
import tpb.isa.Decoder;
import tpb.isa.Stage;
import tpb.isa.Validator;

/**
 * Whole-stream validation: the length is whole records, every record passes the generated
 * validator (and, given an arch, its legality, generation gate and aperture rules), a record that
 * needs a module feature finds it set earlier in the stream (the spec's {@code feature:} rules),
 * the stream holds an EXIT sentinel (seed002 §5), and, given an arch, ends with one of its
 * terminators (seed002 §6). The last two are the runtime's load-time checks: they apply only at
 * the stages the spec's {@code stage:} documents name them for ({@link Stage}; a NEFF's streams are
 * checked before load).
 *
 * <p>The stream is read a window at a time ({@link RecordReader}) and violations are handed on as
 * they are found, the first {@code max} of them; the rest are only counted. Memory is the window,
 * the last record and the feature rules' state, whatever the stream's length.
 */
public final class StreamValidator {
    /** No cap on the violations handed on. */
    public static final long UNLIMITED = Long.MAX_VALUE;

    /** The whole-stream rules this validator implements, by the names the spec's stages use. */
    public static final List<String> STREAM_RULES = List.of("exit", "final");

    /** What was found: violations (as handed on, up to the cap), and how many more the cap held back. */
    public record Summary(long records, long reported, long suppressed, String streamError) {
        public boolean valid() {
            return streamError == null && reported == 0 && suppressed == 0;
        }
    }

    /** Everything found in a stream held in memory; {@code streamError} is set when the bytes are not whole records. */
    public record Report(int records, List<Violation> violations, String streamError) {
        public boolean valid() {
            return streamError == null && violations.isEmpty();
        }
    }

    private final Arch arch;
    private final long max;
    private final Consumer<Violation> out;
    private final ModuleFeatureCheck features;
    private final byte[] last = new byte[RecordStream.RECORD_SIZE];
    private long reported;
    private long suppressed;
    private boolean sawExit;

    private StreamValidator(Arch arch, Set<String> moduleFeatures, long max, Consumer<Violation> out) {
        this.arch = arch;
        this.max = max;
        this.out = out;
        this.features = new ModuleFeatureCheck(moduleFeatures);
    }

    /** A stream as the runtime loads it (every rule), its module features those its records set. */
    public static Report validate(byte[] bytes, Arch arch, boolean requireExit) {
        return validate(bytes, arch, requireExit, Stage.LOADED, Set.of());
    }

    /**
     * A stream held in memory, every violation reported, with the rules that apply at {@code stage};
     * {@code moduleFeatures} are the feature names the module declares (a NEFF's def.json
     * {@code neff_features}), on top of those its records set.
     */
    public static Report validate(byte[] bytes, Arch arch, boolean requireExit, Stage stage, Set<String> moduleFeatures) {
        List<Violation> found = new ArrayList<>();
        try {
            Summary s = validate(new RecordReader(new ByteArrayInputStream(bytes)), arch, requireExit, stage, moduleFeatures, UNLIMITED,
                    found::add);
            return new Report((int) s.records(), found, s.streamError());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail to read
        }
    }

    /** {@link #validate(RecordReader, Arch, boolean, Stage, Set, long, Consumer)} as the runtime loads a stream. */
    public static Summary validate(RecordReader in, Arch arch, boolean requireExit, long max, Consumer<Violation> out) throws IOException {
        return validate(in, arch, requireExit, Stage.LOADED, Set.of(), max, out);
    }

    /**
     * Validates the stream {@code in} delivers, handing the first {@code max} violations to {@code out}
     * in stream order (the per-record ones as their records pass, then the whole-stream rules).
     *
     * @throws IOException when the input cannot be read
     */
    public static Summary validate(RecordReader in, Arch arch, boolean requireExit, Stage stage, Set<String> moduleFeatures, long max,
            Consumer<Violation> out) throws IOException {
        StreamValidator v = new StreamValidator(arch, moduleFeatures, max, out);
        String streamError = null;
        try {
            while (in.next() > 0) {
                v.window(in.window(), in.records(), in.base());
            }
        } catch (StreamException e) {
            streamError = e.getMessage();
        }
        long records = in.count();
        if (streamError == null && records == 0) {
            streamError = "the stream is empty: no records";
        }
        if (streamError == null) {
            v.wholeStream(records, requireExit && stage.applies("exit"), stage.applies("final"));
        }
        return new Summary(records, v.reported, v.suppressed, streamError);
    }

    private void report(Violation violation) {
        if (reported < max) {
            reported++;
            out.accept(violation);
        } else {
            suppressed++;
        }
    }

    private void window(byte[] b, int records, long base) {
        for (int k = 0; k < records; k++) {
            int off = RecordStream.offsetOf(k);
            int i = Math.toIntExact(base + k);
            if (arch == null) {
                Validator.validate(b, off, i, (r, f, o, rule, m) -> report(new Violation(r, f, o, rule, m)));
            } else {
                Validator.validate(b, off, i, arch, (r, f, o, rule, m) -> report(new Violation(r, f, o, rule, m)));
                Arm arm = Decoder.identify(b, off);
                if (arm != null && !arch.hasEncoder(arm)) {
                    // the spec's generation gate (no_encoder): CoreBarrier is gen3-only, seed000 §6
                    report(new Violation(i, "opcode", 0, "generation", arm.specName() + " has no encoder on " + arch.name()
                            + ": " + arch.noEncoderSource()));
                }
            }
            features.accept(b, off, i, this::report);
            sawExit |= ExitScan.isExit(b, off);
        }
        System.arraycopy(b, RecordStream.offsetOf(records - 1), last, 0, RecordStream.RECORD_SIZE);
    }

    private void wholeStream(long records, boolean requireExit, boolean requireTerminator) {
        int lastIndex = Math.toIntExact(records - 1);
        if (requireExit && !sawExit) {
            report(new Violation(lastIndex, "stream", 0, "exit",
                    String.format(Locale.ROOT, "no EXIT record (opcode 0x%02X with sub-opcode %d at +0x%02X) in %d records",
                            Arm.EXIT.opcode(), Arm.EXIT.selectEquals(), Arm.EXIT.selectOffset(), records)));
        }
        String problem = arch == null || !requireTerminator ? null : FinalInstructionCheck.terminatorProblem(last, 0, arch);
        if (problem != null) {
            report(new Violation(lastIndex, "stream", 0, "final", problem));
        }
    }
}
