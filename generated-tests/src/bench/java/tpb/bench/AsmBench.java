package tpb.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tpb.asm.Assembler;
import tpb.asm.Disassembler;
import tpb.codec.TestVector;
import tpb.isa.TestVectors;
import tpb.isa.Validator;
import tpb.stream.RecordStream;

/**
 * Assembly and disassembly of a 4,096-record stream made of the spec's own examples (every arm
 * that has one, each a valid record, repeated in turn): enum and LUT names, arrays, group
 * operands, names and branch targets all go through the generic by-index path of the generated
 * flyweights. Scores are per pass; the README divides by the record count.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 8, time = 1)
@Fork(1)
public class AsmBench {
    static final int RECORDS = 1 << 12;

    final Assembler assembler = new Assembler();
    RecordStream stream;
    String listing;

    @Setup
    public void setup() {
        List<byte[]> valid = new ArrayList<>();
        for (TestVector v : TestVectors.all()) {
            byte[] b = new byte[RecordStream.RECORD_SIZE];
            v.value().encodeTo(b, 0);
            if (v.view() == null && Validator.validate(b, 0).isEmpty()) {
                valid.add(b);
            }
        }
        byte[] bytes = new byte[RECORDS * RecordStream.RECORD_SIZE];
        for (int i = 0; i < RECORDS; i++) {
            System.arraycopy(valid.get(i % valid.size()), 0, bytes, RecordStream.offsetOf(i), RecordStream.RECORD_SIZE);
        }
        stream = RecordStream.of(bytes);
        listing = String.join("\n", Disassembler.listing(stream, false));
        if (!java.util.Arrays.equals(bytes, assembler.assemble(listing))) {
            throw new IllegalStateException("the listing does not assemble back to the stream");
        }
    }

    /** Validated, as {@code tpb asm} does by default. */
    @Benchmark
    public byte[] assemble() {
        return assembler.assemble(listing);
    }

    @Benchmark
    public byte[] assembleNoValidation() {
        return assembler.assemble(listing, Assembler.Options.NO_VALIDATION);
    }

    @Benchmark
    public List<String> disassemble() {
        return Disassembler.listing(stream, false);
    }
}
